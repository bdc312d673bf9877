// The list protocol (paging, sort, filters, Persian-aware search) for every registry entity.
// With no protocol parameter a list answers as the spec says (crud.ts, untouched); with any of
// them, `{ items, total }` read by runListQuery.
//
// Search folds text as schema/rules/text.ts's foldForSearch does (Arabic ي/ك, every digit, no spaces
// or ZWNJ, ASCII case). Folding a column in SQL on every search was measured too slow at 100,000
// rows on SQLite (nested replace(): ~780 ms; a JS function registered on the connection:
// ~370 ms), so on SQLite the folded text of each entity's `searchIn` columns is kept in memory
// and matched in JS (a few ms); the matching ids go to SQL as one JSON parameter. The index is
// kept under its table's version, which triggers move on every insert, update and delete of that
// table, whoever writes (prepareListSearch); so other writes (sign-ins, carts) do not rebuild it.
// PostgreSQL has no in-process state to trust (other processes write), and translate() of every
// value per query was measured at ~580 ms for 100,000 rows; there triggers keep each row's folded
// text in list_search (folded by translate() once per write), and a search is one strpos() scan
// of that (~25 ms at 100,000 rows).
import { sql, type RawBuilder } from 'kysely';
import type { AnyEntity, AnyField } from '../../schema/define';
import { academyDayStart, nextDay, readJalaliDay } from '../../schema/rules/calendar';
import { foldForSearch, toLatinDigits, toPersianDigits } from '../../schema/rules/text';
import type { DB } from '../platform/db';
import { HttpError } from '../platform/errors';
import { searchClauses } from './listSearch';
import { linkedTo } from './links';

export type PropertyKind = 'number' | 'boolean' | 'text';
export type Properties = Readonly<Record<string, PropertyKind>>;

export interface ListFilter {
  field: string;
  /** Any of these (already in the database's form: booleans 0/1). */
  values: ReadonlyArray<string | number>;
  /**
   * A date field's range instead (`f.<field>=1403-01-01..1403-01-31`, Jalali days, either end
   * may be left out): instants from `from` (inclusive) to `to` (exclusive, the day after).
   */
  range?: { from: string | null; to: string | null };
  /** A many-to-many field: the rows linked to any of these records. */
  linked?: readonly number[];
}

export interface ListQuery {
  page: number;
  pageSize: number;
  sort: { field: string; desc: boolean };
  /** No sort was asked for: a search ranks its matches first (server/engine/searchRank.ts). */
  sortChosen: boolean;
  /** The folded search text; null when there is none. */
  q: string | null;
  filters: ReadonlyArray<ListFilter>;
  ids: ReadonlyArray<number> | null;
  /** The rows a scoped staff role may see (server/engine/staffView.ts queryForRole); absent: all. */
  within?: RawBuilder<unknown>;
}

type Row = Record<string, unknown>;

export const listLimits = { defaultPageSize: 50, maxPageSize: 500, maxIds: 500, maxSearch: 200 } as const;

export const listTexts = {
  repeated: (name: string) => `پارامتر «${name}» تکرار شده است`,
  page: 'شماره صفحه باید عدد صحیح مثبت باشد',
  pageSize: `اندازه صفحه باید عددی بین ۱ و ${toPersianDigits(listLimits.maxPageSize)} باشد`,
  sort: (field: string) => `مرتب‌سازی بر اساس «${field}» ممکن نیست`,
  filter: (field: string) => `فیلتر بر اساس «${field}» ممکن نیست`,
  filterValue: (field: string) => `مقدار فیلتر «${field}» نامعتبر است`,
  ids: 'فهرست شناسه‌ها نامعتبر است',
  tooManyIds: `حداکثر ${toPersianDigits(listLimits.maxIds)} شناسه در یک درخواست مجاز است`,
  search: `متن جستجو نباید بیش از ${toPersianDigits(listLimits.maxSearch)} نویسه باشد`,
  dateRange: (field: string) => `بازه تاریخ «${field}» نامعتبر است؛ به شکل ۱۴۰۳-۰۱-۰۱..۱۴۰۳-۰۱-۳۱`,
} as const;

