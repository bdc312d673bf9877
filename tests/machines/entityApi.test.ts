// The machines' default actors (src/machines/entityApi.ts) on their own: what they send, what
// they make of an answer the contract allows, and what they make of one it does not (a
// malformed page, a save answered without its row, a refusal's body).
import { backend, offContract, server } from './server';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { blankRecord, editRecord } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { ApiError } from '../../src/api/operations';
import { clearGetCache } from '../../src/api/client';
import {
  conflictOf,
  deleteRecord,
  failureNotice,
  fetchPage,
  fetchRows,
  isRow,
  isUnauthorized,
  pageOf,
  previewSave,
  refusalCodeOf,
  rowsOf,
  runAction,
  saveBody,
  saveRecord,
} from '../../src/machines/entityApi';

const { categories, users, courses, messages, orders } = registry;

beforeEach(() => clearGetCache());

/** The body of the next request to `path`, once it has been answered with `answer`. */
function answering(method: 'post' | 'put' | 'get', path: string, answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http[method](`*${path}`, async ({ request }) => {
      bodies.push(method === 'get' ? Object.fromEntries(new URL(request.url).searchParams) : await request.json());
      return answer();
    }),
  );
  return bodies;
}
const wrong = (body: JsonBodyType) => HttpResponse.json(body, { headers: offContract });

describe('reading list answers', () => {
  it('a row is an object with a numeric id', () => {
    expect(isRow({ id: 1 })).toBe(true);
    for (const value of [{ id: '1' }, null, [1], 'row', { name: 'x' }]) expect(isRow(value)).toBe(false);
  });

  it('takes the rows where the entity says they are, and leaves out what is not a row', () => {
    expect(rowsOf(users, { queryResult: [{ id: 1 }, { name: 'x' }] })).toEqual([{ id: 1 }]);
    expect(rowsOf(categories, [{ id: 2 }, 7])).toEqual([{ id: 2 }]);
    // An array where a wrapped list was expected is taken as the rows themselves.
    expect(rowsOf(users, [{ id: 3 }])).toEqual([{ id: 3 }]);
  });

  it('an answer with no list of rows is an error, not an empty list', () => {
    for (const [entity, data] of [
      [users, { queryResult: 'x' }],
      [users, { items: [] }],
      [categories, { items: [] }],
      [categories, null],
    ] as const) {
      expect(() => rowsOf(entity, data)).toThrow(ApiError);
    }
  });

  it('a page is its rows and its total; anything else is an error', () => {
    expect(pageOf({ items: [{ id: 1 }, { id: 'x' }], total: 9 })).toEqual({ items: [{ id: 1 }], total: 9, labels: null });
    // The labels the page brought, with the rows they name; labels of another shape are none.
    const labels = { references: { teachers: { '3': 'سارا' } }, columns: { seats: { '1': '2 از 10' } }, names: {} };
    expect(pageOf({ items: [{ id: 1, techerId: 3 }], total: 1, labels })).toEqual({ items: [{ id: 1, techerId: 3 }], total: 1, labels: { ...labels, rows: [{ id: 1, techerId: 3 }] } });
    expect(pageOf({ items: [{ id: 1 }], total: 1, labels: { references: { teachers: { '3': 3 } }, columns: {}, names: {} } }).labels).toBeNull();
    for (const data of [{ items: [] }, { items: {}, total: 1 }, { total: 1 }, [], null, { items: [], total: '1' }]) {
      expect(() => pageOf(data)).toThrow(ApiError);
    }
  });

  it('reads the list and a page over the wire, with the query as given', async () => {
    const rows = await fetchRows(categories);
    expect(rows.length).toBeGreaterThan(0);
    const queries = answering('get', '/api/Course/GetSelectList', () => wrong({ items: [{ id: 5 }], total: 1 }));
    await expect(fetchPage(courses, { page: '2', sort: 'title' })).resolves.toEqual({ items: [{ id: 5 }], total: 1, labels: null });
    expect(queries).toEqual([{ page: '2', sort: 'title' }]);
    clearGetCache();
    server.use(http.get('*/api/Course/GetSelectList', () => wrong({ rows: [] })));
    await expect(fetchPage(courses, { page: '1' })).rejects.toMatchObject({ status: 200 });
  });
});

