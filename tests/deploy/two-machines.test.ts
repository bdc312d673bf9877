// @vitest-environment node
// Two machines, rehearsed: two API processes as production runs them (the built server,
// `node dist-server/main.js`, each with its own data dir) that share nothing but PostgreSQL and
// an S3 bucket (s3rver: tests/support/s3.ts) for media, behind Debian's nginx with the deployment's own site configuration
// (deploy/nginx-academy.conf) and TRUST_PROXY=1. Whatever one machine writes, the other reads at
// once; a machine killed during traffic loses no acknowledged write and no payment; a machine
// stopped with SIGTERM finishes what it took and the other takes the rest.
//
// Needs PostgreSQL (TEST_DATABASE=postgres), the build (dist-server/) and nginx
// (tests/support/ensure-nginx.sh): the test command's `two-machines` step has all three.
//
// Which machine answered a request through nginx is read from the machines' own request logs
// (LOG=1): nginx hands each request its id (X-Request-Id), which the API logs as `requestId`.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGateway, type FakeGateway } from '../support/fake-gateway';
import { freePort, nginxBinary, startNginx, type Nginx } from '../support/nginx';
import { databaseFor, dropDatabaseFor, usePostgres } from '../support/postgres-db';
import { startS3, type S3Server } from '../support/s3';
import { courseBody, sampleChild } from '../support/samples';
import { adminPassword, adminPhone, codeFromLog, encodePng } from '../support/server';
import { waitBudgetMs } from '../support/budget';

type Name = 'a' | 'b';

interface Machine {
  name: Name;
  port: number;
  child: ChildProcess;
  output: string;
  exited: Promise<number | null>;
}

const root = mkdtempSync(path.join(tmpdir(), 'academy-two-'));
const machines = new Map<Name, Machine>();
let gateway: FakeGateway;
let s3: S3Server;
let nginx: Nginx;
let databaseUrl = '';
let proxyPort = 0;
const jwtSecret = 'two-machines-secret-shared-by-every-process-0123456789';

