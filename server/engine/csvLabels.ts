// Reference cells of an imported file written as their records' labels, as the CSV export writes
// them (a course's teacher by name), read back into record numbers. A number is taken as the
// record's id, as before.
import { sql } from 'kysely';
import { labelFieldsOf, recordLabel, type AnyEntity } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { foldForSearch } from '../../schema/rules/text';
import type { DB, Row } from '../platform/db';

export const labelTexts = {
  unknown: (label: string, value: string) => `${label} «${value}» یافت نشد`,
  ambiguous: (label: string, value: string) => `${label} «${value}» به بیش از یک رکورد اشاره دارد؛ به جای نام، شناسه آن را بنویسید`,
} as const;

/** A row read from the file: its values as the form would hold them, and what is wrong so far. */
export interface PendingRow {
  line: number;
  raw: Row;
  problems: string[];
}

/** Every record of `target` by its label as the export writes it (folded), in pages. */
async function idsByLabel(db: DB, target: AnyEntity): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  const fields = labelFieldsOf(target);
  let after = 0;
  for (;;) {
    const page = await sql<Row>`select ${sql.join([sql.ref('id'), ...fields.map((f) => sql.ref(f))])} from ${sql.table(target.table)}
      where ${sql.ref('id')} > ${after} order by ${sql.ref('id')} limit 1000`.execute(db);
    for (const row of page.rows) {
      const key = foldForSearch(recordLabel(target, row));
      out.set(key, [...(out.get(key) ?? []), Number(row.id)]);
    }
    const last = page.rows.at(-1);
    if (!last || page.rows.length < 1000) return out;
    after = Number(last.id);
  }
}

/** Replaces, in place, each label in a reference cell by its record's id, or notes the problem. */
export async function resolveReferenceLabels(db: DB, entity: AnyEntity, rows: readonly PendingRow[]): Promise<void> {
  for (const [name, field] of Object.entries(entity.fields)) {
    const targetKey = field.reference?.entity ?? field.references?.entity;
    if (!targetKey) continue;
    const labelsIn = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).filter((part): part is string => typeof part === 'string');
    if (!rows.some((row) => labelsIn(row.raw[name]).length > 0)) continue;
    const known = await idsByLabel(db, registry[targetKey]);
    // A label that names no record, or several, is the row's one problem with that cell: the
    // cell is left empty so the field's validator does not word it a second time.
    const none = field.reference?.none ?? field.references?.none;
    const idOf = (row: PendingRow, part: unknown): unknown => {
      if (typeof part !== 'string') return part;
      // The export writes a reference to nothing as the field's own wording («بدون مدرس»).
      if (none !== undefined && foldForSearch(part) === foldForSearch(none)) return null;
      const ids = known.get(foldForSearch(part)) ?? [];
      if (ids.length === 1) return ids[0];
      row.problems.push(ids.length === 0 ? labelTexts.unknown(field.label, part) : labelTexts.ambiguous(field.label, part));
      return null;
    };
    for (const row of rows) {
      const value = row.raw[name];
      row.raw[name] = Array.isArray(value) ? value.map((part) => idOf(row, part)).filter((id) => id !== null) : (idOf(row, value) ?? 0);
    }
  }
}
