// Safety for a team of admins: the audit log of every change made through the admin CRUD. (The
// version every registry record carries for optimistic concurrency is a system column of the
// schema engine: the generated migration g001 adds it.)
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
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
}
