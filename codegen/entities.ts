// Everything an entity needs beyond its schema file, generated from it: the registry, the
// entity's block in openapi.yaml, and a new migration whenever its table changes. Run through
// `npm run codegen` (codegen/generate.ts), which also checks that none of it is stale.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { splitOperation, type AnyEntity, type FieldDecl } from '../schema/define';

const root = new URL('../', import.meta.url);
export const schemaDir = new URL('schema/', root);
export const registryUrl = new URL('schema/registry.gen.ts', root);
export const registryKeysUrl = new URL('schema/registryKeys.gen.ts', root);

export const generatedHeader = '// GENERATED FILE, DO NOT EDIT. Source: schema/*.ts. Regenerate with `npm run codegen`.\n';

export class SchemaError extends Error {}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

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
