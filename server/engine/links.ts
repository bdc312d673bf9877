// Many-to-many fields (input 'references'): each kept in the join table codegen makes for it
// (joinTableOf: ownerId, targetId, the pair unique). A record's links are part of its row as the
// engine reads and writes it: an array of ids under the field's name, so the form, the list, the
// audit log and its revert, the CSV and the bulk paths all handle them as any other value. A
// link goes with either record when that record is deleted; it never holds a delete.
import { sql } from 'kysely';
import { joinTableOf, type AnyEntity } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import type { Executor, Row } from '../platform/db';
import { HttpError } from '../platform/errors';
import { selectForUpdate } from './integrity';
import { linkFields, namedLinks } from './integrityRules';

export { linkFields, splitLinks } from './integrityRules';

/** 400 when a chosen record does not exist (by the form's words, as a single reference). */
export async function assertLinksExist(trx: Executor, entity: AnyEntity, links: ReadonlyMap<string, readonly number[]>): Promise<void> {
  for (const { target, ids, refusal } of namedLinks(entity, links)) {
    const found = await sql<{ id: number }>`select ${sql.ref('id')} from ${sql.table(registry[target].table)} where ${sql.ref('id')} in (${sql.join([...ids])})`.execute(trx);
    if (found.rows.length < new Set(ids).size) throw new HttpError(400, refusal);
  }
}

/** The record's links become exactly these, for each field given. */
export async function writeLinks(trx: Executor, entity: AnyEntity, id: number, links: ReadonlyMap<string, readonly number[]>): Promise<void> {
  for (const [name, ids] of links) {
    const table = sql.table(joinTableOf(entity.table, name));
    await sql`delete from ${table} where ${sql.ref('ownerId')} = ${id}`.execute(trx);
    const unique = [...new Set(ids)];
    if (unique.length === 0) continue;
    await sql`insert into ${table} (${sql.ref('ownerId')}, ${sql.ref('targetId')}) values ${sql.join(unique.map((target) => sql`(${id}, ${target})`))}`.execute(trx);
  }
}

/** The rows with each many-to-many field's ids, in the order they were chosen: one query per field. */
export async function withLinks(db: Executor, entity: AnyEntity, rows: Row[]): Promise<Row[]> {
  const names = linkFields(entity);
  if (names.length === 0 || rows.length === 0) return rows;
  const ids = rows.map((row) => Number(row.id));
  const out = rows.map((row) => ({ ...row }));
  for (const name of names) {
    // A page names its rows; the whole list reads every link (SQLite binds only so many values).
    const scope = ids.length > 500 ? sql`` : sql`where ${sql.ref('ownerId')} in (${sql.join(ids)})`;
    const found = await sql<{ ownerId: number; targetId: number }>`select ${sql.ref('ownerId')}, ${sql.ref('targetId')} from ${sql.table(joinTableOf(entity.table, name))}
      ${scope} order by ${sql.ref('id')}`.execute(db);
    const byOwner = new Map<number, number[]>();
    for (const link of found.rows) {
      const list = byOwner.get(Number(link.ownerId)) ?? [];
      list.push(Number(link.targetId));
      byOwner.set(Number(link.ownerId), list);
    }
    for (const row of out) row[name] = byOwner.get(Number(row.id)) ?? [];
  }
  return out;
}

/** When records are deleted: their own links, and every link to them from another entity's field. */
export async function dropLinksOf(trx: Executor, entity: AnyEntity, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    for (const name of linkFields(entity)) {
      await sql`delete from ${sql.table(joinTableOf(entity.table, name))} where ${sql.ref('ownerId')} in (${sql.join(part)})`.execute(trx);
    }
    for (const other of Object.values(registry)) {
      for (const name of linkFields(other)) {
        if (other.allFields[name]?.references?.entity !== entity.key) continue;
        await sql`delete from ${sql.table(joinTableOf(other.table, name))} where ${sql.ref('targetId')} in (${sql.join(part)})`.execute(trx);
      }
    }
  }
}

/** The ids of the records whose field links to any of `targets` (the list's filter). */
export function linkedTo(entity: AnyEntity, name: string, targets: readonly number[]) {
  return sql`${sql.ref('id')} in (select ${sql.ref('ownerId')} from ${sql.table(joinTableOf(entity.table, name))} where ${sql.ref('targetId')} in (${sql.join([...targets])}))`;
}

/** The record locked for a write (selectForUpdate), with its links. */
export async function recordForUpdate(trx: Executor, entity: AnyEntity, id: number): Promise<Row | undefined> {
  const row = await selectForUpdate(trx, entity.table, id);
  return row ? (await withLinks(trx, entity, [row]))[0] : undefined;
}