/**
 * A Jalali day range as the URL carries it, «1403-01-01..1403-01-31» (either side may be empty,
 * Persian digits accepted), as the instants it covers: from the first day's midnight to the
 * midnight after the last, academy days (Tehran) whatever the server's zone.
 */
export function parseDateRange(field: string, raw: string): { from: string | null; to: string | null } {
  const parts = raw.split('..');
  if (parts.length !== 2 || parts.every((part) => part.trim() === '')) throw new HttpError(400, listTexts.dateRange(field));
  const day = (part: string, after: boolean): string | null => {
    const reading = readJalaliDay(part);
    if (reading === null) return null;
    if (reading.error !== undefined) throw new HttpError(400, `${listTexts.dateRange(field)} (${reading.error})`);
    return academyDayStart(after ? nextDay(reading.day) : reading.day).toISOString();
  };
  const from = day(parts[0] ?? '', false);
  const to = day(parts[1] ?? '', true);
  if (from !== null && to !== null && from >= to) throw new HttpError(400, listTexts.dateRange(field));
  return { from, to };
}

const protocolKeys = new Set(['page', 'pageSize', 'sort', 'q', 'ids']);
const isProtocolKey = (key: string) => protocolKeys.has(key) || key.startsWith('f.');

function fieldKind(field: AnyField): PropertyKind {
  switch (field.input) {
    case 'number':
    case 'reference':
      return 'number';
    case 'checkbox':
      return 'boolean';
    case 'select': {
      const first = field.options?.[0]?.[0];
      return typeof first === 'number' ? 'number' : typeof first === 'boolean' ? 'boolean' : 'text';
    }
    default:
      return 'text';
  }
}

/**
 * The row properties a list may be sorted and filtered by, when the contract's component is not
 * at hand: the id, the fields (typed by input kind), the columns' keys and the searched fields.
 */
export function entityProperties(entity: AnyEntity): Properties {
  const out: Record<string, PropertyKind> = { id: 'number' };
  for (const name of entity.searchIn ?? []) out[name] = 'text';
  for (const column of entity.columns) {
    if (!('key' in column)) continue;
    out[column.key] = column.cell === 'yesNo' ? 'boolean' : column.cell === 'number' || column.cell === 'hours' || column.cell === 'toman' ? 'number' : 'text';
  }
  for (const [name, field] of Object.entries(entity.fields)) out[name] = fieldKind(field);
  return out;
}

/** The properties of a contract component schema (resolved, as Contract.component answers). */
export function schemaProperties(schema: unknown, columns?: ReadonlySet<string>): Properties {
  const out: Record<string, PropertyKind> = {};
  const properties: unknown = typeof schema === 'object' && schema !== null ? Reflect.get(schema, 'properties') : undefined;
  if (typeof properties !== 'object' || properties === null) return out;
  for (const [name, property] of Object.entries(properties)) {
    if (columns && !columns.has(name)) continue;
    const type: unknown = typeof property === 'object' && property !== null ? Reflect.get(property, 'type') : undefined;
    const types = Array.isArray(type) ? type : [type];
    out[name] = types.includes('boolean') ? 'boolean' : types.includes('integer') || types.includes('number') ? 'number' : 'text';
  }
  return out;
}

function single(name: string, value: unknown): string {
  if (Array.isArray(value)) {
    if (value.length !== 1) throw new HttpError(400, listTexts.repeated(name));
    return String(value[0]);
  }
  return String(value);
}

function positiveInteger(text: string): number | null {
  const latin = toLatinDigits(text.trim());
  return /^[1-9][0-9]{0,8}$/.test(latin) ? Number(latin) : null;
}

function filterValue(field: string, kind: PropertyKind, raw: string): string | number {
  if (kind === 'boolean') {
    if (raw === 'true' || raw === '1') return 1;
    if (raw === 'false' || raw === '0') return 0;
    throw new HttpError(400, listTexts.filterValue(field));
  }
  if (kind === 'number') {
    const latin = toLatinDigits(raw.trim());
    if (!/^-?[0-9]+(\.[0-9]+)?$/.test(latin)) throw new HttpError(400, listTexts.filterValue(field));
    return Number(latin);
  }
  return raw;
}

