// What keeps the data whole when several admins work on it: references that must point at an
// existing record, records that may not be deleted while others refer to them, and the guards
// that keep at least one administrator able to sign in. Shared by the generic CRUD and the
// audit log's revert, so a revert is refused for the same reasons as the change it mirrors.
import { sql } from 'kysely';
import type { AnyEntity } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import type { Contract } from '../platform/contract';
import { isPostgres, type Executor, type Row } from '../platform/db';
import { HttpError } from '../platform/errors';
import { sharedBehaviour } from './behaviours';
import { financialRecordsError } from '../platform/migrations/006_money';
import { holdersOf, inUseRefusal, integrityTexts, namedReferences } from './integrityRules';

// The rules' pure halves live in integrityRules.ts (the msw double applies them too).
export { cascadedBy, holdersOf, integrityTexts, referrersOf, requestedVersion } from './integrityRules';


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

/** 409 naming what still uses the record: «امکان حذف نیست: ۳ دوره به این دسته‌بندی وابسته است». */
export async function assertNotReferenced(trx: Executor, entity: AnyEntity, id: number): Promise<void> {
  for (const { other, column } of holdersOf(entity)) {
    const used = await sql<{ n: number }>`select count(*) as ${sql.ref('n')} from ${sql.table(other.table)}
      where ${sql.ref(column)} = ${id}`.execute(trx);
    const count = Number(used.rows[0]?.n ?? 0);
    if (count > 0) throw inUseRefusal(entity, other, count);
  }
}

/** 400 when a reference field names a record that does not exist (0 means "none" and stays allowed). */
/** The references among `fields` (an entity's, or an action's inputs) name records that exist. */
export async function assertReferencesExist(trx: Executor, entity: Pick<AnyEntity, 'fields'>, values: Row): Promise<void> {
  for (const { target, id, refusal } of namedReferences(entity.fields, values)) {
    const found = await sql`select 1 from ${sql.table(registry[target].table)} where ${sql.ref('id')} = ${id}`.execute(trx);
    if (found.rows.length === 0) throw new HttpError(400, refusal);
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
