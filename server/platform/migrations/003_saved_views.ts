// Saved named views of the admin lists: an admin keeps a list's URL state (sort, filters, search,
// page) under a name, per entity. Each admin sees only their own; they go with the account.
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('saved_views')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    // Saving under a name already used replaces that view (see server/engine/adminLists.ts).
    .addUniqueConstraint('saved_views_user_entity_name', ['userId', 'entity', 'name'])
    .execute();

  // Which rows of a list table changed, in order, written by triggers on every insert, update and
  // delete whoever writes (SQLite; see prepareListSearch in server/engine/listQuery.ts): the server's
  // search index of a table then re-reads just those rows. `list_pruned` notes, per table, below
  // which sequence number the log was cut, so an index older than that is rebuilt in full.
  await db.schema
    .createTable('list_changes')
    .addColumn('seq', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('tbl', 'text', (c) => c.notNull())
    .addColumn('rowId', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('list_changes_tbl_seq').on('list_changes').columns(['tbl', 'seq']).execute();
  await db.schema
    .createTable('list_pruned')
    .addColumn('tbl', 'text', (c) => c.primaryKey())
    .addColumn('below', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // PostgreSQL: each searched row's folded text, kept by triggers (prepareListSearch), so a search
  // compares precomputed text instead of folding 100,000 values per query. `list_search_meta`
  // notes what each table's texts were folded from, so a change of fields or folding rebuilds them.
  await db.schema
    .createTable('list_search')
    .addColumn('tbl', 'text', (c) => c.notNull())
    .addColumn('id', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('list_search_pk', ['tbl', 'id'])
    .execute();
  await db.schema
    .createTable('list_search_meta')
    .addColumn('tbl', 'text', (c) => c.primaryKey())
    .addColumn('signature', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('list_search_meta').execute();
  await db.schema.dropTable('list_search').execute();
  await db.schema.dropTable('list_pruned').execute();
  await db.schema.dropTable('list_changes').execute();
  await db.schema.dropTable('saved_views').execute();
}
