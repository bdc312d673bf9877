// What keeps the data whole when several admins work on it: references that must point at an
// existing record, records that may not be deleted while others refer to them, and the guards
// that keep at least one administrator able to sign in. Shared by the generic CRUD and the
// audit log's revert, so a revert is refused for the same reasons as the change it mirrors.
import { sql, type Kysely, type Transaction } from 'kysely';
import { entitySingular, type AnyEntity } from '../schema/define';
import { registry } from '../schema/registry.gen';
import { toPersianDigits } from '../schema/rules/text';
import type { Contract } from './contract';
import { isPostgres, type Database } from './db';
import { HttpError } from './errors';
import { assertFilesInLibrary } from './mediaLibrary';
import { financialRecordsError } from './migrations/006_money';
import type { AuthUser } from './routes';

export type Row = Record<string, unknown>;
export type Executor = Kysely<Database> | Transaction<Database>;

/** The administrators' role (spec §5). */
export const adminRole = 300;

/**
 * Whether an account of this role may open the admin panel: the one test of "staff", used by the
 * server's access check of admin operations, the token's role name the panel reads, and the
 * refusal of sign-in by SMS code (staff accounts sign in with their password). A future staff
 * role is added here and inherits all three.
 */
export function opensAdminPanel(role: number): boolean {
  return role === adminRole;
}

export const integrityTexts = {
  inUse: (count: number, what: string, target: string) => `امکان حذف نیست: ${toPersianDigits(count)} ${what} به این ${target} وابسته است`,
  referenced: 'امکان حذف نیست: این رکورد در جای دیگری استفاده شده است',
  duplicate: (label: string) => `${label} تکراری است`,
  missingReference: (label: string) => `${label} انتخاب‌شده وجود ندارد`,
  badVersion: 'نسخه رکورد نامعتبر است',
  stale: 'این رکورد در این فاصله توسط مدیر دیگری تغییر کرده است',
  selfDelete: 'نمی‌توانید حساب کاربری خودتان را حذف کنید',
  selfDemote: 'نمی‌توانید نقش مدیریتی خودتان را تغییر دهید',
  lastAdminDelete: 'امکان حذف نیست: این کاربر تنها مدیر سیستم است و دست‌کم یک مدیر باید بماند',
  lastAdminDemote: 'امکان تغییر نقش نیست: این کاربر تنها مدیر سیستم است و دست‌کم یک مدیر باید بماند',
  actorChanged: 'حساب مدیریتی شما در این فاصله قفل یا تغییر داده شده است',
  /** «امکان حذف نیست: این کاربر ۲ سفارش پرداخت‌شده دارد؛ …»: what the user has, from financialRecordsOf. */
  financialRecords: (what: string) =>
    `امکان حذف نیست: این کاربر ${what} دارد؛ سوابق مالی نگه داشته می‌شود. به جای حذف، حساب را قفل کنید`,
  /** The same refusal when only the database's trigger caught it. */
  financialRecordsKept: 'امکان حذف نیست: سوابق مالی این کاربر (سفارش پرداخت‌شده یا ثبت‌نام) نگه داشته می‌شود. به جای حذف، حساب را قفل کنید',
  paidOrders: (n: number) => `${toPersianDigits(n)} سفارش پرداخت‌شده`,
  refundDueOrders: (n: number) => `${toPersianDigits(n)} سفارش در انتظار بازگشت وجه`,
  enrolments: (n: number) => `${toPersianDigits(n)} ثبت‌نام در دوره`,
} as const;

/** A record's contract row plus its version, as every answer carries it. */
export function shapeRow(contract: Contract, entity: AnyEntity, row: Row): Row {
  return { ...contract.shapeAs(entity.component, row), version: Number(row.version ?? 1) };
}

/**
 * The row, locked until the transaction ends on PostgreSQL (where two requests may otherwise
 * both read version 3 and both write); SQLite runs one write transaction at a time already.
 */
export async function selectForUpdate(trx: Executor, table: string, id: number): Promise<Row | undefined> {
  const lock = isPostgres(trx) ? sql` for update` : sql``;
  const result = await sql<Row>`select * from ${sql.table(table)} where ${sql.ref('id')} = ${id}${lock}`.execute(trx);
  return result.rows[0];
}

/** The `version` an update body names, undefined when it names none (the spec's clients). */
export function requestedVersion(body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null || !('version' in body)) return undefined;
  const version: unknown = body.version;
  if (version === undefined || version === null) return undefined;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) throw new HttpError(400, integrityTexts.badVersion);
  return version;
}