/**
 * The list protocol's parameters of a request's query, or null when it has none (the spec's
 * whole-list answer). Bad values throw a 400 with a Persian message.
 */
export function parseListQuery(entity: AnyEntity, query: Record<string, unknown>, properties: Properties = entityProperties(entity)): ListQuery | null {
  const keys = Object.keys(query ?? {}).filter(isProtocolKey);
  if (keys.length === 0) return null;
  const has = (name: string) => Object.hasOwn(properties, name);

  let page = 1;
  if (query.page !== undefined) {
    const parsed = positiveInteger(single('page', query.page));
    if (parsed === null) throw new HttpError(400, listTexts.page);
    page = parsed;
  }
  let pageSize: number = listLimits.defaultPageSize;
  if (query.pageSize !== undefined) {
    const parsed = positiveInteger(single('pageSize', query.pageSize));
    if (parsed === null || parsed > listLimits.maxPageSize) throw new HttpError(400, listTexts.pageSize);
    pageSize = parsed;
  }
  // Until the admin sorts by a column: the entity's declared order, else the newest first.
  let sort = entity.defaultOrder ? { field: entity.defaultOrder[0], desc: entity.defaultOrder[1] === 'desc' } : { field: 'id', desc: true };
  if (query.sort !== undefined) {
    const raw = single('sort', query.sort).trim();
    const desc = raw.startsWith('-');
    const field = desc ? raw.slice(1) : raw;
    if (!has(field)) throw new HttpError(400, listTexts.sort(field));
    sort = { field, desc };
  }
  let q: string | null = null;
  if (query.q !== undefined) {
    const raw = single('q', query.q);
    if (raw.length > listLimits.maxSearch) throw new HttpError(400, listTexts.search);
    // Control characters never match text and would let a needle span two columns (see below).
    const folded = foldForSearch(raw).replace(/[\u0000-\u001f]/g, '');
    q = folded.length > 0 ? folded : null;
  }
  let ids: number[] | null = null;
  if (query.ids !== undefined) {
    const parts = (Array.isArray(query.ids) ? query.ids : [query.ids])
      .flatMap((part) => String(part).split(','))
      .map((part) => part.trim())
      .filter((part) => part.length > 0);
    const parsed = parts.map(positiveInteger);
    if (parsed.some((id) => id === null)) throw new HttpError(400, listTexts.ids);
    ids = [...new Set(parsed.filter((id): id is number => id !== null))];
    if (ids.length > listLimits.maxIds) throw new HttpError(400, listTexts.tooManyIds);
  }
  const filters: ListFilter[] = [];
  for (const key of keys) {
    if (!key.startsWith('f.')) continue;
    const field = key.slice(2);
    const raw = query[key];
    if (entity.allFields[field]?.input === 'references') {
      const linked = (Array.isArray(raw) ? raw : [raw]).map((value) => positiveInteger(String(value)));
      if (linked.some((id) => id === null)) throw new HttpError(400, listTexts.filterValue(field));
      filters.push({ field, values: [], linked: linked.filter((id): id is number => id !== null) });
      continue;
    }
    const kind = properties[field];
    if (!has(field) || kind === undefined) throw new HttpError(400, listTexts.filter(field));
    if (entity.allFields[field]?.input === 'jalaliDate') {
      filters.push({ field, values: [], range: parseDateRange(field, single(key, raw)) });
      continue;
    }
    const values = (Array.isArray(raw) ? raw : [raw]).map((value) => filterValue(field, kind, String(value)));
    filters.push({ field, values });
  }
  return { page, pageSize, sort, sortChosen: query.sort !== undefined, q, filters, ids };
}

// ---- search -------------------------------------------------------------------------------

interface Clauses {
  where: RawBuilder<unknown>;
  order: RawBuilder<unknown>;
}

