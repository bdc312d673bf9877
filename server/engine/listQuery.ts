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
import { academyDayStart, isValidJalali, nextDay } from '../../schema/rules/calendar';
import { foldForSearch, searchFoldDropped, searchFoldMap, toLatinDigits, toPersianDigits } from '../../schema/rules/text';
import { isPostgres, type DB } from '../platform/db';
import { HttpError } from '../platform/errors';

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
}

export interface ListQuery {
  page: number;
  pageSize: number;
  sort: { field: string; desc: boolean };
  /** The folded search text; null when there is none. */
  q: string | null;
  filters: ReadonlyArray<ListFilter>;
  ids: ReadonlyArray<number> | null;
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
  const text = toLatinDigits(raw.trim());
  const match = /^(\d{4}-\d{1,2}-\d{1,2})?\.\.(\d{4}-\d{1,2}-\d{1,2})?$/.exec(text);
  if (!match || (!match[1] && !match[2])) throw new HttpError(400, listTexts.dateRange(field));
  const day = (part: string | undefined, after: boolean): string | null => {
    if (!part) return null;
    const [jy = 0, jm = 0, jd = 0] = part.split('-').map(Number);
    if (!isValidJalali({ jy, jm, jd })) throw new HttpError(400, listTexts.dateRange(field));
    return academyDayStart(after ? nextDay({ jy, jm, jd }) : { jy, jm, jd }).toISOString();
  };
  const from = day(match[1], false);
  const to = day(match[2], true);
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
  let sort = { field: 'id', desc: true };
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
    const kind = properties[field];
    if (!has(field) || kind === undefined) throw new HttpError(400, listTexts.filter(field));
    const raw = query[key];
    if (entity.allFields[field]?.input === 'jalaliDate') {
      filters.push({ field, values: [], range: parseDateRange(field, single(key, raw)) });
      continue;
    }
    const values = (Array.isArray(raw) ? raw : [raw]).map((value) => filterValue(field, kind, String(value)));
    filters.push({ field, values });
  }
  return { page, pageSize, sort, q, filters, ids };
}

// ---- search -------------------------------------------------------------------------------

/** One table's folded search text, as of change `seq` of the change log. */
interface FoldedIndex {
  seq: number;
  /** Each row's folded searchIn values joined by \u0001, which no folded needle holds. */
  texts: Map<number, string>;
}

interface IndexState {
  index: FoldedIndex | null;
  /** Reading and updating one table's index runs one at a time. */
  queue: Promise<unknown>;
}

const indexes = new WeakMap<DB, Map<string, IndexState>>();

/** Past this many changed rows, reading the whole table is cheaper than reading them by id. */
const incrementalLimit = 5_000;
/** The change log keeps about this many entries per table. */
const changesKept = 20_000;

const triggerVersion = 1;

/**
 * The triggers behind search (idempotent, run at start after the migrations; created here rather
 * than in a migration so a table added or rebuilt by a later migration gets them on the next
 * start). SQLite: every insert, update and delete of each list table is logged into list_changes.
 * PostgreSQL: each row's folded text is kept in list_search.
 */
export async function prepareListSearch(db: DB, entities: readonly AnyEntity[]): Promise<void> {
  for (const entity of entities) {
    if (!/^[a-z_][a-z0-9_]*$/.test(entity.table)) throw new Error(`unexpected table name ${entity.table}`);
  }
  if (isPostgres(db)) {
    for (const entity of entities) await preparePgSearch(db, entity);
    return;
  }
  for (const { table } of entities) {
    const log = (rows: RawBuilder<unknown>) => sql`insert into ${sql.table('list_changes')} (${sql.ref('tbl')}, ${sql.ref('rowId')}) ${rows}`;
    const name = (event: string) => sql.id(`list_change_v${triggerVersion}_${table}_${event}`);
    const on = sql.table(table);
    const tbl = sql.lit(table);
    await sql`create trigger if not exists ${name('insert')} after insert on ${on}
      begin ${log(sql`values (${tbl}, new.id)`)}; end`.execute(db);
    await sql`create trigger if not exists ${name('update')} after update on ${on}
      begin ${log(sql`select ${tbl}, new.id union select ${tbl}, old.id`)}; end`.execute(db);
    await sql`create trigger if not exists ${name('delete')} after delete on ${on}
      begin ${log(sql`values (${tbl}, old.id)`)}; end`.execute(db);
  }
}

