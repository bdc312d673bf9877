// @vitest-environment node
// ASVS V3: every answer of the real server (HTML pages, API answers of every status, media,
// built assets, and the answers Node writes itself to requests it cannot parse) carries a
// Content-Security-Policy that forbids inline script while allowing the payment trust seal's
// origin, forbids framing, plugins and <base>, plus nosniff, a Referrer-Policy, a
// Permissions-Policy and COOP; HSTS when the site is public over HTTPS. Private API answers are
// never cached; the build's manifest is not served; a slowly sent request is cut off. The
// built SPA has no inline script for that policy to break.
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, type Stack, startStack } from '../e2e/harness';
import { encodePng, adminPassword as serverAdminPassword, adminPhone as serverAdminPhone, startServer } from '../support/server';

let stack: Stack;
let admin = '';
let imageName = '';

beforeAll(async () => {
  stack = await startStack();
  admin = await apiToken(stack, stack.adminPhone, stack.adminPassword);
  const images = v.parse(v.array(v.string()), await (await fetch(`${stack.baseUrl}/api/File/all-images`, { headers: { authorization: `Bearer ${admin}` } })).json());
  imageName = images[0] ?? '';
});
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
  const permissions = new Map(
    (headers.get('permissions-policy') ?? '').split(',').map((item) => item.trim().split('=') as [string, string | undefined]),
  );
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(permissions.get(feature), `${label} ${feature}`).toBe('()');
  // Chromium logs an error on every page for a feature it does not recognise (tests/e2e/trial.test.ts loads pages).
  expect(permissions.has('bluetooth'), label).toBe(false);
  expect(headers.get('cross-origin-opener-policy'), label).toBe('same-origin');
  // Served over plain HTTP here (PUBLIC_URL http://…): no HSTS, which would pin a host that has no TLS.
  expect(headers.get('strict-transport-security'), label).toBeNull();
}

