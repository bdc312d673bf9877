// The database's entity tables as Kysely sees them, generated from the schema files: one
// interface per entity, a column per field (a password aside) and per stored column, `id`,
// `version` and the slug. A column the database fills when an insert leaves it out is
// Generated<…>: for a table the schema makes, every column with a default that is not required;
// for one the server makes, the stored columns with a default and the fields its declaration
// names (`defaultedColumns`). tests/server/platform/table-types.test.ts holds each to the migrated tables.
import { isWriteOnly, joinTableOf, nullableColumn, type AnyEntity, type FieldDecl, type StoredColumn } from '../schema/define';
import { generatedHeader } from './entities';
import { columnOf } from './schemaMigrations';

const root = new URL('../', import.meta.url);
export const tableTypesUrl = new URL('server/platform/entityTables.gen.ts', root);

const literal = (value: string | number) => (typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : String(value));

function fieldType(field: FieldDecl): string {
  const type = valueType(field);
  return nullableColumn(field) ? `${type} | null` : type;
}

function valueType(field: FieldDecl): string {
  switch (field.input) {
    case 'number':
    case 'reference':
    case 'checkbox':
      return 'number';
    case 'select': {
      // Words are kept as their union; numbers (a weekday) as numbers, which code counts with.
      const values = field.options.map(([value]) => value);
      return values.every((value) => typeof value === 'string') ? [...new Set(values)].map(literal).join(' | ') : 'number';
    }
    default:
      return 'string';
  }
}

function storedType(stored: StoredColumn): string {
  const base = stored.values ? stored.values.map(literal).join(' | ') : stored.type === 'text' ? 'string' : 'number';
  return stored.nullable ? `${base} | null` : base;
}

/** The name of an entity's table interface: course_slots → CourseSlotsTable. */
export function tableInterfaceName(entity: AnyEntity): string {
  return interfaceOf(entity.table);
}

export interface TypedColumn {
  name: string;
  /** The TypeScript type of a value read from it. */
  type: string;
  nullable: boolean;
  /** The database fills it when an insert leaves it out. */
  generated: boolean;
}

/** The columns of an entity's table as its type has them, `id` first. */
export function tableColumns(entity: AnyEntity): TypedColumn[] {
  const madeByServer = entity.decl.tableOwner === 'server';
  const defaulted = new Set<string>(entity.decl.defaultedColumns ?? []);
  const fills = (name: string, hasDefault: boolean) => (madeByServer ? defaulted.has(name) : hasDefault);
  const columns: TypedColumn[] = [
    { name: 'id', type: 'number', nullable: false, generated: true },
    { name: 'version', type: 'number', nullable: false, generated: !madeByServer || defaulted.has('version') },
  ];
  for (const [name, field] of Object.entries(entity.decl.fields)) {
    if (isWriteOnly(field) || field.input === 'references') continue;
    const nullable = nullableColumn(field);
    // A required field is always given (the server refuses a record without it).
    const required = 'required' in field && field.required === true;
    columns.push({ name, type: fieldType(field), nullable, generated: !nullable && !required && fills(name, columnOf(entity, name, field).default !== undefined) });
  }
  for (const [name, stored] of Object.entries(entity.decl.stored ?? {})) {
    columns.push({ name, type: storedType(stored), nullable: Boolean(stored.nullable), generated: stored.default !== undefined });
  }
  // The server makes every record's slug when it is created.
  if (entity.slugFrom) columns.push({ name: 'slug', type: 'string', nullable: false, generated: false });
  return columns;
}

function tableInterface(entity: AnyEntity): string {
  const lines = tableColumns(entity).map((c) => `  ${c.name}: ${c.generated ? `Generated<${c.type}>` : c.type};`);
  return `/** schema/${entity.key}.ts${entity.decl.tableOwner === 'server' ? ' (a table the server makes)' : ''} */\nexport interface ${tableInterfaceName(entity)} {\n${lines.join('\n')}\n}`;
}

/** The join tables of an entity's many-to-many fields, by table name. */
function joinTables(entity: AnyEntity): string[] {
  return Object.entries(entity.decl.fields).flatMap(([name, field]) => (field.input === 'references' ? [joinTableOf(entity.table, name)] : []));
}

const interfaceOf = (table: string) => `${table.split('_').map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join('')}Table`;

function joinInterface(table: string): string {
  return `/** A many-to-many field's links: the record (ownerId) and each record chosen (targetId), each pair once. */\nexport interface ${interfaceOf(table)} {\n  id: Generated<number>;\n  ownerId: number;\n  targetId: number;\n}`;
}

export function tableTypesModule(entities: readonly AnyEntity[]): string {
  return `${generatedHeader}// The entity tables as Kysely sees them (codegen/tableTypes.ts); the server's other tables are
// written by hand in server/platform/serverTables.ts.
import type { Generated } from 'kysely';

${entities.map(tableInterface).join('\n')}
${entities.flatMap(joinTables).map(joinInterface).join('\n')}

export interface EntityTables {
${entities.map((entity) => `  ${entity.table}: ${tableInterfaceName(entity)};`).join('\n')}
${entities.flatMap(joinTables).map((table) => `  ${table}: ${interfaceOf(table)};`).join('\n')}
}
`;
}
