// Bulk work of the generic admin: POST /api/Admin/{entity}/bulk-delete for any registry entity
// that has a delete operation (CSV import lives in csvImport.ts). One transaction; a row that
// is still in use or protected is kept and reported with its reason, the rest are deleted.
import { assertUnrestricted, pathEntityNeed } from './staffView';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import * as v from 'valibot';
import { ownColumnValue, type AnyEntity, type AnyRow, type RegistryKey } from '../../schema/define';
import { registry, registryKeys } from '../../schema/registry.gen';
import { formatPersianNumber, toPersianDigits } from '../../schema/rules/text';
import { matchingIdsFor } from './bulkQuery';
import type { DB } from '../platform/db';
import { HttpError, notFound } from '../platform/errors';
import { holdersOf, integrityTexts, isFinancialRecordsError } from './integrity';
import { currentUser, type AuthUser, type Register } from '../platform/http';
import { afterWrite, keptOnDelete } from './behaviours';
import { dropLinksOf } from './links';
import { deleteCascaded } from './crud';

type Row = Record<string, unknown>;

export const bulkLimits = { ids: 1000, matching: 10_000, chunk: 500 } as const;

export const bulkTexts = {
  unknownEntity: 'این بخش در پنل مدیریت وجود ندارد',
  notDeletable: 'حذف در این بخش ممکن نیست',
  body: 'بدنه درخواست باید یکی از { ids } یا { query } باشد',
  ids: `شناسه‌ها باید فهرستی از ۱ تا ${formatPersianNumber(bulkLimits.ids)} عدد صحیح مثبت باشند`,
  tooManyMatching: (n: number) =>
    `${formatPersianNumber(n)} مورد با این فیلتر مطابقت دارند؛ کار گروهی حداکثر ${formatPersianNumber(bulkLimits.matching)} مورد را در یک بار می‌پذیرد. فیلتر را محدودتر کنید.`,
  changed: (expected: number, now: number) =>
    `فهرست تغییر کرده است: شما ${formatPersianNumber(expected)} مورد را تأیید کردید ولی اکنون ${formatPersianNumber(now)} مورد مطابقت دارند. فهرست را دوباره بارگذاری و بررسی کنید.`,
  missing: 'پیدا نشد (شاید پیش‌تر حذف شده است)',
  inUse: (count: number, what: string) => `${toPersianDigits(count)} مورد از ${what} به آن وابسته است`,
  referenced: 'در جای دیگری (مانند ثبت‌نام‌ها) استفاده شده است',
  idLabel: (id: number) => `شناسه ${toPersianDigits(id)}`,
} as const;

export interface Skipped {
  id: number;
  label: string;
  reason: string;
}

const positiveId = v.pipe(v.number(), v.integer(), v.minValue(1));
/** The rows a bulk call acts on: chosen ids, or every row a list query matches (the count confirmed). */
export const selectionSchema = v.union(
  [
    v.strictObject({ ids: v.pipe(v.array(positiveId), v.minLength(1), v.maxLength(bulkLimits.ids)) }),
    v.strictObject({ query: v.pipe(v.string(), v.maxLength(4000)), expected: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))) }),
  ],
  bulkTexts.body,
);

/** A selection's body as sent, or the 400 naming what is wrong with it. */
export function parseSelection(body: unknown): v.InferOutput<typeof selectionSchema> {
  const parsed = v.safeParse(selectionSchema, body);
  if (parsed.success) return parsed.output;
  const sentIds = typeof body === 'object' && body !== null && 'ids' in body;
  throw new HttpError(400, sentIds ? bulkTexts.ids : bulkTexts.body);
}

/**
 * The ids a selection names; for a query, refused (409) when it now matches another count than
 * the one the admin confirmed, and (400) beyond the bulk limit.
 */
export async function selectedIds(db: DB, entity: AnyEntity, selection: v.InferOutput<typeof selectionSchema>): Promise<readonly number[]> {
  if ('ids' in selection) return selection.ids;
  const ids = await matchingIdsFor(db, entity, selection.query);
  if (selection.expected !== undefined && selection.expected !== ids.length) {
    throw new HttpError(409, bulkTexts.changed(selection.expected, ids.length));
  }
  if (ids.length > bulkLimits.matching) throw new HttpError(400, bulkTexts.tooManyMatching(ids.length));
  return ids;
}

/** The registry entity named by the `{entity}` path parameter, or 404. */
export function entityOf(request: FastifyRequest): AnyEntity {
  const params = request.params;
  const key = typeof params === 'object' && params !== null && 'entity' in params ? params.entity : undefined;
  const found = registryKeys.find((k): k is RegistryKey => k === key);
  if (!found) throw notFound(bulkTexts.unknownEntity);
  return registry[found];
}

/** A row's name in a report: its first text column (a title, a name), else its id. */
export function rowLabel(entity: AnyEntity, row: Row & { id: number }): string {
  const column = entity.columns.find((c) => c.cell === 'text');
  const value = column ? ownColumnValue(column, toAnyRow(row)) : undefined;
  const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  return text ? toPersianDigits(text) : bulkTexts.idLabel(row.id);
}

