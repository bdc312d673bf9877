// Persian-aware search of the admin lists: on SQLite each entity's searchIn columns folded once
// into memory and kept current from a change log the triggers write; on PostgreSQL the folded
// text kept in list_search by triggers, searched with one strpos() scan. A list declaring
// `searchThrough` also finds its rows by the records they refer to (or that refer to them), each
// matched in that table's own index, which its own triggers keep: a renamed learner is found
// under the new name by every list that searches through learners, with nothing to re-fold.
import { sql, type RawBuilder } from 'kysely';
import { labelFieldsOf, type AnyEntity } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { foldForSearch, searchFoldDropped, searchFoldMap } from '../../schema/rules/text';
import { type DB, isPostgres, type Row } from '../platform/db';
import { labelWords, searchNeedles, searchRanker, searchRanks, wordBreaks, wordPrefixPattern } from './searchRank';

/** One table's folded search text, as of change `seq` of the change log. */
interface FoldedIndex {
  seq: number;
  /** Each row's folded searchIn values joined by \u0001, which no folded needle holds. */
  texts: Map<number, string>;
  /** Each row's label as labelWords, for ranking (empty when the entity has no label). */
  words: Map<number, string>;
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

const triggerVersion = 2;

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
  for (const entity of entities) searchPaths(entity);
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

/** PostgreSQL: labelWords of a row's label fields, as SQL over `row` (new, or the table). */
function pgLabelWords(fields: readonly string[], row: string | null): RawBuilder<unknown> {
  const value = (field: string) => (row ? sql`coalesce(${sql.raw(row)}.${sql.ref(field)}::text, '')` : sql`coalesce(${sql.ref(field)}::text, '')`);
  const spaced = sql`translate(${sql.join(fields.map(value), sql` || ' ' || `)}, ${sql.lit(wordsFrom)}, ${sql.lit(wordsTo)})`;
  return sql`' ' || btrim(regexp_replace(${spaced}, ' +', ' ', 'g'))`;
}

/** The list_search key of a table's label words (beside its searched text under the table's name). */
const wordsKey = (table: string) => `${table}:words`;

async function preparePgSearch(db: DB, entity: AnyEntity): Promise<void> {
  const fields = entity.searchIn ?? [];
  const labels = labelFieldsOf(entity);
  const table = entity.table;
  const fn = sql.id(`list_search_${table}`);
  const signature = `v${triggerVersion}|${fields.join(',')}|${labels.join(',')}|${translateFrom}|${translateTo}|${wordsFrom}|${wordsTo}`;
  const keys = sql`${sql.ref('tbl')} in (${table}, ${wordsKey(table)})`;
  const words = (row: string | null) => (labels.length > 0 ? pgLabelWords(labels, row) : sql`' '`);
  await db.transaction().execute(async (trx) => {
    // Processes starting together on one database take turns.
    await sql`select pg_advisory_xact_lock(${0x115e4c}, hashtext(${table}))`.execute(trx);
    if (fields.length === 0) {
      await sql`drop trigger if exists ${fn} on ${sql.table(table)}`.execute(trx);
      await sql`delete from ${sql.table('list_search')} where ${keys}`.execute(trx);
      return;
    }
    await sql`create or replace function ${fn}() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.id <> new.id) then
          delete from list_search where tbl in (${sql.lit(table)}, ${sql.lit(wordsKey(table))}) and id = old.id;
        end if;
        if tg_op = 'DELETE' then return old; end if;
        insert into list_search (tbl, id, text) values (${sql.lit(table)}, new.id, ${pgFoldedRow(fields, 'new')}),
            (${sql.lit(wordsKey(table))}, new.id, ${words('new')})
          on conflict (tbl, id) do update set text = excluded.text;
        return new;
      end $$`.execute(trx);
    await sql`create or replace trigger ${fn} after insert or update or delete on ${sql.table(table)}
      for each row execute function ${fn}()`.execute(trx);
    const meta = await sql<{ signature: string }>`select ${sql.ref('signature')} from ${sql.table('list_search_meta')}
      where ${sql.ref('tbl')} = ${table}`.execute(trx);
    if (meta.rows[0]?.signature === signature) return;
    // First start, or searched fields or folding changed: every row's text anew.
    await sql`delete from ${sql.table('list_search')} where ${keys}`.execute(trx);
    await sql`insert into ${sql.table('list_search')} (${sql.ref('tbl')}, ${sql.ref('id')}, ${sql.ref('text')})
      select ${table}, ${sql.ref('id')}, ${pgFoldedRow(fields, null)} from ${sql.table(table)}`.execute(trx);
    await sql`insert into ${sql.table('list_search')} (${sql.ref('tbl')}, ${sql.ref('id')}, ${sql.ref('text')})
      select ${wordsKey(table)}, ${sql.ref('id')}, ${words(null)} from ${sql.table(table)}`.execute(trx);
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
        // A database closed meanwhile (a test, a shutdown) simply leaves the index to be built later.
        if ((entity.searchIn ?? []).length > 0) await searchIndex(db, entity).catch(() => undefined);
      }
    })();
  }, delayMs);
  timer.unref();
}