/** Every (entity, column) whose reference field points at `entity` (courses.categoryId → categories). */
export function referrersOf(entity: AnyEntity): Array<{ other: AnyEntity; column: string }> {
  return Object.values(registry).flatMap((other) =>
    Object.entries(other.allFields)
      .filter(([, field]) => field.reference?.entity === entity.key)
      .map(([column]) => ({ other, column })),
  );
}

/**
 * The references that keep a record from being deleted: rows that go with it (onDelete
 * 'cascade') or keep its number as history ('keep') do not hold it.
 */
export function holdersOf(entity: AnyEntity): Array<{ other: AnyEntity; column: string }> {
  return referrersOf(entity).filter(({ other, column }) => (other.allFields[column]?.reference?.onDelete ?? 'refuse') === 'refuse');
}

/** 409 naming what still uses the record: «امکان حذف نیست: ۳ دوره به این دسته‌بندی وابسته است». */
export async function assertNotReferenced(trx: Executor, entity: AnyEntity, id: number): Promise<void> {
  for (const { other, column } of holdersOf(entity)) {
    const used = await sql<{ n: number }>`select count(*) as ${sql.ref('n')} from ${sql.table(other.table)}
      where ${sql.ref(column)} = ${id}`.execute(trx);
    const count = Number(used.rows[0]?.n ?? 0);
    if (count > 0) throw new HttpError(409, integrityTexts.inUse(count, entitySingular(other), entitySingular(entity)));
  }
}

/** 400 when a reference field names a record that does not exist (0 means "none" and stays allowed). */
/** The references among `fields` (an entity's, or an action's inputs) name records that exist. */
export async function assertReferencesExist(trx: Executor, entity: Pick<AnyEntity, 'fields'>, values: Row): Promise<void> {
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.input !== 'reference' || !field.reference) continue;
    const id = Number(values[name] ?? 0);
    if (id === 0) continue;
    const target = registry[field.reference.entity];
    const found = await sql`select 1 from ${sql.table(target.table)} where ${sql.ref('id')} = ${id}`.execute(trx);
    if (found.rows.length === 0) throw new HttpError(400, integrityTexts.missingReference(field.label));
  }
  // Image and video fields refer to the media library as reference fields refer to records.
  await assertFilesInLibrary(trx, entity, values);
}

/**
 * Changes that take an administrator out of the panel (a lock, a demotion, a delete) run one at
 * a time, and only while the one making them is still an active administrator. Otherwise two
 * admins locking or demoting each other at the same moment would each see the other still active
 * and both succeed, leaving nobody. SQLite runs one write transaction at a time already; on
 * PostgreSQL a transaction-scoped advisory lock orders them, and the check after it reads what
 * the other committed.
 */
