// What a staff member's role lets the engine show and change, in one place: the need of a call
// that names its entity in the path, the fields a role never receives, the fields it may not
// change, and the rows of a scoped grant (a teacher's own courses and what hangs on them).
// Administrators pass every check unchanged; every engine handler asks here.
import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { joinTableOf, type AnyEntity } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { allows, fieldAccess, grantOf, ownOnly, type PanelAccess, type Verb } from '../../schema/rules/permissions';
import type { Executor, Row } from '../platform/db';
import { HttpError, texts } from '../platform/errors';
import type { PanelNeed } from '../platform/http';
import type { ListQuery } from './listQuery';
import { sameValue } from './integrityRules';

/** The need of a call on the entity its path names (`/api/Admin/{entity}/…`). */
export const pathEntityNeed =
  (can: Verb) =>
  (call: Pick<FastifyRequest, 'params'>): PanelNeed => {
    const params: unknown = call.params;
    const key = typeof params === 'object' && params !== null && 'entity' in params ? String(params.entity) : '';
    return { entity: key, can };
  };

/** Who is at the panel when nobody is: the server's own work (exports it writes, jobs) sees all. */
export const administrator: PanelAccess = { kind: 'administrator' };

const noFields: ReadonlySet<string> = new Set();
/** Per call's access (read afresh on every call), per entity: asked once per row of a list. */
const hiddenByAccess = new WeakMap<PanelAccess, Map<string, ReadonlySet<string>>>();

/** Fields of the entity the role never receives. */
export function hiddenFields(entity: AnyEntity, panel: PanelAccess): ReadonlySet<string> {
  if (panel.kind !== 'staff') return noFields;
  const known = hiddenByAccess.get(panel) ?? new Map<string, ReadonlySet<string>>();
  hiddenByAccess.set(panel, known);
  const found = known.get(entity.key);
  if (found) return found;
  const hidden = new Set(Object.keys(entity.allFields).filter((name) => fieldAccess(panel, entity.key, name) === 'hidden'));
  known.set(entity.key, hidden);
  return hidden;
}

/** Whether the role sees every row and every field of the entity as an administrator would. */
export function seesAll(entity: AnyEntity, panel: PanelAccess): boolean {
  return panel.kind !== 'staff' || (hiddenFields(entity, panel).size === 0 && !scoped(entity, panel));
}

/** A row as the role may receive it: its hidden fields left out. */
export function visibleRow(entity: AnyEntity, panel: PanelAccess, row: Row): Row {
  const hidden = hiddenFields(entity, panel);
  if (hidden.size === 0) return row;
  const copy: Row = { ...row };
  for (const name of hidden) delete copy[name];
  return copy;
}

function scoped(entity: AnyEntity, panel: PanelAccess): boolean {
  return ownOnly(panel, entity.key) && entity.decl.scope !== undefined;
}

/** The SQL condition of an entity's scope for one teacher, on `table`'s own columns. */
function scopeOf(entity: AnyEntity, teacherId: number): RawBuilder<unknown> {
  const scope = entity.decl.scope;
  const id = sql.ref(`${entity.table}.id`);
  if (!scope) return sql`1 = 1`;
  if ('teacher' in scope) {
    const parts = scope.teacher.map((name) => {
      const field = entity.allFields[name];
      if (field?.input === 'references') {
        const join = joinTableOf(entity.table, name);
        return sql`${id} in (select ${sql.ref(`${join}.ownerId`)} from ${sql.table(join)} where ${sql.ref(`${join}.targetId`)} = ${teacherId})`;
      }
      return sql`${sql.ref(`${entity.table}.${name}`)} = ${teacherId}`;
    });
    return parts.length > 0 ? sql`(${sql.join(parts, sql` or `)})` : sql`1 = 0`;
  }
  const field = entity.allFields[scope.through];
  const target = field?.input === 'reference' && field.reference ? registry[field.reference.entity] : undefined;
  if (!target) throw new Error(`schema/${entity.key}.ts: scope.through must name a reference field`);
  return sql`${sql.ref(`${entity.table}.${scope.through}`)} in (select ${sql.ref(`${target.table}.id`)} from ${sql.table(target.table)} where ${scopeOf(target, teacherId)})`;
}

