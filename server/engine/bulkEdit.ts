// Bulk edit: POST /api/<api>/BulkEdit for every entity whose schema declares `bulkEdit`. One
// declared field is set to one value on the chosen rows (ids, or every row a list query matches)
// in one transaction. Each row is saved as its edit form saves it (crud.ts: the same validators,
// references, guards, version bump, audit entry and write hooks); a row a rule refuses is kept as
// it was and reported with the rule's own words, as bulk delete reports the rows it keeps.
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import * as v from 'valibot';
import { firstIssueMessage, splitOperation, type AnyEntity } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import type { Contract } from '../platform/contract';
import type { DB, Row } from '../platform/db';
import { HttpError } from '../platform/errors';
import { currentUser, type AuthUser, type Register } from '../platform/http';
import { assertUnrestricted } from './staffView';
import { bulkTexts, chunks, parseSelection, rowLabel, selectedIds, type Skipped } from './bulk';
import { editedValues, updateRecord } from './crud';
import { assertReferencesExist, constraintError } from './integrity';

export const bulkEditTexts = {
  body: 'بدنه درخواست باید فیلد (field)، مقدار (value) و یکی از { ids } یا { query } را داشته باشد',
  notDeclared: (field: string, what: string) => `«${field}» در ${what} گروهی ویرایش نمی‌شود`,
} as const;

export interface BulkEditResult {
  updated: number;
  /** Rows that already held the value: nothing written, no audit entry. */
  unchanged: number;
  skipped: Skipped[];
}

/** The request's field (one the schema declares), its value as the field's validator leaves it, and the rows. */
function parseBody(entity: AnyEntity, body: unknown) {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('field' in body) || !('value' in body)) {
    throw new HttpError(400, bulkEditTexts.body);
  }
  const { field: name, value, ...rest } = body;
  const field = typeof name === 'string' && entity.bulkEdit.includes(name) ? entity.fields[name] : undefined;
  if (typeof name !== 'string' || !field) throw new HttpError(400, bulkEditTexts.notDeclared(String(name), entity.texts.nav));
  const checked = v.safeParse(field.validate, value);
  if (!checked.success) throw new HttpError(400, firstIssueMessage(checked.issues));
  return { name, field, value: checked.output, selection: parseSelection(rest) };
}

export async function bulkEdit(
  db: DB,
  contract: Contract,
  entity: AnyEntity,
  actor: AuthUser,
  change: { name: string; value: unknown; ids: readonly number[] },
): Promise<BulkEditResult> {
  const { name, value } = change;
  const wanted = [...new Set(change.ids)];
  const field = entity.fields[name];
  return db.transaction().execute(async (trx) => {
    // A chosen record that does not exist is the request's fault, not each row's.
    if (field) await assertReferencesExist(trx, { fields: { [name]: field } }, { [name]: value });
    const result: BulkEditResult = { updated: 0, unchanged: 0, skipped: [] };
    for (const part of chunks(wanted)) {
      const found = await sql<Row & { id: number }>`select * from ${sql.table(entity.table)} where ${sql.ref('id')} in (${sql.join(part)})`.execute(trx);
      const byId = new Map(found.rows.map((row) => [Number(row.id), row]));
      for (const id of part) {
        const row = byId.get(id);
        if (!row) {
          result.skipped.push({ id, label: bulkTexts.idLabel(id), reason: bulkTexts.missing });
          continue;
        }
        // Each row in its own savepoint: a refused row leaves the others' writes, and on
        // PostgreSQL the transaction, as they were.
        await sql`savepoint bulk_edit_row`.execute(trx);
        try {
          const { values } = editedValues(contract, entity, row, { [name]: value }, actor.id);
          const saved = await updateRecord(trx, contract, entity, actor, { id, values, expected: undefined });
          await sql`release savepoint bulk_edit_row`.execute(trx);
          if (Number(saved.version) === Number(row.version)) result.unchanged++;
          else result.updated++;
        } catch (error) {
          const refusal = error instanceof HttpError && error.statusCode < 500 ? error : constraintError(entity, error);
          if (!refusal) throw error;
          await sql`rollback to savepoint bulk_edit_row`.execute(trx);
          await sql`release savepoint bulk_edit_row`.execute(trx);
          result.skipped.push({ id, label: rowLabel(entity, { ...row, id }), reason: refusal.message });
        }
      }
    }
    return result;
  });
}

export function registerBulkEdit(register: Register, db: DB, contract: Contract): void {
  for (const entity of Object.values(registry)) {
    const op = entity.ops.bulkEdit;
    if (!op) continue;
    const { method, path } = splitOperation(op);
    register(`${method} ${path}`, 'admin', bulkEditRecords, { need: { entity: entity.key, can: 'update' } });

    async function bulkEditRecords(request: FastifyRequest) {
      const { name, value, selection } = parseBody(entity, request.body);
      const actor = currentUser(request);
      assertUnrestricted(entity, actor.panel);
      const ids = await selectedIds(db, entity, selection);
      return bulkEdit(db, contract, entity, actor, { name, value, ids });
    }
  }
}
