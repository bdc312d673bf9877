// The trial (TRIAL=1, `npm run trial`: server/dev/trial.ts): the local Zarinpal-compatible gateway
// refuses what Zarinpal refuses, keeps its payments across a restart, and is never started in
// production; the seed's paid orders refund through it; the outbox lists the SMS; it answers only
// requests addressed to this machine (DNS rebinding); a page asked for at the other loopback name
// is sent to the public address.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { LocalGateway } from '../../../server/dev/localGateway';
import { serveLocalGateway } from '../../../server/dev/localGatewayServer';
import { foreignHostText } from '../../../server/dev/localHosts';
import { outboxPath, trialRefusal, trialTexts } from '../../../server/dev/trial';
import { isGatewayAuthority } from '../../../server/features/commerce/payments';
import { adminPassword, adminPhone, startServer, type TestServer } from '../../support/server';

const merchant = '11111111-2222-3333-4444-555555555555';
let server: TestServer;
let gatewayUrl = '';

/** A JSON call to the trial's local gateway, as server/features/commerce/gateway.ts makes it. */
async function call(name: string, body: Record<string, unknown>, token?: string): Promise<{ status: number; code: number; data: Record<string, unknown> }> {
  const response = await fetch(`${gatewayUrl}/pg/v4/payment/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer: unknown = await response.json();
  const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : {});
  const data = record(record(answer).data);
  const errors = record(record(answer).errors);
  return { status: response.status, code: Number(data.code ?? errors.code), data };
}

const request = async (amount = 250_000) => {
  const answer = await call('request.json', { merchant_id: merchant, amount, callback_url: 'http://localhost:3000/dashboard/payment', description: 'سفارش ۱' });
  expect(answer.code).toBe(100);
  return String(answer.data.authority);
};
const payPage = (authority: string, choice: 'pay' | 'cancel') =>
  fetch(`${gatewayUrl}/pg/StartPay/${authority}/${choice}`, { method: 'POST', redirect: 'manual' });

beforeAll(async () => {
  server = await startServer({ trial: true, merchantId: merchant });
  const line = server.printed.find((l) => l.startsWith('Trial: payments go to the local gateway at '));
  gatewayUrl = /at (http:\/\/127\.0\.0\.1:[0-9]+)/.exec(line ?? '')?.[1] ?? '';
  expect(gatewayUrl, server.printed.join('\n')).not.toBe('');
});
afterAll(async () => {
  await server?.close();
});

describe("the trial's local gateway", () => {
  it('refuses as Zarinpal does: bad input, unknown or foreign authority, another amount, unpaid, cancelled', async () => {
    expect(await call('request.json', { merchant_id: merchant, amount: 999, callback_url: 'http://localhost/back' })).toMatchObject({ status: 400, code: -9 });
    expect(await call('request.json', { merchant_id: merchant, amount: 250_000 })).toMatchObject({ status: 400, code: -9 });
    expect(await call('request.json', { merchant_id: merchant, amount: 250_000, callback_url: 'not a url' })).toMatchObject({ status: 400, code: -9 });
    const authority = await request();
    // Never Zarinpal's format (A and 35 digits), yet a gateway's authority to the server.
    expect(authority).toMatch(/^LOCAL[0-9]{31}$/);
    expect(isGatewayAuthority(authority)).toBe(true);
    expect(await call('verify.json', { merchant_id: merchant, amount: 250_000, authority: 'A000' })).toMatchObject({ code: -54 });
    expect(await call('verify.json', { merchant_id: 'another', amount: 250_000, authority })).toMatchObject({ code: -53 });
    expect(await call('verify.json', { merchant_id: merchant, amount: 250_000, authority })).toMatchObject({ code: -51 });
    expect(await call('inquiry.json', { merchant_id: merchant, authority })).toMatchObject({ code: 100, data: { status: 'IN_BANK' } });
    // The payer's choice is a form post: a link followed (or prefetched) pays nothing.
    expect((await fetch(`${gatewayUrl}/pg/StartPay/${authority}/pay`, { redirect: 'manual' })).status).toBe(404);
    expect(await call('verify.json', { merchant_id: merchant, amount: 250_000, authority })).toMatchObject({ code: -51 });

    const cancelled = await request();
    const back = await payPage(cancelled, 'cancel');
    expect(back.status).toBe(303);
    expect(new URL(back.headers.get('location') ?? '').searchParams.get('Status')).toBe('NOK');
    expect(await call('verify.json', { merchant_id: merchant, amount: 250_000, authority: cancelled })).toMatchObject({ code: -51 });
    expect(await call('inquiry.json', { merchant_id: merchant, authority: cancelled })).toMatchObject({ data: { status: 'FAILED' } });
    // Paying a cancelled authority afterwards changes nothing.
    expect(new URL((await payPage(cancelled, 'pay')).headers.get('location') ?? '').searchParams.get('Status')).toBe('NOK');

    const paid = await request();
    const paidBack = new URL((await payPage(paid, 'pay')).headers.get('location') ?? '');
    expect(paidBack.origin + paidBack.pathname).toBe('http://localhost:3000/dashboard/payment');
    expect(Object.fromEntries(paidBack.searchParams)).toEqual({ Authority: paid, Status: 'OK' });
    expect(await call('verify.json', { merchant_id: merchant, amount: 260_000, authority: paid })).toMatchObject({ code: -50 });
    expect(await call('verify.json', { merchant_id: merchant, amount: 250_000, authority: paid })).toMatchObject({ status: 200, code: 100 });
    expect(await call('verify.json', { merchant_id: merchant, amount: 250_000, authority: paid })).toMatchObject({ status: 200, code: 101 });
  });

  it('refunds only with its access token, only a verified payment, never more than was paid; no reversal after a refund', async () => {
    const authority = await request(300_000);
    expect(await call('refund.json', { merchant_id: merchant, authority, amount: 100_000 }, 'wrong-token')).toMatchObject({ status: 401, code: -9 });
    expect(await call('refund.json', { merchant_id: merchant, authority, amount: 100_000 })).toMatchObject({ status: 401, code: -9 });
    expect(await call('reverse.json', { merchant_id: merchant, authority })).toMatchObject({ code: -61 });
    expect(await call('reverse.json', { merchant_id: merchant, authority: 'A000' })).toMatchObject({ code: -54 });
    expect(await call('inquiry.json', { merchant_id: merchant, authority: 'A000' })).toMatchObject({ code: -54 });
    expect(await call('unVerified.json', { merchant_id: merchant })).toMatchObject({ code: 100 });
  });

  it('refunds through the gateway class as the trial runs it: token, state, amount; a restart keeps every payment', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'academy-local-gateway-'));
    try {
      const stateFile = path.join(dir, 'local-gateway.json');
      const first = new LocalGateway({ refundToken: 'token-1', stateFile });
      const served = await serveLocalGateway(first);
      const before = gatewayUrl;
      gatewayUrl = served.url;
      try {
        const authority = await request(300_000);
        expect(await call('refund.json', { merchant_id: merchant, authority, amount: 100_000 }, 'token-1')).toMatchObject({ code: -51 });
        await payPage(authority, 'pay');
        expect(await call('unVerified.json', { merchant_id: merchant })).toMatchObject({ code: 100, data: { authorities: [{ authority, amount: 300_000 }] } });
        expect(await call('verify.json', { merchant_id: merchant, amount: 300_000, authority })).toMatchObject({ code: 100 });
        expect(await call('refund.json', { merchant_id: merchant, authority, amount: 100_000 }, 'token-1')).toMatchObject({ status: 200, code: 100 });
        expect(await call('refund.json', { merchant_id: merchant, authority, amount: 200_001 }, 'token-1')).toMatchObject({ code: -9 });
        expect(await call('reverse.json', { merchant_id: merchant, authority })).toMatchObject({ code: -61 });
        await served.close();

        // Started again on the same data dir (a new token, as each trial start has): the payment is known.
        const again = new LocalGateway({ refundToken: 'token-2', stateFile });
        expect(again.stateOf(authority)).toBe('verified');
        expect(again.refundedOf(authority)).toBe(100_000);
        const reserved = await serveLocalGateway(again);
        gatewayUrl = reserved.url;
        expect(await call('refund.json', { merchant_id: merchant, authority, amount: 200_000 }, 'token-2')).toMatchObject({ code: 100 });
        expect(await call('refund.json', { merchant_id: merchant, authority, amount: 1 }, 'token-2')).toMatchObject({ code: -9 });
        const next = await request();
        expect(next).not.toBe(authority);
        await reserved.close();
      } finally {
        gatewayUrl = before;
      }
      writeFileSync(stateFile, '{"counter":"x"}');
      expect(() => new LocalGateway({ refundToken: 't', stateFile })).toThrow(/not the local gateway's saved state/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("shows a Persian page with «پرداخت» and «انصراف», and a Persian 404 for an authority it never issued", async () => {
    const authority = await request(2_500_000);
    const page = await fetch(`${gatewayUrl}/pg/StartPay/${authority}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('۲۵۰٬۰۰۰ تومان');
    expect(html).toMatch(/<button class="pay" type="submit">پرداخت<\/button>/);
    expect(html).toMatch(/<button type="submit">انصراف<\/button>/);
    const missing = await fetch(`${gatewayUrl}/pg/StartPay/LOCAL0000`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('تراکنش یافت نشد');
  });
});

