// One-time password reset links: an admin issues one for a user (the users'
// ResetPassword action) and hands it over; its holder sets a new password once before it
// expires. Only the token's SHA-256 is kept, so the table (or a backup of it) gives no one a
// working link; `usedAt` makes it single-use in one conditional update.
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Hex SHA-256 of the link's token; the token itself is shown once to the admin and never stored.
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .addColumn('usedAt', 'text')
    // The administrator who issued it (kept if that account is deleted later: no reference).
    .addColumn('createdBy', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_resets_user').on('password_resets').column('userId').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_resets').execute();
}