/** PostgreSQL: foldForSearch of a row's searched fields, as SQL over `row` (new, or the table). */
function pgFoldedRow(fields: readonly string[], row: string | null): RawBuilder<unknown> {
  const value = (field: string) => (row ? sql`coalesce(${sql.raw(row)}.${sql.ref(field)}::text, '')` : sql`coalesce(${sql.ref(field)}::text, '')`);
  return sql`translate(${sql.join(fields.map(value), sql` || chr(1) || `)}, ${sql.lit(translateFrom)}, ${sql.lit(translateTo)})`;
}

async function preparePgSearch(db: DB, entity: AnyEntity): Promise<void> {
  const fields = entity.searchIn ?? [];
  const table = entity.table;
  const fn = sql.id(`list_search_${table}`);
  const signature = `v${triggerVersion}|${fields.join(',')}|${translateFrom}|${translateTo}`;
  await db.transaction().execute(async (trx) => {
    // Processes starting together on one database take turns.
    await sql`select pg_advisory_xact_lock(${0x115e4c}, hashtext(${table}))`.execute(trx);
    if (fields.length === 0) {
      await sql`drop trigger if exists ${fn} on ${sql.table(table)}`.execute(trx);
      await sql`delete from ${sql.table('list_search')} where ${sql.ref('tbl')} = ${table}`.execute(trx);
      return;
    }
    await sql`create or replace function ${fn}() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.id <> new.id) then
          delete from list_search where tbl = ${sql.lit(table)} and id = old.id;
        end if;
        if tg_op = 'DELETE' then return old; end if;
        insert into list_search (tbl, id, text) values (${sql.lit(table)}, new.id, ${pgFoldedRow(fields, 'new')})
          on conflict (tbl, id) do update set text = excluded.text;
        return new;
      end $$`.execute(trx);
    await sql`create or replace trigger ${fn} after insert or update or delete on ${sql.table(table)}
      for each row execute function ${fn}()`.execute(trx);
    const meta = await sql<{ signature: string }>`select ${sql.ref('signature')} from ${sql.table('list_search_meta')}
      where ${sql.ref('tbl')} = ${table}`.execute(trx);
    if (meta.rows[0]?.signature === signature) return;
    // First start, or searched fields or folding changed: every row's text anew.
    await sql`delete from ${sql.table('list_search')} where ${sql.ref('tbl')} = ${table}`.execute(trx);
    await sql`insert into ${sql.table('list_search')} (${sql.ref('tbl')}, ${sql.ref('id')}, ${sql.ref('text')})
      select ${table}, ${sql.ref('id')}, ${pgFoldedRow(fields, null)} from ${sql.table(table)}`.execute(trx);
    await sql`insert into ${sql.table('list_search_meta')} (${sql.ref('tbl')}, ${sql.ref('signature')}) values (${table}, ${signature})
      on conflict (${sql.ref('tbl')}) do update set ${sql.ref('signature')} = excluded.${sql.ref('signature')}`.execute(trx);
  });
}

/**
 * SQLite: builds the search index of every entity a moment after start, off the start-up path,
 * so the first search of a large table does not pay for it (~0.5 s at 100,000 rows).
 */
export function warmListSearch(db: DB, entities: readonly AnyEntity[], delayMs = 1_000): void {
  if (isPostgres(db)) return;
  const timer = setTimeout(() => {
    void (async () => {
      for (const entity of entities) {
        const fields = entity.searchIn ?? [];
        // A database closed meanwhile (a test, a shutdown) simply leaves the index to be built later.
        if (fields.length > 0) await searchIds(db, entity, fields, '\u0000').catch(() => undefined);
      }
    })();
  }, delayMs);
  timer.unref();
}

