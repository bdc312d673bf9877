// What keeps the data whole when several admins work on it: references that must point at an
// existing record, records that may not be deleted while others refer to them, and the guards
// that keep at least one administrator able to sign in. Shared by the generic CRUD and the
// audit log's revert, so a revert is refused for the same reasons as the change it mirrors.
import { sql } from 'kysely';
import { entitySingular, type AnyEntity } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { toPersianDigits } from '../../schema/rules/text';
import type { Contract } from '../platform/contract';
import { isPostgres, type Executor, type Row } from '../platform/db';
import { HttpError } from '../platform/errors';
import { sharedBehaviour } from './behaviours';
import { financialRecordsError } from '../platform/migrations/006_money';


export const integrityTexts = {
  inUse: (count: number, what: string, target: string) => `امکان حذف نیست: ${toPersianDigits(count)} ${what} به این ${target} وابسته است`,
  referenced: 'امکان حذف نیست: این رکورد در جای دیگری استفاده شده است',
  duplicate: (label: string) => `${label} تکراری است`,
  missingReference: (label: string) => `${label} انتخاب‌شده وجود ندارد`,
  badVersion: 'نسخه رکورد نامعتبر است',
  stale: 'این رکورد در این فاصله توسط مدیر دیگری تغییر کرده است',
  /** The same refusal when only the database's trigger caught it. */
  financialRecordsKept: 'امکان حذف نیست: سوابق مالی این کاربر (سفارش پرداخت‌شده یا ثبت‌نام) نگه داشته می‌شود. به جای حذف، حساب را قفل کنید',
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

/**
 * The references whose rows go with a deleted record and live in a table the schema makes: no
 * foreign key there does it, so the engine deletes them (a server-made table's key cascades).
 */
export function cascadedBy(entity: AnyEntity): Array<{ other: AnyEntity; column: string }> {
  return referrersOf(entity).filter(({ other, column }) => other.decl.tableOwner !== 'server' && other.allFields[column]?.reference?.onDelete === 'cascade');
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
  await sharedBehaviour().fileLibrary?.assertInLibrary(trx, entity, values);
}

/** The database refused a delete because of financial records (migration 006's triggers). */
export const isFinancialRecordsError = (error: unknown): boolean => error instanceof Error && error.message.includes(financialRecordsError);

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
