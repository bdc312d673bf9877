// What a generated migration is made of, shared by the generator (codegen/entities.ts) and the
// server's interpreter (server/platform/migrations/generated.ts). Plain data, so the history of schema
// changes is a reviewable file (codegen/migrations.gen.ts) rather than code.

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

export interface SchemaSnapshot {
  tables: Record<string, TableSpec>;
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
  | { op: 'dropIndex'; table: string; name: string };

export interface SchemaMigration {
  name: string;
  steps: readonly MigrationStep[];
}
