// Wrong passwords tried against each account since its owner last signed in, so the next
// successful sign-in can tell the owner their account is being guessed at. One row per account
// under attack (a counter), not one per attempt: a long attack on an account whose owner is away
// cannot grow the table, and the sliding-window rows of login_attempts are trimmed after a day.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_alerts')
    .addColumn('userId', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lastFailureAt', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_alerts').execute();
}
