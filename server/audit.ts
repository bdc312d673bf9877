// The audit log: who changed which record when, with the record before and after. Every write
// of the generic CRUD records its entry in the same transaction as the change, so the log never
// misses a change that happened nor shows one that was rolled back. Admins read it through
// GET /api/Admin/audit and undo one change with POST /api/Admin/audit/{id}/revert.
import { sql } from 'kysely';
import * as v from 'valibot';
import type { components } from '../codegen/openapi.gen';
import type { AnyEntity } from '../schema/define';
import { registry } from '../schema/registry.gen';
import { isCalendarDate } from '../schema/validators';
import type { Contract } from './contract';
import { nowIso, type AuditLogTable, type DB } from './db';
import { HttpError, notFound } from './errors';
import {
  assertNotReferenced,
  assertReferencesExist,
  constraintError,
  guardUserWrite,
  integrityTexts,
  selectForUpdate,
  shapeRow,
  type Executor,
  type Row,
} from './integrity';
import { currentUser, parse, type AuthUser, type Register } from './routes';
import { afterWrite } from './writeHooks';

type AuditEntry = components['schemas']['AuditEntry'];
type AuditAction = components['schemas']['AuditAction'];
type AuditRow = Omit<AuditLogTable, 'id'> & { id: number };

export const auditTexts = {
  entryNotFound: 'این تغییر در گزارش یافت نشد',
  changedSince: 'امکان بازگرداندن نیست: این رکورد پس از این تغییر دوباره ویرایش شده است',
  idTaken: 'امکان بازگرداندن نیست: رکورد دیگری با همین شناسه وجود دارد',
  notRecreatable: 'امکان بازگرداندن نیست: حساب کاربری حذف‌شده را نمی‌توان دوباره ساخت',
  unknownEntity: 'امکان بازگرداندن نیست: این نوع رکورد دیگر وجود ندارد',
  badEntity: 'نوع رکورد نامعتبر است',
  badDate: 'تاریخ نامعتبر است',
  badNumber: (label: string) => `${label} باید عدد صحیح مثبت باشد`,
} as const;

/** Never written to the log: a password hash in an admin screen would be a leak. */
const secretColumns = new Set(['passwordHash', 'tokenVersion']);
/**
 * A deleted user cannot be brought back: their password hash was never logged, and their
 * children, cart and orders went with them.
 */
const notRecreatable = new Set(['users']);

const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

function snapshot(row: Row | null): string | null {
  if (row === null) return null;
  return JSON.stringify(Object.fromEntries(Object.entries(row).filter(([name]) => !secretColumns.has(name))));
}

function parseSnapshot(text: string | null): Row | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

const entityOf = (key: string): AnyEntity | undefined => Object.values(registry).find((entity) => entity.key === key);

/** Stored values compared as the database keeps them (PostgreSQL may answer 1.0 where SQLite answers 1). */
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null) || (typeof a === 'number' && Number(b) === a);

export interface AuditWrite {
  actor: AuthUser;
  entity: AnyEntity;
  recordId: number;
  action: AuditAction;
  before: Row | null;
  after: Row | null;
}