/** Starts `node dist-server/main.js` on its port with its own data dir, and waits for its address. */
async function startMachine(name: Name, port: number): Promise<Machine> {
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.js'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      DATA_DIR: path.join(root, `data-${name}`),
      // The one thing shared besides the database: a bucket (MEDIA_STORE=s3 and the S3_* settings).
      ...s3.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
      TRUST_PROXY: '1',
      LOG: '1',
      DRAIN_SECONDS: '30',
      ADMIN_PHONE: adminPhone,
      ADMIN_PASSWORD: adminPassword,
      PAYMENT_GATEWAY_URL: gateway.url,
      ZARINPAL_MERCHANT_ID: '11111111-2222-3333-4444-555555555555',
      ZARINPAL_ACCESS_TOKEN: gateway.refundToken,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const machine: Machine = { name, port, child, output: '', exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
  child.stdout?.on('data', (chunk: Buffer) => (machine.output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (machine.output += chunk.toString()));
  await until(() => machine.output.includes('Academy is running at'), () => `${name} did not start:\n${machine.output}`, machine.exited);
  machines.set(name, machine);
  return machine;
}

/** Polls a condition (never a fixed sleep); fails with `why` past the limit or when `gone` settles. */
async function until<T>(found: () => T | undefined | null | false, why: () => string, gone?: Promise<unknown>): Promise<T> {
  let ended = false;
  void gone?.then(() => (ended = true));
  const deadline = Date.now() + waitBudgetMs;
  for (;;) {
    const value = found();
    if (value) return value;
    if (ended || Date.now() > deadline) throw new Error(why());
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const machine = (name: Name): Machine => {
  const found = machines.get(name);
  if (!found) throw new Error(`machine ${name} is not running`);
  return found;
};
const other = (name: Name): Name => (name === 'a' ? 'b' : 'a');

interface Answer {
  status: number;
  text: string;
  headers: Headers;
  requestId: string;
  json: () => unknown;
}

/** A request through nginx, as a visitor sends it. */
async function viaProxy(method: string, address: string, options: { token?: string; body?: unknown; form?: FormData; headers?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}), ...options.headers };
  let body: string | FormData | undefined = options.form;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(`${nginx.url}${address}`, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  return { status: response.status, text, headers: response.headers, requestId: response.headers.get('x-request-id') ?? '', json: (): unknown => JSON.parse(text) };
}

const logLine = v.object({ requestId: v.string(), msg: v.string(), status: v.optional(v.number()), client: v.optional(v.string()), path: v.optional(v.string()) });
type LogLine = v.InferOutput<typeof logLine>;

function requestLines(m: Machine): LogLine[] {
  const lines: LogLine[] = [];
  for (const text of m.output.split('\n')) {
    if (!text.startsWith('{')) continue;
    const parsed = v.safeParse(logLine, JSON.parse(text));
    if (parsed.success && parsed.output.msg === 'request') lines.push(parsed.output);
  }
  return lines;
}

/** The machine whose log has the request (its line is written once the answer is sent). */
async function servedBy(answer: Answer): Promise<Name> {
  expect(answer.requestId).toMatch(/^[0-9a-f]{32}$/);
  return until(
    () => [...machines.values()].find((m) => requestLines(m).some((line) => line.requestId === answer.requestId))?.name,
    () => `no machine logged request ${answer.requestId}:\n${[...machines.values()].map((m) => m.output.split('\n').slice(-6).join('\n')).join('\n---\n')}`,
  );
}

/**
 * A read through nginx, repeated until the named machine answers it: nginx takes turns, and a
 * machine it found down (max_fails) gets traffic again after the template's fail_timeout.
 */
async function readOn(name: Name, address: string, options: { token?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const deadline = Date.now() + waitBudgetMs;
  while (Date.now() < deadline) {
    const answer = await viaProxy('GET', address, options);
    if ((await servedBy(answer)) === name) return answer;
  }
  throw new Error(`machine ${name} never answered ${address}`);
}

const tokenAnswer = v.object({ accessToken: v.string() });
const idAnswer = v.object({ id: v.number() });
const fileAnswer = v.object({ fileName: v.string() });
const categoryList = v.array(v.object({ id: v.number(), name: v.string() }));
const userPage = v.object({ queryResult: v.array(v.object({ phoneNumber: v.string() })) });

async function signInAdmin(): Promise<string> {
  const answer = await viaProxy('POST', '/api/Auth/SignIn', { body: { username: adminPhone, password: adminPassword } });
  expect(answer.status, answer.text).toBe(200);
  return v.parse(tokenAnswer, answer.json()).accessToken;
}

describe.skipIf(!usePostgres)('two machines behind nginx (PostgreSQL, the built server)', () => {
  beforeAll(async () => {
    if (!existsSync('dist-server/main.js')) throw new Error('no dist-server/main.js: run `npm run build` first');
    if (!existsSync(nginxBinary)) throw new Error(`no ${nginxBinary}: run tests/support/ensure-nginx.sh first`);
    databaseUrl = await databaseFor(root);
    gateway = await startFakeGateway();
    s3 = await startS3();
    proxyPort = await freePort();
    const [portA, portB] = [await freePort(), await freePort()];
    // Started together on an empty database: migrations and the first seed must happen once.
    await Promise.all([startMachine('a', portA), startMachine('b', portB)]);
    nginx = await startNginx(path.join(root, 'nginx'), proxyPort, [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`]);
  });

  afterAll(async () => {
    // A machine that ignored SIGTERM past its own drain limit is a failure, reported, then killed.
    const slow: string[] = [];
    await Promise.all(
      [...machines.values()].map(async (m) => {
        if (m.child.exitCode !== null || m.child.signalCode !== null) return;
        const overdue = setTimeout(() => {
          slow.push(m.name);
          m.child.kill('SIGKILL');
        }, waitBudgetMs);
        m.child.kill('SIGTERM');
        await m.exited;
        clearTimeout(overdue);
      }),
    );
    await nginx?.stop();
    await gateway?.close();
    await s3?.stop();
    if (usePostgres) await dropDatabaseFor(root);
    rmSync(root, { recursive: true, force: true });
    expect(slow, 'machines that did not stop on SIGTERM').toEqual([]);
  });

  it('reads through one machine what was written through the other; one administrator seeded', async () => {
    const token = await signInAdmin();
    // Warm both machines' list answers first, so a per-process cache would show stale data.
    for (const name of ['a', 'b'] as const) expect((await readOn(name, '/api/Category/GetSelectList', { token })).status).toBe(200);

    const created = await viaProxy('POST', '/api/Category/Create', { token, body: { name: 'مقیاس', inActive: false, coverImage: '' } });
    expect(created.status, created.text).toBe(200);
    const { id } = v.parse(idAnswer, created.json());
    const writer = await servedBy(created);
    const list = await readOn(other(writer), '/api/Category/GetSelectList', { token });
    expect(v.parse(categoryList, list.json()).find((c) => c.id === id)?.name).toBe('مقیاس');

    // Nothing on either machine's disk is shared: the media are in the bucket.
    for (const m of machines.values()) expect(m.output).toContain('Media are kept in the S3 bucket');
    const users = await viaProxy('GET', '/api/User/GetPagedFilter', { token });
    expect(v.parse(userPage, users.json()).queryResult.filter((u) => u.phoneNumber === adminPhone)).toHaveLength(1);
  });

  it('serves an image uploaded through the other machine', async () => {
    const token = await signInAdmin();
    const form = new FormData();
    const png = encodePng(4, 4, () => [10, 20, 30]);
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'x.png');
    const uploaded = await viaProxy('POST', '/api/File/upload-image', { token, form });
    expect(uploaded.status, uploaded.text).toBe(200);
    const { fileName } = v.parse(fileAnswer, uploaded.json());
    const served = await readOn(other(await servedBy(uploaded)), `/api/File/image/${fileName}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it("shows a course an admin changed through one machine on the other's public page at once", async () => {
    const token = await signInAdmin();
    const category = await viaProxy('POST', '/api/Category/Create', { token, body: { name: 'دسته دو ماشین', inActive: false, coverImage: '' } });
    expect(category.status, category.text).toBe(200);
    const { id: categoryId, slug } = v.parse(v.object({ id: v.number(), slug: v.string() }), category.json());
    const created = await viaProxy('POST', '/api/Course/Create', { token, body: courseBody('دوره پیش از ویرایش', { categoryId }) });
    expect(created.status, created.text).toBe(200);
    const course = v.parse(v.record(v.string(), v.unknown()), created.json());
    const page = `/categories/${encodeURIComponent(slug)}`;
    const html = { accept: 'text/html' };
    // Both machines render the page and keep it (server/features/catalogue/pageCache.ts).
    for (const name of ['a', 'b'] as const) expect((await readOn(name, page, { headers: html })).text).toContain('دوره پیش از ویرایش');

    const updated = await viaProxy('PUT', '/api/Course/Update', { token, body: { ...course, title: 'دوره پس از ویرایش' } });
    expect(updated.status, updated.text).toBe(200);
    for (const name of [other(await servedBy(updated)), await servedBy(updated)]) {
      const fresh = await readOn(name, page, { headers: html });
      expect(fresh.text, `machine ${name}`).toContain('دوره پس از ویرایش');
      expect(fresh.text).not.toContain('دوره پیش از ویرایش');
    }
  });

  it('refuses on the other machine a session ended through one', async () => {
    const token = await signInAdmin();
    for (const name of ['a', 'b'] as const) expect((await readOn(name, '/api/Me', { token })).status).toBe(200);
    const signedOut = await viaProxy('POST', '/api/Auth/SignOut', { token });
    expect(signedOut.status).toBe(200);
    const ender = await servedBy(signedOut);
    expect((await readOn(other(ender), '/api/Me', { token })).status).toBe(401);
    expect((await readOn(ender, '/api/Me', { token })).status).toBe(401);
  });

  it('TRUST_PROXY=1 behind nginx: the visitor is the address nginx saw, whatever they wrote, on both machines', async () => {
    // Contact posts are limited per address (5 in the window), counted in the database both
    // machines share: forged X-Forwarded-For entries do not make a sixth one pass.
    const statuses: number[] = [];
    for (let n = 1; n <= 6; n += 1) {
      const answer = await viaProxy('POST', '/api/Contact', {
        headers: { 'X-Forwarded-For': `198.51.100.${n}` },
        body: { fullName: 'بازدیدکننده', phoneNumber: '09120001122', emailAddress: '', message: `پیام شماره ${n} برای آزمون دو ماشین` },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const lines = [...machines.values()].flatMap((m) => requestLines(m)).filter((line) => line.path === '/api/Contact');
    expect(new Set(lines.map((line) => line.client))).toEqual(new Set(['127.0.0.1']));
    // nginx's own log (the template's JSON format) has each request once, by the same id.
    expect(nginx.accessLog()).toContain('"path":"/api/Contact"');
  });

  it('loses no acknowledged write and no payment when a machine is killed during traffic, and comes back', async () => {
    const token = await signInAdmin();
    // A learner checks out and pays at the gateway; the way back comes after the kill.
    const phone = '09351230001';
    const sent = await viaProxy('POST', '/api/Auth/SendCode', { body: { phoneNumber: phone, purpose: 'signUp' } });
    expect(sent.status, sent.text).toBe(200);
    const code = codeFromLog(machine(await servedBy(sent)).output.split('\n'), phone);
    const signedUp = await viaProxy('POST', '/api/Auth/SignUp', {
      body: { firstName: 'نگار', lastName: 'دوماشینه', phoneNumber: phone, emailAddress: '', password: 'learner-pass-123', code },
    });
    expect(signedUp.status, signedUp.text).toBe(200);
    const learner = v.parse(tokenAnswer, signedUp.json()).accessToken;
    const child = await viaProxy('POST', '/api/Children/Create', { token: learner, body: { firstName: 'یکتا', lastName: 'دوماشینه', ...sampleChild } });
    expect(child.status, child.text).toBe(200);
    const { courses } = v.parse(v.object({ courses: v.array(v.object({ id: v.number(), priceInTomans: v.number(), registrationOpen: v.boolean() })) }), (await viaProxy('GET', '/api/Public/courses')).json());
    const paid = courses.find((c) => c.registrationOpen && c.priceInTomans > 0);
    if (!paid) throw new Error('the seed has no open paid course');
    expect((await viaProxy('POST', '/api/Cart/Add', { token: learner, body: { courseId: paid.id, childId: v.parse(idAnswer, child.json()).id } })).status).toBe(200);
    const checkout = await viaProxy('POST', '/api/Orders/Checkout', { token: learner });
    expect(checkout.status, checkout.text).toBe(200);
    const { orderId, paymentUrl } = v.parse(v.object({ orderId: v.number(), paymentUrl: v.string() }), checkout.json());
    const authority = decodeURIComponent(new URL(paymentUrl).pathname.split('/').pop() ?? '');
    const paidAtGateway = await fetch(`${paymentUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(new URL(paidAtGateway.headers.get('location') ?? '').searchParams.get('Status')).toBe('OK');

    // Writes from four clients at once; machine a is killed once ten were acknowledged, and the
    // writing goes on until ten more were.
    const acknowledged = new Map<number, string>();
    const failures: number[] = [];
    let writes = 0;
    let killedAt = -1;
    const a = machine('a');
    const writer = async () => {
      while (killedAt < 0 || acknowledged.size < killedAt + 10) {
        writes += 1;
        const name = `ضربه ${writes}`;
        const answer = await viaProxy('POST', '/api/Category/Create', { token, body: { name, inActive: false, coverImage: '' } }).catch(() => null);
        if (answer?.status === 200) acknowledged.set(v.parse(idAnswer, answer.json()).id, name);
        else failures.push(answer?.status ?? 0);
        if (killedAt < 0 && acknowledged.size >= 10) {
          killedAt = acknowledged.size;
          a.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all([writer(), writer(), writer(), writer()]);
    await a.exited;
    machines.delete('a');
    // A write cut off inside machine a is answered 502 by nginx (never retried: it may have
    // happened); every write that was answered 200 is there.
    for (const status of failures) expect(status).toBe(502);
    const list = v.parse(categoryList, (await viaProxy('GET', '/api/Category/GetSelectList', { token })).json());
    const stored = new Map(list.map((c) => [c.id, c.name]));
    for (const [id, name] of acknowledged) expect(stored.get(id), `acknowledged write ${id}`).toBe(name);

    // The payer comes back while machine a is down: nginx sends them to b, which settles it.
    const verified = await viaProxy('GET', `/api/Payment/Verify?Authority=${encodeURIComponent(authority)}&Status=OK`, { token: learner });
    expect(verified.status, verified.text).toBe(200);
    expect(await servedBy(verified)).toBe('b');
    const orders = v.parse(v.array(v.object({ id: v.number(), status: v.string() })), (await viaProxy('GET', '/api/Orders', { token: learner })).json());
    expect(orders.find((o) => o.id === orderId)?.status).toBe('paid');
    expect(gateway.stateOf(authority)).toBe('verified');

    // Machine a comes back on its port, on its own data dir, and nginx sends it traffic again.
    await startMachine('a', a.port);
    expect((await readOn('a', '/api/Me', { token })).status).toBe(200);
  });

  it('drains on SIGTERM: machine b finishes what it took, the other takes the rest, no visitor sees a failure', async () => {
    const token = await signInAdmin();
    const b = machine('b');
    const answers: number[] = [];
    let stopping = false;
    const reader = async (address: string, headers: Record<string, string> = {}) => {
      // Reads go on until b has exited and a few more were answered by a.
      let after = 0;
      while (after < 5) {
        const answer = await viaProxy('GET', address, { token, headers });
        answers.push(answer.status);
        if (b.child.exitCode !== null) after += 1;
        if (!stopping && answers.length >= 20) {
          stopping = true;
          b.child.kill('SIGTERM');
        }
      }
    };
    await Promise.all([
      reader('/api/Category/GetSelectList'),
      reader('/api/Public/courses'),
      reader('/api/Me'),
      reader('/categories', { accept: 'text/html' }),
    ]);
    expect(await b.exited).toBe(0);
    machines.delete('b');
    expect(b.output).toContain('Academy stopped');
    expect(answers.filter((status) => status !== 200)).toEqual([]);
  });
});