async function clauses(db: DB, entity: AnyEntity, q: ListQuery): Promise<Clauses> {
  const parts: RawBuilder<unknown>[] = [];
  for (const filter of q.filters) {
    if (filter.linked) {
      parts.push(linkedTo(entity, filter.field, filter.linked));
      continue;
    }
    if (filter.range) {
      // Stored as ISO instants (toISOString), which compare as text in time order.
      if (filter.range.from !== null) parts.push(sql`${sql.ref(filter.field)} >= ${filter.range.from}`);
      if (filter.range.to !== null) parts.push(sql`${sql.ref(filter.field)} < ${filter.range.to}`);
      continue;
    }
    parts.push(sql`${sql.ref(filter.field)} in (${sql.join(filter.values.map((value) => sql`${value}`))})`);
  }
  if (q.ids) {
    parts.push(q.ids.length > 0 ? sql`${sql.ref('id')} in (${sql.join(q.ids.map((id) => sql`${id}`))})` : sql`1 = 0`);
  }
  if (q.within) parts.push(q.within);
  let rank: RawBuilder<unknown> | null = null;
  if (q.q !== null) {
    const search = await searchClauses(db, entity, q.q, !q.sortChosen);
    parts.push(search.where);
    rank = search.rank;
  }
  return { where: parts.length > 0 ? sql`where ${sql.join(parts, sql` and `)}` : sql``, order: orderClause(q, rank) };
}

/**
 * Nulls last in both directions on both databases; the id breaks ties, so pages never overlap.
 * A search's rank, when there is one, comes before the sort.
 */
function orderClause(q: ListQuery, rank: RawBuilder<unknown> | null): RawBuilder<unknown> {
  const direction = q.sort.desc ? sql`desc` : sql`asc`;
  const first = rank ? sql`${rank} asc, ` : sql``;
  if (q.sort.field === 'id') return sql`order by ${first}${sql.ref('id')} ${direction}`;
  return sql`order by ${first}${sql.ref(q.sort.field)} ${direction} nulls last, ${sql.ref('id')} ${direction}`;
}

/** One page of rows (unshaped, as the database keeps them) and how many rows match in all. */
export async function runListQuery(db: DB, entity: AnyEntity, q: ListQuery): Promise<{ items: Row[]; total: number }> {
  const { where, order } = await clauses(db, entity, q);
  const table = sql.table(entity.table);
  const [counted, page] = await Promise.all([
    sql<{ n: number }>`select count(*) as ${sql.ref('n')} from ${table} ${where}`.execute(db),
    // The page's ids are chosen by sorting narrow (id, key) pairs, then only those rows are read
    // whole: sorting 100,000 whole rows (descriptions and all) to keep 100 was most of the cost.
    sql<Row>`select * from ${table} where ${sql.ref('id')} in (
        select ${sql.ref('id')} from ${table} ${where} ${order} limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}
      ) ${order}`.execute(db),
  ]);
  return { items: page.rows, total: Number(counted.rows[0]?.n ?? 0) };
}

/** Every id matching the search and filters, in the query's order, paging ignored. */
export async function matchingIds(db: DB, entity: AnyEntity, q: ListQuery): Promise<number[]> {
  const { where, order } = await clauses(db, entity, q);
  const result = await sql<{ id: number }>`select ${sql.ref('id')} from ${sql.table(entity.table)} ${where} ${order}`.execute(db);
  return result.rows.map((row) => Number(row.id));
}

/** Every row matching the search and filters, in the query's order (CSV export). */
export async function matchingRows(db: DB, entity: AnyEntity, q: ListQuery): Promise<Row[]> {
  const { where, order } = await clauses(db, entity, q);
  const result = await sql<Row>`select * from ${sql.table(entity.table)} ${where} ${order}`.execute(db);
  return result.rows;
}

/** A list URL's query string as Fastify reads one (a repeated name becomes an array). */
export function parseQueryString(query: string): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(query.replace(/^\?/, ''))) {
    const before = record[key];
    record[key] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return record;
}