describe('saving', () => {
  const category = { id: 4, name: 'رباتیک', slug: 'robotics', inActive: false, coverImage: '', version: 3 };
  const named = (name: string) => ({ ...blankRecord(categories), name });

  it('an update without the row it edits is refused before anything is sent', () => {
    expect(() => saveBody({ entity: categories, mode: 'update', values: { name: 'x' } })).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('sends the id under the entity’s own key and the version it loaded; a create sends neither', () => {
    const update = saveBody({ entity: categories, mode: 'update', values: named(' رباتیک '), row: category });
    expect(update).toMatchObject({ id: 4, name: 'رباتیک', version: 3 });
    const unversioned = saveBody({ entity: categories, mode: 'update', values: named('رباتیک'), row: { id: 4 } });
    expect(unversioned).not.toHaveProperty('version');
    const create = saveBody({ entity: categories, mode: 'create', values: named('رباتیک'), row: category });
    expect(create).not.toHaveProperty('id');
    expect(create).not.toHaveProperty('version');
  });

  it('a body the contract refuses is the 400 the server would answer, with the first message', () => {
    expect(() => saveBody({ entity: categories, mode: 'create', values: named('') })).toThrow(expect.objectContaining({ status: 400, serverMessage: 'نام الزامی است' }));
  });

  it('takes the server’s row when it answers one, else the body over the old row', async () => {
    const sent = answering('put', '/api/Category/Update', () => wrong({ done: true }));
    const saved = await saveRecord({ entity: categories, mode: 'update', values: { name: 'هوش مصنوعی', inActive: true, coverImage: '' }, row: category });
    expect(saved).toEqual({ ...category, name: 'هوش مصنوعی', inActive: true });
    expect(sent).toEqual([expect.objectContaining({ id: 4, version: 3, name: 'هوش مصنوعی' })]);
    answering('put', '/api/Category/Update', () => HttpResponse.json({ ...category, name: 'از سرور', version: 4 }));
    await expect(saveRecord({ entity: categories, mode: 'update', values: named('هوش'), row: category })).resolves.toMatchObject({ name: 'از سرور', version: 4 });
  });

  it('the body taken over the old row leaves out the id under the entity’s own key', async () => {
    backend.reset();
    const user = backend.rows('users')[0];
    if (!user) throw new Error('the double has a user');
    answering('put', '/api/User/UpdateByAdmin', () => wrong({ done: true }));
    const input = { entity: users, mode: 'update' as const, values: editRecord(users, user), row: user };
    const { userId, version, ...fields } = saveBody(input);
    expect([userId, version]).toEqual([user.id, user.version]);
    await expect(saveRecord(input)).resolves.toEqual({ ...user, ...fields });
    expect(await saveRecord(input)).not.toHaveProperty('userId');
  });

  it('a create answered without a row has nothing to show', async () => {
    answering('post', '/api/Category/Create', () => wrong({ done: true }));
    await expect(saveRecord({ entity: categories, mode: 'create', values: named('تازه') })).resolves.toBeNull();
  });

  it('an entity without the operation answers 405 and sends nothing', async () => {
    await expect(saveRecord({ entity: messages, mode: 'create', values: {} })).rejects.toMatchObject({ status: 405 });
    await expect(deleteRecord({ entity: orders, row: { id: 1 } })).rejects.toMatchObject({ status: 405 });
  });

  it('a save preview of an entity without one is empty; a malformed one is read as empty', async () => {
    await expect(previewSave({ entity: categories, mode: 'create', values: named('x') })).resolves.toEqual([]);
    const { holidays } = registry;
    const values = { title: 'نوروز', date: '2026-03-20T20:30:00.000Z', endDate: '2026-03-24T20:30:00.000Z' };
    answering('post', '/api/Holiday/PreviewSave', () => wrong({ lines: 'one' }));
    await expect(previewSave({ entity: holidays, mode: 'create', values })).resolves.toEqual([]);
    answering('post', '/api/Holiday/PreviewSave', () => HttpResponse.json({ lines: ['جلسه ۱'] }));
    await expect(previewSave({ entity: holidays, mode: 'create', values })).resolves.toEqual(['جلسه ۱']);
  });
});

describe('record actions', () => {
  const lock = users.actions.find((a) => a.key === 'lock');
  if (!lock) throw new Error('users declare lock');

  it('sends the row’s id and version with the inputs, and reads the record, notice and record to open', async () => {
    const sent = answering('post', '/api/User/Lock', () => wrong({ record: { id: 7, isLockout: true }, notice: 'قفل شد', opens: 9 }));
    await expect(runAction({ action: lock, row: { id: 7, version: 2 }, values: { note: 'x', id: 1 } })).resolves.toEqual({ record: { id: 7, isLockout: true }, notice: 'قفل شد', opens: 9 });
    expect(sent).toEqual([{ note: 'x', id: 7, version: 2 }]);
  });

  it('a row without a version sends none, and an answer without the optional parts reads them as null', async () => {
    const sent = answering('post', '/api/User/Lock', () => wrong({ record: { id: 7 } }));
    await expect(runAction({ action: lock, row: { id: 7 }, values: {} })).resolves.toEqual({ record: { id: 7 }, notice: null, opens: null });
    expect(sent).toEqual([{ id: 7 }]);
  });

  it('an answer that is not an action’s result changes nothing', async () => {
    answering('post', '/api/User/Lock', () => wrong({ record: 'x' }));
    await expect(runAction({ action: lock, row: { id: 7 }, values: {} })).resolves.toEqual({ record: null, notice: null, opens: null });
  });
});

describe('reading failures', () => {
  it('an entity that prefers the server’s words shows them as the text itself', () => {
    expect(failureNotice(courses, 'خطا', new ApiError(400, 'ظرفیت پر است'))).toEqual({ kind: 'error', text: 'ظرفیت پر است' });
    expect(failureNotice(courses, 'خطا', new ApiError(500, undefined))).toEqual({ kind: 'error', text: 'خطا' });
  });

  it('any other shows its own text with the server’s reason under it, once', () => {
    expect(failureNotice(categories, 'خطا', new ApiError(400, 'نام تکراری است'))).toEqual({ kind: 'error', text: 'خطا', detail: 'نام تکراری است' });
    expect(failureNotice(categories, 'خطا', new ApiError(400, 'خطا'))).toEqual({ kind: 'error', text: 'خطا' });
    expect(failureNotice(categories, 'خطا', new Error('network'))).toEqual({ kind: 'error', text: 'خطا' });
  });

  it('a 409 with a conflict names it; anything else is no conflict', () => {
    const conflict = { current: { id: 1, version: 5 }, changedFields: ['name'], changedBy: { id: 2, name: 'سارا' }, changedAt: '2026-01-01T00:00:00.000Z' };
    expect(conflictOf(new ApiError(409, 'x', { conflict }))).toEqual(conflict);
    expect(conflictOf(new ApiError(409, 'x', { conflict: { ...conflict, changedBy: null, changedAt: null } }))).toMatchObject({ changedBy: null, changedAt: null });
    expect(conflictOf(new ApiError(400, 'x', { conflict }))).toBeNull();
    expect(conflictOf(new ApiError(409, 'x', { conflict: { ...conflict, current: { name: 'x' } } }))).toBeNull();
    expect(conflictOf(new ApiError(409, 'x', {}))).toBeNull();
    expect(conflictOf(new Error('x'))).toBeNull();
  });

  it('a refusal’s code is read from its body only', () => {
    expect(refusalCodeOf(new ApiError(400, 'x', { refusal: 'gatewayRefused' }))).toBe('gatewayRefused');
    expect(refusalCodeOf(new ApiError(400, 'x', { refusal: 3 }))).toBeNull();
    expect(refusalCodeOf(new ApiError(400, 'x'))).toBeNull();
    expect(refusalCodeOf(new Error('x'))).toBeNull();
  });

  it('only an API 401 is a lost session', () => {
    expect(isUnauthorized(new ApiError(401, undefined))).toBe(true);
    expect(isUnauthorized(new ApiError(403, undefined))).toBe(false);
    expect(isUnauthorized(new Error('401'))).toBe(false);
  });
});
