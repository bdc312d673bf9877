// The accounts' own rules on the generic engine's writes: at least one administrator stays able
// to run the panel, nobody deletes or demotes themself, an email is unique in any letter case,
// and an account with financial records outlives a delete. The single write, the bulk delete,
// the audit log's revert and the CSV import all run them, plugged in as the users' behaviour.
import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { AnyEntity } from '../../../schema/define';
import { administratorRole } from '../../../schema/rules/roles';
import { toPersianDigits } from '../../../schema/rules/text';
import { plugIn, type ImportedRow } from '../../engine/behaviours';
import { type Database, type DB, type Executor, isPostgres, type Row } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import { integrityTexts } from '../../engine/integrity';
import type { AuthUser } from '../../platform/http';

export const accountTexts = {
  selfDelete: 'نمی‌توانید حساب کاربری خودتان را حذف کنید',
  selfDemote: 'نمی‌توانید نقش مدیریتی خودتان را تغییر دهید',
  lastAdminDelete: 'امکان حذف نیست: این کاربر تنها مدیر سیستم است و دست‌کم یک مدیر باید بماند',
  lastAdminDemote: 'امکان تغییر نقش نیست: این کاربر تنها مدیر سیستم است و دست‌کم یک مدیر باید بماند',
  actorChanged: 'حساب مدیریتی شما در این فاصله قفل یا تغییر داده شده است',
  /** «امکان حذف نیست: این کاربر ۲ سفارش پرداخت‌شده دارد؛ …»: what the user has, from financialRecordsOf. */
  financialRecords: (what: string) =>
    `امکان حذف نیست: این کاربر ${what} دارد؛ سوابق مالی نگه داشته می‌شود. به جای حذف، حساب را قفل کنید`,
  paidOrders: (n: number) => `${toPersianDigits(n)} سفارش پرداخت‌شده`,
  refundDueOrders: (n: number) => `${toPersianDigits(n)} سفارش در انتظار بازگشت وجه`,
  enrolments: (n: number) => `${toPersianDigits(n)} ثبت‌نام در دوره`,
  bulkSelf: 'حساب کاربری خودتان را نمی‌توانید حذف کنید',
  bulkLastAdmin: 'آخرین مدیر سیستم را نمی‌توانید حذف کنید',
  phoneTaken: 'حساب کاربری با این شماره تلفن وجود دارد',
  emailTaken: 'حساب کاربری با این ایمیل وجود دارد',
  duplicateInFile: (label: string, line: number) => `${label} تکراری است (همان سطر ${toPersianDigits(line)})`,
} as const;

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
  if (!me || Number(me.role) !== administratorRole || Number(me.isLockout) !== 0) throw new HttpError(409, accountTexts.actorChanged);
}

async function otherActiveAdmins(trx: Executor, id: number): Promise<number> {
  const result = await sql<{ n: number }>`select count(*) as ${sql.ref('n')} from ${sql.table('users')}
    where ${sql.ref('role')} = ${administratorRole} and ${sql.ref('isLockout')} = 0 and ${sql.ref('id')} <> ${id}`.execute(trx);
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
      counts.paid > 0 ? accountTexts.paidOrders(counts.paid) : '',
      counts.refundDue > 0 ? accountTexts.refundDueOrders(counts.refundDue) : '',
      counts.enrolments > 0 ? accountTexts.enrolments(counts.enrolments) : '',
    ].filter(Boolean);
    if (what.length > 0) reasons.set(id, accountTexts.financialRecords(what.join(' و ')));
  }
  return reasons;
}

/**
 * An admin may not delete or demote themself, and the last active administrator may not be
 * deleted or demoted: either would leave nobody able to run the panel. `after` is null for a
 * delete, which is also refused while the user has financial records (financialRecordsOf).
 * Only the users table has roles. A user's email must also be free in any letter case.
 */
async function guardUserWrite(trx: Executor, entity: AnyEntity, actor: AuthUser, before: Row, after: Row | null): Promise<void> {
  const id = Number(before.id);
  if (after !== null) await assertEmailFree(trx, entity, id, after.emailAddress);
  const wasAdmin = Number(before.role) === administratorRole;
  if (wasAdmin && (after === null || Number(after.role ?? administratorRole) !== administratorRole)) await serializeAdminChanges(trx, actor);
  if (after === null) {
    if (id === actor.id) throw new HttpError(409, accountTexts.selfDelete);
    if (wasAdmin && (await otherActiveAdmins(trx, id)) === 0) throw new HttpError(409, accountTexts.lastAdminDelete);
    const kept = (await financialRecordsOf(trx, [id])).get(id);
    if (kept) throw new HttpError(409, kept);
    return;
  }
  if (!wasAdmin || Number(after.role ?? administratorRole) === administratorRole) return;
  if (id === actor.id) throw new HttpError(409, accountTexts.selfDemote);
  if ((await otherActiveAdmins(trx, id)) === 0) throw new HttpError(409, accountTexts.lastAdminDemote);
}

