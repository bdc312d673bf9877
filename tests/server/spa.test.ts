// @vitest-environment node
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineMark } from '../../schema/serverRender';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'academy-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="fa" dir="rtl"><body><div id="root"></div></body></html>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
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
