// The server's projection of each public view (EntityDecl.publicView): which columns to read and
// how a row becomes the contract's component. Generated, so the projection, the component and
// the table's type cannot drift apart; `tsc` checks the three against each other.
import { nullableColumn, type AnyEntity, type FieldDecl } from '../schema/define';
import { readdir } from 'node:fs/promises';
import { generatedHeader, SchemaError } from './entities';
import { optionType, relatedOf } from './contractBlocks';
import { tableInterfaceName } from './tableTypes';

const root = new URL('../', import.meta.url);
export const publicViewsUrl = new URL('server/engine/publicViews.gen.ts', root);
export const publicSectionsUrl = new URL('schema/publicSections.gen.ts', root);

const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

/** The view's relation fields: shown by the other records' labels (server/engine/publicLabels.ts). */
const relationFields = (entity: AnyEntity): string[] =>
  (entity.decl.publicView?.fields ?? []).filter((name) => {
    const field = entity.decl.fields[name];
    return field !== undefined && relatedOf(field) !== undefined;
  });

function valueOf(name: string, field: FieldDecl): string {
  const read = `row.${name}`;
  const nullable = nullableColumn(field);
  switch (field.input) {
    case 'reference':
      return `labels.one('${name}', ${read})`;
    case 'references':
      return `labels.many('${name}', row.id)`;
    case 'number':
      // PostgreSQL answers a bigint as a string.
      return nullable ? `Number(${read} ?? 0)` : `Number(${read})`;
    case 'checkbox':
      return `Boolean(${read})`;
    case 'jalaliDate':
      return read;
    case 'select': {
      const values = field.options.map(([value]) => value);
      const type = optionType(values);
      if (type === 'boolean') return `Boolean(${read})`;
      if (type === 'string') return read;
      return `(${JSON.stringify(values)} as const).find((value) => value === Number(${read})) ?? ${JSON.stringify(values[0] ?? 0)}`;
    }
    case 'richText':
      // Sanitised on the way out too: a row written before a rule changed, or by hand, is safe.
      return `sanitizeRichText(${nullable ? `${read} ?? ''` : read})`;
    default:
      return nullable ? `${read} ?? ''` : read;
  }
}

function projection(entity: AnyEntity): string {
  const view = entity.decl.publicView;
  if (!view) return '';
  const fn = lowerFirst(view.component);
  // A many-to-many field is no column: its links are read apart, with their labels.
  const columns = ['id', ...(entity.slugFrom ? ['slug'] : []), ...view.fields.filter((name) => entity.decl.fields[name]?.input !== 'references')];
  const labelled = relationFields(entity).length > 0;
  const lines = [`    id: row.id,`, ...(entity.slugFrom ? ['    slug: row.slug,'] : [])];
  for (const name of view.fields) {
    const field = entity.decl.fields[name];
    if (field) lines.push(`    ${name}: ${valueOf(name, field)},`);
  }
  return `/** The columns ${fn} reads (schema/${entity.key}.ts publicView). */
export const ${fn}Columns = [${columns.map((c) => `'${c}'`).join(', ')}] as const;

/** What the public site sees of one ${entity.key} record. */
export function ${fn}(row: Pick<Selectable<${tableInterfaceName(entity)}>, (typeof ${fn}Columns)[number]>${labelled ? ', labels: PublicLabels' : ''}): Schemas['${view.component}'] {
  return {
${lines.join('\n')}
  };
}
`;
}

/** First segments the site's own routes take, which a section may not. */
async function takenPaths(): Promise<Set<string>> {
  const files = await readdir(new URL('src/routes/_site/', root));
  const first = files.map((file) => file.replace(/\.tsx$/, '').split('.')[0] ?? '').filter((segment) => segment !== '' && !segment.startsWith('$'));
  return new Set([...first, 'admin', 'dashboard', 'api', 'assets', 'media', 'uploads', 'robots', 'sitemap']);
}

/** Refuses a section the site could not serve: a taken or malformed path, a hiding field that is no checkbox. */
export async function checkSections(entities: readonly AnyEntity[]): Promise<void> {
  const taken = await takenPaths();
  const seen = new Map<string, string>();
  for (const entity of entities) {
    const section = entity.decl.publicView?.section;
    if (!section) continue;
    const where = `schema/${entity.key}.ts: the public section`;
    if (!/^[a-z][a-z0-9-]{1,40}$/.test(section.path)) throw new SchemaError(`${where}'s path '${section.path}' must be Latin lower case, digits and dashes`);
    if (taken.has(section.path)) throw new SchemaError(`${where}'s path /${section.path} is a page of the site already`);
    const other = seen.get(section.path);
    if (other) throw new SchemaError(`${where}'s path /${section.path} is schema/${other}.ts's too`);
    seen.set(section.path, entity.key);
    if (section.hiddenWhen !== undefined && entity.decl.fields[section.hiddenWhen]?.input !== 'checkbox') {
      throw new SchemaError(`${where} is hidden by ${section.hiddenWhen}, which must be a checkbox field`);
    }
  }
}

