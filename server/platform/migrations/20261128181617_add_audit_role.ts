import { type Kysely } from 'kysely';

// The role a change was made in («مدیر سیستم», or a staff role's name as it was then): entries
// written before it keep an empty one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('userRole', 'text', (column) => column.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('userRole').execute();
}
