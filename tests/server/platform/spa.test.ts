// @vitest-environment node
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineMark } from '../../../schema/serverRender';
import { precompressDir } from '../../../server/platform/precompressed';
import { startServer, type TestServer } from '../../support/server';

let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'academy-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
  const description = 'آکادمی کودکان '.repeat(40);
  writeFileSync(path.join(dist, 'index.html'), `<!doctype html><html lang="fa" dir="rtl"><head><meta name="description" content="${description}"></head><body><div id="root"></div></body></html>`);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
  // As the build leaves it: its text files compressed once, next to them.
  await precompressDir(dist);
  // A file the build did not compress (an image) is sent as it is, never compressed on the way.
  writeFileSync(path.join(dist, 'assets', 'photo-abc123.png'), 'p'.repeat(5000));
  server = await startServer({ distDir: dist });
});
afterAll(async () => {
  await server.close();
});

describe('the built SPA on the same port', () => {
  it('falls back to index.html for client routes, caches hashed assets and compresses them', async () => {
    const page = await fetch(`${server.url}/categories/%D8%B1%D8%A8%D8%A7%D8%AA%DB%8C%DA%A9`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('id="root"');

    const asset = await fetch(`${server.url}/assets/index-abc123.js`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toMatch(/br|gzip/);

    const missingAsset = await fetch(`${server.url}/assets/nope.js`);
    expect(missingAsset.status).toBe(404);
    const api = await fetch(`${server.url}/api/unknown`, { headers: { Accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'منبع یافت نشد' });
  });

  it('answers the SPA with a real 404 for paths that are no page and for unknown slugs', async () => {
    const status = async (path: string) => {
      const response = await fetch(`${server.url}${path}`, { headers: { Accept: 'text/html' } });
      expect(await response.text(), path).toContain('id="root"');
      return response.status;
    };
    const categories = await (await fetch(`${server.url}/api/Public/categories`)).json();
    const { courses } = await (await fetch(`${server.url}/api/Public/courses`)).json();
    const articles = await (await fetch(`${server.url}/api/Public/articles`)).json();
    const category = encodeURIComponent(String(categories[0].slug));
    const course = `${encodeURIComponent(String(courses[0].category.slug))}/${encodeURIComponent(String(courses[0].slug))}`;
    const article = encodeURIComponent(String(articles[0].slug));
    for (const path of ['/', '/categories', '/teachers', `/categories/${category}`, `/categories/${course}`,
      '/articles', `/articles/${article}`, '/about-us', '/auth/sign-in', '/dashboard/anything/deep', '/admin/users', '/admin/messages']) {
      expect(await status(path), path).toBe(200);
    }
    for (const path of ['/no-such-page', '/categories/no-such-category', '/categories/x/no-such-course',
      '/articles/no-such-article', '/admin/no-such-entity', '/about-us/extra', '/teachers/no-such-teacher']) {
      expect(await status(path), path).toBe(404);
    }
    const malformed = await fetch(`${server.url}/articles/%E0%A4%A`, { headers: { Accept: 'text/html' } });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: 'نشانی درخواست نامعتبر است' });
  });
});

describe('the built files, compressed once at build', () => {
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => server.app.inject({ method, url, headers });
  const onDisk = (file: string) => readFileSync(path.join(dist, file));

  it('sends the forms the build wrote, with Content-Encoding and Vary, and never compresses one itself', async () => {
    for (const [accept, encoding, suffix] of [['br, gzip', 'br', '.br'], ['gzip', 'gzip', '.gz']] as const) {
      const answer = await get('/assets/index-abc123.js', { 'accept-encoding': accept });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
      // Byte for byte the build's file: nothing was compressed for this request.
      expect(answer.rawPayload.equals(onDisk(`assets/index-abc123.js${suffix}`))).toBe(true);
    }
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(onDisk('assets/index-abc123.js'))).toBe(true);
    const image = await get('/assets/photo-abc123.png', { 'accept-encoding': 'br, gzip' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(onDisk('assets/photo-abc123.png'))).toBe(true);
    const shell = await get('/no-such-page', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(shell.statusCode).toBe(404);
    expect(shell.headers['content-encoding']).toBe('br');
    expect(shell.rawPayload.equals(onDisk('index.html.br'))).toBe(true);
  });

  it('keeps HEAD, ETag and If-None-Match per encoding, Range, and hides the build’s own files', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' });
    const gzip = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    const etag = String(br.headers.etag);
    expect(etag).not.toBe(String(gzip.headers.etag));
    expect((await get('/assets/index-abc123.js', { 'accept-encoding': 'br', 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip', 'if-none-match': etag })).statusCode).toBe(200);
    const head = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body).toBe('');
    const part = await get('/assets/index-abc123.js', { 'accept-encoding': 'br', range: 'bytes=0-11' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 0-11/${onDisk('assets/index-abc123.js').length}`);
    expect(part.body).toBe('console.log(');
    expect((await get('/assets/index-abc123.js', { range: 'bytes=99999-' })).statusCode).toBe(416);
    expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
    expect((await get('/assets/index-abc123.js.br')).statusCode).toBe(404);
  });
});

describe('a site that loads nothing from the internet', () => {
  it('the trial marks every page so, and its CSP allows no other site’s script or image; a site online does neither', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'academy-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="fa" dir="rtl"><head><title>آکادمی</title></head><body><div id="root"></div></body></html>');
    const trial = await startServer({ distDir: dist, trial: true });
    try {
      for (const page of ['/', '/dashboard', '/no-such-page']) {
        const answer = await fetch(`${trial.url}${page}`, { headers: { Accept: 'text/html' } });
        expect(await answer.text(), page).toContain(`${offlineMark.html}</head>`);
        const csp = answer.headers.get('content-security-policy') ?? '';
        expect(csp, page).toContain("script-src 'self';");
        expect(csp, page).not.toMatch(/zarinpal|enamad/);
      }
    } finally {
      await trial.close();
    }
    const online = await startServer({ distDir: dist });
    try {
      const answer = await fetch(online.url, { headers: { Accept: 'text/html' } });
      expect(await answer.text()).not.toContain(offlineMark.html);
      expect(answer.headers.get('content-security-policy')).toContain('https://www.zarinpal.com');
    } finally {
      await online.close();
    }
  });
});
