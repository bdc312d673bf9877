// "Every row matching the list's query" for bulk work: the ids a list query string selects.
//
// TO WIRE AFTER MERGE (lead): the list protocol's server/listQuery.ts does this fully (search
// folding included). Replace the body of `matchingIdsFor` with
//     const parsed = parseListQuery(entity, queryRecord(query));
//     return parsed ? matchingIds(db, entity, parsed) : allIds(db, entity);
// and delete `interimMatchingIds` below. Until then the interim reader understands the
// protocol's `f.<field>` equality filters (repeatable = any of) and `ids`, ignores paging and
// sort (they do not change which rows match), and refuses `q`: a search matched differently
// here than in the list would delete rows the admin never saw.
import { sql } from 'kysely';
import type { AnyEntity } from '../schema/define';
import { toLatinDigits } from '../src/lib/text';
import type { DB } from './db';
import { HttpError } from './errors';

export const bulkQueryTexts = {
  badQuery: 'پرس‌وجوی فهرست نامعتبر است',
  unknownField: (name: string) => `فیلتر «${name}» برای این فهرست تعریف نشده است`,
  searchUnsupported: 'حذف همه‌ی نتایج یک جستجو هنوز ممکن نیست؛ جستجو را پاک کنید یا ردیف‌ها را یکی‌یکی انتخاب کنید',
} as const;

/** A query string as Fastify reads one: a repeated key becomes an array. */
export function queryRecord(query: string): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(query.replace(/^\?/, ''))) {
    const before = record[key];
    record[key] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return record;
}

export async function matchingIdsFor(db: DB, entity: AnyEntity, query: string): Promise<number[]> {
  return interimMatchingIds(db, entity, queryRecord(query));
}

/** Paging and order: accepted, and irrelevant to which rows match. */
const ignored = new Set(['page', 'pageSize', 'sort']);

/** A filter value as the column stores it: booleans as 0/1, numbers for numeric fields. */
function columnValue(entity: AnyEntity, name: string, raw: string): string | number {
  const field = entity.fields[name];
  const text = toLatinDigits(raw).trim();
  if (text === 'true') return 1;
  if (text === 'false') return 0;
  const numeric = field?.input === 'number' || field?.input === 'reference' || field?.input === 'checkbox' ||
    (field?.input === 'select' && field.options?.some(([value]) => typeof value === 'number'));
  if (numeric || name === 'id') {
    const n = Number(text);
    if (text === '' || !Number.isFinite(n)) throw new HttpError(400, bulkQueryTexts.badQuery);
    return n;
  }
  return raw;
}

async function interimMatchingIds(db: DB, entity: AnyEntity, record: Record<string, string | string[]>): Promise<number[]> {
  const properties = new Set(['id', ...Object.keys(entity.fields), ...entity.columns.flatMap((c) => ('key' in c ? [c.key] : []))]);
  const conditions = [];
  for (const [key, value] of Object.entries(record)) {
    const values = Array.isArray(value) ? value : [value];
    if (ignored.has(key)) continue;
    if (key === 'q') {
      if (values.some((v) => v.trim() !== '')) throw new HttpError(400, bulkQueryTexts.searchUnsupported);
      continue;
    }
    if (key === 'ids') {
      const ids = values.flatMap((v) => v.split(',')).map((v) => columnValue(entity, 'id', v));
      conditions.push(sql`${sql.ref('id')} in (${sql.join(ids)})`);
      continue;
    }
    if (!key.startsWith('f.')) throw new HttpError(400, bulkQueryTexts.badQuery);
    const name = key.slice(2);
    if (!properties.has(name)) throw new HttpError(400, bulkQueryTexts.unknownField(name));
    conditions.push(sql`${sql.ref(name)} in (${sql.join(values.map((v) => columnValue(entity, name, v)))})`);
  }
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const result = await sql<{ id: number }>`select ${sql.ref('id')} from ${sql.table(entity.table)} ${where} order by ${sql.ref('id')}`.execute(db);
  return result.rows.map((row) => Number(row.id));
}