const foldRow = (row: Row, fields: readonly string[]) => fields.map((f) => foldForSearch(String(row[f] ?? ''))).join('\u0001');

async function logState(db: DB, table: string): Promise<{ seq: number; pruned: number }> {
  const result = await sql<{ seq: number | null; pruned: number | null }>`select
      (select max(${sql.ref('seq')}) from ${sql.table('list_changes')} where ${sql.ref('tbl')} = ${table}) as ${sql.ref('seq')},
      (select ${sql.ref('below')} from ${sql.table('list_pruned')} where ${sql.ref('tbl')} = ${table}) as ${sql.ref('pruned')}`.execute(db);
  const row = result.rows[0];
  return { seq: Number(row?.seq ?? 0), pruned: Number(row?.pruned ?? 0) };
}

async function readAll(db: DB, entity: AnyEntity, fields: readonly string[], seq: number): Promise<FoldedIndex> {
  // Read after `seq`: a change logged meanwhile is applied again next time, which is harmless.
  const result = await sql<Row>`select ${sql.join([sql.ref('id'), ...fields.map((f) => sql.ref(f))])} from ${sql.table(entity.table)}`.execute(db);
  const texts = new Map<number, string>();
  for (const row of result.rows) texts.set(Number(row.id), foldRow(row, fields));
  return { seq, texts };
}

/** The index brought up to the table's latest change: rebuilt, or just its changed rows re-read. */
async function freshIndex(db: DB, entity: AnyEntity, fields: readonly string[], current: FoldedIndex | null): Promise<FoldedIndex> {
  const { seq, pruned } = await logState(db, entity.table);
  if (current && current.seq === seq) return current;
  if (!current || current.seq < pruned || current.seq > seq) return readAll(db, entity, fields, seq);
  const changed = await sql<{ rowId: number }>`select distinct ${sql.ref('rowId')} from ${sql.table('list_changes')}
    where ${sql.ref('tbl')} = ${entity.table} and ${sql.ref('seq')} > ${current.seq} and ${sql.ref('seq')} <= ${seq}`.execute(db);
  if (changed.rows.length > incrementalLimit) return readAll(db, entity, fields, seq);
  const ids = changed.rows.map((row) => Number(row.rowId));
  const rows = await sql<Row>`select ${sql.join([sql.ref('id'), ...fields.map((f) => sql.ref(f))])} from ${sql.table(entity.table)}
    where ${sql.ref('id')} in (select value from json_each(${JSON.stringify(ids)}))`.execute(db);
  const texts = current.texts;
  for (const id of ids) texts.delete(id);
  for (const row of rows.rows) texts.set(Number(row.id), foldRow(row, fields));
  if (seq - pruned > 2 * changesKept) await prune(db, entity.table, seq - changesKept);
  return { seq, texts };
}

/** Cuts the table's change log below `below` and notes where, so older indexes rebuild. */
async function prune(db: DB, table: string, below: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`delete from ${sql.table('list_changes')} where ${sql.ref('tbl')} = ${table} and ${sql.ref('seq')} < ${below}`.execute(trx);
    await sql`insert into ${sql.table('list_pruned')} (${sql.ref('tbl')}, ${sql.ref('below')}) values (${table}, ${below})
      on conflict (${sql.ref('tbl')}) do update set ${sql.ref('below')} = excluded.${sql.ref('below')}`.execute(trx);
  });
}

/** SQLite: the ids whose folded searchIn text holds the needle, from the in-memory index. */
async function searchIds(db: DB, entity: AnyEntity, fields: readonly string[], needle: string): Promise<number[]> {
  let perDb = indexes.get(db);
  if (!perDb) {
    perDb = new Map();
    indexes.set(db, perDb);
  }
  let state = perDb.get(entity.key);
  if (!state) {
    state = { index: null, queue: Promise.resolve() };
    perDb.set(entity.key, state);
  }
  const owner = state;
  const updated = owner.queue.then(async () => {
    owner.index = await freshIndex(db, entity, fields, owner.index).catch((error: unknown) => {
      // A failed update leaves no half-applied index behind: the next search rebuilds.
      owner.index = null;
      throw error;
    });
    return owner.index;
  });
  owner.queue = updated.catch(() => undefined);
  const index = await updated;
  const found: number[] = [];
  for (const [id, text] of index.texts) {
    if (text.includes(needle)) found.push(id);
  }
  return found;
}

