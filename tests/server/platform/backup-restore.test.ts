// @vitest-environment node
// Backups follow the database (SQLite, or PostgreSQL with TEST_DATABASE=postgres): `npm run
// backup` copies the configured database (pg_dump on PostgreSQL), the session signing key and the
// media, and refuses when the settings and the data dir disagree; `npm run restore` puts them
// back, in place or onto an empty machine, and the invoice counter never hands out a number
// already issued (the invoices after the backup are lost, their numbers are not); it tells the
// operator to reconcile the lost window, and `npm run payments:unmatched` lists the gateway's
// unverified payments no order knows.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGateway, type FakeGateway } from '../../support/fake-gateway';
import { databaseFor, dropDatabaseFor, usePostgres } from '../../support/postgres-db';
import { courseBody, sampleChild } from '../../support/samples';
import { adminPassword, adminPhone, encodePng, signUpLearner, startServer, type TestServer } from '../../support/server';

const root = mkdtempSync(path.join(tmpdir(), 'academy-backup-restore-'));
const site = path.join(root, 'site');
const fresh = path.join(root, 'fresh');
const merchantId = '11111111-2222-3333-4444-555555555555';
const jwtFromSettings = 'backup-test-secret-long-enough-0123456789abcdef';
let gateway: FakeGateway;

beforeAll(async () => {
  gateway = await startFakeGateway();
});
afterAll(async () => {
  await gateway?.close();
  if (usePostgres) for (const dir of [site, fresh, path.join(root, 'other')]) await dropDatabaseFor(dir);
  rmSync(root, { recursive: true, force: true });
});

/** The settings a command on this machine reads, as the server has them. */
async function settingsOf(dataDir: string): Promise<Record<string, string>> {
  return {
    DATA_DIR: dataDir,
    PAYMENT_GATEWAY_URL: gateway.url,
    ZARINPAL_MERCHANT_ID: merchantId,
    ...(usePostgres ? { DATABASE_URL: await databaseFor(dataDir), JWT_SECRET: jwtFromSettings } : {}),
  };
}

