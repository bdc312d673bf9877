// "Every row matching the list's query" for bulk work: the ids a list query string selects,
// read by the list protocol itself (server/engine/listQuery.ts), so the rows deleted are exactly the
// rows the list showed, search folding included.
import { sql } from 'kysely';
import type { AnyEntity } from '../../schema/define';
import type { DB } from '../platform/db';
import { matchingIds, parseListQuery, parseQueryString } from './listQuery';

export async function matchingIdsFor(db: DB, entity: AnyEntity, query: string): Promise<number[]> {
  const parsed = parseListQuery(entity, parseQueryString(query));
  if (parsed) return matchingIds(db, entity, parsed);
  const every = await sql<{ id: number }>`select ${sql.ref('id')} from ${sql.table(entity.table)} order by ${sql.ref('id')}`.execute(db);
  return every.rows.map((row) => Number(row.id));
}
