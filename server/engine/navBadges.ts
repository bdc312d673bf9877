// Two schema declarations about a record's state as the admin meets it (schema/define.ts):
// `navBadge`, the count beside an entity's sidebar link (new messages), every entity's counted
// in one call; and `onOpen`, the transition the detail call makes (a new message becomes read).
// Both name a select field and its values; nothing here knows which entity declares them.
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AnyEntity } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { recordAudit } from './audit';
import type { DB } from '../platform/db';
import type { Row } from '../platform/db';
import { currentUser, type AuthUser, type Register } from '../platform/http';
import { readsEntity } from './staffView';
import { recordForUpdate } from './links';

type OptionValue = string | number | boolean;

/** An option value as its column keeps it (booleans as 0/1). */
const stored = (value: OptionValue): string | number => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

/** Compared as text: PostgreSQL and SQLite may answer one integer as 1 and 1.0, or as a string. */
const holds = (row: Row, field: string, value: OptionValue): boolean => String(row[field] ?? '') === String(stored(value));

/**
 * Applies the entity's `onOpen` to one record for the admin opening it: when its field holds
 * `from`, it is set to `to`, the version moves and the audit log names who opened it (so "read
 * by" is known). Answers whether it changed anything; a missing record is left to the caller.
 */
export async function openRecord(db: DB, entity: AnyEntity, id: number, actor: AuthUser): Promise<boolean> {
  const rule = entity.onOpen;
  if (!rule) return false;
  return db.transaction().execute(async (trx) => {
    const before = await recordForUpdate(trx, entity, id);
    if (!before || !holds(before, rule.field, rule.from)) return false;
    const updated = await sql<Row>`update ${sql.table(entity.table)}
      set ${sql.ref(rule.field)} = ${stored(rule.to)}, ${sql.ref('version')} = ${sql.ref('version')} + 1
      where ${sql.ref('id')} = ${id} returning *`.execute(trx);
    const after = updated.rows[0];
    if (!after) return false;
    await recordAudit(trx, { actor, entity, recordId: id, action: 'update', before, after });
    return true;
  });
}

/** Every entity's `navBadge` count, by registry key. */
export async function countBadges(db: DB, entities: readonly AnyEntity[] = Object.values(registry)): Promise<Record<string, number>> {
  const counting = entities.flatMap((entity) => (entity.navBadge ? [{ entity, badge: entity.navBadge }] : []));
  if (counting.length === 0) return {};
  // One statement for all of them: the call runs after every change the admin makes.
  const parts = counting.map(
    ({ entity, badge }) => sql`select ${sql.lit(entity.key)} as ${sql.ref('k')}, count(*) as ${sql.ref('n')} from ${sql.table(entity.table)}
      where ${sql.ref(badge.field)} = ${stored(badge.value)}`,
  );
  const result = await sql<{ k: string; n: number | string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return Object.fromEntries(result.rows.map((row) => [row.k, Number(row.n)]));
}

export function registerNavBadges(register: Register, db: DB): void {
  // A staff role is told the counts of what it reads only.
  register('GET /api/Admin/badges', 'admin', navigationBadges, { need: 'panel' });

  async function navigationBadges(request: FastifyRequest) {
    return { badges: await countBadges(db, Object.values(registry).filter((entity) => readsEntity(currentUser(request).panel, entity.key))) };
  }
}