function run(script: string, args: string[], settings: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (/^(DATA_DIR|DATABASE_|JWT_SECRET|MEDIA_|S3_|PAYMENT_|ZARINPAL_)/.test(name)) delete env[name];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { env: { ...env, ...settings }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}
const backup = (folder: string, settings: Record<string, string>) => run('server/backup.ts', [folder], settings);
const restore = (folder: string, settings: Record<string, string>, ...args: string[]) => run('server/restore.ts', [folder, ...args], settings);

/** The site's server; its signing key in the data dir (no JWT_SECRET), as a SQLite site keeps it. */
const open = (dataDir: string) => startServer({ dataDir, keepData: true, paymentGatewayUrl: gateway.url, jwtSecret: undefined });

interface Shopper {
  server: TestServer;
  token: string;
  child: number;
}
async function newCourse(server: TestServer, admin: string, title: string): Promise<number> {
  const categories = await server.call<Array<{ id: number }>>('GET', '/api/Public/categories');
  const answer = await server.call<{ id: number }>('POST', '/api/Course/Create', {
    token: admin,
    body: courseBody(title, { priceInTomans: 120_000, categoryId: categories.body[0]?.id }),
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.id;
}
const authorityOf = (paymentUrl: string) => decodeURIComponent(new URL(paymentUrl).pathname.split('/').pop() ?? '');
/** Checkout of one course, paid at the gateway; verified (an invoice number) unless `verified` is false. */
async function buy(s: Shopper, courseId: number, verified = true): Promise<{ authority: string; invoiceNumber?: number }> {
  const added = await s.server.call('POST', '/api/Cart/Add', { token: s.token, body: { courseId, childId: s.child } });
  expect(added.status, added.text).toBe(200);
  const checkout = await s.server.call<{ paymentUrl: string }>('POST', '/api/Orders/Checkout', { token: s.token });
  expect(checkout.status, checkout.text).toBe(200);
  const authority = authorityOf(checkout.body.paymentUrl);
  gateway.pay(authority);
  if (!verified) return { authority };
  const paid = await s.server.call<{ status: string; invoiceNumber?: number }>('GET', '/api/Payment/Verify', { token: s.token, query: { Authority: authority, Status: 'OK' } });
  expect(paid.body.status, paid.text).toBe('paid');
  return { authority, invoiceNumber: paid.body.invoiceNumber };
}

describe('backup and restore', () => {
  const folder = path.join(root, 'backup-1');
  let adminBefore = '';
  let learnerBefore = '';
  let image = '';
  let lastIssued = 0;
  let courses: number[] = [];
  let unverifiedOurs = '';
  let lostUnverified = '';

  it('backs up the database, the signing key and the media while the server runs; a restore in place keeps every number issued since', async () => {
    const server = await open(site);
    try {
      const admin = await server.signIn(adminPhone, adminPassword);
      adminBefore = admin;
      courses = [];
      for (const title of ['پشتیبان الف', 'پشتیبان ب', 'پشتیبان پ', 'پشتیبان ت', 'پشتیبان ث']) courses.push(await newCourse(server, admin, title));
      const token = await signUpLearner(server, '09351110001');
      learnerBefore = token;
      const child = await server.call<{ id: number }>('POST', '/api/Children/Create', { token, body: { firstName: 'آرش', lastName: 'پشتیبان', ...sampleChild } });
      const shopper = { server, token, child: child.body.id };
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(encodePng(64, 48, () => [20, 120, 200]))], { type: 'image/png' }), 'kept.png');
      const uploaded = await server.call<{ fileName: string }>('POST', '/api/File/upload-image', { token: admin, rawBody: form });
      expect(uploaded.status, uploaded.text).toBe(200);
      image = uploaded.body.fileName;

      const first = await buy(shopper, courses[0] ?? 0);
      unverifiedOurs = (await buy(shopper, courses[1] ?? 0, false)).authority;
      const taken = await backup(folder, await settingsOf(site));
      expect(taken.code, taken.output).toBe(0);
      expect(taken.output).toContain(usePostgres ? 'the archive reads back whole' : 'integrity ok');
      expect(taken.output).toMatch(/Session signing key: .*jwt-secret/);
      expect(existsSync(path.join(folder, usePostgres ? 'database.pgdump' : 'database.sqlite'))).toBe(true);
      expect(existsSync(path.join(folder, 'media', 'images', image))).toBe(true);

      // After the backup: two more invoices, and a payment made but never verified.
      const second = await buy(shopper, courses[2] ?? 0);
      const third = await buy(shopper, courses[3] ?? 0);
      lostUnverified = (await buy(shopper, courses[4] ?? 0, false)).authority;
      expect([second.invoiceNumber, third.invoiceNumber]).toEqual([(first.invoiceNumber ?? 0) + 1, (first.invoiceNumber ?? 0) + 2]);
      lastIssued = third.invoiceNumber ?? 0;
    } finally {
      await server.close();
    }

    const restored = await restore(folder, await settingsOf(site));
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain(`the next invoice number is ${lastIssued + 1}`);
    expect(restored.output).toMatch(/Reconcile with the payment gateway: .*npm run payments:unmatched/);

    const again = await open(site);
    try {
      // What the backup held, and nothing after it; the sessions of then still open.
      const orders = await again.call<Array<{ status: string }>>('GET', '/api/Orders', { token: learnerBefore });
      expect(orders.status).toBe(200);
      expect(orders.body.filter((order) => order.status === 'paid')).toHaveLength(1);
      expect((await again.call('GET', '/api/Me', { token: adminBefore })).status).toBe(200);
      const child = (await again.call<Array<{ id: number }>>('GET', '/api/Children', { token: learnerBefore })).body[0]?.id ?? 0;
      const next = await buy({ server: again, token: learnerBefore, child }, courses[2] ?? 0);
      expect(next.invoiceNumber, 'a number issued before the restore is never issued again').toBe(lastIssued + 1);
      lastIssued += 1;
    } finally {
      await again.close();
    }

    // The gateway's unverified payments: the one whose order the backup held is ours; the one
    // paid after the backup has no order here now.
    const unmatched = await run('server/features/commerce/unmatchedPayments.ts', [], await settingsOf(site));
    expect(unmatched.code, unmatched.output).toBe(0);
    expect(unmatched.output).toContain(lostUnverified);
    expect(unmatched.output).not.toContain(unverifiedOurs);
  });

  it('onto an empty machine: refused until the last invoice number is given, then sessions, media and numbering carry on', async () => {
    mkdirSync(fresh, { recursive: true });
    const settings = await settingsOf(fresh);
    const unknown = await restore(folder, settings);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toMatch(/cannot be read: the last invoice number issued after the backup .* is unknown\. Give it with --invoice-floor N/);

    const restored = await restore(folder, settings, '--invoice-floor', String(lastIssued));
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain(`the next invoice number is ${lastIssued + 1}`);
    const server = await open(fresh);
    try {
      expect((await server.call('GET', '/api/Me', { token: adminBefore })).status, 'the signing key came back with the backup').toBe(200);
      expect((await fetch(`${server.url}/api/File/image/${image}`)).status).toBe(200);
      const child = (await server.call<Array<{ id: number }>>('GET', '/api/Children', { token: learnerBefore })).body[0]?.id ?? 0;
      const next = await buy({ server, token: learnerBefore, child }, courses[3] ?? 0);
      expect(next.invoiceNumber).toBe(lastIssued + 1);
    } finally {
      await server.close();
    }
  });

  it('refuses when the settings and the data dir disagree, when there is no database, a restore under a running server, and a backup of the other engine', async () => {
    // A shell without the site's settings: on a PostgreSQL site, an old SQLite file left in the
    // data dir is not backed up as if it were the site; on a SQLite site, a stray DATABASE_URL.
    const stray = { DATABASE_URL: 'postgresql://academy@127.0.0.1:1/elsewhere', JWT_SECRET: jwtFromSettings };
    if (usePostgres) writeFileSync(path.join(site, 'academy.sqlite'), '');
    const { DATABASE_URL: _url, JWT_SECRET: _secret, ...sqliteSettings } = await settingsOf(site);
    const wrong = await backup(path.join(root, 'wrong'), usePostgres ? sqliteSettings : { ...sqliteSettings, ...stray });
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain(usePostgres ? 'runs on the PostgreSQL database' : 'runs on the SQLite file');
    expect(existsSync(path.join(root, 'wrong'))).toBe(false);

    const empty = path.join(root, 'empty');
    const none = await backup(path.join(root, 'none'), { DATA_DIR: empty });
    expect(none.code).toBe(1);
    expect(none.output).toContain(`no database at ${path.join(empty, 'academy.sqlite')}`);

    const taken = await backup(folder, await settingsOf(site));
    expect(taken.code).toBe(1);
    expect(taken.output).toContain('already exists');

    if (usePostgres) {
      // A server (here, any client) still connected: a restore would write under it.
      const client = new pg.Client({ connectionString: await databaseFor(site) });
      await client.connect();
      try {
        const running = await restore(folder, await settingsOf(site));
        expect(running.code).toBe(1);
        expect(running.output).toContain('other sessions are connected');
      } finally {
        await client.end();
      }
    }

    const otherEngine = usePostgres ? { DATA_DIR: path.join(root, 'other') } : { DATA_DIR: path.join(root, 'other'), ...stray };
    const crossed = await restore(folder, otherEngine, '--invoice-floor', '1');
    expect(crossed.code).toBe(1);
    expect(crossed.output).toContain(usePostgres ? 'this backup is of a PostgreSQL database' : 'this backup is of a SQLite database');
  });
});