/** One raw request on a socket; the answer's status, headers and body as sent. */
function rawRequest(baseUrl: string, bytes: string | Buffer, options: { trickle?: { everyMs: number; chunk: string } } = {}) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise<{ status: number; headers: Headers; body: string; ms: number }>((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let timer: ReturnType<typeof setInterval> | undefined;
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = new Headers();
      for (const line of lines) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
      if (status === 0) reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
      else resolve({ status, headers, body: rest.join('\r\n\r\n'), ms: Date.now() - started });
    });
    socket.write(bytes);
    const trickle = options.trickle;
    if (trickle) {
      timer = setInterval(() => {
        if (!socket.destroyed && socket.writable) socket.write(trickle.chunk);
      }, trickle.everyMs);
    }
  });
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
      { label: 'build manifest (not served)', path: '/.vite/manifest.json', status: 404 },
      { label: 'build manifest asked as a page', path: '/.vite/manifest.json', headers: html, status: 404 },
      { label: 'page for curl (Accept */*)', path: '/articles', headers: { accept: '*/*' }, status: 200 },
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

  it('marks every authenticated API answer and every learner/admin operation no-store', async () => {
    const auth = { authorization: `Bearer ${admin}` };
    const privateAnswers: Array<{ label: string; path: string; headers?: Record<string, string>; status: number }> = [
      { label: 'admin call', path: '/api/User/GetDashboardData', headers: auth, status: 200 },
      { label: 'admin list', path: '/api/Course/GetSelectList', headers: auth, status: 200 },
      { label: 'own profile', path: '/api/Me', headers: auth, status: 200 },
      { label: 'public call with a token', path: '/api/Public/categories', headers: auth, status: 200 },
      { label: 'unknown call with a token', path: '/api/nope', headers: auth, status: 404 },
      { label: 'admin call without a token', path: '/api/User/GetDashboardData', status: 401 },
      { label: 'learner call without a token', path: '/api/Cart', status: 401 },
      { label: 'admin call with a bad token', path: '/api/User/GetDashboardData', headers: { authorization: 'Bearer nope' }, status: 401 },
    ];
    for (const target of privateAnswers) {
      const response = await fetch(`${stack.baseUrl}${target.path}`, { headers: target.headers });
      await response.arrayBuffer();
      expect(response.status, target.label).toBe(target.status);
      expect(response.headers.get('cache-control'), target.label).toBe('no-store');
    }
    // Public answers to anonymous visitors stay cacheable by their own rules.
    const open = await fetch(`${stack.baseUrl}/api/Public/categories`);
    await open.arrayBuffer();
    expect(open.headers.get('cache-control') ?? '').not.toContain('no-store');
    console.log(`headers: ${privateAnswers.length} private answers no-store`);
  });

  it("answers Node's own refusals (bad request line, oversized headers) with the headers and a Persian JSON body", async () => {
    const cases: Array<{ label: string; bytes: string; status: number }> = [
      { label: 'garbage request line', bytes: 'HELLO\r\n\r\n', status: 400 },
      { label: 'bad HTTP version', bytes: 'GET / HTTP/9.9\r\nHost: x\r\n\r\n', status: 400 },
      { label: 'space in the target', bytes: 'GET /a b HTTP/1.1\r\nHost: x\r\n\r\n', status: 400 },
      { label: 'bad header name', bytes: 'GET / HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n', status: 400 },
      { label: 'two content lengths', bytes: 'POST /api/Auth/SignIn HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n{}', status: 400 },
      { label: 'headers over the size limit', bytes: `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, status: 431 },
    ];
    for (const target of cases) {
      const answer = await rawRequest(stack.baseUrl, target.bytes);
      expect(answer.status, target.label).toBe(target.status);
      expectSafeHeaders(answer.headers, target.label);
      expect(answer.headers.get('content-type'), target.label).toContain('application/json');
      const message = v.parse(v.object({ message: v.string() }), JSON.parse(answer.body)).message;
      expect(message, target.label).toMatch(/[\u0600-\u06FF]/);
    }
    // The server is still up for everyone else.
    expect((await fetch(`${stack.baseUrl}/api/Public/categories`)).status).toBe(200);
    console.log(`headers: ${cases.length} Node-level refusals checked`);
  });

  it('sends HSTS only when the public address is https', async () => {
    const secure = await startServer({ publicUrl: 'https://academy.example' });
    try {
      const answers = [await fetch(`${secure.url}/api/Public/categories`), await fetch(`${secure.url}/api/nope`)];
      for (const answer of answers) {
        await answer.arrayBuffer();
        expect(answer.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
      }
      const refused = await rawRequest(secure.url, 'HELLO\r\n\r\n');
      expect(refused.status).toBe(400);
      expect(refused.headers.get('strict-transport-security')).toMatch(/^max-age=/);
    } finally {
      await secure.close();
    }
  });

  it('cuts off a slowly sent body or headers within the limit, and lets a steady slow upload finish', async () => {
    const limits = { bodyWindowMs: 500, minBodyBytes: 2048, headersMs: 1000 };
    const slow = await startServer({ timeLimits: limits });
    try {
      const token = await slow.signIn(serverAdminPhone, serverAdminPassword);
      // Headers, then a body trickled a byte at a time: answered 408 and closed within two windows.
      const trickled = await rawRequest(
        slow.url,
        'POST /api/Auth/SignIn HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
        { trickle: { everyMs: 50, chunk: ' ' } },
      );
      expect(trickled.status).toBe(408);
      expect(trickled.ms).toBeLessThan(limits.bodyWindowMs * 2 + 1000);
      expectSafeHeaders(trickled.headers, 'slow body');
      expect(JSON.parse(trickled.body)).toEqual({ message: 'ارسال درخواست بیش از حد طول کشید؛ دوباره تلاش کنید' });
      // Headers that never end: Node's headers limit, answered the same way.
      const slowHeaders = await rawRequest(slow.url, 'GET / HTTP/1.1\r\nHost: x\r\n', { trickle: { everyMs: 100, chunk: 'X-A: b\r\n' } });
      expect(slowHeaders.status).toBe(408);
      expect(slowHeaders.ms).toBeLessThan(limits.headersMs * 2 + 1000);
      expectSafeHeaders(slowHeaders.headers, 'slow headers');
      // A slow but steady upload (about 3× the floor) spanning several windows still completes.
      // Noise, so the PNG does not compress below the size that spans several windows.
      const png = encodePng(80, 80, () => [Math.floor(Math.random() * 256), Math.floor(Math.random() * 256), Math.floor(Math.random() * 256)]);
      const boundary = 'SteadyUpload';
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const head = `POST /api/File/upload-image HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
      const { hostname, port } = new URL(slow.url);
      const started = Date.now();
      const steady = await new Promise<string>((resolve) => {
        const socket = net.connect(Number(port), hostname);
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        socket.on('error', () => undefined);
        socket.on('close', () => resolve(text));
        socket.write(head);
        const perTick = Math.ceil((limits.minBodyBytes * 3) / 10);
        let sent = 0;
        const timer = setInterval(() => {
          const next = body.subarray(sent, sent + perTick);
          sent += next.length;
          socket.write(next);
          if (sent >= body.length) clearInterval(timer);
        }, limits.bodyWindowMs / 10);
      });
      expect(body.length).toBeGreaterThan(limits.minBodyBytes * 6);
      expect(Date.now() - started).toBeGreaterThan(limits.bodyWindowMs * 2);
      expect(steady).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      await slow.close();
    }
  });
});
