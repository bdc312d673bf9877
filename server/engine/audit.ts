// The audit log: who changed which record when, with the record before and after. Every write
// of the generic CRUD records its entry in the same transaction as the change, so the log never
// misses a change that happened nor shows one that was rolled back. Admins read it and undo one
// change through server/engine/auditRevert.ts.
import { type Selectable } from 'kysely';
import type { components } from '../../codegen/openapi.gen';
import { type AnyEntity } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import type { Contract } from '../platform/contract';
import { nowIso, type AuditLogTable, type Executor, type Row } from '../platform/db';
import { HttpError } from '../platform/errors';
import { integrityTexts, shapeRow } from './integrity';
import { sameValue } from './integrityRules';
import type { AuditVia } from './behaviours';
import type { PanelAccess } from '../../schema/rules/permissions';
import { administratorRoleName } from '../../schema/rules/roles';
import { type AuthUser } from '../platform/http';

type AuditAction = components['schemas']['AuditAction'];
export type AuditRow = Omit<Selectable<AuditLogTable>, 'id'> & { id: number };

export const auditTexts = {
  entryNotFound: 'این تغییر در گزارش یافت نشد',
  changedSince: 'امکان بازگرداندن نیست: این رکورد پس از این تغییر دوباره ویرایش شده است',
  idTaken: 'امکان بازگرداندن نیست: رکورد دیگری با همین شناسه وجود دارد',
  notRecreatable: 'امکان بازگرداندن نیست: این رکورد حذف‌شده را نمی‌توان دوباره ساخت (برای ساختنش اطلاعاتی لازم است که در گزارش نگه داشته نمی‌شود)',
  unknownEntity: 'امکان بازگرداندن نیست: این نوع رکورد دیگر وجود ندارد',
  unknownAction: 'امکان بازگرداندن نیست: کاری که این تغییر را انجام داد دیگر تعریف نشده است',
  actionFinal: (label: string) => `امکان بازگرداندن نیست: «${label}» بازگرداندنی نیست`,
  partOfAction: (label: string) => `امکان بازگرداندن نیست: این تغییر بخشی از «${label}» روی رکورد دیگری است و فقط از همان‌جا بازگردانده می‌شود`,
  notAnEdit: 'امکان بازگرداندن نیست: این تغییر با ویرایش انجام نشده و با ویرایش هم بازگردانده نمی‌شود',
  noUpdate: 'امکان بازگرداندن نیست: این نوع رکورد ویرایش‌پذیر نیست',
  noRemove: 'امکان بازگرداندن نیست: این نوع رکورد حذف‌شدنی نیست',
  invalid: (reason: string) => `امکان بازگرداندن نیست: ${reason}`,
  badEntity: 'نوع رکورد نامعتبر است',
  badDate: 'تاریخ نامعتبر است',
  badNumber: (label: string) => `${label} باید عدد صحیح مثبت باشد`,
} as const;

/** Never written to the log: a password hash in an admin screen would be a leak. */
const secretColumns = new Set(['passwordHash', 'tokenVersion']);

const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

function snapshot(row: Row | null): string | null {
  if (row === null) return null;
  return JSON.stringify(Object.fromEntries(Object.entries(row).filter(([name]) => !secretColumns.has(name))));
}

export function parseSnapshot(text: string | null): Row | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

export const entityOf = (key: string): AnyEntity | undefined => Object.values(registry).find((entity) => entity.key === key);

export { sameValue } from './integrityRules';

export interface AuditWrite {
  actor: AuthUser;
  entity: AnyEntity;
  recordId: number;
  action: AuditAction;
  before: Row | null;
  after: Row | null;
  /** Written by this record action; absent for an edit, create or delete. */
  via?: AuditVia;
}

export function parseVia(text: string | null): AuditVia | null {
  if (text === null) return null;
  const value = parseSnapshot(text);
  if (value === null || typeof value.entity !== 'string' || typeof value.action !== 'string') return null;
  return { entity: value.entity, action: value.action, input: isRecord(value.input) ? value.input : {} };
}

/** Adds one entry inside the caller's transaction; answers its id. */
/** The role an entry names: a staff role by its name then, anyone else as an administrator. */
function roleNameOf(panel: PanelAccess): string {
  return panel.kind === 'staff' ? panel.roleName : administratorRoleName;
}

export async function recordAudit(trx: Executor, write: AuditWrite): Promise<number> {
  const user = await trx.selectFrom('users').select(['firstName', 'lastName', 'phoneNumber']).where('id', '=', write.actor.id).executeTakeFirst();
  const userName = user ? `${user.firstName} ${user.lastName}`.trim() || user.phoneNumber : '';
  const inserted = await trx
    .insertInto('audit_log')
    .values({
      at: nowIso(),
      userId: write.actor.id,
      userName,
      userRole: roleNameOf(write.actor.panel),
      entity: write.entity.key,
      recordId: write.recordId,
      action: write.action,
      before: snapshot(write.before),
      after: snapshot(write.after),
      via: write.via ? JSON.stringify(write.via) : null,
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