const foldRow = (row: Row, fields: readonly string[]) => fields.map((f) => foldForSearch(String(row[f] ?? ''))).join('\u0001');
const rowWords = (row: Row, fields: readonly string[]) => labelWords(fields.map((f) => String(row[f] ?? '')).join(' '));

/** The columns an index reads: the searched fields and the label's. */
const indexColumns = (entity: AnyEntity) => [...new Set(['id', ...(entity.searchIn ?? []), ...labelFieldsOf(entity)])].map((f) => sql.ref(f));

function indexRow(index: FoldedIndex, entity: AnyEntity, row: Row): void {
  const id = Number(row.id);
  index.texts.set(id, foldRow(row, entity.searchIn ?? []));
  const labels = labelFieldsOf(entity);
  if (labels.length > 0) index.words.set(id, rowWords(row, labels));
}

async function logState(db: DB, table: string): Promise<{ seq: number; pruned: number }> {
  const result = await sql<{ seq: number | null; pruned: number | null }>`select
      (select max(${sql.ref('seq')}) from ${sql.table('list_changes')} where ${sql.ref('tbl')} = ${table}) as ${sql.ref('seq')},
      (select ${sql.ref('below')} from ${sql.table('list_pruned')} where ${sql.ref('tbl')} = ${table}) as ${sql.ref('pruned')}`.execute(db);
  const row = result.rows[0];
  return { seq: Number(row?.seq ?? 0), pruned: Number(row?.pruned ?? 0) };
}

async function readAll(db: DB, entity: AnyEntity, seq: number): Promise<FoldedIndex> {
  // Read after `seq`: a change logged meanwhile is applied again next time, which is harmless.
  const result = await sql<Row>`select ${sql.join(indexColumns(entity))} from ${sql.table(entity.table)}`.execute(db);
  const index: FoldedIndex = { seq, texts: new Map(), words: new Map() };
  for (const row of result.rows) indexRow(index, entity, row);
  return index;
}

/** The index brought up to the table's latest change: rebuilt, or just its changed rows re-read. */
async function freshIndex(db: DB, entity: AnyEntity, current: FoldedIndex | null): Promise<FoldedIndex> {
  const { seq, pruned } = await logState(db, entity.table);
  if (current && current.seq === seq) return current;
  if (!current || current.seq < pruned || current.seq > seq) return readAll(db, entity, seq);
  const changed = await sql<{ rowId: number }>`select distinct ${sql.ref('rowId')} from ${sql.table('list_changes')}
    where ${sql.ref('tbl')} = ${entity.table} and ${sql.ref('seq')} > ${current.seq} and ${sql.ref('seq')} <= ${seq}`.execute(db);
  if (changed.rows.length > incrementalLimit) return readAll(db, entity, seq);
  const ids = changed.rows.map((row) => Number(row.rowId));
  const rows = await sql<Row>`select ${sql.join(indexColumns(entity))} from ${sql.table(entity.table)}
    where ${sql.ref('id')} in (select value from json_each(${JSON.stringify(ids)}))`.execute(db);
  const index: FoldedIndex = { seq, texts: current.texts, words: current.words };
  for (const id of ids) {
    index.texts.delete(id);
    index.words.delete(id);
  }
  for (const row of rows.rows) indexRow(index, entity, row);
  if (seq - pruned > 2 * changesKept) await prune(db, entity.table, seq - changesKept);
  return index;
}

