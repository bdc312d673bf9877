// The labels a public view shows for its relations (a reference, a many-to-many field): each
// named by the other record's label field, which codegen allows only when that record's own
// public view shows it. Read for all the rows of an answer at once, one query per field.
import { sql } from 'kysely';
import type { RegistryKey } from '../../schema/registryKeys.gen';
import { registry } from '../../schema/registry.gen';
import type { DB, Row } from '../platform/db';
import { withLinks } from './links';
import { maxLabelIds } from './relations';

/** A relation's labels, as a generated projection asks for them (server/engine/publicViews.gen.ts). */
export interface PublicLabels {
  /** The label of the record a reference names; '' for none or a record gone. */
  one(field: string, id: unknown): string;
  /** The labels of the records a many-to-many field of row `ownerId` chose, in the order chosen. */
  many(field: string, ownerId: number): string[];
}

/** Labels of `target` records by id, from its `labelField` column. */
async function labelsOf(db: DB, target: RegistryKey, labelField: string, ids: readonly number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0);
  const labels = new Map<number, string>();
  for (let i = 0; i < wanted.length; i += maxLabelIds) {
    const chunk = wanted.slice(i, i + maxLabelIds);
    const found = await sql<Row>`select ${sql.ref('id')}, ${sql.ref(labelField)} as ${sql.ref('label')} from ${sql.table(registry[target].table)}
      where ${sql.ref('id')} in (${sql.join(chunk)})`.execute(db);
    for (const row of found.rows) labels.set(Number(row.id), String(row.label ?? ''));
  }
  return labels;
}

/** The labels `fields` (relation fields of `key`'s public view) show for `rows`. */
export async function publicLabels(db: DB, key: RegistryKey, rows: ReadonlyArray<{ id: number }>, fields: readonly string[]): Promise<PublicLabels> {
  const entity = registry[key];
  const one = new Map<string, Map<number, string>>();
  const many = new Map<string, Map<number, string[]>>();
  const linked: Row[] = await withLinks(db, entity, rows.map((row): Row => ({ ...row })));
  for (const name of fields) {
    const field = entity.allFields[name];
    if (field?.input === 'reference' && field.reference) {
      const ids = linked.map((row) => Number(row[name]));
      one.set(name, await labelsOf(db, field.reference.entity, field.reference.label, ids));
    } else if (field?.input === 'references' && field.references) {
      const chosen = new Map(linked.map((row): [number, number[]] => {
        const ids = row[name];
        return [Number(row.id), Array.isArray(ids) ? ids.map(Number) : []];
      }));
      const labels = await labelsOf(db, field.references.entity, field.references.label, [...chosen.values()].flat());
      many.set(name, new Map([...chosen].map(([owner, ids]) => [owner, ids.flatMap((id) => labels.get(id) ?? [])])));
    }
  }
  return {
    one: (field, id) => one.get(field)?.get(Number(id)) ?? '',
    many: (field, ownerId) => many.get(field)?.get(ownerId) ?? [],
  };
}
