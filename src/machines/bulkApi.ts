// The calls behind the bulk machines' named actors: POST /api/Admin/{entity}/bulk-delete, an
// entity's bulk edit (POST /api/<api>/BulkEdit) and POST /api/Admin/{entity}/import, through the typed client (token, statuses, GET cache cleared
// after a write, as for every other call).
import type { components } from '../../codegen/openapi.gen';
import type { AnyEntity } from '../../schema/define';
import { api, serverMessage } from '../api/client';
import { ApiError, callOperation } from '../api/operations';

/** What a bulk operation acts on; `query` is the list URL's query string (list-protocol.md). */
export type BulkSelection = { kind: 'ids'; ids: number[] } | { kind: 'allMatching'; query: string };

export type BulkDeleteResult = components['schemas']['BulkDeleteResult'];
export type ImportResult = components['schemas']['ImportResult'];
export type BulkEditResult = components['schemas']['BulkEditResult'];

export interface BulkDeleteInput {
  entity: AnyEntity;
  selection: BulkSelection;
  /** The count the admin confirmed: an all-matching delete is refused if the list has changed. */
  count: number;
}

export async function bulkDeleteRows({ entity, selection, count }: BulkDeleteInput): Promise<BulkDeleteResult> {
  const body = selection.kind === 'ids' ? { ids: selection.ids } : { query: selection.query, expected: count };
  let result;
  try {
    result = await api.POST('/api/Admin/{entity}/bulk-delete', { params: { path: { entity: entity.key } }, body });
  } catch {
    throw new ApiError(0, undefined);
  }
  if (!result.data) throw new ApiError(result.response.status, serverMessage(result.error));
  return result.data;
}

/** A declared field and its value for every chosen row, with the value as the admin reads it. */
export interface BulkChange {
  field: string;
  value: unknown;
  text: string;
}

const isCount = (value: unknown): value is number => typeof value === 'number';
function isBulkEditResult(data: unknown): data is BulkEditResult {
  return typeof data === 'object' && data !== null && 'updated' in data && isCount(data.updated) && 'unchanged' in data && isCount(data.unchanged) && 'skipped' in data && Array.isArray(data.skipped);
}

export async function bulkEditRows({ entity, selection, count, change }: BulkDeleteInput & { change: BulkChange }): Promise<BulkEditResult> {
  if (!entity.ops.bulkEdit) throw new ApiError(400, undefined);
  const rows = selection.kind === 'ids' ? { ids: selection.ids } : { query: selection.query, expected: count };
  const data = await callOperation(entity.ops.bulkEdit, { body: { ...rows, field: change.field, value: change.value } });
  if (!isBulkEditResult(data)) throw new ApiError(200, undefined);
  return data;
}

export interface ImportInput {
  entity: AnyEntity;
  csv: string;
  dryRun: boolean;
}

export async function importCsv({ entity, csv, dryRun }: ImportInput): Promise<ImportResult> {
  let result;
  try {
    result = await api.POST('/api/Admin/{entity}/import', {
      params: { path: { entity: entity.key }, query: dryRun ? { dryRun: '1' } : {} },
      body: csv,
      bodySerializer: (text: string) => text,
      headers: { 'Content-Type': 'text/csv; charset=utf-8' },
    });
  } catch {
    throw new ApiError(0, undefined);
  }
  if (!result.data) throw new ApiError(result.response.status, serverMessage(result.error));
  return result.data;
}

/** The server's Persian reason when it sent one, else the screen's own text. */
export function bulkFailureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