/**
 * Accounts a bulk delete must keep whatever the admin chose: the signed-in admin, the last
 * administrator, and users with financial records, as the single delete refuses them.
 */
async function protectedRows(trx: Transaction<Database>, rows: ReadonlyArray<Row & { id: number }>, actorId: number): Promise<Map<number, string>> {
  const kept = new Map<number, string>();
  for (const row of rows) if (row.id === actorId) kept.set(row.id, accountTexts.bulkSelf);
  const doomedAdmins = rows.filter((row) => Number(row.role) === administratorRole && !kept.has(row.id));
  if (doomedAdmins.length > 0) {
    const counted = await sql<{ n: number }>`select count(*) as ${sql.ref('n')} from ${sql.table('users')} where ${sql.ref('role')} = ${administratorRole}`.execute(trx);
    const admins = Number(counted.rows[0]?.n ?? 0);
    // At least one administrator must remain after the delete.
    const mustKeep = Math.max(0, doomedAdmins.length - (admins - 1));
    for (const row of doomedAdmins.slice(0, mustKeep)) kept.set(row.id, accountTexts.bulkLastAdmin);
  }
  // The same rule as the single delete: paid orders and enrolments are kept, so is their user.
  const withRecords = await financialRecordsOf(trx, rows.filter((row) => !kept.has(row.id)).map((row) => row.id));
  for (const [id, reason] of withRecords) kept.set(id, reason);
  return kept;
}


/**
 * Accounts: unique phones and non-empty emails, within the file and against the table. Each
 * row's phone and email already went through the users schema (readRows): a required Iranian
 * mobile as 09xxxxxxxxx and a lower-case email, the rules of sign-up and of the admin's edit.
 */
async function checkAccounts(db: DB, rows: readonly ImportedRow[], reject: (line: number, message: string) => void): Promise<void> {
  const phones = new Map<string, number>();
  const emails = new Map<string, number>();
  for (const row of rows) {
    const phone = String(row.values.phoneNumber ?? '');
    const seenAt = phones.get(phone);
    if (seenAt !== undefined) reject(row.line, accountTexts.duplicateInFile('شماره تلفن', seenAt));
    else phones.set(phone, row.line);
    const email = String(row.values.emailAddress ?? '').toLowerCase();
    if (email) {
      const emailAt = emails.get(email);
      if (emailAt !== undefined) reject(row.line, accountTexts.duplicateInFile('ایمیل', emailAt));
      else emails.set(email, row.line);
    }
  }
  const taken = async (column: 'phoneNumber' | 'emailAddress', values: string[], message: string, index: Map<string, number>) => {
    for (let i = 0; i < values.length; i += 500) {
      const part = values.slice(i, i + 500);
      const result = await sql<{ v: string }>`select ${sql.ref(column)} as ${sql.ref('v')} from ${sql.table('users')}
        where lower(${sql.ref(column)}) in (${sql.join(part)})`.execute(db);
      for (const row of result.rows) {
        const line = index.get(String(row.v).toLowerCase());
        if (line !== undefined) reject(line, message);
      }
    }
  };
  await taken('phoneNumber', [...phones.keys()], accountTexts.phoneTaken, phones);
  await taken('emailAddress', [...emails.keys()], accountTexts.emailTaken, emails);
}

/** The columns an imported account needs that the file does not carry. */
function fillImportedAccount(columns: Row, values: Row): void {
  columns.firstName = String(values.firstName ?? '');
  columns.lastName = String(values.lastName ?? '');
  // No one knows this password: the account exists, but signs in only after a reset.
  columns.passwordHash = `!imported$${randomBytes(24).toString('base64url')}`;
  columns.isLockout = 0;
  columns.tokenVersion = 0;
  columns.lastLogin = null;
}

export function plugInAccountGuards(): void {
  plugIn('users', { guardWrite: guardUserWrite, keepOnDelete: protectedRows, checkImport: checkAccounts, fillImported: fillImportedAccount });
}
