// One-time codes sent by SMS: sign-in by code, password recovery by code and
// the phone's proof at sign-up. A row is made for every code sent, whether or not the number has
// an account, so nothing here (nor the time it takes) tells a registered number from a free one.
// Only a keyed hash of the code is kept (server/features/identity/oneTimeCodes.ts), so the table, a backup of it or
// a log of its rows holds no working code. `tries` counts the uses of a code before its check
// (parallel guesses count each other); `usedAt` makes it single use, and is set too when a resend
// replaces it or its tries run out.
import type { Kysely } from 'kysely';
import { withId } from './001_initial';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('one_time_codes'))
    // The number it was sent to, normalised (09xxxxxxxxx); no reference to users on purpose.
    .addColumn('phoneNumber', 'text', (c) => c.notNull())
    // What it may be used for: signIn, signUp or reset. A code of one purpose never does another.
    .addColumn('purpose', 'text', (c) => c.notNull())
    // Hex HMAC-SHA256 of the code under a server key, with this row's salt.
    .addColumn('codeHash', 'text', (c) => c.notNull())
    .addColumn('salt', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('usedAt', 'text')
    .execute();
  await db.schema.createIndex('one_time_codes_phone').on('one_time_codes').columns(['phoneNumber', 'purpose']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('one_time_codes').execute();
}
