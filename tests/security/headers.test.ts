// @vitest-environment node
// ASVS V3: every answer of the real server (HTML pages, API answers of every status, media,
// built assets) carries a Content-Security-Policy that forbids inline script while allowing the
// payment trust seal's origin, forbids framing, plugins and <base>, plus nosniff and a
// Referrer-Policy. The built SPA has no inline script for that policy to break.
import { readFile } from 'node:fs/promises';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, type Stack, startStack } from '../e2e/harness';

let stack: Stack;
let admin = '';
let imageName = '';

beforeAll(async () => {
  stack = await startStack();
  admin = await apiToken(stack, stack.adminPhone, stack.adminPassword);
  const images = v.parse(v.array(v.string()), await (await fetch(`${stack.baseUrl}/api/File/all-images`, { headers: { authorization: `Bearer ${admin}` } })).json());
  imageName = images[0] ?? '';
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

/** The policy's directives by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...values]) => [name.toLowerCase(), values]),
  );
}

function expectSafeHeaders(headers: Headers, label: string) {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp, label).not.toBe('');
  const d = directives(csp);
  const scriptSrc = d.get('script-src') ?? d.get('default-src') ?? [];
  expect(scriptSrc, `${label} script-src`).not.toContain("'unsafe-inline'");
  expect(scriptSrc, `${label} script-src`).not.toContain("'unsafe-eval'");
  expect(scriptSrc, `${label} script-src`).not.toContain('*');
  expect(scriptSrc, `${label} script-src allows the trust seal`).toContain('https://www.zarinpal.com');
  expect(d.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(d.get('object-src'), label).toEqual(["'none'"]);
  expect(d.get('base-uri'), label).toEqual(["'none'"]);
  expect(headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(headers.get('referrer-policy'), label).toMatch(/^(no-referrer|strict-origin-when-cross-origin|same-origin|strict-origin)$/);
}

describe('security headers', () => {
  it('are on HTML pages, the API (every status), media, assets and SEO files', async () => {
    const html = { accept: 'text/html' };
    const auth = { authorization: `Bearer ${admin}` };
    const assetMatch = /src="(\/assets\/[^"]+\.js)"/.exec(await (await fetch(`${stack.baseUrl}/`)).text());
    const targets: Array<{ label: string; path: string; headers?: Record<string, string>; method?: string; status?: number }> = [
      { label: 'home page', path: '/', headers: html, status: 200 },
      { label: 'SPA route', path: '/articles', headers: html, status: 200 },
      { label: 'SPA page of an unknown path', path: '/categories/anything/else', headers: html },
      { label: 'admin page', path: '/admin/articles', headers: html, status: 200 },
      { label: 'api 200', path: '/api/Public/categories', status: 200 },
      { label: 'api 200 (admin)', path: '/api/User/GetDashboardData', headers: auth, status: 200 },
      { label: 'api 401', path: '/api/Me', status: 401 },
      { label: 'api 404', path: '/api/Public/articles/no-such', status: 404 },
      { label: 'api unknown route', path: '/api/nope', status: 404 },
      { label: 'api 400 (bad json)', path: '/api/Auth/SignIn', method: 'POST', headers: { 'content-type': 'application/json' }, status: 400 },
      { label: 'media image', path: `/api/File/image/${imageName}`, status: 200 },
      { label: 'media 404', path: '/api/File/image/missing.png', status: 404 },
      { label: 'robots', path: '/robots.txt', status: 200 },
      { label: 'sitemap', path: '/sitemap.xml', status: 200 },
      ...(assetMatch?.[1] ? [{ label: 'built asset', path: assetMatch[1], status: 200 }] : []),
    ];
    expect(imageName).not.toBe('');
    expect(assetMatch?.[1]).toBeTruthy();
    for (const target of targets) {
      const response = await fetch(`${stack.baseUrl}${target.path}`, {
        method: target.method ?? 'GET',
        headers: target.headers,
        body: target.method === 'POST' ? '{not json' : undefined,
      });
      await response.arrayBuffer();
      if (target.status) expect(response.status, target.label).toBe(target.status);
      expectSafeHeaders(response.headers, target.label);
    }
    console.log(`headers: ${targets.length} kinds of answer checked`);
  });

  it('serves media so it can never run as a page', async () => {
    const response = await fetch(`${stack.baseUrl}/api/File/image/${imageName}`);
    await response.arrayBuffer();
    expect(response.headers.get('content-type')).toMatch(/^image\/(png|jpeg|webp|gif|avif)$/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const d = directives(response.headers.get('content-security-policy') ?? '');
    expect(d.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('has no inline script in the built index.html nor in the page the server sends', async () => {
    for (const [label, source] of [
      ['dist/index.html', await readFile('dist/index.html', 'utf8')],
      ['served /', await (await fetch(`${stack.baseUrl}/`, { headers: { accept: 'text/html' } })).text()],
    ] as const) {
      const scripts = [...source.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length, label).toBeGreaterThan(0);
      for (const [, attributes = '', body = ''] of scripts) {
        // JSON-LD and the server render's API answers are data blocks: browsers never run them.
        const isDataBlock = /type=["']?application\/(ld\+)?json["'\s]/i.test(attributes);
        expect(/\bsrc=/.test(attributes) || isDataBlock, `${label}: inline <script${attributes}>`).toBe(true);
        if (!isDataBlock) expect(body.trim(), label).toBe('');
      }
      expect(source, label).not.toMatch(/\son[a-z]+\s*=/i);
      expect(source, label).not.toMatch(/javascript:/i);
    }
  });
});