export async function serializeAdminChanges(trx: Executor, actor: AuthUser): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext('academy:active-admins'))`.execute(trx);
  const result = await sql<{ role: number; isLockout: number }>`select ${sql.ref('role')}, ${sql.ref('isLockout')} from ${sql.table('users')}
    where ${sql.ref('id')} = ${actor.id}`.execute(trx);
  const me = result.rows[0];
  if (!me || Number(me.role) !== adminRole || Number(me.isLockout) !== 0) throw new HttpError(409, integrityTexts.actorChanged);
}

async function otherActiveAdmins(trx: Executor, id: number): Promise<number> {
  const result = await sql<{ n: number }>`select count(*) as ${sql.ref('n')} from ${sql.table('users')}
    where ${sql.ref('role')} = ${adminRole} and ${sql.ref('isLockout')} = 0 and ${sql.ref('id')} <> ${id}`.execute(trx);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Emails sign in whatever their case, so two accounts may not share one in any case. Writes store
 * lower case (schema/validators.ts) and the unique index then decides; this also catches a row
 * stored before that in another case, which the index, comparing exact text, would let by.
 */
async function assertEmailFree(trx: Executor, entity: AnyEntity, id: number, email: unknown): Promise<void> {
  if (typeof email !== 'string' || email === '') return;
  const clash = await sql`select 1 from ${sql.table('users')}
    where lower(${sql.ref('emailAddress')}) = ${email.toLowerCase()} and ${sql.ref('id')} <> ${id}`.execute(trx);
  if (clash.rows.length > 0) throw new HttpError(409, integrityTexts.duplicate(entity.fields.emailAddress?.label ?? 'ایمیل'));
}

/**
 * Financial records outlive accounts: a user with a paid or refund-due order, or a child enrolled
 * in a course, may not be deleted (the delete would cascade to those rows and the dashboard's
 * sales would drop). Answers, per user id that has any, the Persian reason naming what exists.
 * The single delete, the bulk delete and the audit revert all ask this; triggers of migration 006
 * refuse the same deletes in the database.
 */
export async function financialRecordsOf(trx: Executor, userIds: readonly number[]): Promise<Map<number, string>> {
  const found = new Map<number, { paid: number; refundDue: number; enrolments: number }>();
  const entry = (id: number) => {
    const current = found.get(id) ?? { paid: 0, refundDue: 0, enrolments: 0 };
    found.set(id, current);
    return current;
  };
  for (let i = 0; i < userIds.length; i += 500) {
    const part = userIds.slice(i, i + 500);
    const orders = await trx
      .selectFrom('orders')
      .select((eb) => ['userId', 'status', eb.fn.countAll<number>().as('n')])
      .where('userId', 'in', part)
      .where('status', 'in', ['paid', 'refundDue'])
      .groupBy(['userId', 'status'])
      .execute();
    for (const row of orders) {
      if (row.status === 'paid') entry(Number(row.userId)).paid = Number(row.n);
      else entry(Number(row.userId)).refundDue = Number(row.n);
    }
    const enrolments = await trx
      .selectFrom('enrollments')
      .innerJoin('children', 'children.id', 'enrollments.childId')
      .select((eb) => ['children.userId', eb.fn.countAll<number>().as('n')])
      .where('children.userId', 'in', part)
      .groupBy('children.userId')
      .execute();
    for (const row of enrolments) entry(Number(row.userId)).enrolments = Number(row.n);
  }
  const reasons = new Map<number, string>();
  for (const [id, counts] of found) {
    const what = [
      counts.paid > 0 ? integrityTexts.paidOrders(counts.paid) : '',
      counts.refundDue > 0 ? integrityTexts.refundDueOrders(counts.refundDue) : '',
      counts.enrolments > 0 ? integrityTexts.enrolments(counts.enrolments) : '',
    ].filter(Boolean);
    if (what.length > 0) reasons.set(id, integrityTexts.financialRecords(what.join(' و ')));
  }
  return reasons;
}

/** The database refused a delete because of financial records (migration 006's triggers). */
export const isFinancialRecordsError = (error: unknown): boolean => error instanceof Error && error.message.includes(financialRecordsError);

/**
 * An admin may not delete or demote themself, and the last active administrator may not be
 * deleted or demoted: either would leave nobody able to run the panel. `after` is null for a
 * delete, which is also refused while the user has financial records (financialRecordsOf).
 * Only the users table has roles. A user's email must also be free in any letter case.
 */
export async function guardUserWrite(trx: Executor, entity: AnyEntity, actor: AuthUser, before: Row, after: Row | null): Promise<void> {
  if (entity.table !== 'users') return;
  const id = Number(before.id);
  if (after !== null) await assertEmailFree(trx, entity, id, after.emailAddress);
  const wasAdmin = Number(before.role) === adminRole;
  if (wasAdmin && (after === null || Number(after.role ?? adminRole) !== adminRole)) await serializeAdminChanges(trx, actor);
  if (after === null) {
    if (id === actor.id) throw new HttpError(409, integrityTexts.selfDelete);
    if (wasAdmin && (await otherActiveAdmins(trx, id)) === 0) throw new HttpError(409, integrityTexts.lastAdminDelete);
    const kept = (await financialRecordsOf(trx, [id])).get(id);
    if (kept) throw new HttpError(409, kept);
    return;
  }
  if (!wasAdmin || Number(after.role ?? adminRole) === adminRole) return;
  if (id === actor.id) throw new HttpError(409, integrityTexts.selfDemote);
  if ((await otherActiveAdmins(trx, id)) === 0) throw new HttpError(409, integrityTexts.lastAdminDemote);
}

/** The 409 for a constraint the database refused, naming the field when it can. */
export function constraintError(entity: AnyEntity, error: unknown): HttpError | null {
  if (!(error instanceof Error)) return null;
  if (isFinancialRecordsError(error)) return new HttpError(409, integrityTexts.financialRecordsKept);
  if (/FOREIGN KEY constraint failed|violates foreign key/i.test(error.message)) return new HttpError(409, integrityTexts.referenced);
  if (/UNIQUE constraint failed|duplicate key/i.test(error.message)) {
    const field = Object.entries(entity.fields).find(([name]) => error.message.includes(name));
    return new HttpError(409, integrityTexts.duplicate(field?.[1].label ?? 'مقدار'));
  }
  return null;
}