function sectionEntry(entity: AnyEntity): string {
  const view = entity.decl.publicView;
  const section = view?.section;
  if (!view || !section) return '';
  const fn = lowerFirst(view.component);
  const hidden = section.hiddenWhen ? `.where('${section.hiddenWhen}', '=', 0)` : '';
  const [sortField, direction] = section.sort ?? ['id', 'desc'];
  const relations = relationFields(entity);
  const labels = (rows: string) => `await publicLabels(db, '${entity.key}', ${rows}, ${JSON.stringify(relations)})`;
  const query = `db.selectFrom('${entity.table}').select(${fn}Columns)${hidden}.orderBy('${sortField}', '${direction}').orderBy('id', 'desc').execute()`;
  const list = relations.length
    ? `{
      const rows = await ${query};
      const labels = ${labels('rows')};
      return rows.map((row) => ${fn}(row, labels));
    }`
    : `(await ${query}).map(${fn})`;
  const one = entity.slugFrom
    ? `async (db, slug) => {
      const row = await db.selectFrom('${entity.table}').select(${fn}Columns).where('slug', '=', slug)${hidden}.executeTakeFirst();
      return row ? ${fn}(row${relations.length ? `, ${labels('[row]')}` : ''}) : undefined;
    }`
    : 'null';
  return `  ${JSON.stringify(section.path)}: {
    entity: '${entity.key}',
    list: async (db) => ${list},
    one: ${one},
  },`;
}

export function publicViewsModule(entities: readonly AnyEntity[]): string {
  const viewing = entities.filter((entity) => entity.decl.publicView);
  const tables = viewing.map(tableInterfaceName);
  const sanitises = viewing.some((entity) => entity.decl.publicView?.fields.some((name) => entity.decl.fields[name]?.input === 'richText'));
  const labelling = viewing.some((entity) => relationFields(entity).length > 0);
  return `${generatedHeader}// What the public site may see of each entity (codegen/publicViews.ts).
import type { Selectable } from 'kysely';
import type { components } from '../../codegen/openapi.gen';
import type { RegistryKey } from '../../schema/registryKeys.gen';
import type { DB } from '../platform/db';
${tables.length ? `import type { ${tables.join(', ')} } from '../platform/tables';\n` : ''}${sanitises ? "import { sanitizeRichText } from '../platform/sanitize';\n" : ''}${labelling ? "import { publicLabels, type PublicLabels } from './publicLabels';\n" : ''}
type Schemas = components['schemas'];

${viewing.map(projection).join('\n')}
/** A public section (PublicSectionDecl): its records as the public sees them, and one by its slug. */
export interface PublicSection {
  entity: RegistryKey;
  list(db: DB): Promise<Array<Schemas['PublicSectionRecord']>>;
  one: ((db: DB, slug: string) => Promise<Schemas['PublicSectionRecord'] | undefined>) | null;
}

/** Every public section, by its path. */
export const publicSections: Readonly<Record<string, PublicSection>> = {
${entities.map(sectionEntry).filter(Boolean).join('\n')}
};
`;
}

/** How the site draws a field of a section's record. */
function displayOf(field: FieldDecl): string {
  switch (field.input) {
    case 'number':
      return field.money ? "{ kind: 'money' }" : "{ kind: 'number' }";
    case 'jalaliDate':
      return "{ kind: 'date' }";
    case 'imageLink':
      return "{ kind: 'image' }";
    case 'checkbox':
      return "{ kind: 'yesNo' }";
    case 'references':
      return "{ kind: 'list' }";
    case 'textarea':
    case 'richText':
      return "{ kind: 'longText' }";
    case 'select':
      return `{ kind: 'option', options: ${JSON.stringify(Object.fromEntries(field.options.map(([value, label]) => [String(value), label])))} }`;
    default:
      return "{ kind: 'text' }";
  }
}

/** schema/publicSections.gen.ts: what the site needs to draw each section, without the schemas' code. */
export function publicSectionsModule(entities: readonly AnyEntity[]): string {
  const entries = entities.flatMap((entity) => {
    const view = entity.decl.publicView;
    const section = view?.section;
    if (!view || !section) return [];
    const fields = view.fields.map((name) => {
      const field = entity.decl.fields[name];
      return field ? `      { name: ${JSON.stringify(name)}, label: ${JSON.stringify(field.label)}, display: ${displayOf(field)} },` : '';
    });
    return [`  ${JSON.stringify(section.path)}: {
    title: ${JSON.stringify(section.title)},
    lead: ${JSON.stringify(section.lead ?? '')},
    empty: ${JSON.stringify(section.empty)},
    /** Each record has a page of its own (the entity has a slug). */
    pages: ${entity.slugFrom ? 'true' : 'false'},
    /** The field naming a record (its title on the list and its page). */
    name: ${JSON.stringify((entity.slugFrom && view.fields.includes(entity.slugFrom) ? entity.slugFrom : undefined) ?? view.fields.find((f) => entity.decl.fields[f]?.input === 'text') ?? view.fields[0] ?? 'id')},
    fields: [
${fields.filter(Boolean).join('\n')}
    ],
  },`];
  });
  return `${generatedHeader}// The public sections as the site draws them (codegen/publicViews.ts): titles, texts and each
// field's label and kind, from the schema files' publicView.section, without their code.
import type { PublicSectionDisplay } from './rules/publicSection';

export const publicSectionDisplays: Readonly<Record<string, PublicSectionDisplay>> = {
${entries.join('\n')}
};
`;
}
