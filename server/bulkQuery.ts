// "Every row matching the list's query" for bulk work: the ids a list query string selects,
// read by the list protocol itself (server/listQuery.ts), so the rows deleted are exactly the
// rows the list showed, search folding included.
import { sql } from 'kysely';
import type { AnyEntity } from '../schema/define';
import type { DB } from './db';
import { matchingIds, parseListQuery } from './listQuery';

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
  const parsed = parseListQuery(entity, queryRecord(query));
  if (parsed) return matchingIds(db, entity, parsed);
  const every = await sql<{ id: number }>`select ${sql.ref('id')} from ${sql.table(entity.table)} order by ${sql.ref('id')}`.execute(db);
  return every.rows.map((row) => Number(row.id));
}
