// The version of what the public pages show. One row whose number moves with
// every committed write to a table a public page reads (the triggers that move it are made at
// start by server/features/catalogue/pageCache.ts, so a table added by a later migration gets them too). Rendered
// pages are kept in memory under the number they were rendered at.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('page_data_version')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`${sql.ref('id')} = 1`))
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into ${sql.table('page_data_version')} (${sql.ref('id')}, ${sql.ref('version')}) values (1, 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_data_version').execute();
}
