// @vitest-environment jsdom
// The media lifecycle against an msw backend that behaves like the real one: it keeps the
// stored names, accepts multipart uploads of the right kind, deletes by name and kind.
import { offContract, server } from './server';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reach } from './harness';
import { createActor } from 'xstate';
import { letMswReadUploads, pageFile } from '../support/msw-files';

type MediaModule = typeof import('../../src/machines/media');
type ClientModule = typeof import('../../src/api/client');

const base = window.location.origin;
const store: { image: string[]; video: string[] } = { image: [], video: [] };
const calls: { method: string; path: string; authorization: string | null; contentType: string | null }[] = [];
let failNext: { path: string; status: number; body?: object } | null = null;

function failure(path: string) {
  if (failNext?.path !== path) return null;
  const { status, body } = failNext;
  failNext = null;
  // A 5xx is a server that fell over, which no contract describes.
  return HttpResponse.json(body ?? { message: 'خطای سرور' }, { status, headers: status >= 500 ? offContract : undefined });
}

// Answered by the run's one msw server (./server), added for each test: a server of this file's
// own would unpatch fetch for every other file when it closed.
const handlers = [
  http.all(`${base}/api/*`, ({ request }) => {
    calls.push({
      method: request.method,
      path: new URL(request.url).pathname,
      authorization: request.headers.get('Authorization'),
      contentType: request.headers.get('Content-Type'),
    });
  }),
  http.get(`${base}/api/File/all-images`, () => failure('/api/File/all-images') ?? HttpResponse.json(store.image)),
  http.get(`${base}/api/File/all-videos`, () => failure('/api/File/all-videos') ?? HttpResponse.json(store.video)),
  ...(['image', 'video'] as const).map((kind) =>
    http.post(`${base}/api/File/upload-${kind}`, async ({ request }) => {
      const failed = failure(`/api/File/upload-${kind}`);
      if (failed) return failed;
      const form = await request.formData();
      const file = form.get('file');
      if (file === null || typeof file === 'string') return HttpResponse.json({ message: 'فایلی ارسال نشده' }, { status: 400 });
      if (!file.type.startsWith(`${kind}/`))
        return HttpResponse.json({ message: 'نوع فایل مجاز نیست' }, { status: 400 });
      const stored = `${Date.now()}-${file.name}`;
      store[kind].push(`uploads/${kind}s/${stored}`);
      return HttpResponse.json({ fileName: stored });
    }),
  ),
  http.delete(`${base}/api/File/delete`, ({ request }) => {
    const failed = failure('/api/File/delete');
    if (failed) return failed;
    const url = new URL(request.url);
    const name = url.searchParams.get('fileName');
    const kind = url.searchParams.get('mediaType');
    if (kind !== 'image' && kind !== 'video') return HttpResponse.json({ message: 'نوع نامعتبر' }, { status: 400 });
    const index = store[kind].findIndex((path) => path.endsWith(`/${name}`) || path === name);
    if (index < 0) return HttpResponse.json({ message: 'منبع یافت نشد' }, { status: 404 });
    store[kind].splice(index, 1);
    return HttpResponse.json({ fileName: name });
  }),
];

let media: MediaModule;
let client: ClientModule;
const notices: { type: string; message: string }[] = [];

function start(kind?: 'image' | 'video') {
  const machine = media.mediaMachine.provide({
    actions: {
      notify: (_, notice) => {
        notices.push(notice);
      },
    },
  });
  const actor = createActor(machine, { input: kind ? { kind } : undefined });
  actor.start();
  return actor;
}

type Actor = ReturnType<typeof start>;
const failed = (actor: Actor) => reach(actor, (s) => s.matches('failed'));
const inTable = (actor: Actor) =>
  reach(actor, (s) => s.matches({ table: 'idle' }) || s.matches('failed'));

const png = () => pageFile('logo.png', 'image/png');

beforeAll(async () => {
  // Uploads go through XMLHttpRequest (src/api/upload.ts); the handler above reads them back.
  letMswReadUploads();
  // openapi-fetch keeps the fetch it finds at creation, so the client loads after msw patched it.
  const storage = new Map<string, string>([['accessToken', 'test-token']]);
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
    clear: () => storage.clear(),
  });
  client = await import('../../src/api/client');
  media = await import('../../src/machines/media');
});

