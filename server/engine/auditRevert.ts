// The audit log read and undone: GET /api/Admin/audit lists the entries, and
// POST /api/Admin/audit/{id}/revert undoes one.
//
// A revert is never a copy of old columns: it is the write the admin could have made instead,
// through the same path with the same rules. An edit is undone by the entity's update (its
// validators, references, guards, unique indexes and write hooks), a create by its delete, a
// delete by inserting the record again under its old id on the create's terms; a change a
// record action made (a refund, a cancelled enrolment, a lock) only as the action declares
// (schema/define.ts ActionDecl.revert): by running its inverse action, or not at all, with the
// reason shown beside the entry.
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import * as v from 'valibot';
import type { components } from '../../codegen/openapi.gen';
import { bodySchema, type AnyAction, type AnyEntity } from '../../schema/define';
import { isCalendarDate } from '../../schema/validators';
import type { Contract } from '../platform/contract';
import { runAction } from './actions';
import { createHookOf, insertHookOf } from './behaviours';
import { deleteRecord, editedValues, insertRecord, stampSave, toColumns, updateRecord } from './crud';
import { type DB } from '../platform/db';
import { HttpError, notFound, texts } from '../platform/errors';
import type { Gateway } from '../platform/outside';
import { constraintError, shapeRow } from './integrity';
import type { Executor, Row } from '../platform/db';
import { currentUser, meets, parse, type Register } from '../platform/http';
import type { Need, PanelAccess } from '../../schema/rules/permissions';
import { registry } from '../../schema/registry.gen';
import { assertInScope, readsEntity, visibleRow } from './staffView';
import { auditTexts, entityOf, parseSnapshot, parseVia, sameValue, type AuditRow } from './audit';
import { recordForUpdate } from './links';

type AuditEntry = components['schemas']['AuditEntry'];

/** How an entry is undone, decided from the entry and the schemas alone. */
type RevertPlan =
  | { kind: 'refused'; reason: string }
  | { kind: 'edit'; entity: AnyEntity; before: Row | null; after: Row | null }
  | { kind: 'action'; entity: AnyEntity; inverse: AnyAction };

/** The fields an update writes: what the form edits and what the server stamps on every save. */
function editedFields(entity: AnyEntity): Set<string> {
  const stamped: Row = {};
  stampSave(entity, stamped, 0);
  return new Set([...Object.keys(entity.fields), ...Object.keys(stamped)]);
}

/** The declared fields an entry changed. */
const changedFields = (entity: AnyEntity, before: Row, after: Row) =>
  Object.keys(entity.allFields).filter((name) => name in before && !sameValue(before[name], after[name]));

/** An entry undone as an edit, create or delete: the entity must offer the opposite call. */
function editPlan(entity: AnyEntity, before: Row | null, after: Row | null): RevertPlan {
  if (after !== null && before === null) return entity.ops.remove ? { kind: 'edit', entity, before, after } : { kind: 'refused', reason: auditTexts.noRemove };
  if (after !== null && before !== null) {
    if (!entity.ops.update) return { kind: 'refused', reason: auditTexts.noUpdate };
    // Columns only an action or the server itself writes (an order's status): no edit set them,
    // so no edit sets them back.
    const edited = editedFields(entity);
    if (changedFields(entity, before, after).some((name) => !edited.has(name))) return { kind: 'refused', reason: auditTexts.notAnEdit };
    return { kind: 'edit', entity, before, after };
  }
  // A record whose create needs what the log never holds (a user's password) is not made again.
  if (before === null || !entity.ops.create || createHookOf(entity) || insertHookOf(entity)) return { kind: 'refused', reason: auditTexts.notRecreatable };
  return { kind: 'edit', entity, before, after };
}

function planOf(entry: AuditRow): RevertPlan {
  const entity = entityOf(entry.entity);
  if (!entity) return { kind: 'refused', reason: auditTexts.unknownEntity };
  const before = parseSnapshot(entry.before);
  const after = parseSnapshot(entry.after);
  const via = parseVia(entry.via);
  if (via === null) return editPlan(entity, before, after);
  const action = entityOf(via.entity)?.actions.find((declared) => declared.key === via.action);
  if (!action) return { kind: 'refused', reason: auditTexts.unknownAction };
  const declared = action.revert?.(via.input) ?? { never: auditTexts.actionFinal(action.label) };
  if (declared === 'edit') return editPlan(entity, before, after);
  if ('never' in declared) return { kind: 'refused', reason: declared.never };
  // The inverse runs on the record the action ran on; what it wrote elsewhere is undone with it.
  const inverse = entity.actions.find((other) => other.key === declared.via);
  if (via.entity !== entity.key || before === null || after === null || !inverse) return { kind: 'refused', reason: auditTexts.partOfAction(action.label) };
  return { kind: 'action', entity, inverse };
}

