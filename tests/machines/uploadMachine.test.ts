// @vitest-environment jsdom
// The upload lifecycle against an msw backend that behaves like the server:
// it checks the kind's types from the declaration, keeps what it stored, and refuses over the
// limit with the server's Persian message. The request goes through the one XMLHttpRequest helper
// (src/api/upload.ts), whose upload progress msw reports.
import { offContract, server } from './server';
import { delay, http, HttpResponse } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reach } from './harness';
import { createActor } from 'xstate';
import { uploadRules, uploadTexts } from '../../schema/uploads';
import { uploadErrorTexts } from '../../src/api/upload';
import { clearGetCache, onGetCacheCleared } from '../../src/api/client';
import { uploadMachine, uploadPercent, type UploadInput } from '../../src/machines/uploadMachine';
import { letMswReadUploads, pageFile } from '../support/msw-files';
import { eventually } from '../support/eventually';

const origin = window.location.origin;
const stored: string[] = [];
const requests: Array<{ path: string; authorization: string | null; contentType: string | null }> = [];
/** A response the next upload gets instead of being stored. */
let answerNext: (() => Response | Promise<Response>) | null = null;
/** While set, an upload waits for it before it is answered (a slow network). */
let gate: Promise<void> | null = null;

// Answered by the run's one msw server (./server), added for each test: a server of this file's
// own would unpatch fetch for every other file when it closed.
const handlers = [
  ...(['image', 'video'] as const).map((kind) =>
    http.post(`${origin}/api/File/upload-${kind}`, async ({ request }) => {
      requests.push({ path: new URL(request.url).pathname, authorization: request.headers.get('Authorization'), contentType: request.headers.get('Content-Type') });
      if (gate) await gate;
      const answer = answerNext;
      answerNext = null;
      if (answer) return answer();
      const form = await request.formData();
      const file = form.get('file');
      // Node's File (tests/support/msw-files.ts), not the jsdom global this file sees as `File`.
      if (file === null || typeof file === 'string') return HttpResponse.json({ message: 'فایلی انتخاب نشده' }, { status: 400 });
      if (file.size > uploadRules[kind].maxBytes) return HttpResponse.json({ message: uploadTexts.tooLarge(kind) }, { status: 413 });
      if (!uploadRules[kind].types.some((type) => type.mime === file.type)) return HttpResponse.json({ message: uploadTexts.badType(kind) }, { status: 400 });
      const name = `${stored.length + 1}.${file.name.split('.').pop() ?? ''}`;
      stored.push(name);
      return HttpResponse.json({ fileName: name });
    }),
  ),
];

