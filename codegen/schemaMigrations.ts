// The schemas' tables as a snapshot, the steps from one snapshot to the next, and the migration
// history codegen keeps in codegen/migrations.gen.ts.
import { numberLimits, type AnyEntity, type FieldDecl } from '../schema/define';
import type { ColumnSpec, MigrationStep, SchemaMigration, SchemaSnapshot, TableSpec } from './migration-steps';
import { generatedHeader, migrationsUrl, SchemaError } from './entities';
import { optionType } from './contractBlocks';
// ── migrations ───────────────────────────────────────────────────────────────────────────────
const int32Max = 2_147_483_647;
function columnOf(entity: AnyEntity, name: string, field: FieldDecl): ColumnSpec {
  switch (field.input) {
    case 'number': {
      const { max } = numberLimits(field);
      return { type: field.integer ? (max > int32Max ? 'bigint' : 'integer') : 'real', notNull: true, default: field.initial ?? 0 };
    }
    case 'reference':
      return { type: 'integer', notNull: true, default: 0, index: `${entity.table}_${name}_idx` };
    case 'checkbox':
      return { type: 'integer', notNull: true, default: field.initial ? 1 : 0 };
    case 'jalaliDate':
      return { type: 'text', notNull: false };
    case 'select': {
      const values = field.options.map(([value]) => value);
      const type = optionType(values);
      const first = field.initial ?? values[0];
      if (type === 'boolean') return { type: 'integer', notNull: true, default: first === true ? 1 : 0 };
      if (type === 'integer') return { type: 'integer', notNull: true, default: typeof first === 'number' ? first : 0 };
      if (type === 'number') return { type: 'real', notNull: true, default: typeof first === 'number' ? first : 0 };
      return { type: 'text', notNull: true, default: typeof first === 'string' ? first : '' };
    }
    default:
      return { type: 'text', notNull: true, default: field.initial ?? '' };
  }
}
/** The tables the schema files declare now. */
export function tablesOf(entities: readonly AnyEntity[]): SchemaSnapshot {
  const tables: Record<string, TableSpec> = {};
  for (const entity of entities) {
    if (entity.decl.tableOwner === 'server') continue;
    const columns: TableSpec = {};
    for (const [name, field] of Object.entries(entity.decl.fields)) {
      // A password is never kept as typed: the entity's create hook stores what it stores.
      if (field.input !== 'password') columns[name] = columnOf(entity, name, field);
    }
    if (entity.slugFrom) columns.slug = { type: 'text', notNull: true, default: '', unique: true };
    columns.version = { type: 'integer', notNull: true, default: 1 };
    tables[entity.table] = columns;
  }
  return { tables };
}
/** The steps from the last snapshot to the declared tables; renames come from `renamedFrom`. */
export function diffTables(before: SchemaSnapshot, after: SchemaSnapshot, entities: readonly AnyEntity[]): MigrationStep[] {
  const steps: MigrationStep[] = [];
  for (const [table, columns] of Object.entries(after.tables)) {
    const old = before.tables[table];
    if (!old) {
      steps.push({ op: 'createTable', table, columns });
      continue;
    }
    const entity = entities.find((e) => e.table === table);
    const remaining = { ...old };
    for (const [column, spec] of Object.entries(columns)) {
      const was = remaining[column];
      if (was) {
        delete remaining[column];
        if (was.type !== spec.type) {
          throw new SchemaError(`${table}.${column} changes type (${was.type} → ${spec.type}): add a new field and drop the old one instead`);
        }
        if (was.index !== spec.index) {
          if (was.index) steps.push({ op: 'dropIndex', table, name: was.index });
          if (spec.index) steps.push({ op: 'createIndex', table, column, name: spec.index });
        }
        continue;
      }
      const from = entity?.decl.fields[column]?.renamedFrom;
      const renamed = from ? remaining[from] : undefined;
      if (from && renamed) {
        delete remaining[from];
        if (renamed.type !== spec.type) throw new SchemaError(`${table}.${from} → ${column} changes type: rename and retype in two steps`);
        if (renamed.index) steps.push({ op: 'dropIndex', table, name: renamed.index });
        steps.push({ op: 'renameColumn', table, from, to: column });
        if (spec.index) steps.push({ op: 'createIndex', table, column, name: spec.index });
        continue;
      }
      const fillSlugFrom = column === 'slug' && spec.unique ? entity?.slugFrom : undefined;
      steps.push({ op: 'addColumn', table, column, spec, ...(fillSlugFrom ? { fillSlugFrom } : {}) });
      if (spec.index) steps.push({ op: 'createIndex', table, column, name: spec.index });
    }
    for (const [column, spec] of Object.entries(remaining)) {
      if (spec.index) steps.push({ op: 'dropIndex', table, name: spec.index });
      steps.push({ op: 'dropColumn', table, column, spec });
    }
  }
  for (const table of Object.keys(before.tables)) {
    if (!after.tables[table]) steps.push({ op: 'dropTable', table });
  }
  return steps;
}
function migrationName(index: number, steps: readonly MigrationStep[]): string {
  const created = steps.flatMap((s) => (s.op === 'createTable' ? [s.table] : []));
  const dropped = steps.flatMap((s) => (s.op === 'dropTable' ? [s.table] : []));
  const altered = [...new Set(steps.flatMap((s) => (s.op !== 'createTable' && s.op !== 'dropTable' ? [s.table] : [])))];
  const tables = (names: string[]) => (names.length <= 2 ? names.join('_') : `${names.length}_tables`);
  const parts = [
    ...(created.length ? [`create_${tables(created)}`] : []),
    ...(altered.length ? [`alter_${tables(altered)}`] : []),
    ...(dropped.length ? [`drop_${tables(dropped)}`] : []),
  ];
  // Names sort after the hand-written 00N_ migrations ('g' > digits), in the order they were made.
  return `g${String(index).padStart(3, '0')}_${parts.join('_').slice(0, 60)}`;
}
export interface MigrationHistory {
  migrations: readonly SchemaMigration[];
  snapshot: SchemaSnapshot;
}
function isHistoryModule(value: unknown): value is { schemaMigrations: readonly SchemaMigration[]; schemaSnapshot: SchemaSnapshot } {
  if (typeof value !== 'object' || value === null || !('schemaMigrations' in value) || !('schemaSnapshot' in value)) return false;
  const { schemaMigrations, schemaSnapshot } = value;
  return Array.isArray(schemaMigrations) && typeof schemaSnapshot === 'object' && schemaSnapshot !== null && 'tables' in schemaSnapshot;
}
export async function loadHistory(url: URL = migrationsUrl): Promise<MigrationHistory> {
  const loaded: unknown = await import(`${url.href}?t=${Date.now()}`);
  if (!isHistoryModule(loaded)) throw new SchemaError('codegen/migrations.gen.ts is not a migration history');
  return { migrations: loaded.schemaMigrations, snapshot: loaded.schemaSnapshot };
}
/** The history with one more migration when the declared tables moved on from its snapshot. */
export function nextHistory(history: MigrationHistory, entities: readonly AnyEntity[]): MigrationHistory {
  const declared = tablesOf(entities);
  const steps = diffTables(history.snapshot, declared, entities);
  if (steps.length === 0) return history;
  return { migrations: [...history.migrations, { name: migrationName(history.migrations.length + 1, steps), steps }], snapshot: declared };
}
/** JSON with one line per migration step and per column, so a schema change reads as a small diff. */
function compactJson(value: unknown, depth: number, pad = ''): string {
  if (depth === 0 || typeof value !== 'object' || value === null) return JSON.stringify(value);
  const inner = `${pad}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => inner + compactJson(v, depth - 1, inner)).join(',\n')}\n${pad}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${compactJson(v, depth - 1, inner)}`).join(',\n')}\n${pad}}`;
}
export function historyModule(history: MigrationHistory): string {
  return `${generatedHeader}// The history of the entity tables: each migration was generated when a schema file changed
// (codegen compares the files with the snapshot below) and is applied once, in order, on start.
import type { SchemaMigration, SchemaSnapshot } from './migration-steps';

export const schemaMigrations: readonly SchemaMigration[] = ${compactJson(history.migrations.map((m) => ({ name: m.name, steps: m.steps })), 3)};

export const schemaSnapshot: SchemaSnapshot = ${compactJson(history.snapshot, 3)};
`;
}
