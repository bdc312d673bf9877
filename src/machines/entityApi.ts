// The default implementations behind the machines' named actors: every call is the entity's
// own operation from its schema, so no entity needs code of its own here.
import * as v from 'valibot';
import { bodySchema, firstIssueMessage, savePreviewOp, type AnyAction, type AnyEntity, type AnyRow, type ListLabels } from '../../schema/define';
import { onGetCacheCleared } from '../api/client';
import { ApiError, callOperation } from '../api/operations';
import type { Notice } from './notice';

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

/** What a page's columns show of other records (ListLabels), with the rows they were read for. */
export interface PageLabels extends ListLabels {
  rows: readonly AnyRow[];
}

/** One page of a list, how many rows matched in all, and the labels its columns show. */
export interface ListPage {
  items: AnyRow[];
  total: number;
  labels: PageLabels | null;
}

const byIdSchema = v.record(v.string(), v.record(v.string(), v.string()));
const labelsSchema = v.object({ references: byIdSchema, columns: byIdSchema, names: v.record(v.string(), v.string()) });

/** The page answer of the list protocol (`{ items, total, labels }`), checked; labels it lacks are asked for by the table. */
export function pageOf(data: unknown): ListPage {
  if (!isRecord(data) || !Array.isArray(data.items) || typeof data.total !== 'number') throw new ApiError(200, undefined);
  const items = data.items.filter(isRow);
  const labels = v.safeParse(labelsSchema, data.labels);
  return { items, total: data.total, labels: labels.success ? { ...labels.output, rows: items } : null };
}

/**
 * Pages on their way, by entity and query. A list screen's route starts its first page together
 * with the screen's code (src/routes/admin/$entity.tsx); the screen's own call, made once that
 * code runs, joins it instead of asking again. A write forgets them: a page asked for after it
 * must show it.
 */
const pagesOnTheirWay = new Map<string, Promise<ListPage>>();
onGetCacheCleared(() => pagesOnTheirWay.clear());

/** One page of a list (list protocol). */
export function fetchPage(entity: AnyEntity, query: ListQueryParams): Promise<ListPage> {
  const key = `${entity.key} ${JSON.stringify(query)}`;
  const onItsWay = pagesOnTheirWay.get(key);
  if (onItsWay) return onItsWay;
  const page = callOperation(entity.ops.list, { query }).then(pageOf);
  pagesOnTheirWay.set(key, page);
  const arrived = () => {
    if (pagesOnTheirWay.get(key) === page) pagesOnTheirWay.delete(key);
  };
  page.then(arrived, arrived);
  return page;
}

export type SaveMode = 'create' | 'update';

export interface SaveInput {
  entity: AnyEntity;
  mode: SaveMode;
  values: Record<string, unknown>;
  /** The row being edited; its id (and version, when it has one) go into the update body. */
  row?: AnyRow;
  /** A 401 is answered to the caller (the form signs in again in place) instead of signing out. */
  keepSession?: boolean;
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
  // The version the form loaded: the server refuses the save (409) if someone saved since.
  if (mode === 'update' && typeof row?.version === 'number') return { ...parsed.output, version: row.version };
  return parsed.output;
}

/** Answers the saved row: the server's answer when it is one, else the body over the old row. */
export async function saveRecord(input: SaveInput): Promise<AnyRow | null> {
  const op = input.mode === 'create' ? input.entity.ops.create : input.entity.ops.update;
  if (!op) throw new ApiError(405, undefined);
  const body = saveBody(input);
  const answer = await callOperation(op, { body, keepSession: input.keepSession });
  if (isRow(answer)) return answer;
  if (input.row) {
    // Not a destructuring with a computed key: Stryker's instrumenting of one loses the rest binding.
    const idKey = input.entity.ops.updateIdKey ?? 'id';
    const fields = Object.fromEntries(Object.entries(body).filter(([key]) => key !== idKey && key !== 'version'));
    return { ...input.row, ...fields };
  }
  return null;
}

/** What saving these values would change besides the record (the entity's savePreview); none without one. */
export async function previewSave(input: SaveInput): Promise<string[]> {
  const op = savePreviewOp(input.entity);
  if (!op) return [];
  const answer = await callOperation(op, { body: saveBody(input), keepSession: input.keepSession });
  const parsed = v.safeParse(previewSchema, answer);
  return parsed.success ? parsed.output.lines : [];
}

const previewSchema = v.object({ lines: v.array(v.string()) });

export interface DeleteInput {
  entity: AnyEntity;
  row: AnyRow;
}

export async function deleteRecord({ entity, row }: DeleteInput): Promise<void> {
  if (!entity.ops.remove) throw new ApiError(405, undefined);
  await callOperation(entity.ops.remove, { body: { id: row.id } });
}

/**
 * The toast of a failed save or delete: the spec's text as it words it, and under it the
 * server's reason when it gives one, so the admin knows what to do. Courses show the server's
 * message as the text itself (spec §8), so it is not repeated.
 */
export function failureNotice(entity: AnyEntity, fallback: string, error: unknown): Notice {
  const reason = error instanceof ApiError ? error.serverMessage : undefined;
  if (entity.texts.preferServerMessage && reason) return { kind: 'error', text: reason };
  return reason && reason !== fallback ? { kind: 'error', text: fallback, detail: reason } : { kind: 'error', text: fallback };
}

/** What a 409 of a stale save says: the record now, what changed since, by whom and when. */
export interface VersionConflict {
  current: AnyRow;
  changedFields: string[];
  changedBy: { id: number; name: string } | null;
  changedAt: string | null;
}

const conflictSchema = v.object({
  conflict: v.object({
    current: v.custom<AnyRow>(isRow),
    changedFields: v.array(v.string()),
    changedBy: v.nullable(v.object({ id: v.number(), name: v.string() })),
    changedAt: v.nullable(v.string()),
  }),
});

/** The conflict of a failed save, or null when it failed for another reason. */
export function conflictOf(error: unknown): VersionConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = v.safeParse(conflictSchema, error.body);
  return parsed.success ? parsed.output.conflict : null;
}

export const isUnauthorized = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

export interface ActionInput {
  action: AnyAction;
  row: AnyRow;
  /** The action's inputs as the admin filled them (none when it declares no fields). */
  values: Record<string, unknown>;
}

/** What an action answers: the changed record, and a notice to hand over once (a reset link). */
export interface ActionResult {
  record: AnyRow | null;
  notice: string | null;
  /** A record of the same entity the action made, to open (a course copied for the next term). */
  opens: number | null;
}

const actionResultSchema = v.object({ record: v.custom<AnyRow>(isRow), notice: v.optional(v.string()), opens: v.optional(v.number()) });

/** Runs a record action on the row the admin saw (its version: a stale one answers 409). */
export async function runAction({ action, row, values }: ActionInput): Promise<ActionResult> {
  const body = { ...values, id: row.id, ...(typeof row.version === 'number' ? { version: row.version } : {}) };
  const answer = await callOperation(action.op, { body });
  const parsed = v.safeParse(actionResultSchema, answer);
  return parsed.success ? { record: parsed.output.record, notice: parsed.output.notice ?? null, opens: parsed.output.opens ?? null } : { record: null, notice: null, opens: null };
}

const refusalSchema = v.object({ refusal: v.string() });

/** The code a refused call answers beside its message (see RefusalFollowUp), or null. */
export function refusalCodeOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const parsed = v.safeParse(refusalSchema, error.body);
  return parsed.success ? parsed.output.refusal : null;
}