beforeAll(() => {
  letMswReadUploads();
  localStorage.setItem('accessToken', 'test-token');
});
beforeEach(() => {
  server.use(...handlers);
  stored.length = 0;
  requests.length = 0;
  answerNext = null;
  gate = null;
});
afterAll(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const start = (input: UploadInput) => createActor(uploadMachine, { input }).start();
const file = (name: string, type: string, size = 64): File => pageFile(name, type, size);

describe('upload machine', () => {
  it('refuses a file of another type at once, with the kind\'s types, and sends nothing', async () => {
    const actor = start({ kind: 'image', startOnChoose: true });
    for (const wrong of [file('notes.txt', 'text/plain'), file('logo.svg', 'image/svg+xml'), file('clip.mp4', 'video/mp4')]) {
      actor.send({ type: 'file.choose', file: wrong });
      expect(actor.getSnapshot().matches({ ready: 'refused' }), wrong.name).toBe(true);
      expect(actor.getSnapshot().context.problem, wrong.name).toBe('نوع فایل مجاز نیست؛ تصویر باید JPG،\u200f PNG،\u200f WebP،\u200f GIF یا AVIF باشد');
      expect(actor.getSnapshot().context.file).toBeNull();
    }
    // Asking to send after a refusal sends nothing either.
    actor.send({ type: 'upload.start' });
    expect(actor.getSnapshot().context.problem).toBe('فایلی انتخاب نشده');
    await delay(50);
    expect(requests).toEqual([]);
  });

  it('refuses a file over the limit at once, naming its size and the limit, and sends nothing', async () => {
    const actor = start({ kind: 'image', startOnChoose: true });
    actor.send({ type: 'file.choose', file: file('photo.png', 'image/png', uploadRules.image.maxBytes + 1) });
    expect(actor.getSnapshot().matches({ ready: 'refused' })).toBe(true);
    expect(actor.getSnapshot().context.problem).toBe('حجم این فایل ۵٫۱ مگابایت است؛ حجم تصویر نباید بیشتر از ۵ مگابایت باشد');
    actor.send({ type: 'file.choose', file: file('empty.png', 'image/png', 0) });
    expect(actor.getSnapshot().context.problem).toBe(uploadTexts.empty);
    // Exactly the limit is allowed.
    const fits = file('fits.png', 'image/png', uploadRules.image.maxBytes);
    actor.send({ type: 'file.choose', file: fits });
    expect(actor.getSnapshot().matches('uploading')).toBe(true);
    await reach(actor, (s) => s.status === 'done');
    expect(requests).toHaveLength(1);
  });

  it('a file whose extension is the kind\'s is taken even when the browser names no type; the server decides from the bytes', async () => {
    const actor = start({ kind: 'video' });
    actor.send({ type: 'file.choose', file: file('lecture.MOV', '') });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.file?.name).toBe('lecture.MOV');
    actor.send({ type: 'upload.start' });
    await reach(actor, (s) => s.matches({ ready: 'failed' }));
    expect(actor.getSnapshot().context.problem).toBe(uploadTexts.badType('video'));
  });

  it('sends a chosen file with the token as multipart, reports progress to 100%, and ends with the stored name', async () => {
    let cleared = 0;
    const stop = onGetCacheCleared(() => (cleared += 1));
    clearGetCache();
    cleared = 0;
    const actor = start({ kind: 'video', startOnChoose: true });
    const percents: number[] = [];
    actor.subscribe((s) => percents.push(uploadPercent(s.context)));
    actor.send({ type: 'file.choose', file: file('intro.mp4', 'video/mp4', 200_000) });
    expect(actor.getSnapshot().matches('uploading')).toBe(true);
    await reach(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ fileName: '1.mp4' });
    expect(stored).toEqual(['1.mp4']);
    expect(percents.at(-1)).toBe(100);
    expect(actor.getSnapshot().context.total).toBeGreaterThan(200_000);
    expect(requests).toEqual([{ path: '/api/File/upload-video', authorization: 'Bearer test-token', contentType: expect.stringMatching(/^multipart\/form-data; boundary=/) }]);
    // A stored file is a write: what the lists read before is forgotten.
    expect(cleared).toBe(1);
    stop();
  });

  it('the media form sends only on its button, and not without a file', async () => {
    const actor = start({ kind: 'image' });
    actor.send({ type: 'upload.start' });
    expect(actor.getSnapshot().matches({ ready: 'refused' })).toBe(true);
    expect(actor.getSnapshot().context.problem).toBe('فایلی انتخاب نشده');
    actor.send({ type: 'file.choose', file: file('a.png', 'image/png') });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.problem).toBeNull();
    await delay(30);
    expect(requests).toEqual([]);
    actor.send({ type: 'upload.start' });
    await reach(actor, (s) => s.status === 'done');
    expect(stored).toEqual(['1.png']);
  });

  it('cancels a running upload: the request is aborted, its late answer ignored, the file kept for another try', async () => {
    let release = () => {};
    gate = new Promise<void>((resolve) => (release = resolve));
    const abort = vi.spyOn(XMLHttpRequest.prototype, 'abort');
    const actor = start({ kind: 'video', startOnChoose: true });
    actor.send({ type: 'file.choose', file: file('long.webm', 'video/webm', 100_000) });
    await eventually(() => expect(requests).toHaveLength(1));
    actor.send({ type: 'upload.cancel' });
    expect(actor.getSnapshot().matches({ ready: 'cancelled' })).toBe(true);
    expect(abort).toHaveBeenCalledTimes(1);
    expect(uploadPercent(actor.getSnapshot().context)).toBe(0);
    release();
    gate = null;
    await delay(50);
    expect(actor.getSnapshot().matches({ ready: 'cancelled' })).toBe(true);
    expect(actor.getSnapshot().context.problem).toBeNull();
    expect(actor.getSnapshot().context.file?.name).toBe('long.webm');
    abort.mockRestore();
    // Sent again, the same file goes through.
    actor.send({ type: 'upload.start' });
    await reach(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output?.fileName).toMatch(/\.webm$/);
  });

  it("a refusal by the server shows its Persian message and keeps the file; the retry goes through", async () => {
    const actor = start({ kind: 'image', startOnChoose: true });
    answerNext = () => HttpResponse.json({ message: uploadTexts.tooLarge('image') }, { status: 413 });
    actor.send({ type: 'file.choose', file: file('a.webp', 'image/webp') });
    await reach(actor, (s) => s.matches({ ready: 'failed' }));
    expect(actor.getSnapshot().context.problem).toBe('حجم تصویر نباید بیشتر از ۵ مگابایت باشد');
    expect(actor.getSnapshot().context.file?.name).toBe('a.webp');
    actor.send({ type: 'upload.start' });
    await reach(actor, (s) => s.status === 'done');
    expect(stored).toEqual(['1.webp']);
  });

  it('a network drop and a server error without a message each have their Persian message', async () => {
    const actor = start({ kind: 'image', startOnChoose: true });
    answerNext = () => HttpResponse.error();
    actor.send({ type: 'file.choose', file: file('a.png', 'image/png') });
    await reach(actor, (s) => s.matches({ ready: 'failed' }));
    expect(actor.getSnapshot().context.problem).toBe(uploadErrorTexts.network);
    answerNext = () => HttpResponse.json({}, { status: 500, headers: offContract });
    actor.send({ type: 'upload.start' });
    await reach(actor, (s) => s.matches({ ready: 'failed' }) && s.context.problem !== uploadErrorTexts.network);
    expect(actor.getSnapshot().context.problem).toBe('خطا در آپلود فایل');
    expect(stored).toEqual([]);
  });
});
