// The server's projection of each public view (EntityDecl.publicView): which columns to read and
// how a row becomes the contract's component. Generated, so the projection, the component and
// the table's type cannot drift apart; `tsc` checks the three against each other.
import { nullableColumn, type AnyEntity, type FieldDecl } from '../schema/define';
import { generatedHeader } from './entities';
import { optionType } from './contractBlocks';
import { tableInterfaceName } from './tableTypes';

const root = new URL('../', import.meta.url);
export const publicViewsUrl = new URL('server/engine/publicViews.gen.ts', root);

const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

function valueOf(name: string, field: FieldDecl): string {
  const read = `row.${name}`;
  const nullable = nullableColumn(field);
  switch (field.input) {
    case 'number':
    case 'reference':
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
  const columns = ['id', ...(entity.slugFrom ? ['slug'] : []), ...view.fields];
  const lines = [`    id: row.id,`, ...(entity.slugFrom ? ['    slug: row.slug,'] : [])];
  for (const name of view.fields) {
    const field = entity.decl.fields[name];
    if (field) lines.push(`    ${name}: ${valueOf(name, field)},`);
  }
  return `/** The columns ${fn} reads (schema/${entity.key}.ts publicView). */
export const ${fn}Columns = [${columns.map((c) => `'${c}'`).join(', ')}] as const;

/** What the public site sees of one ${entity.key} record. */
export function ${fn}(row: Pick<Selectable<${tableInterfaceName(entity)}>, (typeof ${fn}Columns)[number]>): Schemas['${view.component}'] {
  return {
${lines.join('\n')}
  };
}
`;
}

export function publicViewsModule(entities: readonly AnyEntity[]): string {
  const viewing = entities.filter((entity) => entity.decl.publicView);
  const tables = viewing.map(tableInterfaceName);
  const sanitises = viewing.some((entity) => entity.decl.publicView?.fields.some((name) => entity.decl.fields[name]?.input === 'richText'));
  return `${generatedHeader}// What the public site may see of each entity (codegen/publicViews.ts).
import type { Selectable } from 'kysely';
import type { components } from '../../codegen/openapi.gen';
${tables.length ? `import type { ${tables.join(', ')} } from '../platform/tables';\n` : ''}${sanitises ? "import { sanitizeRichText } from '../platform/sanitize';\n" : ''}
type Schemas = components['schemas'];

${viewing.map(projection).join('\n')}`;
}
