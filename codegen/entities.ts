// Everything an entity needs beyond its schema file, generated from it: the registry, the
// entity's block in openapi.yaml, and a new migration whenever its table changes. Run through
// `npm run codegen` (codegen/generate.ts), which also checks that none of it is stale.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse, stringify } from 'yaml';
import { maxLengthOf, numberLimits, patterns, splitOperation, type AnyEntity, type FieldDecl, type OperationKey } from '../schema/define';
import type { ColumnSpec, MigrationStep, SchemaMigration, SchemaSnapshot, TableSpec } from './migration-steps';

const root = new URL('../', import.meta.url);
export const schemaDir = new URL('schema/', root);
export const registryUrl = new URL('schema/registry.gen.ts', root);
export const registryKeysUrl = new URL('schema/registryKeys.gen.ts', root);
export const migrationsUrl = new URL('codegen/migrations.gen.ts', root);

const generatedHeader = '// GENERATED FILE, DO NOT EDIT. Source: schema/*.ts. Regenerate with `npm run codegen`.\n';

export class SchemaError extends Error {}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isEntity(value: unknown): value is AnyEntity {
  return typeof value === 'object' && value !== null && 'decl' in value && 'key' in value && 'ops' in value;
}

/** Every `schema/<plural>.ts` whose default export is an entity, sorted by file name. */
export async function loadEntities(dir: URL = schemaDir): Promise<AnyEntity[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.ts') && !f.endsWith('.gen.ts') && !f.endsWith('.d.ts')).sort();
  const entities: AnyEntity[] = [];
  for (const file of files) {
    const source = await readFile(new URL(file, dir), 'utf8');
    if (!/export\s+default\s+defineEntity\s*\(/.test(source)) continue;
    const loaded: unknown = await import(pathToFileURL(fileURLToPath(new URL(file, dir))).href);
    const entity = typeof loaded === 'object' && loaded !== null && 'default' in loaded ? loaded.default : undefined;
    if (!isEntity(entity)) throw new SchemaError(`schema/${file}: its default export is not an entity (use defineEntity)`);
    const base = file.replace(/\.ts$/, '');
    if (entity.key !== base) throw new SchemaError(`schema/${file}: key '${entity.key}' must be the file name '${base}'`);
    entities.push(entity);
  }
  checkEntities(entities);
  return entities;
}

/** An entity's fields, or one action's inputs: valid names, references that resolve, options. */
function checkFields(key: string, where: string, fields: Readonly<Record<string, FieldDecl>>, entities: readonly AnyEntity[], keys: ReadonlySet<string>): void {
  for (const [name, field] of Object.entries(fields)) {
    if (!/^[a-z][A-Za-z0-9]*$/.test(name) || ['id', 'version', 'slug'].includes(name)) {
      throw new SchemaError(`schema/${key}.ts: ${where}field '${name}' is not a valid field name`);
    }
    if (field.input === 'reference') {
      const target = entities.find((e) => e.key === field.reference.entity);
      if (!target || !keys.has(field.reference.entity)) throw new SchemaError(`schema/${key}.ts: ${where}${name} refers to unknown entity '${field.reference.entity}'`);
      if (!(field.reference.label in target.allFields)) {
        throw new SchemaError(`schema/${key}.ts: ${where}${name}'s label '${field.reference.label}' is not a field of ${target.key}`);
      }
    }
    if (field.input === 'select' && field.options.length === 0) throw new SchemaError(`schema/${key}.ts: ${where}${name} has no options`);
  }
}

/** The rules tsc cannot see across files: unique names and calls, references that resolve. */
export function checkEntities(entities: readonly AnyEntity[]): void {
  const seen = new Map<string, string>();
  const claim = (what: string, owner: string) => {
    const other = seen.get(what);
    if (other && other !== owner) throw new SchemaError(`${what} is declared by both schema/${other}.ts and schema/${owner}.ts`);
    seen.set(what, owner);
  };
  const keys = new Set(entities.map((e) => e.key));
  for (const entity of entities) {
    if (!/^[A-Z][A-Za-z0-9]*$/.test(entity.component)) throw new SchemaError(`schema/${entity.key}.ts: name '${entity.component}' must be PascalCase`);
    if (!/^[a-z][a-z0-9_]*$/.test(entity.table)) throw new SchemaError(`schema/${entity.key}.ts: table '${entity.table}' must be snake_case`);
    claim(`component ${entity.component}`, entity.key);
    claim(`table ${entity.table}`, entity.key);
    for (const op of Object.values(opsList(entity))) claim(`call ${op}`, entity.key);
    checkFields(entity.key, '', entity.decl.fields, entities, keys);
    for (const [name, field] of Object.entries(entity.decl.fields)) {
      // Only a hand migration's foreign key can cascade; codegen's tables have none.
      if (field.input === 'reference' && field.reference.onDelete === 'cascade' && entity.decl.tableOwner !== 'server') {
        throw new SchemaError(`schema/${entity.key}.ts: ${name} deletes with its record (onDelete: 'cascade'), which only a server-owned table's foreign key can do`);
      }
    }
    for (const column of entity.columns) {
      if (!('many' in column)) continue;
      const { entity: otherKey, by } = column.many;
      const other = entities.find((e) => e.key === otherKey);
      if ('count' in column.many) {
        const { where, of } = column.many.count;
        const badWhere = Object.keys(where ?? {}).find((name) => !other?.allFields[name]);
        if (!other || other.allFields[by]?.reference?.entity !== entity.key || badWhere !== undefined || (of !== undefined && entity.allFields[of]?.input !== 'number')) {
          throw new SchemaError(`schema/${entity.key}.ts: column '${column.id}' counts ${otherKey} by a reference to ${entity.key}, where its fields, of a number field of ${entity.key}`);
        }
        continue;
      }
      const show = column.many.show;
      if (!other || other.allFields[by]?.reference?.entity !== entity.key || !other.allFields[show]) {
        throw new SchemaError(`schema/${entity.key}.ts: column '${column.id}' needs many.by to be a reference of ${otherKey} to ${entity.key} and many.show one of its fields`);
      }
    }
    for (const action of entity.actions) {
      if (!/^[A-Z][A-Za-z0-9]*$/.test(splitOperation(action.op).path.split('/').pop() ?? '')) {
        throw new SchemaError(`schema/${entity.key}.ts: action '${action.key}' needs a PascalCase call name`);
      }
      checkFields(entity.key, `action '${action.key}': `, entity.decl.actions?.[action.key]?.fields ?? {}, entities, keys);
    }
    // A badge counts, and an opening moves, one value of a select field: both must be its options.
    for (const [what, field, values] of [
      ['navBadge', entity.navBadge?.field, entity.navBadge ? [entity.navBadge.value] : []],
      ['onOpen', entity.onOpen?.field, entity.onOpen ? [entity.onOpen.from, entity.onOpen.to] : []],
    ] as const) {
      if (field === undefined) continue;
      const decl = entity.decl.fields[field];
      if (decl?.input !== 'select') throw new SchemaError(`schema/${entity.key}.ts: ${what} must name a select field, not '${field}'`);
      for (const value of values) {
        if (!decl.options.some(([option]) => option === value)) throw new SchemaError(`schema/${entity.key}.ts: ${what}'s ${JSON.stringify(value)} is not an option of ${field}`);
      }
    }
    if (entity.slugFrom && entity.decl.fields[entity.slugFrom]?.input !== 'text') {
      throw new SchemaError(`schema/${entity.key}.ts: slugFrom must name a text field`);
    }
  }
}

function opsList(entity: AnyEntity): string[] {
  const { list, create, update, remove } = entity.ops;
  const crud = [list, create, update, remove].filter((op): op is NonNullable<typeof op> => op !== undefined);
  return [...crud, ...entity.actions.map((action) => action.op)];
}

// ── registry ─────────────────────────────────────────────────────────────────────────────────

export function registryModule(entities: readonly AnyEntity[]): string {
  const keys = entities.map((e) => e.key);
  const imports = keys.map((k) => `import ${k} from './${k}';`).join('\n');
  return `${generatedHeader}// Every schema file of schema/: the generic admin, the test mocks and the server's CRUD read
// the entities from here.
import type { AnyEntity } from './define';
import type { RegistryKey } from './registryKeys.gen';
${imports}

export { registryKeys, type RegistryKey } from './registryKeys.gen';

export const registry: Readonly<Record<RegistryKey, AnyEntity>> = {
${keys.map((k) => `  ${k},`).join('\n')}
};
`;
}

/**
 * The entities' keys alone, importing nothing: schema/define.ts types a reference by them without
 * importing the registry, which imports every schema file, which imports define.ts.
 */
export function registryKeysModule(entities: readonly AnyEntity[]): string {
  const keys = entities.map((e) => e.key);
  return `${generatedHeader}// The key of every schema file of schema/ (schema/registry.gen.ts holds the entities).

export type RegistryKey = ${keys.map((k) => `'${k}'`).join(' | ') || 'never'};

export const registryKeys: readonly RegistryKey[] = [${keys.map((k) => `'${k}'`).join(', ')}];
`;
}

// ── contract ─────────────────────────────────────────────────────────────────────────────────

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const response = (name: string) => ({ $ref: `#/components/responses/${name}` });

function optionType(values: readonly unknown[]): string {
  if (values.every((x) => typeof x === 'boolean')) return 'boolean';
  if (values.every((x) => typeof x === 'number' && Number.isInteger(x))) return 'integer';
  if (values.every((x) => typeof x === 'number')) return 'number';
  return 'string';
}

function propertySchema(field: FieldDecl, entities: readonly AnyEntity[]): Json {
  switch (field.input) {
    case 'text':
    case 'textarea':
    case 'richText': {
      const out: { [key: string]: Json } = { type: 'string' };
      if (field.required && !field.readOnly) out.minLength = 1;
      out.maxLength = maxLengthOf(field) ?? null;
      if (field.input === 'richText') out.description = 'HTML, sanitised by the server';
      return out;
    }
    case 'email':
      return { type: 'string', maxLength: maxLengthOf(field) ?? null, pattern: patterns.email, description: 'stored in lower case' };
    case 'tel':
      if (field.mobile) {
        return { type: 'string', maxLength: maxLengthOf(field) ?? null, pattern: patterns.mobile, description: 'Iranian mobile; Persian or Arabic digits and +98 are accepted and stored as 09xxxxxxxxx' };
      }
      return { type: 'string', maxLength: maxLengthOf(field) ?? null, pattern: patterns.tel, description: 'Persian or Arabic digits are accepted and stored as Latin ones' };
    case 'imageLink':
    case 'videoLink':
      return { type: 'string', maxLength: maxLengthOf(field) ?? null, description: 'a URL or path is accepted and stored as the bare file name' };
    case 'password':
      return {
        type: 'string',
        maxLength: maxLengthOf(field) ?? null,
        format: 'password',
        writeOnly: true,
        description: field.required ? 'at least 8 characters' : 'empty, or at least 8 characters',
      };
    case 'number': {
      const { min, max } = numberLimits(field);
      return { type: field.integer ? 'integer' : 'number', minimum: min, maximum: max };
    }
    case 'reference': {
      const target = entities.find((e) => e.key === field.reference.entity);
      return { type: 'integer', minimum: 0, description: `id of a ${target?.component ?? field.reference.entity}; 0 when none`, 'x-reference': field.reference.entity };
    }
    case 'checkbox':
      return { type: 'boolean' };
    case 'jalaliDate':
      return field.auto === 'created' ? { type: 'string', format: 'date-time' } : { type: ['string', 'null'], format: 'date-time' };
    case 'select': {
      const values = field.options.map(([value]) => value);
      const type = optionType(values);
      return type === 'boolean' ? { type } : { type, enum: values };
    }
  }
}

export function contractBlocks(entities: readonly AnyEntity[]): { schemas: Record<string, Json>; paths: Record<string, Json> } {
  const schemas: Record<string, Json> = {};
  const paths: Record<string, Json> = {};
  for (const entity of entities) {
    const name = entity.component;
    const createOnly = (f: FieldDecl) => f.createOnly === true || f.input === 'password';
    const writable = Object.entries(entity.decl.fields).filter(([, f]) => !f.readOnly && !createOnly(f));
    // Create-only fields are the row's read-only properties afterwards (a password never is).
    const readOnly = Object.entries(entity.decl.fields).filter(([, f]) => f.readOnly || (createOnly(f) && f.input !== 'password'));
    const onCreate = Object.entries(entity.decl.fields).filter(([, f]) => !f.readOnly && createOnly(f));
    const props = (list: Array<[string, FieldDecl]>) => Object.fromEntries(list.map(([n, f]) => [n, propertySchema(f, entities)]));
    const system: Record<string, Json> = { id: { type: 'integer' }, version: { type: 'integer', minimum: 1, description: 'bumped by every update' } };
    if (entity.slugFrom) system.slug = { type: 'string' };
    // A create-only field's rule holds for what is created; rows made otherwise (an import, an
    // older account) may not meet it, and the row schema describes every row.
    const rowProps = Object.fromEntries(
      readOnly.map(([n, f]) => [n, propertySchema(createOnly(f) ? { ...f, readOnly: true } : f, entities)]),
    );
    const own = { type: 'object', required: [...Object.keys(system), ...readOnly.map(([n]) => n)], properties: { ...system, ...rowProps } };
    if (writable.length > 0) {
      schemas[`${name}Fields`] = { type: 'object', required: writable.map(([n]) => n), properties: props(writable) };
      schemas[name] = { allOf: [ref(`${name}Fields`), own] };
      const idKey = entity.ops.updateIdKey ?? 'id';
      if (entity.ops.update) {
        schemas[`${name}Update`] = {
          allOf: [
            ref(`${name}Fields`),
            {
              type: 'object',
              required: [idKey],
              properties: {
                [idKey]: { type: 'integer', minimum: 1 },
                version: { type: 'integer', minimum: 0, description: 'the version the edit started from; a stale one answers 409' },
              },
            },
          ],
        };
      }
    } else {
      schemas[name] = own;
    }
    const itemsAt = entity.ops.listItemsAt;
    if (itemsAt) schemas[`${name}Page`] = { type: 'object', required: [itemsAt], properties: { [itemsAt]: { type: 'array', items: ref(name) } } };

    const json = (schema: Json) => ({ 'application/json': { schema } });
    const common = { '401': response('Unauthorized'), '403': response('Forbidden') };
    const operation = (verb: string, description: string, body: Json | null, answer: Json, extra: Record<string, Json>, parameters: Json[] = []) => ({
      operationId: `${verb}${name}`,
      'x-access': 'admin',
      ...(parameters.length ? { parameters } : {}),
      ...(body ? { requestBody: { required: true, content: json(body) } } : {}),
      responses: { '200': { description, content: json(answer) }, ...(body ? { '400': response('BadRequest') } : {}), ...common, ...extra },
    });
    const at = (op: OperationKey) => splitOperation(op).path;
    paths[at(entity.ops.list)] = {
      // Without parameters the whole list, as the spec's calls expect; any list parameter asks
      // for one page (server/engine/listQuery.ts).
      get: operation(
        'list',
        `Every ${name}, or one page of them`,
        null,
        { oneOf: [itemsAt ? ref(`${name}Page`) : { type: 'array', items: ref(name) }, ref('ListPage')] },
        { '400': response('BadRequest') },
        listParameters.map((p) => ({ $ref: `#/components/parameters/${p}` })),
      ),
    };
    if (entity.ops.create && onCreate.length > 0) {
      schemas[`${name}Create`] = {
        allOf: [...(writable.length > 0 ? [ref(`${name}Fields`)] : []), { type: 'object', required: onCreate.map(([n]) => n), properties: props(onCreate) }],
      };
    }
    if (entity.ops.create) {
      const body = onCreate.length > 0 ? ref(`${name}Create`) : ref(`${name}Fields`);
      paths[at(entity.ops.create)] = { post: operation('create', `The created ${name}`, body, ref(name), { '409': response('Conflict') }) };
    }
    if (entity.ops.update) {
      paths[at(entity.ops.update)] = {
        put: operation('update', `The updated ${name}`, ref(`${name}Update`), ref(name), {
          '404': response('NotFound'),
          // A stale `version` answers what changed and by whom; other conflicts only a message.
          '409': { description: 'A stale version, or a value another record holds', content: json({ anyOf: [ref('VersionConflict'), ref('ErrorBody')] }) },
        }),
      };
    }
    if (entity.ops.remove) {
      paths[at(entity.ops.remove)] = {
        delete: operation('delete', 'Deleted', ref('IdBody'), ref('Deleted'), { '404': response('NotFound'), '409': response('Conflict') }),
      };
    }
    // Every action answers the changed record and, when the action has something to hand over
    // once (a reset link), a notice for the admin.
    if (entity.actions.length > 0) {
      schemas[`${name}ActionResult`] = {
        type: 'object',
        required: ['record'],
        properties: { record: ref(name), notice: { type: 'string', description: 'shown to the admin once, e.g. a one-time link' } },
      };
    }
    for (const action of entity.actions) {
      const inputs = Object.entries(entity.decl.actions?.[action.key]?.fields ?? {});
      const call = splitOperation(action.op).path.split('/').pop() ?? action.key;
      let body = ref('RecordAction');
      if (inputs.length > 0) {
        schemas[`${name}${call}Body`] = {
          allOf: [ref('RecordAction'), { type: 'object', required: inputs.map(([n]) => n), properties: props(inputs) }],
        };
        body = ref(`${name}${call}Body`);
      }
      const post = operation(action.key, `The ${name} after ${action.key}`, body, ref(`${name}ActionResult`), {
        '404': response('NotFound'),
        // A stale version, or the record is not one the action applies to (or a guard refuses).
        '409': { description: 'A stale version, or the action does not apply', content: json({ anyOf: [ref('VersionConflict'), ref('ErrorBody')] }) },
        // An action that asks an outside service (a refund through the payment gateway) and was
        // refused or not answered: nothing was changed.
        '502': { description: 'An outside service the action needs refused or did not answer; nothing changed', content: json(ref('ErrorBody')) },
      });
      paths[at(action.op)] = { post: { ...post, description: action.label } };
    }
  }
  return { schemas, paths };
}

/** The list protocol's query parameters, written once by hand in openapi.yaml's components. */
const listParameters = ['ListPageNumber', 'ListPageSize', 'ListSort', 'ListSearch', 'ListIds', 'ListFilters'];

const markers = {
  schemas: ['    # ── entity schemas: generated from schema/*.ts by `npm run codegen`, do not edit ──', '    # ── end of generated entity schemas ──'],
  paths: ['  # ── entity calls: generated from schema/*.ts by `npm run codegen`, do not edit ──', '  # ── end of generated entity calls ──'],
} as const;

function indent(text: string, spaces: number): string {
  const pad = ' '.repeat(spaces);
  return text
    .trimEnd()
    .split('\n')
    .map((line) => (line ? pad + line : line))
    .join('\n');
}

function splice(source: string, [begin, end]: readonly [string, string], body: string): string {
  const start = source.indexOf(begin);
  const stop = source.indexOf(end);
  if (start < 0 || stop < start) throw new SchemaError(`openapi.yaml lacks the markers:\n${begin}\n${end}`);
  return `${source.slice(0, start + begin.length)}\n${body}\n${source.slice(stop)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** openapi.yaml with its generated regions rewritten from the entities. */
export function contractWithEntities(source: string, entities: readonly AnyEntity[]): string {
  const { schemas, paths } = contractBlocks(entities);
  const text = (value: Record<string, Json>) => (Object.keys(value).length ? stringify(value, { lineWidth: 0 }) : '');
  let out = splice(source, markers.schemas, indent(text(schemas), 4));
  out = splice(out, markers.paths, indent(text(paths), 2));
  // The hand-written part of the contract may not define what an entity generates.
  const handWritten = parse(splice(splice(source, markers.schemas, ''), markers.paths, ''));
  const handPaths = typeof handWritten === 'object' && handWritten !== null && 'paths' in handWritten ? Object.keys(handWritten.paths ?? {}) : [];
  for (const path of Object.keys(paths)) {
    if (handPaths.includes(path)) throw new SchemaError(`${path} is both generated from a schema file and written by hand in openapi.yaml`);
  }
  const handComponents = isRecord(handWritten) && isRecord(handWritten.components) && isRecord(handWritten.components.schemas) ? Object.keys(handWritten.components.schemas) : [];
  for (const name of Object.keys(schemas)) {
    if (handComponents.includes(name)) {
      throw new SchemaError(`the component ${name} is both generated from a schema file and written by hand in openapi.yaml: give the schema another \`name\``);
    }
  }
  return out;
}

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
