// The media library: one row per stored file with what the disk does not keep
// (the name it was uploaded under, who uploaded it). Files already on disk are registered on
// start by server/features/media/mediaLibrary.ts, so older stores and the seed's images need no migration step.
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('media')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    // 'images' or 'videos': the store's folder, and which link fields may name the file.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('storedName', 'text', (c) => c.notNull())
    .addColumn('originalName', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('uploadedAt', 'text', (c) => c.notNull())
    // No foreign key: a file outlives the account that uploaded it (the name is then unknown).
    .addColumn('uploaderId', 'integer')
    .execute();
  await db.schema.createIndex('media_kind_name').on('media').columns(['kind', 'storedName']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media').execute();
}