/**
 * The condition a scoped role's rows meet (null: every row): a teacher's account without a
 * teacher owns nothing.
 */
export function scopeClause(entity: AnyEntity, panel: PanelAccess): RawBuilder<unknown> | null {
  if (panel.kind !== 'staff' || !scoped(entity, panel)) return null;
  return panel.teacherId === null ? sql`1 = 0` : scopeOf(entity, panel.teacherId);
}

/** Refuses, as if it did not exist, a record outside the role's scope. */
export async function assertInScope(db: Executor, entity: AnyEntity, panel: PanelAccess, id: number): Promise<void> {
  const within = scopeClause(entity, panel);
  if (!within) return;
  const found = await sql<{ id: number }>`select ${sql.ref(`${entity.table}.id`)} from ${sql.table(entity.table)} where ${sql.ref(`${entity.table}.id`)} = ${id} and ${within}`.execute(db);
  if (found.rows.length === 0) throw new HttpError(404, texts.recordNotFound);
}

/** Fields the role may not set: hidden, read-only, or an administrator's alone. */
function lockedFields(entity: AnyEntity, panel: PanelAccess): string[] {
  if (panel.kind !== 'staff') return [];
  const administratorOnly: readonly string[] = entity.decl.administratorOnly ?? [];
  const grant = grantOf(panel, entity.key);
  return Object.keys(entity.allFields).filter((name) => administratorOnly.includes(name) || !grant || grant.hidden.includes(name) || grant.readOnly.includes(name));
}

/**
 * A create or update body as the role may send it: a field it may not set is taken from the
 * record as stored (an update; a hidden field the form never had) or from its initial value
 * (a create). A value sent for it that differs is refused, naming the field.
 */
export function guardedBody(entity: AnyEntity, panel: PanelAccess, body: unknown, stored: Row | null): unknown {
  const locked = lockedFields(entity, panel);
  if (locked.length === 0 || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const given: Record<string, unknown> = { ...body };
  for (const name of locked) {
    const field = entity.allFields[name];
    if (!field) continue;
    const kept = stored ? stored[name] : field.initial;
    if (name in given && given[name] !== undefined && !sentAsStored(given[name], kept)) {
      throw new HttpError(403, `${field.label}: ${texts.notGranted}`);
    }
    if (stored || kept !== undefined) given[name] = kept;
    else delete given[name];
  }
  return given;
}

/** A sent value against the stored one, as the database keeps it (booleans as 0/1). */
function sentAsStored(sent: unknown, stored: unknown): boolean {
  const asStored = typeof sent === 'boolean' ? Number(sent) : sent;
  return sameValue(asStored, stored) || sameValue(stored, asStored);
}

/**
 * A list query as the role may run it: limited to its scope, and refused when it sorts or
 * filters by a field the role cannot see (the order or the count would tell the value).
 */
export function queryForRole(entity: AnyEntity, panel: PanelAccess, q: ListQuery): ListQuery {
  const hidden = hiddenFields(entity, panel);
  // A search matches the searched fields' text: through a hidden one it would tell its value.
  const searched = q.q === null ? [] : (entity.decl.searchIn ?? []);
  const used = [q.sort.field, ...q.filters.map((filter) => filter.field), ...searched].find((name) => hidden.has(name));
  if (used !== undefined) throw new HttpError(403, `${entity.allFields[used]?.label ?? used}: ${texts.notGranted}`);
  const within = scopeClause(entity, panel);
  return within ? { ...q, within } : q;
}

/** Whether the role may read the entity at all (the audit log and badges show only those). */
export function readsEntity(panel: PanelAccess, key: string): boolean {
  return allows(panel, { entity: key, can: 'read' });
}

/** Refuses bulk work that would need a per-row rule the bulk path has no room for. */
export function assertUnrestricted(entity: AnyEntity, panel: PanelAccess): void {
  if (lockedFields(entity, panel).length > 0 || scoped(entity, panel)) throw new HttpError(403, texts.notGrantedInBulk);
}