/**
 * Why this entry cannot be undone now, given the record's version (undefined: no such record),
 * or null when it can. The list shows it; the revert refuses with it. Checks that need the
 * database beyond the version (a free seat, a unique value) are the write's own, at revert.
 */
function revertRefusal(entry: AuditRow, currentVersion: number | undefined): string | null {
  const plan = planOf(entry);
  if (plan.kind === 'refused') return plan.reason;
  const after = parseSnapshot(entry.after);
  if (after === null) return currentVersion === undefined ? null : auditTexts.idTaken;
  return currentVersion !== undefined && currentVersion === Number(after.version ?? 0) ? null : auditTexts.changedSince;
}

const revertAnswer = (refusal: string | null) => ({ revertible: refusal === null, revertRefusal: refusal });

function answerOf(contract: Contract, entry: AuditRow, currentVersion: number | undefined, panel: PanelAccess): AuditEntry {
  const entity = entityOf(entry.entity);
  const shaped = (text: string | null) => {
    const row = parseSnapshot(text);
    if (row === null) return null;
    // What the role may not see of a record it may not see in the record's own answers either.
    return entity ? visibleRow(entity, panel, shapeRow(contract, entity, row)) : row;
  };
  return {
    id: Number(entry.id),
    at: entry.at,
    userId: Number(entry.userId),
    userName: entry.userName,
    userRole: entry.userRole,
    entity: entry.entity,
    recordId: Number(entry.recordId),
    action: entry.action,
    before: shaped(entry.before),
    after: shaped(entry.after),
    ...revertAnswer(revertRefusal(entry, currentVersion)),
  };
}

/** The current version of every record the entries name, one query per entity. */
async function currentVersions(db: Executor, entries: AuditRow[]): Promise<Map<string, number>> {
  const versions = new Map<string, number>();
  const byEntity = new Map<string, Set<number>>();
  for (const entry of entries) {
    const ids = byEntity.get(entry.entity) ?? new Set<number>();
    ids.add(Number(entry.recordId));
    byEntity.set(entry.entity, ids);
  }
  for (const [key, ids] of byEntity) {
    const entity = entityOf(key);
    if (!entity) continue;
    const rows = await sql<{ id: number; version: number }>`select ${sql.ref('id')}, ${sql.ref('version')} from ${sql.table(entity.table)}
      where ${sql.ref('id')} in (${sql.join([...ids])})`.execute(db);
    for (const row of rows.rows) versions.set(`${key}:${Number(row.id)}`, Number(row.version));
  }
  return versions;
}

const positiveInt = (label: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,9}$/, auditTexts.badNumber(label)),
      v.transform((text) => Number(text)),
    ),
  );
const instant = v.optional(
  v.pipe(
    v.string(),
    v.check((text) => !Number.isNaN(Date.parse(text)) && (!/^\d{4}-/.test(text) || isCalendarDate(text)), auditTexts.badDate),
    v.transform((text) => new Date(text).toISOString()),
  ),
);
const actions = ['create', 'update', 'delete', 'revert'] as const;
const listQuery = v.object({
  entity: v.optional(v.pipe(v.string(), v.check((key) => entityOf(key) !== undefined, auditTexts.badEntity))),
  action: v.optional(v.picklist(actions, 'نوع تغییر نامعتبر است')),
  userId: positiveInt('کاربر'),
  recordId: positiveInt('شناسه'),
  from: instant,
  to: instant,
  page: positiveInt('صفحه'),
  pageSize: positiveInt('اندازه صفحه'),
});
const revertParams = v.object({ id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/, auditTexts.badNumber('شناسه')), v.transform(Number)) });

