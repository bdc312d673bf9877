// The second factor of the accounts that open the panel (server/features/secondFactor): an
// authenticator app's TOTP secret with the last time step it accepted (so a code is used once),
// ten one-time recovery codes kept as hashes, and passkeys (WebAuthn credentials). A session
// records when it passed the factor, and the passkey challenge it was last given.
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('second_factors')
    .addColumn('userId', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // Base32, as the authenticator app was given it; null until a first code confirmed it.
    .addColumn('totpSecret', 'text')
    // Offered at enrolment, waiting for its first code.
    .addColumn('pendingSecret', 'text')
    .addColumn('lastStep', 'integer', (c) => c.notNull().defaultTo(0))
    // When the account first held a factor (a confirmed TOTP or a passkey).
    .addColumn('enrolledAt', 'text')
    .execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('codeHash', 'text', (c) => c.notNull())
    .addColumn('usedAt', 'text')
    .execute();
  await db.schema.createIndex('recovery_codes_user').on('recovery_codes').column('userId').execute();
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credentialId', 'text', (c) => c.notNull().unique())
    .addColumn('publicKey', 'text', (c) => c.notNull())
    .addColumn('counter', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').column('userId').execute();
  await db.schema.alterTable('sessions').addColumn('secondFactorAt', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('passkeyChallenge', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('passkeyChallenge').execute();
  await db.schema.alterTable('sessions').dropColumn('secondFactorAt').execute();
  await db.schema.dropTable('passkeys').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('second_factors').execute();
}