/** Adds one entry inside the caller's transaction; answers its id. */
export async function recordAudit(trx: Executor, write: AuditWrite): Promise<number> {
  const user = await trx.selectFrom('users').select(['firstName', 'lastName', 'phoneNumber']).where('id', '=', write.actor.id).executeTakeFirst();
  const userName = user ? `${user.firstName} ${user.lastName}`.trim() || user.phoneNumber : '';
  const inserted = await trx
    .insertInto('audit_log')
    .values({
      at: nowIso(),
      userId: write.actor.id,
      userName,
      entity: write.entity.key,
      recordId: write.recordId,
      action: write.action,
      before: snapshot(write.before),
      after: snapshot(write.after),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/**
 * The 409 of an update that names version `expected` while the record is at a later one: the
 * record as it is now, which fields changed since that version and who made the last change
 * (from the log; null when the change predates it).
 */
export async function versionConflict(trx: Executor, contract: Contract, entity: AnyEntity, current: Row, expected: number): Promise<HttpError> {
  const entries = await trx
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', entity.key)
    .where('recordId', '=', Number(current.id))
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  const since = entries.filter((entry) => Number(parseSnapshot(entry.after)?.version ?? 0) > expected);
  const changed = new Set<string>();
  for (const entry of since) {
    const before = parseSnapshot(entry.before);
    const after = parseSnapshot(entry.after);
    for (const name of Object.keys(entity.fields)) {
      if (!sameValue(before?.[name], after?.[name])) changed.add(name);
    }
  }
  const latest = since[0];
  return new HttpError(409, integrityTexts.stale, {
    conflict: {
      current: shapeRow(contract, entity, current),
      changedFields: Object.keys(entity.fields).filter((name) => changed.has(name)),
      changedBy: latest ? { id: latest.userId, name: latest.userName } : null,
      changedAt: latest?.at ?? null,
    },
  });
}

/** Can this entry still be undone, given the record's version now (undefined: no such record)? */
function isRevertible(entry: AuditRow, currentVersion: number | undefined): boolean {
  const entity = entityOf(entry.entity);
  if (!entity) return false;
  const after = parseSnapshot(entry.after);
  if (after === null) return currentVersion === undefined && !notRecreatable.has(entity.table);
  return currentVersion !== undefined && currentVersion === Number(after.version ?? 0);
}

function answerOf(contract: Contract, entry: AuditRow, currentVersion: number | undefined): AuditEntry {
  const entity = entityOf(entry.entity);
  const shaped = (text: string | null) => {
    const row = parseSnapshot(text);
    if (row === null) return null;
    return entity ? shapeRow(contract, entity, row) : row;
  };
  return {
    id: Number(entry.id),
    at: entry.at,
    userId: Number(entry.userId),
    userName: entry.userName,
    entity: entry.entity,
    recordId: Number(entry.recordId),
    action: entry.action,
    before: shaped(entry.before),
    after: shaped(entry.after),
    revertible: isRevertible(entry, currentVersion),
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

export function registerAudit(register: Register, db: DB, contract: Contract): void {
  register('GET /api/Admin/audit', async (request): Promise<components['schemas']['AuditPage']> => {
    const q = parse(listQuery, request.query);
    const pageSize = Math.min(q.pageSize ?? 50, 200);
    const page = q.page ?? 1;
    let query = db.selectFrom('audit_log');
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
      items: entries.map((entry) => answerOf(contract, entry, versions.get(`${entry.entity}:${entry.recordId}`))),
      total: Number(total?.n ?? 0),
      actors: actors.map((actor) => ({ id: Number(actor.userId), name: String(actor.name ?? '') })),
    };
  });

  register('POST /api/Admin/audit/{id}/revert', async (request): Promise<AuditEntry> => {
    const actor = currentUser(request);
    const { id } = parse(revertParams, request.params);
    // Entries are never edited, so reading it before the transaction is as good as inside.
    const found = await db.selectFrom('audit_log').selectAll().where('id', '=', id).executeTakeFirst();
    if (!found) throw notFound(auditTexts.entryNotFound);
    const entity = entityOf(found.entity);
    if (!entity) throw new HttpError(409, auditTexts.unknownEntity);
    try {
      return await db.transaction().execute(async (trx) => {
        const recordId = Number(found.recordId);
        const before = parseSnapshot(found.before);
        const after = parseSnapshot(found.after);
        const current = await selectForUpdate(trx, entity.table, recordId);
        let result: Row | null = null;

        if (after !== null) {
          if (!current || Number(current.version) !== Number(after.version ?? 0)) throw new HttpError(409, auditTexts.changedSince);
          if (before === null) {
            // Undoing a create: the record goes, on the same terms as a delete.
            await guardUserWrite(trx, entity, actor, current, null);
            await assertNotReferenced(trx, entity, recordId);
            await sql`delete from ${sql.table(entity.table)} where ${sql.ref('id')} = ${recordId}`.execute(trx);
          } else {
            // Undoing an update: the declared fields it changed go back (an edit's fields, or what
            // a record action such as locking an account changed); slug and creation time stay.
            const changed = Object.keys(entity.allFields).filter((name) => name in before && !sameValue(before[name], after[name]));
            const values = Object.fromEntries(changed.map((name) => [name, before[name]]));
            await assertReferencesExist(trx, entity, values);
            await guardUserWrite(trx, entity, actor, current, values);
            const names = Object.keys(values);
            const sets = [...names.map((n) => sql`${sql.ref(n)} = ${values[n]}`), sql`${sql.ref('version')} = ${sql.ref('version')} + 1`];
            const updated = await sql<Row>`update ${sql.table(entity.table)} set ${sql.join(sets)}
              where ${sql.ref('id')} = ${recordId} returning *`.execute(trx);
            result = updated.rows[0] ?? null;
          }
        } else {
          // Undoing a delete: the record comes back under its old id, if nothing took it.
          if (current) throw new HttpError(409, auditTexts.idTaken);
          if (before === null || notRecreatable.has(entity.table)) throw new HttpError(409, auditTexts.notRecreatable);
          await assertReferencesExist(trx, entity, before);
          const values: Row = { ...before, id: recordId, version: Number(before.version ?? 1) + 1 };
          const names = Object.keys(values);
          const inserted = await sql<Row>`insert into ${sql.table(entity.table)} (${sql.join(names.map((n) => sql.ref(n)))})
            values (${sql.join(names.map((n) => values[n]))}) returning *`.execute(trx);
          result = inserted.rows[0] ?? null;
        }

        const entryId = await recordAudit(trx, { actor, entity, recordId, action: 'revert', before: current ?? null, after: result });
        await afterWrite(trx, entity, [{ before: current ?? null, after: result }]);
        const written = await trx.selectFrom('audit_log').selectAll().where('id', '=', entryId).executeTakeFirstOrThrow();
        return answerOf(contract, { ...written, id: Number(written.id) }, result ? Number(result.version) : undefined);
      });
    } catch (error) {
      // A re-created record whose slug or phone number was taken since: a 409 naming the field.
      throw constraintError(entity, error) ?? error;
    }
  });
}