/** Cuts the table's change log below `below` and notes where, so older indexes rebuild. */
async function prune(db: DB, table: string, below: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`delete from ${sql.table('list_changes')} where ${sql.ref('tbl')} = ${table} and ${sql.ref('seq')} < ${below}`.execute(trx);
    await sql`insert into ${sql.table('list_pruned')} (${sql.ref('tbl')}, ${sql.ref('below')}) values (${table}, ${below})
      on conflict (${sql.ref('tbl')}) do update set ${sql.ref('below')} = excluded.${sql.ref('below')}`.execute(trx);
  });
}

/** SQLite: the entity's in-memory index, brought up to its table's latest change. */
async function searchIndex(db: DB, entity: AnyEntity): Promise<FoldedIndex> {
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
    owner.index = await freshIndex(db, entity, owner.index).catch((error: unknown) => {
      // A failed update leaves no half-applied index behind: the next search rebuilds.
      owner.index = null;
      throw error;
    });
    return owner.index;
  });
  owner.queue = updated.catch(() => undefined);
  return updated;
}

function matching(index: FoldedIndex, needles: readonly string[]): number[] {
  const found: number[] = [];
  for (const [id, text] of index.texts) {
    if (needles.some((needle) => text.includes(needle))) found.push(id);
  }
  return found;
}

const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
// translate(value, from, to): each character of `from` becomes the one at the same place in
// `to`; those past the end of `to` are deleted. So the dropped characters go last.
const translateFrom = upper + searchFoldMap.map(([from]) => from).join('') + searchFoldDropped;
const translateTo = upper.toLowerCase() + searchFoldMap.map(([, to]) => to).join('');
// The same folding for labelWords: each kind of word break becomes a space, the rest dropped.
const breaks = Array.from(wordBreaks);
const wordsFrom = upper + searchFoldMap.map(([from]) => from).join('') + wordBreaks + Array.from(searchFoldDropped).filter((c) => !breaks.includes(c)).join('');
const wordsTo = upper.toLowerCase() + searchFoldMap.map(([, to]) => to).join('') + ' '.repeat(breaks.length);

// ---- the query ----------------------------------------------------------------------------


// ---- searching ----------------------------------------------------------------------------

type SearchPath = { target: AnyEntity; reference: string } | { target: AnyEntity; by: string };

/** An entity's searchThrough, resolved; a path that leads nowhere searched throws (at start). */
export function searchPaths(entity: AnyEntity): SearchPath[] {
  return (entity.searchThrough ?? []).map((path) => {
    const wrong = (why: string) => new Error(`${entity.key}: searchThrough ${JSON.stringify(path)} ${why}`);
    let resolved: SearchPath;
    if ('reference' in path) {
      const field = entity.allFields[path.reference];
      if (field?.input !== 'reference' || !field.reference) throw wrong('is not a reference field');
      resolved = { target: registry[field.reference.entity], reference: path.reference };
    } else {
      const target = registry[path.entity];
      const field = target.allFields[path.by];
      if (field?.input !== 'reference' || field.reference?.entity !== entity.key) throw wrong(`: ${path.by} does not refer to ${entity.key}`);
      resolved = { target, by: path.by };
    }
    if ((resolved.target.searchIn ?? []).length === 0) throw wrong(`leads to ${resolved.target.key}, which has no searchIn`);
    return resolved;
  });
}

/** The rows of `entity` a path finds, given the matching ids of its target (as a subquery). */
function pathCondition(path: SearchPath, targetIds: RawBuilder<unknown>): RawBuilder<unknown> {
  if ('reference' in path) return sql`${sql.ref(path.reference)} in (${targetIds})`;
  return sql`${sql.ref('id')} in (select ${sql.ref(path.by)} from ${sql.table(path.target.table)} where ${sql.ref('id')} in (${targetIds}))`;
}

/**
 * A folded search as SQL: the condition a row matches by (its own searchIn fields, or a record of
 * its searchThrough), and, when `ranked`, the rank to order by first (see searchRank.ts).
 */
