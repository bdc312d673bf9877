// Safety for a team of admins: a version on every registry record (optimistic concurrency) and
// the audit log of every change made through the admin CRUD.
import { PostgresAdapter, type Kysely } from 'kysely';

/** The registry's tables: each record carries the version an update must name to overwrite it. */
export const versionedTables = ['categories', 'teachers', 'courses', 'articles', 'users', 'contact_messages'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of versionedTables) {
    await db.schema.alterTable(table).addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  }
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  // before/after are the record's columns as JSON text (null for a create's before and a
  // delete's after); text rather than jsonb so SQLite and PostgreSQL keep the same shape.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('userName', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('recordId', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await db.schema.createIndex('audit_log_record').on('audit_log').columns(['entity', 'recordId']).execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  for (const table of versionedTables) await db.schema.alterTable(table).dropColumn('version').execute();
}
