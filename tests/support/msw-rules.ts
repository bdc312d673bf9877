// The server's integrity rules, applied by the msw double to its in-memory rows: the same
// functions the engine applies to the database (server/engine/integrityRules.ts), so a client
// that skips its own checks meets the server's refusal, in the server's words, from the double too.
import { HttpResponse } from 'msw';
import type { AnyEntity, AnyRow, RegistryKey } from '../../schema/define';
import { cascadedBy, holdersOf, inUseRefusal, namedLinks, namedReferences, sameValue, splitLinks, uniqueSets } from '../../server/engine/integrityRules';
import { HttpError } from '../../server/platform/errors';

type Rows = (key: RegistryKey) => AnyRow[];

/** An HttpError answered as the server's error handler answers it: `{ message, ...details }`. */
export function refusalAnswer(error: HttpError): Response {
  return HttpResponse.json({ message: error.message, ...error.details }, { status: error.statusCode });
}

/** Runs `rule`; a refusal it throws (an HttpError) becomes the answer, anything else is a bug of the double. */
export function refused(rule: () => void): Response | null {
  try {
    rule();
    return null;
  } catch (error) {
    if (error instanceof HttpError) return refusalAnswer(error);
    throw error;
  }
}

/**
 * What the server checks of a write's values beyond their schema: the records its references name
 * exist (400), and no other row holds the same values of a declared unique set (409, as the
 * database's unique index refuses it). `fields` are the ones the body carries (a create's
 * create-only ones included); `id` is the record an update writes, which may keep its own values.
 */
export function writeRefusal(entity: AnyEntity, fields: AnyEntity['fields'], rows: Rows, values: Record<string, unknown>, id?: number): Response | null {
  for (const { target, id: named, refusal } of namedReferences(fields, values)) {
    if (!rows(target).some((row) => row.id === named)) return refusalAnswer(new HttpError(400, refusal));
  }
  for (const { target, ids, refusal } of namedLinks(entity, splitLinks(entity, values).links)) {
    const present = new Set(rows(target).map((row) => row.id));
    if (ids.some((named) => !present.has(named))) return refusalAnswer(new HttpError(400, refusal));
  }
  for (const { columns, refusal } of uniqueSets(entity)) {
    const clash = rows(entity.key).some((row) => row.id !== id && columns.every((column) => sameValue(row[column], values[column])));
    if (clash) return refusalAnswer(new HttpError(409, refusal));
  }
  return null;
}

/** A delete the server refuses while rows of another entity refer to the record (409, naming them). */
export function deleteRefusal(entity: AnyEntity, rows: Rows, id: number): Response | null {
  for (const { other, column } of holdersOf(entity)) {
    const count = rows(other.key).filter((row) => row[column] === id).length;
    if (count > 0) return refusalAnswer(inUseRefusal(entity, other, count));
  }
  return null;
}

/** The rows that go with a deleted record (onDelete 'cascade'), removed as the engine removes them. */
export function deleteCascaded(entity: AnyEntity, rows: Rows, remove: (key: RegistryKey, id: number) => void, id: number): void {
  for (const { other, column } of cascadedBy(entity)) {
    for (const row of rows(other.key).filter((candidate) => candidate[column] === id)) {
      deleteCascaded(other, rows, remove, row.id);
      remove(other.key, row.id);
    }
  }
}