beforeEach(() => {
  server.use(...handlers);
  store.image = ['uploads/images/a.png', 'uploads/images/b.jpg'];
  store.video = ['uploads/videos/intro.mp4'];
  calls.length = 0;
  notices.length = 0;
  failNext = null;
  client.clearGetCache();
});

afterAll(() => {
  vi.unstubAllGlobals();
});

describe('media machine', () => {
  it('loads the image list first, with the bearer token', async () => {
    const actor = start();
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await inTable(actor);
    expect(actor.getSnapshot().matches({ table: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.files).toEqual(['uploads/images/a.png', 'uploads/images/b.jpg']);
    expect(calls).toEqual([
      { method: 'GET', path: '/api/File/all-images', authorization: 'Bearer test-token', contentType: null },
    ]);
  });

  it('switches to videos and reloads; switching to the same kind does nothing', async () => {
    const actor = start();
    await inTable(actor);
    actor.send({ type: 'kind.change', kind: 'image' });
    expect(actor.getSnapshot().matches({ table: 'idle' })).toBe(true);
    actor.send({ type: 'kind.change', kind: 'video' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(actor.getSnapshot().context.files).toEqual([]);
    await inTable(actor);
    expect(actor.getSnapshot().context).toMatchObject({ kind: 'video', files: ['uploads/videos/intro.mp4'] });
    expect(calls.map((c) => c.path)).toEqual(['/api/File/all-images', '/api/File/all-videos']);
  });

  it('fails with the list toast, and recovers on reload or a kind switch', async () => {
    failNext = { path: '/api/File/all-images', status: 500 };
    const actor = start();
    await failed(actor);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(notices).toEqual([{ type: 'error', message: 'خطا در دریافت لیست مدیا' }]);
    actor.send({ type: 'reload' });
    await inTable(actor);
    expect(actor.getSnapshot().context.files).toHaveLength(2);
  });

  /** The upload the open modal runs (its own machine, invoked as the child `upload`). */
  const uploadOf = (actor: Actor) => {
    const upload = actor.getSnapshot().children.upload;
    if (!upload) throw new Error('no upload running');
    return upload;
  };

  it('refuses an upload without a file: message in the form, modal stays open, no request', async () => {
    const actor = start();
    await inTable(actor);
    actor.send({ type: 'upload.open' });
    uploadOf(actor).send({ type: 'upload.start' });
    expect(actor.getSnapshot().matches({ table: 'uploadOpen' })).toBe(true);
    expect(uploadOf(actor).getSnapshot().context.problem).toBe('فایلی انتخاب نشده');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('refuses a file of the other kind before sending it; the list under the modal stays', async () => {
    const actor = start('video');
    await inTable(actor);
    actor.send({ type: 'upload.open' });
    uploadOf(actor).send({ type: 'file.choose', file: png() });
    expect(uploadOf(actor).getSnapshot().context.problem).toBe('نوع فایل مجاز نیست؛ ویدیو باید MP4،\u200f WebM،\u200f OGG یا MOV باشد');
    uploadOf(actor).send({ type: 'upload.start' });
    // A switch of kind behind the modal waits until it closes.
    actor.send({ type: 'kind.change', kind: 'image' });
    expect(actor.getSnapshot().matches({ table: 'uploadOpen' })).toBe(true);
    expect(actor.getSnapshot().context.kind).toBe('video');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('uploads multipart with field "file", toasts, closes and reloads the list from the server', async () => {
    const actor = start();
    await inTable(actor);
    actor.send({ type: 'upload.open' });
    uploadOf(actor).send({ type: 'file.choose', file: png() });
    uploadOf(actor).send({ type: 'upload.start' });
    expect(uploadOf(actor).getSnapshot().matches('uploading')).toBe(true);
    await reach(actor, (s) => s.context.files.length === 3);
    await inTable(actor);
    expect(notices).toEqual([{ type: 'success', message: 'فایل با موفقیت آپلود شد' }]);
    expect(actor.getSnapshot().context.files.at(-1)).toMatch(/^uploads\/images\/\d+-logo\.png$/);
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/api/File/upload-image');
    expect(post?.authorization).toBe('Bearer test-token');
    expect(post?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    // The reload was not answered from the GET cache.
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/File/all-images',
      'POST /api/File/upload-image',
      'GET /api/File/all-images',
    ]);
  });

  it("shows the server's message when an upload is refused, and keeps the modal open", async () => {
    const actor = start('video');
    await inTable(actor);
    actor.send({ type: 'upload.open' });
    // Named as a video (the browser gave no type), so the form sends it; the server refuses it.
    uploadOf(actor).send({ type: 'file.choose', file: pageFile('clip.mp4', '') });
    uploadOf(actor).send({ type: 'upload.start' });
    await reach(uploadOf(actor), (s) => s.matches({ ready: 'failed' }));
    expect(uploadOf(actor).getSnapshot().context.problem).toBe('نوع فایل مجاز نیست');
    expect(actor.getSnapshot().matches({ table: 'uploadOpen' })).toBe(true);
    expect(notices).toEqual([]);
  });

  it('falls back to the generic upload failure text when the server sends no message', async () => {
    const actor = start();
    await inTable(actor);
    failNext = { path: '/api/File/upload-image', status: 500, body: {} };
    actor.send({ type: 'upload.open' });
    uploadOf(actor).send({ type: 'file.choose', file: png() });
    uploadOf(actor).send({ type: 'upload.start' });
    await reach(uploadOf(actor), (s) => s.matches({ ready: 'failed' }));
    expect(uploadOf(actor).getSnapshot().context.problem).toBe('خطا در آپلود فایل');
    expect(actor.getSnapshot().matches({ table: 'uploadOpen' })).toBe(true);
  });

  it('closing the modal stops its upload; a new opening starts empty', async () => {
    const actor = start();
    await inTable(actor);
    actor.send({ type: 'upload.open' });
    uploadOf(actor).send({ type: 'file.choose', file: png() });
    actor.send({ type: 'upload.close' });
    expect(actor.getSnapshot().matches({ table: 'idle' })).toBe(true);
    actor.send({ type: 'upload.open' });
    expect(uploadOf(actor).getSnapshot().context.file).toBeNull();
  });

  it('asks before deleting; cancel changes nothing', async () => {
    const actor = start();
    await inTable(actor);
    actor.send({ type: 'row.delete', name: 'uploads/images/a.png' });
    expect(actor.getSnapshot().matches({ table: 'confirming' })).toBe(true);
    expect(actor.getSnapshot().context.target).toBe('uploads/images/a.png');
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().matches({ table: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.target).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });

  it('deletes by bare name and kind after confirmation, toasts and reloads', async () => {
    const actor = start();
    await inTable(actor);
    actor.send({ type: 'row.delete', name: 'uploads/images/a.png' });
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().matches({ table: 'deleting' })).toBe(true);
    actor.send({ type: 'kind.change', kind: 'video' });
    expect(actor.getSnapshot().context.kind).toBe('image');
    await reach(actor, (s) => s.context.files.length === 1);
    expect(actor.getSnapshot().context.files).toEqual(['uploads/images/b.jpg']);
    expect(notices).toEqual([{ type: 'success', message: 'فایل با موفقیت حذف شد' }]);
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('reports a failed delete and returns to the table', async () => {
    const actor = start();
    await inTable(actor);
    failNext = { path: '/api/File/delete', status: 500 };
    actor.send({ type: 'row.delete', name: 'b.jpg' });
    actor.send({ type: 'delete.confirm' });
    await reach(actor, (s) => s.matches({ table: 'idle' }));
    expect(notices).toEqual([{ type: 'error', message: 'خطا در حذف فایل' }]);
    expect(actor.getSnapshot().context.files).toHaveLength(2);
  });

  it('builds preview URLs from the bare name', () => {
    expect(media.mediaUrl('image', 'uploads/images/a b.png')).toBe('/api/File/image/a%20b.png');
    expect(media.mediaUrl('video', 'intro.mp4')).toBe('/api/File/video/intro.mp4');
  });
});