export async function searchClauses(db: DB, entity: AnyEntity, needle: string, ranked: boolean): Promise<{ where: RawBuilder<unknown>; rank: RawBuilder<unknown> | null }> {
  const needles = searchNeedles(needle);
  const own = (entity.searchIn ?? []).length > 0;
  const parts: RawBuilder<unknown>[] = [];
  let rank: RawBuilder<unknown> | null = null;
  if (isPostgres(db)) {
    const matches = (table: string) => sql`select ${sql.ref('id')} from ${sql.table('list_search')} where ${sql.ref('tbl')} = ${table}
      and (${sql.join(needles.map((n) => sql`strpos(${sql.ref('text')}, ${n}) > 0`), sql` or `)})`;
    if (own) parts.push(sql`${sql.ref('id')} in (${matches(entity.table)})`);
    for (const path of searchPaths(entity)) parts.push(pathCondition(path, matches(path.target.table)));
    if (ranked && own && labelFieldsOf(entity).length > 0) {
      const words = sql.ref('w.text');
      const whole = sql`replace(${words}, ' ', '')`;
      rank = sql`(select case when ${whole} = ${needle} then ${sql.lit(searchRanks.exact)}
          when strpos(${whole}, ${needle}) = 1 then ${sql.lit(searchRanks.prefix)}
          when ${words} ~ ${wordPrefixPattern(needle)} then ${sql.lit(searchRanks.wordPrefix)}
          else ${sql.lit(searchRanks.contains)} end
        from ${sql.table('list_search')} as ${sql.id('w')} where ${sql.ref('w.tbl')} = ${wordsKey(entity.table)} and ${sql.ref('w.id')} = ${sql.ref(`${entity.table}.id`)})`;
    }
  } else {
    // One JSON parameter however many match: SQLite allows only so many bound values.
    const listed = (ids: readonly number[]) => sql`select value from json_each(${JSON.stringify(ids)})`;
    const index = own ? await searchIndex(db, entity) : null;
    const found = new Set(index ? matching(index, needles) : []);
    // The rows a path finds are read by the indexed reference column, then joined with the rest:
    // one plain `id in` for the list query, as a search of its own fields alone would be.
    for (const path of searchPaths(entity)) {
      const targets = matching(await searchIndex(db, path.target), needles);
      if (targets.length === 0) continue;
      const rows = await sql<{ id: number }>`select distinct ${sql.ref(`${'by' in path ? path.by : 'id'}`)} as ${sql.ref('id')}
        from ${sql.table('by' in path ? path.target.table : entity.table)}
        where ${sql.ref('by' in path ? 'id' : path.reference)} in (${listed(targets)})`.execute(db);
      for (const row of rows.rows) found.add(Number(row.id));
    }
    const ids = [...found];
    parts.push(sql`${sql.ref('id')} in (${listed(ids)})`);
    if (ranked && index && index.words.size > 0) rank = sqliteRank(index, ids, needle, listed);
  }
  return { where: parts.length > 0 ? sql`(${sql.join(parts, sql` or `)})` : sql`1 = 0`, rank };
}

/**
 * SQLite: the rank as a CASE over the ids of each rank, ranked in JS. The commonest rank is the
 * ELSE, so the lists are the few; when every match has one rank there is nothing to order by.
 */
function sqliteRank(index: FoldedIndex, found: readonly number[], needle: string, listed: (ids: readonly number[]) => RawBuilder<unknown>): RawBuilder<unknown> | null {
  const rankOf = searchRanker(needle);
  const byRank: number[][] = Object.values(searchRanks).map(() => []);
  for (const id of found) byRank[rankOf(index.words.get(id) ?? ' ')]?.push(id);
  const commonest = byRank.reduce((best, ids, rank) => (ids.length > (byRank[best]?.length ?? 0) ? rank : best), 0);
  if (byRank.every((ids, rank) => rank === commonest || ids.length === 0)) return null;
  const cases = byRank.flatMap((ids, rank) => (rank !== commonest && ids.length > 0 ? [sql`when ${sql.ref('id')} in (${listed(ids)}) then ${sql.lit(rank)}`] : []));
  return sql`case ${sql.join(cases, sql` `)} else ${sql.lit(commonest)} end`;
}
