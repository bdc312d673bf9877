// Which record action wrote an audit entry (its entity, key and inputs, as JSON), null for an
// edit, create or delete: the revert of an action's change goes through the action's declared
// inverse (schema/define.ts ActionDecl.revert), never by copying its columns back.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('via', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('via').execute();
}
