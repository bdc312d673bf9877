// The schemas' tables as a snapshot, and the steps from one snapshot to the next (the history
// they are kept in: codegen/migrationHistory.ts).
import { isWriteOnly, joinTableOf, numberLimits, type AnyEntity, type FieldDecl } from '../schema/define';
import type { ColumnSpec, MigrationStep, SchemaSnapshot, TableSpec, UniqueSpec } from './migration-steps';
import { SchemaError } from './entities';
import { optionType } from './contractBlocks';
// ── migrations ───────────────────────────────────────────────────────────────────────────────
const int32Max = 2_147_483_647;
export function columnOf(entity: AnyEntity, name: string, field: FieldDecl): ColumnSpec {
  switch (field.input) {
    case 'number': {
      const { max } = numberLimits(field);
      return { type: field.integer ? (max > int32Max ? 'bigint' : 'integer') : 'real', notNull: true, default: field.initial ?? 0 };
    }
    case 'reference':
      return { type: 'integer', notNull: true, default: 0, index: `${entity.table}_${name}_idx` };
    case 'checkbox':
      return { type: 'integer', notNull: true, default: field.initial ? 1 : 0 };
    case 'references':
      throw new SchemaError(`${entity.table}.${name}: a many-to-many field is kept in its join table, not a column`);
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
  const uniques: Record<string, UniqueSpec> = {};
  for (const entity of entities) {
    // A many-to-many field's links live in a join table of their own, whoever makes the entity's.
    for (const [name, field] of Object.entries(entity.decl.fields)) {
      if (field.input !== 'references') continue;
      const join = joinTableOf(entity.table, name);
      const side = (column: string): ColumnSpec => ({ type: 'integer', notNull: true, default: 0, index: `${join}_${column}_idx` });
      tables[join] = { ownerId: side('ownerId'), targetId: side('targetId') };
      uniques[`${join}_pair_unique`] = { table: join, columns: ['ownerId', 'targetId'] };
    }
    if (entity.decl.tableOwner === 'server') continue;
    for (const columnsOfIndex of entity.decl.unique ?? []) {
      uniques[`${entity.table}_${columnsOfIndex.join('_')}_unique`] = { table: entity.table, columns: columnsOfIndex };
    }
    const columns: TableSpec = {};
    for (const [name, field] of Object.entries(entity.decl.fields)) {
      // A password (any write-only input) is never kept as typed: the entity's create hook stores
      // what it stores; a many-to-many field is kept in its join table.
      if (!isWriteOnly(field) && field.input !== 'references') columns[name] = columnOf(entity, name, field);
    }
    for (const [name, stored] of Object.entries(entity.decl.stored ?? {})) {
      columns[name] = { type: stored.type, notNull: !stored.nullable, ...(stored.default !== undefined ? { default: stored.default } : {}) };
    }
    if (entity.slugFrom) columns.slug = { type: 'text', notNull: true, default: '', unique: true };
    columns.version = { type: 'integer', notNull: true, default: 1 };
    tables[entity.table] = columns;
  }
  return Object.keys(uniques).length > 0 ? { tables, uniques } : { tables };
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
  const [was, now] = [before.uniques ?? {}, after.uniques ?? {}];
  for (const [name, unique] of Object.entries(was)) {
    const kept = now[name];
    const same = kept && kept.table === unique.table && kept.columns.join() === unique.columns.join();
    if (!same && after.tables[unique.table]) steps.push({ op: 'dropUnique', table: unique.table, name });
  }
  for (const [name, unique] of Object.entries(now)) {
    const had = was[name];
    if (!had || had.table !== unique.table || had.columns.join() !== unique.columns.join()) steps.push({ op: 'createUnique', table: unique.table, columns: unique.columns, name });
  }
  for (const table of Object.keys(before.tables)) {
    if (!after.tables[table]) steps.push({ op: 'dropTable', table });
  }
  return steps;
}