const toAnyRow = (row: Row & { id: number }): AnyRow => row;

// Also the financial-records triggers (migration 006), the database's own copy of the rule above.
const isForeignKeyError = (error: unknown) =>
  isFinancialRecordsError(error) || (error instanceof Error && /FOREIGN KEY constraint failed|violates foreign key/i.test(error.message));

export function chunks<T>(items: readonly T[], size: number = bulkLimits.chunk): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}


export async function bulkDelete(db: DB, entity: AnyEntity, ids: readonly number[], actor: AuthUser): Promise<{ deleted: number; skipped: Skipped[] }> {
  const actorId = actor.id;
  const wanted = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const rows: Array<Row & { id: number }> = [];
    for (const part of chunks(wanted)) {
      const found = await sql<Row & { id: number }>`select * from ${sql.table(entity.table)} where ${sql.ref('id')} in (${sql.join(part)})`.execute(trx);
      rows.push(...found.rows.map((row) => ({ ...row, id: Number(row.id) })));
    }
    const byId = new Map(rows.map((row) => [row.id, row]));
    const skipped: Skipped[] = [];
    const skip = (id: number, reason: string) => {
      const row = byId.get(id);
      skipped.push({ id, label: row ? rowLabel(entity, row) : bulkTexts.idLabel(id), reason });
    };
    for (const id of wanted) if (!byId.has(id)) skip(id, bulkTexts.missing);

    const kept = await keptOnDelete(trx, entity, rows, actorId);
    for (const [id, reason] of kept) skip(id, reason);

    // Referenced through a registry reference field: counted per row, named in the reason.
    const inUse = new Map<number, string[]>();
    const candidates = rows.filter((row) => !kept.has(row.id)).map((row) => row.id);
    for (const { other, column } of holdersOf(entity)) {
      const what = other.texts.nav;
      for (const part of chunks(candidates)) {
        const used = await sql<{ ref: number; n: number }>`select ${sql.ref(column)} as ${sql.ref('ref')}, count(*) as ${sql.ref('n')}
          from ${sql.table(other.table)} where ${sql.ref(column)} in (${sql.join(part)}) group by ${sql.ref(column)}`.execute(trx);
        for (const { ref, n } of used.rows) inUse.set(Number(ref), [...(inUse.get(Number(ref)) ?? []), bulkTexts.inUse(Number(n), what)]);
      }
    }
    for (const [id, reasons] of inUse) skip(id, reasons.join('؛ '));

    const doomed = candidates.filter((id) => !inUse.has(id));
    let deleted = 0;
    const gone: number[] = [];
    // Foreign keys outside the registry (a course's enrolments) refuse the delete in the
    // database. Try everything at once; only when that is refused, row by row, so one row in use
    // does not cost a statement per row for the rest.
    for (const part of chunks(doomed)) {
      await sql`savepoint bulk_delete`.execute(trx);
      try {
        await sql`delete from ${sql.table(entity.table)} where ${sql.ref('id')} in (${sql.join(part)})`.execute(trx);
        await sql`release savepoint bulk_delete`.execute(trx);
        deleted += part.length;
        gone.push(...part);
        continue;
      } catch (error) {
        if (!isForeignKeyError(error)) throw error;
        await sql`rollback to savepoint bulk_delete`.execute(trx);
        await sql`release savepoint bulk_delete`.execute(trx);
      }
      for (const id of part) {
        await sql`savepoint bulk_delete_row`.execute(trx);
        try {
          await sql`delete from ${sql.table(entity.table)} where ${sql.ref('id')} = ${id}`.execute(trx);
          await sql`release savepoint bulk_delete_row`.execute(trx);
          deleted++;
          gone.push(id);
        } catch (error) {
          if (!isForeignKeyError(error)) throw error;
          await sql`rollback to savepoint bulk_delete_row`.execute(trx);
          await sql`release savepoint bulk_delete_row`.execute(trx);
          skip(id, isFinancialRecordsError(error) ? integrityTexts.financialRecordsKept : bulkTexts.referenced);
        }
      }
    }
    await deleteCascaded(trx, entity, actor, gone);
    await dropLinksOf(trx, entity, gone);
    await afterWrite(trx, entity, gone.flatMap((id) => {
      const before = byId.get(id);
      return before ? [{ before, after: null }] : [];
    }));
    const order = new Map(wanted.map((id, index) => [id, index]));
    skipped.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    return { deleted, skipped };
  });
}

export function registerBulk(register: Register, db: DB): void {
  register('POST /api/Admin/{entity}/bulk-delete', 'admin', bulkDeleteRecords, { need: pathEntityNeed('delete') });

  async function bulkDeleteRecords(request: FastifyRequest) {
    const entity = entityOf(request);
    if (!entity.ops.remove) throw new HttpError(400, bulkTexts.notDeletable);
    const selection = parseSelection(request.body);
    const actor = currentUser(request);
    assertUnrestricted(entity, actor.panel);
    const ids = await selectedIds(db, entity, selection);
    return bulkDelete(db, entity, ids, actor);
  }
}
