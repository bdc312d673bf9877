// msw handlers generated from the schema registry: every entity's list/create/update/remove is
// backed by an in-memory store that answers like the server (body validated with the same
// bodySchema, 400 { message } on invalid input, 404 for an unknown id). Tests can make any
// operation fail with a chosen status and message, and count the requests that reached it.
import { http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw';
import * as v from 'valibot';
import {
  blankValue,
  bodySchema,
  nullableColumn,
  firstIssueMessage,
  actionBodySchema,
  idBodySchema,
  recordLabel,
  splitOperation,
  type AnyEntity,
  type AnyRow,
  type OperationKey,
  type RegistryKey,
} from '../../schema/define';
import type { components } from '../../codegen/openapi.gen';
import { registry, registryKeys } from '../../schema/registry.gen';
import { foldForSearch } from '../../schema/rules/text';
import { listPage, pageLabels } from './msw-list';
import { savePreviewHandler } from './msw-preview';
import { deleteCascaded, deleteRefusal, refused, writeRefusal } from './msw-rules';
import { actionRefusal, changesRecord, integrityTexts, requestedVersion, splitLinks } from '../../server/engine/integrityRules';
import { texts } from '../../server/platform/errors';

export interface Failure {
  status: number;
  /** Sent as `{ message }`; omit it to answer with an empty body. */
  message?: string;
  /** More of the answer beside `message` (a refusal's code), or without a message the whole body (a page of no rows). */
  body?: JsonBodyType;
  /** The connection fails: no answer at all (fetch rejects). */
  network?: true;
  /** An answer no contract allows (a malformed page): the double's contract check skips it. */
  offContract?: true;
}

export type Seed = Partial<Record<RegistryKey, AnyRow[]>>;

function slugOf(text: unknown, id: number): string {
  const base = typeof text === 'string' ? text.trim().replace(/\s+/g, '-') : '';
  return base ? `${base}-${id}` : String(id);
}

async function jsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

export { listPage } from './msw-list';

/**
 * What the server writes into a new row that the create body does not carry, as the real one
 * does: the time of a stamped date (`auto`), the blank value of any other read-only
 * field (an account is not locked out, a message not archived).
 */
function serverSetOnCreate(entity: AnyEntity): AnyRow {
  const row: AnyRow = { id: 0 };
  for (const [name, field] of Object.entries(entity.decl.fields)) {
    const stamped = field.input === 'jalaliDate' && field.auto !== undefined;
    const erased = entity.allFields[name];
    if ((!field.readOnly && !stamped) || !erased) continue;
    const blank = blankValue(erased);
    row[name] = stamped || (blank === null && !nullableColumn(field)) ? new Date().toISOString() : blank;
  }
  return row;
}

/** The header of an answer a test makes off the contract on purpose; the double's contract check skips it. */
export const offContract = { 'x-test-off-contract': '1' } as const;

/**
 * A failure a test asked for. A 5xx stands for a server or proxy that fell over, which no contract
 * describes, so it is marked off the contract; a 4xx must be one the operation documents.
 */
function failed(failure: Failure): Response {
  if (failure.network) return HttpResponse.error();
  const headers = failure.status >= 500 || failure.offContract ? offContract : undefined;
  if (failure.message === undefined && failure.body === undefined) return new HttpResponse(null, { status: failure.status, headers });
  const more = typeof failure.body === 'object' && failure.body !== null ? failure.body : {};
  return HttpResponse.json(failure.message === undefined ? failure.body : { message: failure.message, ...more }, { status: failure.status, headers });
}

export function createMockBackend(seed: Seed = {}) {
  const store = new Map<RegistryKey, AnyRow[]>();
  const failures = new Map<OperationKey, Failure>();
  const counts = new Map<OperationKey, number>();
  /** What another admin changed in a record (see `editElsewhere`), for the 409 of a stale save. */
  const changes = new Map<string, { fields: string[]; by: { id: number; name: string }; at: string }>();
  /** What each entity's save preview answers (see `previewLines`). */
  const previews = new Map<RegistryKey, readonly string[]>();
  let nextId = 1000;
  /** What GET /api/Admin/access answers: an administrator unless a test gives a staff role (`panelAccess`). */
  let access: PanelAccessAnswer = administratorAccess;

  function reset(newSeed: Seed = seed): void {
    access = administratorAccess;
    failures.clear();
    counts.clear();
    changes.clear();
    previews.clear();
    for (const key of registryKeys) store.set(key, structuredClone(newSeed[key] ?? []));

  }
  reset();

  const rows = (key: RegistryKey): AnyRow[] => store.get(key) ?? [];

  /**
   * The labels call's answer: `path` follows references as the server does (a roster's parent name
   * and phone): each step is a reference field of the row reached, the last may name a plain field.
   */
  function labelsOf(key: RegistryKey, ids: readonly number[], steps: readonly string[]): Record<string, string> {
    const follow = (entityKey: RegistryKey, row: AnyRow | undefined, rest: readonly string[]): string | undefined => {
      if (!row) return undefined;
      const [step, ...more] = rest;
      if (step === undefined) return recordLabel(registry[entityKey], row);
      const target = registry[entityKey].allFields[step]?.reference?.entity;
      if (!target) return more.length === 0 && row[step] !== undefined ? String(row[step]) : undefined;
      return follow(target, rows(target).find((other) => other.id === row[step]), more);
    };
    const labels: Record<string, string> = {};
    for (const row of rows(key)) {
      if (!ids.includes(row.id)) continue;
      const label = follow(key, row, steps);
      if (label !== undefined) labels[String(row.id)] = label;
    }
    return labels;
  }

  const versionOf = (row: AnyRow): number => (typeof row.version === 'number' ? row.version : 1);
  const removeRow = (entityKey: RegistryKey, id: number): void => {
    store.set(entityKey, rows(entityKey).filter((row) => row.id !== id));
  };

  function handle(op: OperationKey, answer: (request: Request) => Promise<Response>): HttpHandler {
    const { method, path } = splitOperation(op);
    const route = `*${path}`;
    const resolver = async ({ request }: { request: Request }) => {
      counts.set(op, (counts.get(op) ?? 0) + 1);
      const failure = failures.get(op);
      if (failure) return failed(failure);
      return answer(request);
    };
    if (method === 'GET') return http.get(route, resolver);
    if (method === 'POST') return http.post(route, resolver);
    if (method === 'PUT') return http.put(route, resolver);
    return http.delete(route, resolver);
  }

  function handlersFor(key: RegistryKey, entity: AnyEntity): HttpHandler[] {
    const { ops } = entity;
    const list: HttpHandler[] = [
      handle(ops.list, async (request) => {
        const page = listPage(entity, rows(key), new URL(request.url).searchParams);
        if (page) return HttpResponse.json({ ...page, labels: pageLabels(entity, page.items, labelsOf) });
        const items = rows(key);
        return HttpResponse.json(ops.listItemsAt ? { [ops.listItemsAt]: items } : items);
      }),
    ];
    if (ops.create) {
      list.push(
        handle(ops.create, async (request) => {
          const parsed = v.safeParse(bodySchema(entity, 'create'), await jsonBody(request));
          if (!parsed.success) return HttpResponse.json({ message: firstIssueMessage(parsed.issues) }, { status: 400 });
          const refusal = writeRefusal(entity, entity.createFields, rows, parsed.output);
          if (refusal) return refusal;
          const id = ++nextId;
          // A write-only input (a password) goes to the server's create hook, never into the row.
          const kept = Object.fromEntries(Object.entries(parsed.output).filter(([name]) => name in entity.allFields));
          const row: AnyRow = { ...serverSetOnCreate(entity), ...kept, id, version: 1 };
          if (entity.slugFrom) row.slug = slugOf(parsed.output[entity.slugFrom], id);
          rows(key).push(row);
          return HttpResponse.json(row);
        }),
      );
    }
    if (ops.update) {
      const idKey = ops.updateIdKey ?? 'id';
      list.push(
        handle(ops.update, async (request) => {
          const body = await jsonBody(request);
          const parsed = v.safeParse(bodySchema(entity, 'update'), body);
          if (!parsed.success) return HttpResponse.json({ message: firstIssueMessage(parsed.issues) }, { status: 400 });
          let expected: number | undefined;
          const badVersion = refused(() => void (expected = requestedVersion(body)));
          if (badVersion) return badVersion;
          const { [idKey]: id, version: _named, ...fields } = parsed.output;
          const index = rows(key).findIndex((row) => row.id === id);
          const old = rows(key)[index];
          if (!old) return HttpResponse.json({ message: texts.recordNotFound }, { status: 404 });
          const version = versionOf(old);
          if (expected !== undefined && expected !== version) {
            const change = changes.get(`${key}:${old.id}`);
            return HttpResponse.json(
              {
                message: integrityTexts.stale,
                conflict: { current: old, changedFields: change?.fields ?? [], changedBy: change?.by ?? null, changedAt: change?.at ?? null },
              },
              { status: 409 },
            );
          }
          const refusal = writeRefusal(entity, entity.fields, rows, { ...old, ...fields }, old.id);
          if (refusal) return refusal;
          // Like the server, a save that changes nothing writes nothing: the version stays.
          const { columns, links } = splitLinks(entity, fields);
          if (!changesRecord(entity, old, columns, links)) return HttpResponse.json(old);
          const row: AnyRow = { ...old, ...fields, version: version + 1 };
          rows(key)[index] = row;
          return HttpResponse.json(row);
        }),
      );
    }
    if (ops.remove) {
      list.push(
        handle(ops.remove, async (request) => {
          const parsed = v.safeParse(idBodySchema, await jsonBody(request));
          if (!parsed.success) return HttpResponse.json({ message: firstIssueMessage(parsed.issues) }, { status: 400 });
          const { id } = parsed.output;
          if (!rows(key).some((row) => row.id === id)) return HttpResponse.json({ message: texts.recordNotFound }, { status: 404 });
          const refusal = deleteRefusal(entity, rows, id);
          if (refusal) return refusal;
          deleteCascaded(entity, rows, removeRow, id);
          removeRow(key, id);
          return HttpResponse.json({ id });
        }),
      );
    }
    // Record actions: what one changes is the server's (server/engine/actions.ts), so the double checks
    // what the engine checks for every action (the row exists, its `when`, the version) and
    // answers the row with its version moved; a test states an action's effect with server.use.
    for (const action of entity.actions) {
      list.push(
        handle(action.op, async (request) => {
          const body = await jsonBody(request);
          const parsed = v.safeParse(actionBodySchema(action), body);
          if (!parsed.success) return HttpResponse.json({ message: firstIssueMessage(parsed.issues) }, { status: 400 });
          let expected: number | undefined;
          const badVersion = refused(() => void (expected = requestedVersion(body)));
          if (badVersion) return badVersion;
          const index = rows(key).findIndex((row) => row.id === parsed.output.id);
          const old = rows(key)[index];
          if (!old) return HttpResponse.json({ message: texts.recordNotFound }, { status: 404 });
          const version = versionOf(old);
          if (expected !== undefined && expected !== version) return HttpResponse.json({ message: integrityTexts.stale }, { status: 409 });
          const notNow = refused(() => {
            const refusal = actionRefusal(action, old);
            if (refusal) throw refusal;
          });
          if (notNow) return notNow;
          const inputs = writeRefusal(entity, action.fields, rows, parsed.output);
          if (inputs) return inputs;
          const row: AnyRow = { ...old, version: version + 1 };
          rows(key)[index] = row;
          return HttpResponse.json({ record: row });
        }),
      );
    }
    return list;
  }

  /** The generic relation calls (server/engine/relations.ts), answered from the same store. */
  function relationHandlers(): HttpHandler[] {
    const entityOf = (raw: unknown): RegistryKey | undefined => registryKeys.find((key) => key === raw);
    const counted = (op: OperationKey, answer: (args: { params: Record<string, unknown>; request: Request }) => Response) =>
      (args: { params: Record<string, unknown>; request: Request }) => {
        counts.set(op, (counts.get(op) ?? 0) + 1);
        const failure = failures.get(op);
        if (failure) return failed(failure);
        return answer(args);
      };
    const unknown = () => HttpResponse.json({ message: 'چنین بخشی در پنل مدیریت وجود ندارد' }, { status: 404 });
    return [
      http.get('*/api/Admin/access', counted('GET /api/Admin/access', () => HttpResponse.json(access))),
      http.get(
        '*/api/Admin/:entity/labels',
        counted('GET /api/Admin/{entity}/labels', ({ params, request }) => {
          const key = entityOf(params.entity);
          if (!key) return unknown();
          const search = new URL(request.url).searchParams;
          const ids = (search.get('ids') ?? '').split(',').filter(Boolean).map(Number);
          return HttpResponse.json({ labels: labelsOf(key, ids, (search.get('path') ?? '').split('.').filter(Boolean)) });
        }),
      ),
      http.get(
        '*/api/Admin/:entity/options',
        counted('GET /api/Admin/{entity}/options', ({ params, request }) => {
          const key = entityOf(params.entity);
          if (!key) return unknown();
          const url = new URL(request.url);
          const needle = foldForSearch(url.searchParams.get('q') ?? '');
          const limit = Number(url.searchParams.get('limit') ?? '20');
          const options = rows(key)
            .map((row) => ({ id: row.id, label: recordLabel(registry[key], row) }))
            .filter((option) => foldForSearch(option.label).includes(needle))
            .slice(0, limit);
          return HttpResponse.json({ options });
        }),
      ),
      http.get(
        '*/api/Admin/:entity/:id',
        counted('GET /api/Admin/{entity}/{id}', ({ params }) => {
          const key = entityOf(params.entity);
          if (!key) return unknown();
          const entity = registry[key];
          const record = rows(key).find((row) => String(row.id) === params.id);
          if (!record) return HttpResponse.json({ message: 'رکورد یافت نشد' }, { status: 404 });
          const related = registryKeys.flatMap((otherKey) =>
            Object.entries(registry[otherKey].fields)
              .filter(([, field]) => field.reference?.entity === key)
              .map(([field]) => {
                const items = rows(otherKey).filter((row) => row[field] === record.id);
                return { entity: otherKey, field, title: registry[otherKey].texts.nav, total: items.length, items: items.slice(0, 20) };
              }),
          );
          return HttpResponse.json({ record, label: recordLabel(entity, record), related });
        }),
      ),
    ];
  }

  // Save previews (tests/support/msw-preview.ts), one per entity that declares one.
  const previewHandlers = registryKeys.flatMap((key) => {
    const handler = savePreviewHandler(registry[key], { handle, rows: () => rows(key), lines: () => previews.get(key) ?? [] });
    return handler ? [handler] : [];
  });

  const handlers = [...relationHandlers(), ...registryKeys.flatMap((key) => handlersFor(key, registry[key])), ...previewHandlers];

  return {
    handlers,
    reset,
    /** The rows the "server" holds now. */
    rows,
    /** Make `op` answer `failure` until `succeed(op)` or `reset()`. */
    fail(op: OperationKey, failure: Failure): void {
      failures.set(op, failure);
    },
    /** Make `op` give `answer` (a body of its own, a dropped connection) until `succeed(op)` or `reset()`. */
    answer(op: OperationKey, answer: Failure): void {
      failures.set(op, answer);
    },
    /** What the caller's panel access is until `reset()` (the panel reads it as it opens and after a 403). */
    panelAccess(answer: PanelAccessAnswer): void {
      access = answer;
    },
    succeed(op: OperationKey): void {
      failures.delete(op);
    },
    /** Another admin saves `fields` into a record: its version moves on, as on the server. */
    editElsewhere(key: RegistryKey, id: number, fields: Record<string, unknown>, by = { id: 7, name: 'مریم رضایی' }, at = '2025-03-20T08:30:00.000Z'): void {
      const index = rows(key).findIndex((row) => row.id === id);
      const old = rows(key)[index];
      if (!old) throw new Error(`no ${key} ${id}`);
      rows(key)[index] = { ...old, ...fields, version: (typeof old.version === 'number' ? old.version : 1) + 1 };
      changes.set(`${key}:${id}`, { fields: Object.keys(fields), by, at });
    },
    /** What `key`'s save preview answers until `reset()`: the lines its feature would list (none by default). */
    previewLines(key: RegistryKey, lines: readonly string[]): void {
      previews.set(key, lines);
    },
    /** How many requests reached `op` since the last reset. */
    count(op: OperationKey): number {
      return counts.get(op) ?? 0;
    },
  };
}

export type MockBackend = ReturnType<typeof createMockBackend>;

export type PanelAccessAnswer = components['schemas']['PanelAccess'];
export const administratorAccess: PanelAccessAnswer = { kind: 'administrator', roleName: 'مدیر سیستم', grants: { entities: {} }, teacherId: null };

export { sampleSeed } from './msw-seed';
