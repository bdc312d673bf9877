// msw handlers generated from the schema registry: every entity's list/create/update/remove is
// backed by an in-memory store that answers like the server (body validated with the same
// bodySchema, 400 { message } on invalid input, 404 for an unknown id). Tests can make any
// operation fail with a chosen status and message, and count the requests that reached it.
import { http, HttpResponse, type HttpHandler } from 'msw';
import * as v from 'valibot';
import {
  bodySchema,
  firstIssueMessage,
  idBodySchema,
  splitOperation,
  type AnyEntity,
  type AnyRow,
  type OperationKey,
  type RegistryKey,
} from '../../schema/define';
import { registry, registryKeys } from '../../schema/registry';

export interface Failure {
  status: number;
  /** Sent as `{ message }`; omit it to answer with an empty body. */
  message?: string;
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

export function createMockBackend(seed: Seed = {}) {
  const store = new Map<RegistryKey, AnyRow[]>();
  const failures = new Map<OperationKey, Failure>();
  const counts = new Map<OperationKey, number>();
  /** What another admin changed in a record (see `editElsewhere`), for the 409 of a stale save. */
  const changes = new Map<string, { fields: string[]; by: { id: number; name: string }; at: string }>();
  let nextId = 1000;

  function reset(newSeed: Seed = seed): void {
    failures.clear();
    counts.clear();
    changes.clear();
    for (const key of registryKeys) store.set(key, structuredClone(newSeed[key] ?? []));
  }
  reset();

  const rows = (key: RegistryKey): AnyRow[] => store.get(key) ?? [];

  function handle(op: OperationKey, answer: (request: Request) => Promise<Response>): HttpHandler {
    const { method, path } = splitOperation(op);
    const route = `*${path}`;
    const resolver = async ({ request }: { request: Request }) => {
      counts.set(op, (counts.get(op) ?? 0) + 1);
      const failure = failures.get(op);
      if (failure) {
        return failure.message === undefined
          ? new HttpResponse(null, { status: failure.status })
          : HttpResponse.json({ message: failure.message }, { status: failure.status });
      }
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
      handle(ops.list, async () => {
        const items = rows(key);
        return HttpResponse.json(ops.listItemsAt ? { [ops.listItemsAt]: items } : items);
      }),
    ];
    if (ops.create) {
      list.push(
        handle(ops.create, async (request) => {
          const parsed = v.safeParse(bodySchema(entity, 'create'), await jsonBody(request));
          if (!parsed.success) return HttpResponse.json({ message: firstIssueMessage(parsed.issues) }, { status: 400 });
          const id = ++nextId;
          const row: AnyRow = { ...parsed.output, id, version: 1 };
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
          const { [idKey]: id, ...fields } = parsed.output;
          const index = rows(key).findIndex((row) => row.id === id);
          const old = rows(key)[index];
          if (!old) return HttpResponse.json({ message: 'منبع یافت نشد' }, { status: 404 });
          // Like the server: a body naming a version other than the record's is refused.
          const version = typeof old.version === 'number' ? old.version : 1;
          const named = typeof body === 'object' && body !== null && 'version' in body ? body.version : undefined;
          if (typeof named === 'number' && named !== version) {
            const change = changes.get(`${key}:${old.id}`);
            return HttpResponse.json(
              {
                message: 'این رکورد در این فاصله توسط مدیر دیگری تغییر کرده است',
                conflict: { current: old, changedFields: change?.fields ?? [], changedBy: change?.by ?? null, changedAt: change?.at ?? null },
              },
              { status: 409 },
            );
          }
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
          const before = rows(key);
          const after = before.filter((row) => row.id !== parsed.output.id);
          if (after.length === before.length) return HttpResponse.json({ message: 'منبع یافت نشد' }, { status: 404 });
          store.set(key, after);
          return HttpResponse.json({ id: parsed.output.id });
        }),
      );
    }
    return list;
  }

  const handlers = registryKeys.flatMap((key) => handlersFor(key, registry[key]));

  return {
    handlers,
    reset,
    /** The rows the "server" holds now. */
    rows,
    /** Make `op` answer `failure` until `succeed(op)` or `reset()`. */
    fail(op: OperationKey, failure: Failure): void {
      failures.set(op, failure);
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
    /** How many requests reached `op` since the last reset. */
    count(op: OperationKey): number {
      return counts.get(op) ?? 0;
    },
  };
}

export type MockBackend = ReturnType<typeof createMockBackend>;

/** Small, valid rows for every entity, enough for the screens and the machine tests. */
export const sampleSeed: Required<Seed> = {
  categories: [
    { id: 1, slug: 'programming', name: 'برنامه‌نویسی', inActive: false, coverImage: 'code.png' },
    { id: 2, slug: 'robotics', name: 'رباتیک', inActive: true, coverImage: '' },
  ],
  teachers: [{ id: 1, fullName: 'سارا احمدی', skill: 'پایتون', descirption: 'مدرس پایتون', coverImage: 'sara.png' }],
  courses: [
    {
      id: 1,
      slug: 'python-1',
      title: 'پایتون مقدماتی',
      durationInHours: 24,
      timeOfHolding: '2026-03-22T00:00:00.000Z',
      registrationDeadline: null,
      priceInTomans: 2500000,
      description: '',
      coverImage: '',
      coverVideo: '',
      headings: '',
      prerequisite: 'ندارد',
      techerId: 1,
      categoryId: 1,
      difficulty: 'introductory',
      type: 'online',
      inActive: false,
    },
  ],
  articles: [
    { id: 1, slug: 'hello', createdAt: '2026-01-01T00:00:00.000Z', author: 'علی', name: 'سلام', body: '<p>متن</p>', image: '' },
  ],
  users: [
    {
      id: 1,
      firstName: 'مدیر',
      lastName: 'سامانه',
      emailAddress: 'admin@example.com',
      phoneNumber: '09120000000',
      role: 300,
      isLockout: false,
      lastLogin: '2026-01-01T10:30:00.000Z',
    },
    {
      id: 2,
      firstName: 'رضا',
      lastName: 'کریمی',
      emailAddress: 'reza@example.com',
      phoneNumber: '09121111111',
      role: 1,
      isLockout: true,
      lastLogin: null,
    },
  ],
  messages: [
    {
      id: 1,
      fullName: 'مریم رضایی',
      phoneNumber: '09121234567',
      emailAddress: 'maryam@example.com',
      message: 'آیا دوره رباتیک برای کودک هشت‌ساله مناسب است؟',
      createdAt: '2026-11-20T08:30:00.000Z',
    },
  ],
};
