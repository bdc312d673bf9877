// Persian-aware search of the admin lists: on SQLite each entity's searchIn columns folded once
// into memory and kept current from a change log the triggers write; on PostgreSQL the folded
// text kept in list_search by triggers, searched with one strpos() scan.
import { sql, type RawBuilder } from 'kysely';
import type { AnyEntity } from '../../schema/define';
import { foldForSearch, searchFoldDropped, searchFoldMap } from '../../schema/rules/text';
import { type DB, isPostgres, type Row } from '../platform/db';

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
export async function searchIds(db: DB, entity: AnyEntity, fields: readonly string[], needle: string): Promise<number[]> {
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

