// @vitest-environment node
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaStoreKinds, nextSecond, useMediaStore } from '../../support/s3';
import { adminPassword, adminPhone, encodePng, startServer, type TestServer } from '../../support/server';

describe.each(mediaStoreKinds)('media files (%s store)', (kind) => {
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

  const form = (bytes: Uint8Array, name: string, type: string, field = 'file') => {
    const data = new FormData();
    data.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
    return data;
  };

  /** The smallest file `file-type` recognises as MP4 (an ftyp box), padded to a few kilobytes. */
  function fakeMp4(): Uint8Array {
    const bytes = new Uint8Array(4096);
    bytes.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 0, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d, 0x70, 0x34, 0x31]);
    for (let i = 24; i < bytes.length; i++) bytes[i] = i % 251;
    return bytes;
  }

  describe('media files', () => {
    it('stores a real PNG under a generated name and serves it with safe headers', async () => {
      const png = encodePng(8, 8, (x, y) => [x * 30, y * 30, 128]);
      // After the seed's images, which the server stored as it started.
      if (kind === 's3') await nextSecond();
      const uploaded = await server.call<{ fileName: string }>('POST', '/api/File/upload-image', {
        token: admin,
        rawBody: form(png, '../../evil name.png', 'image/png'),
      });
      expect(uploaded.status).toBe(200);
      expect(uploaded.body.fileName).toMatch(/^[0-9a-f]{32}\.png$/);
      const list = await server.call<string[]>('GET', '/api/File/all-images', { token: admin });
      expect(list.body).toContain(uploaded.body.fileName);
      expect(list.body[0]).toBe(uploaded.body.fileName);

      const served = await fetch(`${server.url}/api/File/image/${uploaded.body.fileName}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-disposition')).toBe('inline');
      expect(served.headers.get('cache-control')).toContain('immutable');
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

      const removed = await server.call<{ fileName: string }>('DELETE', '/api/File/delete', {
        token: admin,
        query: { fileName: uploaded.body.fileName, mediaType: 'image' },
      });
      expect(removed.status).toBe(200);
      expect((await fetch(`${server.url}/api/File/image/${uploaded.body.fileName}`)).status).toBe(404);
      const again = await server.call('DELETE', '/api/File/delete', { token: admin, query: { fileName: uploaded.body.fileName, mediaType: 'image' } });
      expect(again.status).toBe(404);
    });

    it('refuses files whose bytes are not an allowed type, whatever their name says', async () => {
      const cases: Array<[Uint8Array, string, string]> = [
        [new TextEncoder().encode('just some text, not an image'), 'photo.png', 'image/png'],
        [new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg', 'image/svg+xml'],
        [new TextEncoder().encode('<html><script>alert(1)</script></html>'), 'page.png', 'image/png'],
      ];
      for (const [bytes, name, type] of cases) {
        const answer = await server.call<{ message: string }>('POST', '/api/File/upload-image', { token: admin, rawBody: form(bytes, name, type) });
        expect(answer.status, name).toBe(400);
        expect(answer.body.message).toBe('نوع فایل مجاز نیست؛ تصویر باید JPG،\u200f PNG،\u200f WebP،\u200f GIF یا AVIF باشد');
      }
      // A PNG is not a video.
      const png = encodePng(4, 4, () => [0, 0, 0]);
      const asVideo = await server.call<{ message: string }>('POST', '/api/File/upload-video', { token: admin, rawBody: form(png, 'a.mp4', 'video/mp4') });
      expect(asVideo.status).toBe(400);
      const noFile = await server.call<{ message: string }>('POST', '/api/File/upload-image', { token: admin, body: { file: 'x' } });
      expect(noFile.status).toBe(400);
      const wrongField = await server.call<{ message: string }>('POST', '/api/File/upload-image', { token: admin, rawBody: form(png, 'a.png', 'image/png', 'image') });
      expect(wrongField.status).toBe(400);
      expect(wrongField.body.message).toBe('فایلی انتخاب نشده');
      // An empty file says so, as the form does before sending (schema/uploads.ts).
      const empty = await server.call<{ message: string }>('POST', '/api/File/upload-image', { token: admin, rawBody: form(new Uint8Array(0), 'a.png', 'image/png') });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('فایل انتخاب‌شده خالی است');
      const anonymous = await server.call('POST', '/api/File/upload-image', { rawBody: form(png, 'a.png', 'image/png') });
      expect(anonymous.status).toBe(401);
    });

    it('answers 413 for an image over 5 MB', async () => {
      const big = new Uint8Array(5 * 1024 * 1024 + 10);
      big.set(encodePng(2, 2, () => [1, 2, 3]));
      const answer = await server.call<{ message: string }>('POST', '/api/File/upload-image', { token: admin, rawBody: form(big, 'big.png', 'image/png') });
      expect(answer.status).toBe(413);
      expect(answer.body.message).toMatch(/۵ مگابایت/);
    });

    it('refuses traversal and odd names with 400 and never follows symlinks', async () => {
      for (const name of ['..%2F..%2Fetc%2Fpasswd', '%2e%2e%2fjwt-secret', '..', 'a%00.png', '%252e%252e%252fx.png', 'a%5Cb.png', '.hidden.png']) {
        const response = await fetch(`${server.url}/api/File/image/${name}`);
        expect([400, 404], name).toContain(response.status);
        expect(response.status === 400 || name === '..', name).toBe(true);
      }
      const traversal = await server.call('DELETE', '/api/File/delete', { token: admin, query: { fileName: '../academy.sqlite', mediaType: 'image' } });
      expect(traversal.status).toBe(400);
      const badKind = await server.call('DELETE', '/api/File/delete', { token: admin, query: { fileName: 'a.png', mediaType: 'pdf' } });
      expect(badKind.status).toBe(400);

      // A planted symbolic link is the local folder's own hole; a bucket has no links.
      if (kind === 's3') return;
      const images = path.join(server.dataDir, 'media', 'images');
      mkdirSync(images, { recursive: true });
      writeFileSync(path.join(server.dataDir, 'secret.txt'), 'secret');
      symlinkSync(path.join(server.dataDir, 'secret.txt'), path.join(images, 'link.png'));
      expect((await fetch(`${server.url}/api/File/image/link.png`)).status).toBe(404);
      const list = await server.call<string[]>('GET', '/api/File/all-images', { token: admin });
      expect(list.body).not.toContain('link.png');
    });

    it('serves videos with HTTP ranges', async () => {
      const mp4 = fakeMp4();
      const uploaded = await server.call<{ fileName: string }>('POST', '/api/File/upload-video', { token: admin, rawBody: form(mp4, 'clip.mp4', 'video/mp4') });
      expect(uploaded.status).toBe(200);
      expect(uploaded.body.fileName).toMatch(/\.mp4$/);
      const videos = await server.call<string[]>('GET', '/api/File/all-videos', { token: admin });
      expect(videos.body).toEqual([uploaded.body.fileName]);

      const url = `${server.url}/api/File/video/${uploaded.body.fileName}`;
      const partial = await fetch(url, { headers: { Range: 'bytes=100-199' } });
      expect(partial.status).toBe(206);
      expect(partial.headers.get('content-range')).toBe(`bytes 100-199/${mp4.length}`);
      expect(partial.headers.get('content-type')).toBe('video/mp4');
      const bytes = new Uint8Array(await partial.arrayBuffer());
      expect(bytes.length).toBe(100);
      expect(Buffer.from(bytes).equals(Buffer.from(mp4.subarray(100, 200)))).toBe(true);
      const tail = await fetch(url, { headers: { Range: 'bytes=-10' } });
      expect(tail.status).toBe(206);
      expect((await tail.arrayBuffer()).byteLength).toBe(10);
      const whole = await fetch(url);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      expect((await whole.arrayBuffer()).byteLength).toBe(mp4.length);
      const outside = await fetch(url, { headers: { Range: `bytes=${mp4.length + 5}-` } });
      expect(outside.status).toBe(416);
      // An image name is not served as a video.
      expect((await fetch(`${server.url}/api/File/image/${uploaded.body.fileName}`)).status).toBe(404);
    });
  });
});
