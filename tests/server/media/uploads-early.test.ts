// @vitest-environment node
// Uploads fail early, on the server's side: a declared length over the limit
// is refused before the body is read, a body without a length is cut off at the limit, a wrong
// type is refused on its first bytes, and a file whose sender goes away part-way (the admin's
// «لغو», a dropped connection) leaves nothing behind: no partial file, no library row. The limits
// and messages are the declaration's (schema/uploads.ts). Runs on SQLite and PostgreSQL.
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadRules, uploadTexts } from '../../../schema/uploads';
import { waitBudgetMs } from '../../support/budget';
import { bucketEntries, mediaStoreKinds, useMediaStore } from '../../support/s3';
import { adminPassword, adminPhone, encodePng, startServer, type TestServer } from '../../support/server';

describe.each(mediaStoreKinds)('uploads fail early (%s store)', (kind) => {
  const media = useMediaStore(kind);

  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(media.options());
    admin = await server.signIn(adminPhone, adminPassword);
  });
  afterAll(async () => {
    await server.close();
  });

  const boundary = 'AcademyEarlyBoundary';
  const partHead = (name: string, type: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`, 'latin1');
  const partTail = Buffer.from(`\r\n--${boundary}--\r\n`, 'latin1');
  const mp4Header = Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 0, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d, 0x70, 0x34, 0x31]);

  /** Files in the store of a kind, partial ones (`.part`: a file being written, an upload in progress) included. */
  const stored = async (kind: 'images' | 'videos'): Promise<string[]> => {
    const s3 = media.server();
    if (s3) return bucketEntries(s3, kind);
    const dir = path.join(server.dataDir, 'media', kind);
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  async function libraryNames(mediaType: 'image' | 'video'): Promise<string[]> {
    const answer = await server.call<{ items: Array<{ name: string }> }>('GET', '/api/File/library', { token: admin, query: { mediaType } });
    expect(answer.status).toBe(200);
    return answer.body.items.map((item) => item.name);
  }

  async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + waitBudgetMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  interface Answer {
    status: number;
    headers: http.IncomingHttpHeaders;
    message: string;
  }

  /**
   * A raw upload whose body the test writes itself: `headers` go out at once, then `first`; the
   * answer (or the connection's end) settles `answer`. `written` counts body bytes the socket took.
   */
  function openUpload(kind: 'image' | 'video', headers: Record<string, string | number>, first: Buffer) {
    const { hostname, port } = new URL(server.url);
    const request = http.request({
      host: hostname,
      port,
      method: 'POST',
      path: `/api/File/upload-${kind}`,
      headers: { authorization: `Bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
    });
    let closed = false;
    const state = { written: 0 };
    const answer = new Promise<Answer>((resolve, reject) => {
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const body = v.parse(v.object({ message: v.string() }), JSON.parse(text));
          resolve({ status: response.statusCode ?? 0, headers: response.headers, message: body.message });
        });
      });
      request.on('error', (error) => {
        closed = true;
        reject(error);
      });
      request.on('close', () => (closed = true));
    });
    // The socket going away while the test still writes is expected here; the answer says why.
    answer.catch(() => undefined);
    request.flushHeaders();
    request.write(first);
    state.written += first.length;
    /** Writes `chunk` until `total` body bytes went out, the connection closed, or `stop()` says so. */
    const pump = async (chunk: Buffer, total: number, stop: () => boolean | Promise<boolean> = () => false) => {
      while (!closed && !(await stop()) && state.written < total) {
        state.written += chunk.length;
        if (!request.write(chunk)) {
          await new Promise<void>((resolve) => {
            const done = () => {
              request.off('drain', done);
              request.off('close', done);
              resolve();
            };
            request.on('drain', done);
            request.on('close', done);
          });
        }
      }
    };
    return { request, answer, state, pump, isClosed: () => closed };
  }

  // The body is never sent in full: a server that waited for it would never answer, however long
  // the wait. The bound only turns that hang into an error: the tests' one wait budget.
  const answerWithinMs = waitBudgetMs;
  const withTimeout = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
    Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms: ${what}`)), ms))]);

  describe('uploads fail early', () => {
    it('answers 413 on a declared length over the limit before the body is sent, and closes the connection', async () => {
      for (const kind of ['image', 'video'] as const) {
        const before = await libraryNames(kind);
        const limit = uploadRules[kind].maxBytes;
        const head = kind === 'image' ? Buffer.concat([partHead('big.png', 'image/png'), encodePng(2, 2, () => [1, 2, 3])]) : Buffer.concat([partHead('big.mp4', 'video/mp4'), mp4Header]);
        // Only the first few bytes of a body declared a megabyte over the limit are ever sent.
        const upload = openUpload(kind, { 'content-length': limit + 1024 * 1024 }, head);
        const answer = await withTimeout(upload.answer, answerWithinMs, `${kind}: 413 before the body`);
        expect(answer.status, kind).toBe(413);
        expect(answer.message, kind).toBe(uploadTexts.tooLarge(kind));
        expect(answer.message, kind).toContain(kind === 'image' ? '۵ مگابایت' : '۱۰۰ مگابایت');
        expect(answer.headers.connection, kind).toBe('close');
        expect(upload.state.written, kind).toBeLessThan(64 * 1024);
        expect(await libraryNames(kind), kind).toEqual(before);
      }
      expect(await stored('videos')).toEqual([]);
    });

    it('a body without a length is cut off at the limit: 413, the rest is not read, nothing stored', async () => {
      const imagesBefore = await stored('images');
      const before = await libraryNames('image');
      const cap = 64 * 1024 * 1024;
      const upload = openUpload('image', { 'transfer-encoding': 'chunked' }, Buffer.concat([partHead('endless.png', 'image/png'), encodePng(2, 2, () => [9, 9, 9])]));
      let answered = false;
      upload.answer.then(
        () => (answered = true),
        () => (answered = true),
      );
      // Keeps sending after the answer (as a client that does not read it would), until the
      // server closes the connection or the cap.
      await upload.pump(Buffer.alloc(64 * 1024, 7), cap);
      const answer = await withTimeout(upload.answer, answerWithinMs, 'chunked 413');
      expect(answered).toBe(true);
      expect(answer.status).toBe(413);
      expect(answer.message).toBe(uploadTexts.tooLarge('image'));
      expect(upload.isClosed()).toBe(true);
      // The server stopped reading soon after the 5 MB limit (what it read plus the sockets'
      // buffers), far from the 64 MB the client was ready to send.
      expect(upload.state.written).toBeLessThan(cap / 2);
      await until(async () => !(await stored('images')).some((name) => name.endsWith('.part')), 'no partial image');
      expect((await stored('images')).sort()).toEqual(imagesBefore.sort());
      expect(await libraryNames('image')).toEqual(before);
    });

    it('refuses a wrong type on its first bytes, without waiting for the rest of the body', async () => {
      const before = await libraryNames('video');
      const html = Buffer.from(`<!doctype html><html><body>${'x'.repeat(8000)}</body></html>`);
      const upload = openUpload('video', { 'content-length': 50 * 1024 * 1024 }, Buffer.concat([partHead('clip.mp4', 'video/mp4'), html]));
      const answer = await withTimeout(upload.answer, answerWithinMs, 'wrong type before the rest');
      expect(answer.status).toBe(400);
      expect(answer.message).toBe(uploadTexts.badType('video'));
      expect(answer.headers.connection).toBe('close');
      expect(await libraryNames('video')).toEqual(before);
      await until(async () => (await stored('videos')).length === 0, 'an empty video store');
    });

    it('streams a video to a partial file and removes it when the sender goes away part-way', async () => {
      const before = await libraryNames('video');
      const declared = 40 * 1024 * 1024;
      const upload = openUpload('video', { 'content-length': declared }, Buffer.concat([partHead('lecture.mp4', 'video/mp4'), mp4Header]));
      let partial = false;
      // Sends until the server has started writing the file (a 100 MB video is never held in
      // memory), then the connection drops as an XHR abort drops it.
      await upload.pump(Buffer.alloc(256 * 1024, 3), declared / 2, async () => (partial = (await stored('videos')).some((name) => name.endsWith('.part'))));
      expect(partial).toBe(true);
      upload.request.destroy();
      await until(async () => (await stored('videos')).length === 0, 'the partial video to be removed');
      expect(await libraryNames('video')).toEqual(before);
      const listed = await server.call<string[]>('GET', '/api/File/all-videos', { token: admin });
      expect(listed.body).toEqual([]);
      // The same upload sent whole is stored: what was removed above was only the cut one.
      const body = Buffer.concat([partHead('lecture.mp4', 'video/mp4'), mp4Header, Buffer.alloc(2 * 1024 * 1024, 3), partTail]);
      const whole = await server.call<{ fileName: string }>('POST', '/api/File/upload-video', {
        token: admin,
        rawBody: new Blob([new Uint8Array(body)]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(whole.status).toBe(200);
      expect(await stored('videos')).toEqual([whole.body.fileName]);
      expect(await libraryNames('video')).toEqual([whole.body.fileName, ...before]);
    });
  });
});