export function registerAudit(register: Register, db: DB, contract: Contract, gateway: Gateway, siteUrl: string): void {
  register('GET /api/Admin/audit', 'admin', listAuditEntries, { need: 'panel' });
  register('POST /api/Admin/audit/{id}/revert', 'admin', revertAuditEntry, { need: 'panel' });

  async function listAuditEntries(request: FastifyRequest): Promise<components['schemas']['AuditPage']> {
    const q = parse(listQuery, request.query);
    const pageSize = Math.min(q.pageSize ?? 50, 200);
    const page = q.page ?? 1;
    const { panel } = currentUser(request);
    let query = db.selectFrom('audit_log');
    // A staff role sees the entries of the entities it reads, and nothing of the others.
    if (panel.kind === 'staff') {
      const readable = Object.keys(registry).filter((key) => readsEntity(panel, key));
      query = readable.length > 0 ? query.where('entity', 'in', readable) : query.where('id', '<', 0);
    }
    if (q.entity) query = query.where('entity', '=', q.entity);
    if (q.action) query = query.where('action', '=', q.action);
    if (q.userId) query = query.where('userId', '=', q.userId);
    if (q.recordId) query = query.where('recordId', '=', q.recordId);
    if (q.from) query = query.where('at', '>=', q.from);
    if (q.to) query = query.where('at', '<=', q.to);
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    const entries = rows.map((row) => ({ ...row, id: Number(row.id) }));
    const versions = await currentVersions(db, entries);
    const actors = await db
      .selectFrom('audit_log')
      .select((eb) => ['userId', eb.fn.max('userName').as('name')])
      .groupBy('userId')
      .orderBy('userId')
      .execute();
    return {
      items: entries.map((entry) => answerOf(contract, entry, versions.get(`${entry.entity}:${entry.recordId}`), panel)),
      total: Number(total?.n ?? 0),
      actors: actors.map((actor) => ({ id: Number(actor.userId), name: String(actor.name ?? '') })),
    };
  }

  async function revertAuditEntry(request: FastifyRequest): Promise<AuditEntry> {
    const actor = currentUser(request);
    const { id } = parse(revertParams, request.params);
    // Entries are never edited, so reading it before the transaction is as good as inside.
    const found = await db.selectFrom('audit_log').selectAll().where('id', '=', id).executeTakeFirst();
    if (!found) throw notFound(auditTexts.entryNotFound);
    const entry = { ...found, id: Number(found.id) };
    const plan = planOf(entry);
    if (plan.kind === 'refused') throw new HttpError(409, plan.reason);
    const { entity } = plan;
    // Only what the role could have done itself: the action it undoes with, or the write.
    const needed: Need =
      plan.kind === 'action' ? { entity: entity.key, action: plan.inverse.key } : { entity: entity.key, can: plan.after !== null && plan.before === null ? 'delete' : plan.before !== null && plan.after === null ? 'create' : 'update' };
    if (!meets(actor.panel, needed)) throw new HttpError(403, texts.notGrantedHere);
    await assertInScope(db, entity, actor.panel, Number(entry.recordId)).catch((error: unknown) => {
      // A record deleted since is in no scope; re-creating it is an administrator's.
      if (actor.panel.kind === 'staff') throw error;
    });
    const recordId = Number(entry.recordId);
    try {
      return await db.transaction().execute(async (trx) => {
        const current = await recordForUpdate(trx, entity, recordId);
        const refusal = revertRefusal(entry, current ? Number(current.version) : undefined);
        if (refusal !== null) throw new HttpError(409, refusal);
        let result: Row | null = null;
        if (plan.kind === 'action') {
          if (!current) throw new HttpError(409, auditTexts.changedSince);
          result = (await runAction(trx, contract, entity, plan.inverse, current, {}, { actor, gateway, siteUrl }, 'revert')).row;
        } else if (plan.after !== null && plan.before === null) {
          await deleteRecord(trx, entity, actor, recordId, 'revert');
        } else if (plan.before !== null && plan.after !== null && current) {
          // The form's save of the record as it is, with the fields this entry changed as they were.
          const changed = changedFields(entity, plan.before, plan.after);
          const changes = Object.fromEntries(changed.map((name) => [name, plan.before?.[name]]));
          const { values } = asRevert(() => editedValues(contract, entity, current, changes, actor.id));
          result = await updateRecord(trx, contract, entity, actor, { id: recordId, values, expected: undefined, logAs: 'revert' });
        } else if (plan.before !== null) {
          // The record again under its old id: its fields checked as a create's are, the rest
          // (its slug, creation time) as they were.
          const before = plan.before;
          const parsed = asRevert(() => parse(bodySchema(entity, 'create', { createOnly: false }), shapeRow(contract, entity, before)));
          const values: Row = { ...before, ...toColumns(entity, parsed), id: recordId, version: Number(before.version ?? 1) + 1 };
          result = await insertRecord(trx, entity, actor, values, 'revert');
        }
        const written = await trx
          .selectFrom('audit_log')
          .selectAll()
          .where('entity', '=', entity.key)
          .where('recordId', '=', recordId)
          .where('action', '=', 'revert')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        return answerOf(contract, { ...written, id: Number(written.id) }, result ? Number(result.version) : undefined, actor.panel);
      });
    } catch (error) {
      // A value taken since (a slug, a phone number): a 409 naming the field.
      throw constraintError(entity, error) ?? error;
    }
  }
}

/** A value the entity's validators refuse today is a reason not to revert, not a bad request. */
function asRevert<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400) throw new HttpError(409, auditTexts.invalid(error.message));
    throw error;
  }
}