describe('the trial server', () => {
  it("refunds a seeded paid order through the local gateway: the sample orders' authorities are the gateway's", async () => {
    const admin = await server.signIn(adminPhone, adminPassword);
    const paid = await server.call<{ items: Array<{ id: number; version: number; totalInTomans: number }> }>('GET', '/api/OrderRecord/GetSelectList', {
      token: admin,
      query: { 'f.status': 'paid', page: '1' },
    });
    expect(paid.body.items.length).toBeGreaterThan(1);
    const attemptsOf = (orderId: number) =>
      server.call<{ items: Array<{ kind: string; outcome: string; amountInTomans: number; authority: string }> }>('GET', '/api/PaymentAttemptRecord/GetSelectList', {
        token: admin,
        query: { 'f.orderId': String(orderId), sort: 'id', page: '1' },
      });
    for (const each of paid.body.items) {
      for (const attempt of (await attemptsOf(each.id)).body.items) expect(attempt.authority).toMatch(/^LOCAL[0-9]{31}$/);
    }
    const order = paid.body.items[0];
    if (!order) throw new Error('no seeded paid order');
    const refunded = await server.call<{ record: { status: string } }>('POST', '/api/OrderRecord/Refund', { token: admin, body: { id: order.id, version: order.version } });
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.body.record.status).toBe('refunded');
    const attempts = await attemptsOf(order.id);
    // Through the gateway's refund call (not recorded as a refund by hand).
    expect(attempts.body.items.at(-1)).toMatchObject({ kind: 'refund', outcome: 'ok', amountInTomans: order.totalInTomans });
  });

  it('lists the SMS in the outbox page and the log; without the trial there is no outbox', async () => {
    const code = await server.sendCode('09351112233', 'signUp');
    const page = await fetch(`${server.url}${outboxPath}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain(trialTexts.outboxTitle);
    expect(html).toContain('۰۹۳۵۱۱۱۲۲۳۳');
    expect(html).toContain(`<div class="code" dir="ltr">${code}</div>`);
    const plain = await startServer({ seed: false });
    try {
      expect((await fetch(`${plain.url}${outboxPath}`, { headers: { accept: 'application/json' } })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('answers only requests addressed to this machine: a rebound name is refused with a Persian 403, the outbox and the gateway alike', async () => {
    const asked = (url: string, host: string) => server.app.inject({ method: 'GET', url, headers: { host, accept: 'text/html' } });
    for (const host of ['rebind.example', 'rebind.example:3000', 'localhost.rebind.example', '127.0.0.1.nip.io:3000', '[::2]:3000', '10.0.0.7:3000']) {
      for (const url of [outboxPath, '/api/Public/categories', '/']) {
        const refused = await asked(url, host);
        expect(refused.statusCode, `${host}${url}`).toBe(403);
        expect(refused.json(), `${host}${url}`).toEqual({ message: foreignHostText });
      }
    }
    // This machine's names, with or without a port, and the trial's own PUBLIC_URL host.
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST:3000', 'academy.test']) {
      expect((await asked(outboxPath, host)).statusCode, host).toBe(200);
    }
    // Through a real socket, as a rebinding page's request arrives: its Host is its own name.
    const viaSocket = (url: string, host: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const sent = httpRequest(url, { headers: { host } }, (answer) => {
          let body = '';
          answer.on('data', (chunk: Buffer) => (body += chunk.toString()));
          answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body }));
        });
        sent.on('error', reject);
        sent.end();
      });
    const code = await server.sendCode('09351112234', 'signIn');
    const rebound = await viaSocket(`${server.url}${outboxPath}`, 'rebind.example');
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain(code);
    expect(JSON.parse(rebound.body)).toEqual({ message: foreignHostText });
    const gatewayPage = await viaSocket(`${gatewayUrl}/pg/StartPay/${await request()}`, 'rebind.example');
    expect(gatewayPage.status).toBe(403);
    expect((await viaSocket(`${server.url}${outboxPath}`, new URL(server.url).host)).body).toContain(code);
  });

  it('never starts with NODE_ENV=production', async () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      // Refused before anything is opened or written: no database, no gateway.
      const dataDir = path.join(tmpdir(), 'academy-trial-never-made');
      await expect(
        buildApp({ dataDir, trial: true, paymentGatewayUrl: 'http://127.0.0.1:9', merchantId: merchant, publicUrl: 'http://localhost:3000', print: () => undefined }),
      ).rejects.toThrow(trialRefusal);
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      process.env.NODE_ENV = before;
    }
  });
});

describe('one address on a loopback site', () => {
  it('sends a page asked for at the other loopback name of the public address to the public address', async () => {
    const local = await startServer({ seed: false, publicUrl: 'http://localhost:3000' });
    try {
      const get = (url: string, host: string, method: 'GET' | 'POST' = 'GET') => local.app.inject({ method, url, headers: { host } });
      const moved = await get('/courses?page=2', '127.0.0.1:3000');
      expect(moved.statusCode).toBe(302);
      expect(moved.headers.location).toBe('http://localhost:3000/courses?page=2');
      expect((await get('/', '[::1]:3000')).headers.location).toBe('http://localhost:3000/');
      // Not the public name itself, another port, the API, or a form post.
      for (const [url, host, method] of [
        ['/courses', 'localhost:3000', 'GET'],
        ['/courses', '127.0.0.1:3001', 'GET'],
        ['/api/Public/categories', '127.0.0.1:3000', 'GET'],
        ['/auth/sign-in', '127.0.0.1:3000', 'POST'],
      ] as const) {
        expect((await get(url, host, method)).statusCode, `${method} ${host}${url}`).not.toBe(302);
      }
    } finally {
      await local.close();
    }
    // A public site is never redirected on what Host says.
    expect((await server.app.inject({ method: 'GET', url: '/courses', headers: { host: '127.0.0.1:80' } })).statusCode).not.toBe(302);
  });
});
