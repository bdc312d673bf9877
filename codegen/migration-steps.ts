// What a generated migration is made of, shared by the generator (codegen/entities.ts) and the
// server's interpreter (server/platform/migrations/generated.ts). Plain data, so each schema change
// is a reviewable file (server/platform/migrations/<name>.gen.ts) rather than code.

export type ColumnType = 'text' | 'integer' | 'bigint' | 'real';

export interface ColumnSpec {
  type: ColumnType;
  notNull: boolean;
  default?: string | number;
  unique?: boolean;
  /** The name of the (non-unique) index kept on this column. */
  index?: string;
}

/** A table as the schema files declare it: its columns besides `id`. */
export type TableSpec = Record<string, ColumnSpec>;

/** A unique index over several columns (a join table's pair, an entity's `unique`). */
export interface UniqueSpec {
  table: string;
  columns: readonly string[];
}

export interface SchemaSnapshot {
  tables: Record<string, TableSpec>;
  /** By index name. */
  uniques?: Record<string, UniqueSpec>;
}

export type MigrationStep =
  | { op: 'createTable'; table: string; columns: TableSpec }
  | { op: 'dropTable'; table: string }
  | {
      op: 'addColumn';
      table: string;
      column: string;
      spec: ColumnSpec;
      /**
       * A unique slug added to a table that may have rows: each row's slug is made from this
       * column (as the server makes new ones) before the unique index is built.
       */
      fillSlugFrom?: string;
    }
  | { op: 'dropColumn'; table: string; column: string; spec: ColumnSpec }
  | { op: 'renameColumn'; table: string; from: string; to: string }
  | { op: 'createIndex'; table: string; column: string; name: string }
  | { op: 'dropIndex'; table: string; name: string }
  | { op: 'createUnique'; table: string; columns: readonly string[]; name: string }
  | { op: 'dropUnique'; table: string; name: string };


/** What a generated migration file holds (server/platform/migrations/<name>.gen.ts). */
export interface GeneratedMigration {
  steps: readonly MigrationStep[];
  /**
   * The unreleased migrations this one was folded from: a database that applied all of them
   * records this one instead and runs nothing (server/platform/db.ts).
   */
  replaces?: readonly string[];
}

/** The snapshot after one step: how codegen replays the history to learn what the tables are now. */
export function applyToSnapshot(snapshot: SchemaSnapshot, step: MigrationStep): SchemaSnapshot {
  const tables = { ...snapshot.tables };
  const uniques = { ...snapshot.uniques };
  const result = (): SchemaSnapshot => (Object.keys(uniques).length > 0 ? { tables, uniques } : { tables });
  const table = (name: string): TableSpec => {
    const found = tables[name];
    if (!found) throw new Error(`migration history: ${step.op} on ${name}, which no earlier step made`);
    return { ...found };
  };
  switch (step.op) {
    case 'createTable':
      tables[step.table] = { ...step.columns };
      break;
    case 'dropTable':
      delete tables[step.table];
      for (const [name, unique] of Object.entries(uniques)) if (unique.table === step.table) delete uniques[name];
      break;
    case 'createUnique':
      table(step.table);
      uniques[step.name] = { table: step.table, columns: step.columns };
      break;
    case 'dropUnique':
      delete uniques[step.name];
      break;
    case 'addColumn': {
      tables[step.table] = { ...table(step.table), [step.column]: step.spec };
      break;
    }
    case 'dropColumn': {
      const columns = table(step.table);
      delete columns[step.column];
      tables[step.table] = columns;
      break;
    }
    case 'renameColumn': {
      const { [step.from]: spec, ...rest } = table(step.table);
      if (!spec) throw new Error(`migration history: ${step.table}.${step.from} is renamed but does not exist`);
      tables[step.table] = { ...rest, [step.to]: spec };
      break;
    }
    case 'createIndex': {
      const columns = table(step.table);
      const spec = columns[step.column];
      if (spec) columns[step.column] = { ...spec, index: step.name };
      tables[step.table] = columns;
      break;
    }
    case 'dropIndex': {
      const columns = table(step.table);
      for (const [name, spec] of Object.entries(columns)) {
        if (spec.index === step.name) {
          const { index: _dropped, ...rest } = spec;
          columns[name] = rest;
        }
      }
      tables[step.table] = columns;
      break;
    }
  }
  return result();
}
