// The default implementations behind the machines' named actors: every call is the entity's
// own operation from its schema, so no entity needs code of its own here.
import * as v from 'valibot';
import { bodySchema, firstIssueMessage, type AnyEntity, type AnyRow } from '../../schema/define';
import { ApiError, callOperation } from '../api/operations';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isRow(value: unknown): value is AnyRow {
  return isRecord(value) && typeof value.id === 'number';
}

/** The rows of a list answer: the array itself or the array under `ops.listItemsAt`. */
export function rowsOf(entity: AnyEntity, data: unknown): AnyRow[] {
  const at = entity.ops.listItemsAt;
  const items = at !== undefined && isRecord(data) ? data[at] : data;
  if (!Array.isArray(items)) throw new ApiError(200, undefined);
  return items.filter(isRow);
}

export async function fetchRows(entity: AnyEntity): Promise<AnyRow[]> {
  return rowsOf(entity, await callOperation(entity.ops.list));
}

/** The list protocol's query parameters (page, pageSize, sort, q, f.<field>; repeated = any of). */
export type ListQueryParams = Readonly<Record<string, string | readonly string[]>>;

/** One page of a list and how many rows matched in all. */
export interface ListPage {
  items: AnyRow[];
  total: number;
}

/** The page answer of the list protocol (`{ items, total }`), checked. */
export function pageOf(data: unknown): ListPage {
  if (!isRecord(data) || !Array.isArray(data.items) || typeof data.total !== 'number') throw new ApiError(200, undefined);
  return { items: data.items.filter(isRow), total: data.total };
}

/** One page of a list (list protocol). */
export async function fetchPage(entity: AnyEntity, query: ListQueryParams): Promise<ListPage> {
  return pageOf(await callOperation(entity.ops.list, { query }));
}

export type SaveMode = 'create' | 'update';

export interface SaveInput {
  entity: AnyEntity;
  mode: SaveMode;
  values: Record<string, unknown>;
  /** The row being edited; its id goes into the update body. */
  row?: AnyRow;
}

/**
 * The body the server receives: the form's values parsed through the entity's body schema, so
 * the schema's transforms (trim, bare file name, Latin digits) apply before anything is sent.
 */
export function saveBody(input: SaveInput): Record<string, unknown> {
  const { entity, mode, values, row } = input;
  const raw: Record<string, unknown> = { ...values };
  if (mode === 'update') {
    if (!row) throw new ApiError(400, undefined);
    raw[entity.ops.updateIdKey ?? 'id'] = row.id;
  }
  const parsed = v.safeParse(bodySchema(entity, mode), raw);
  // A body the form let through but the contract rejects is what the server would answer 400 to.
  if (!parsed.success) throw new ApiError(400, firstIssueMessage(parsed.issues));
  return parsed.output;
}

/** Answers the saved row: the server's answer when it is one, else the body over the old row. */
export async function saveRecord(input: SaveInput): Promise<AnyRow | null> {
  const op = input.mode === 'create' ? input.entity.ops.create : input.entity.ops.update;
  if (!op) throw new ApiError(405, undefined);
  const body = saveBody(input);
  const answer = await callOperation(op, { body });
  if (isRow(answer)) return answer;
  if (input.row) {
    const { [input.entity.ops.updateIdKey ?? 'id']: _id, ...fields } = body;
    return { ...input.row, ...fields };
  }
  return null;
}

export interface DeleteInput {
  entity: AnyEntity;
  row: AnyRow;
}

export async function deleteRecord({ entity, row }: DeleteInput): Promise<void> {
  if (!entity.ops.remove) throw new ApiError(405, undefined);
  await callOperation(entity.ops.remove, { body: { id: row.id } });
}

/** The toast text of a failed save or delete (spec §8: courses prefer the server's message). */
export function failureText(entity: AnyEntity, fallback: string, error: unknown): string {
  if (entity.texts.preferServerMessage && error instanceof ApiError && error.serverMessage) {
    return error.serverMessage;
  }
  return fallback;
}
