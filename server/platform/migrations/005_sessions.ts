// Sessions: one row per sign-in, named by the `sid` claim of its token, so one session can be
// ended at once (sign-out) without touching the user's others; `users.tokenVersion` stays the
// switch that ends all of them. The rows are also the user's sign-in history.
// Also brings stored emails to lower case, the form every write now stores (schema/validators.ts).
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    // Moved forward at most every few minutes (server/features/identity/signInSessions.ts), not on every call.
    .addColumn('lastSeenAt', 'text', (c) => c.notNull())
    .addColumn('endedAt', 'text')
    // 'signOut', 'everywhere', 'password', 'admin': why it ended, for the history.
    .addColumn('endedBy', 'text')
    .addColumn('userAgent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sessions_user_created').on('sessions').columns(['userId', 'createdAt']).execute();

  // An email that differs from another only in letter case stays as it is: lowering it would
  // break the unique index; the admin sees both and the case-blind check refuses new clashes.
  await sql`update users set "emailAddress" = lower("emailAddress")
    where "emailAddress" <> lower("emailAddress")
      and not exists (select 1 from users other where other.id <> users.id and lower(other."emailAddress") = lower(users."emailAddress"))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
}
