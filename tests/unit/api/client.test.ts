// @vitest-environment jsdom
// The API client's middleware against msw: bearer token, the GET cache and its invalidation,
// and the spec's status handling (§8).
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, clearGetCache, setUnauthorizedHandler, statusMessages } from '../../../src/api/client';
import { callOperation } from '../../../src/api/operations';

const origin = window.location.origin;
let categoryRequests = 0;
let seenAuthorization: string | null = null;
let categories = [{ id: 1, name: 'رباتیک', inActive: false, coverImage: '', slug: 'رباتیک' }];

const server = setupServer(
  http.get(`${origin}/api/Category/GetSelectList`, ({ request }) => {
    categoryRequests += 1;
    seenAuthorization = request.headers.get('Authorization');
    return HttpResponse.json(categories);
  }),
  http.post(`${origin}/api/Category/Create`, async ({ request }) => {
    const body = await request.json();
    const created = { id: 2, name: String((body as { name?: unknown }).name), inActive: false, coverImage: '', slug: 'x' };
    categories = [...categories, created];
    return HttpResponse.json(created);
  }),
  http.get(`${origin}/api/Teacher/GetSelectList`, () => HttpResponse.json({ message: 'نه' }, { status: 401 })),
  http.get(`${origin}/api/Article/GetSelectList`, () => HttpResponse.json({ message: 'نه' }, { status: 403 })),
  http.get(`${origin}/api/Public/articles/{slug}`.replace('{slug}', 'missing'), () =>
    HttpResponse.json({ message: 'یافت نشد' }, { status: 404 }),
  ),
  http.get(`${origin}/api/Course/GetSelectList`, () => HttpResponse.json({ message: 'خراب' }, { status: 500 })),
);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  categoryRequests = 0;
  clearGetCache();
  localStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  server.resetHandlers();
});

describe('API client', () => {
  it('sends the stored token as a bearer token', async () => {
    localStorage.setItem('accessToken', 'abc.def.ghi');
    await api.GET('/api/Category/GetSelectList');
    expect(seenAuthorization).toBe('Bearer abc.def.ghi');
  });

  it('answers a repeated identical GET from the cache', async () => {
    const first = await api.GET('/api/Category/GetSelectList');
    const second = await api.GET('/api/Category/GetSelectList');
    expect(categoryRequests).toBe(1);
    expect(second.data).toEqual(first.data);
  });

  it('a successful write clears cached GETs so a reload shows the new row', async () => {
    await callOperation('GET /api/Category/GetSelectList');
    await callOperation('POST /api/Category/Create', { body: { name: 'هوش مصنوعی', inActive: false, coverImage: '' } });
    const reloaded = await callOperation('GET /api/Category/GetSelectList');
    expect(categoryRequests).toBe(2);
    expect(JSON.stringify(reloaded)).toContain('هوش مصنوعی');
  });

  it('a GET answered after a write was sent before it: its answer is not cached, so the next read reaches the server', async () => {
    let answerSlowRead: () => void = () => undefined;
    const slowAnswerReady = new Promise<void>((resolve) => {
      answerSlowRead = resolve;
    });
    let held = true;
    server.use(
      http.get(`${origin}/api/Category/GetSelectList`, async () => {
        categoryRequests += 1;
        // The first read is answered with the list as it was when it arrived, after the write.
        if (held) {
          held = false;
          const before = structuredClone(categories);
          await slowAnswerReady;
          return HttpResponse.json(before);
        }
        return HttpResponse.json(categories);
      }),
    );
    const slowRead = callOperation('GET /api/Category/GetSelectList');
    await vi.waitFor(() => expect(categoryRequests).toBe(1));
    await callOperation('POST /api/Category/Create', { body: { name: 'نجوم', inActive: false, coverImage: '' } });
    answerSlowRead();
    expect(JSON.stringify(await slowRead)).not.toContain('نجوم');
    const reloaded = await callOperation('GET /api/Category/GetSelectList');
    expect(categoryRequests).toBe(2);
    expect(JSON.stringify(reloaded)).toContain('نجوم');
  });

  it('401 clears the session and goes to /auth', async () => {
    localStorage.setItem('accessToken', 'abc.def.ghi');
    localStorage.setItem('somethingElse', '1');
    const toAuth = vi.fn();
    setUnauthorizedHandler(toAuth);
    await expect(callOperation('GET /api/Teacher/GetSelectList')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.length).toBe(0);
    expect(toAuth).toHaveBeenCalledOnce();
  });

  it('logs the spec texts for 403, 404 and 500 and passes the error on', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(callOperation('GET /api/Article/GetSelectList')).rejects.toMatchObject({ status: 403 });
    expect(log).toHaveBeenCalledWith(statusMessages.forbidden);
    const missing = await api.GET('/api/Public/articles/{slug}', { params: { path: { slug: 'missing' } } });
    expect(missing.response.status).toBe(404);
    expect(log).toHaveBeenCalledWith(statusMessages.notFound);
    await expect(callOperation('GET /api/Course/GetSelectList')).rejects.toMatchObject({ status: 500, serverMessage: 'خراب' });
    expect(log).toHaveBeenCalledWith(statusMessages.server);
  });
});