const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
// translate(value, from, to): each character of `from` becomes the one at the same place in
// `to`; those past the end of `to` are deleted. So the dropped characters go last.
const translateFrom = upper + searchFoldMap.map(([from]) => from).join('') + searchFoldDropped;
const translateTo = upper.toLowerCase() + searchFoldMap.map(([, to]) => to).join('');


// ---- the query ----------------------------------------------------------------------------

async function whereClause(db: DB, entity: AnyEntity, q: ListQuery): Promise<RawBuilder<unknown>> {
  const parts: RawBuilder<unknown>[] = [];
  for (const filter of q.filters) {
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
  const fields = entity.searchIn ?? [];
  if (q.q !== null) {
    if (fields.length === 0) parts.push(sql`1 = 0`);
    else if (isPostgres(db)) {
      parts.push(sql`${sql.ref('id')} in (select ${sql.ref('id')} from ${sql.table('list_search')}
        where ${sql.ref('tbl')} = ${entity.table} and strpos(${sql.ref('text')}, ${q.q}) > 0)`);
    } else {
      const ids = await searchIds(db, entity, fields, q.q);
      // One JSON parameter however many match: SQLite allows only so many bound values.
      parts.push(ids.length > 0 ? sql`${sql.ref('id')} in (select value from json_each(${JSON.stringify(ids)}))` : sql`1 = 0`);
    }
  }
  return parts.length > 0 ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}

/** Nulls last in both directions on both databases; the id breaks ties, so pages never overlap. */
function orderClause(q: ListQuery): RawBuilder<unknown> {
  const direction = q.sort.desc ? sql`desc` : sql`asc`;
  if (q.sort.field === 'id') return sql`order by ${sql.ref('id')} ${direction}`;
  return sql`order by ${sql.ref(q.sort.field)} ${direction} nulls last, ${sql.ref('id')} ${direction}`;
}

/** One page of rows (unshaped, as the database keeps them) and how many rows match in all. */
export async function runListQuery(db: DB, entity: AnyEntity, q: ListQuery): Promise<{ items: Row[]; total: number }> {
  const where = await whereClause(db, entity, q);
  const table = sql.table(entity.table);
  const [counted, page] = await Promise.all([
    sql<{ n: number }>`select count(*) as ${sql.ref('n')} from ${table} ${where}`.execute(db),
    // The page's ids are chosen by sorting narrow (id, key) pairs, then only those rows are read
    // whole: sorting 100,000 whole rows (descriptions and all) to keep 100 was most of the cost.
    sql<Row>`select * from ${table} where ${sql.ref('id')} in (
        select ${sql.ref('id')} from ${table} ${where} ${orderClause(q)} limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}
      ) ${orderClause(q)}`.execute(db),
  ]);
  return { items: page.rows, total: Number(counted.rows[0]?.n ?? 0) };
}

/** Every id matching the search and filters, in the query's order, paging ignored. */
export async function matchingIds(db: DB, entity: AnyEntity, q: ListQuery): Promise<number[]> {
  const where = await whereClause(db, entity, q);
  const result = await sql<{ id: number }>`select ${sql.ref('id')} from ${sql.table(entity.table)} ${where} ${orderClause(q)}`.execute(db);
  return result.rows.map((row) => Number(row.id));
}

/** Every row matching the search and filters, in the query's order (CSV export). */
export async function matchingRows(db: DB, entity: AnyEntity, q: ListQuery): Promise<Row[]> {
  const where = await whereClause(db, entity, q);
  const result = await sql<Row>`select * from ${sql.table(entity.table)} ${where} ${orderClause(q)}`.execute(db);
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
