// Applies the migrations codegen generated from the schema files (the .gen.ts files of this folder):
// each is plain data, turned here into Kysely schema-builder calls that work on SQLite and
// PostgreSQL alike.
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ColumnSpec, GeneratedMigration, MigrationStep } from '../../../codegen/migration-steps';
import { uniqueSlug } from '../slug';
import { withId } from './001_initial';

function column(spec: ColumnSpec) {
  return (c: ColumnDefinitionBuilder) => {
    let out = c;
    if (spec.notNull) out = out.notNull();
    if (spec.default !== undefined) out = out.defaultTo(spec.default);
    if (spec.unique) out = out.unique();
    return out;
  };
}

/** Gives each existing row a distinct slug made from `from`, as server/engine/crud.ts makes a new row's. */
async function fillSlugs(db: Kysely<unknown>, table: string, column: string, from: string): Promise<void> {
  const rows = await sql<{ id: number; source: unknown }>`select ${sql.ref('id')} as ${sql.ref('id')}, ${sql.ref(from)} as ${sql.ref('source')} from ${sql.table(table)} order by ${sql.ref('id')}`.execute(db);
  const taken = new Set<string>();
  for (const row of rows.rows) {
    const slug = await uniqueSlug(String(row.source ?? ''), table, (candidate) => Promise.resolve(taken.has(candidate)));
    taken.add(slug);
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${slug} where ${sql.ref('id')} = ${Number(row.id)}`.execute(db);
  }
}

async function apply(db: Kysely<unknown>, step: MigrationStep): Promise<void> {
  switch (step.op) {
    case 'createTable': {
      let table = withId(db, db.schema.createTable(step.table));
      for (const [name, spec] of Object.entries(step.columns)) table = table.addColumn(name, spec.type, column(spec));
      await table.execute();
      for (const [name, spec] of Object.entries(step.columns)) {
        if (spec.index) await db.schema.createIndex(spec.index).on(step.table).column(name).execute();
      }
      return;
    }
    case 'dropTable':
      await db.schema.dropTable(step.table).execute();
      return;
    case 'addColumn':
      // A unique column cannot be added to a table with rows (SQLite), so it gets its own index.
      await db.schema.alterTable(step.table).addColumn(step.column, step.spec.type, column({ ...step.spec, unique: false })).execute();
      if (step.fillSlugFrom) await fillSlugs(db, step.table, step.column, step.fillSlugFrom);
      if (step.spec.unique) await db.schema.createIndex(`${step.table}_${step.column}_unique`).on(step.table).column(step.column).unique().execute();
      return;
    case 'dropColumn':
      await db.schema.alterTable(step.table).dropColumn(step.column).execute();
      return;
    case 'renameColumn':
      await db.schema.alterTable(step.table).renameColumn(step.from, step.to).execute();
      return;
    case 'createIndex':
      await db.schema.createIndex(step.name).on(step.table).column(step.column).execute();
      return;
    case 'dropIndex':
    case 'dropUnique':
      await sql`drop index if exists ${sql.ref(step.name)}`.execute(db);
      return;
    case 'createUnique':
      await db.schema.createIndex(step.name).on(step.table).columns([...step.columns]).unique().execute();
      return;
  }
}

export function generatedMigration(migration: GeneratedMigration): Migration {
  return {
    up: async (db) => {
      for (const step of migration.steps) await apply(db, step);
    },
  };
}
