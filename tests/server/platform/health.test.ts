// @vitest-environment node
// Liveness, readiness, draining and the request log (server/platform/health.ts, server/main.ts,
// server/platform/requestLog.ts): in-process for the checks, and as `server/main.ts` in a process of its
// own (as production runs it) for the stop and the log, on SQLite or PostgreSQL.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalMediaStore } from '../../../server/features/media/mediaStore';
import { loggedPath } from '../../../server/platform/requestLog';
import { databaseFor, dropDatabaseFor, rawSql, usePostgres } from '../../support/postgres-db';
import { startS3 } from '../../support/s3';
import { adminPassword, adminPhone, startServer, type TestServer } from '../../support/server';
import { waitBudgetMs } from '../../support/budget';
import { serverEntry } from '../../support/server-entry';

const readyAnswer = v.object({
  status: v.string(),
  message: v.optional(v.string()),
  checks: v.object({
    database: v.optional(v.string()),
    migrations: v.optional(v.string()),
    media: v.optional(v.string()),
    draining: v.boolean(),
  }),
});

/** A local store that can be made unreachable (an object store's outage, a lost mount). */
class FlakyStore extends LocalMediaStore {
  down = false;
  override async check(): Promise<void> {
    if (this.down) throw new Error('store unreachable');
    return super.check();
  }
}

const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function ready(server: TestServer) {
  const response = await fetch(`${server.url}/ready`);
  return { status: response.status, cache: response.headers.get('cache-control'), body: v.parse(readyAnswer, await response.json()) };
}

describe('health and readiness', () => {
  it('/health answers while the process runs; /ready names its checks, and turns 503 when one fails or the process drains', async () => {
    const mediaDir = mkdtempSync(path.join(tmpdir(), 'academy-health-media-'));
    const media = new FlakyStore(mediaDir);
    const server = await startServer({ media });
    try {
      const health = await fetch(`${server.url}/health`);
      expect(health.status).toBe(200);
      expect(health.headers.get('cache-control')).toBe('no-store');
      expect(await health.json()).toEqual({ status: 'ok' });

      const fine = await ready(server);
      expect(fine).toEqual({ status: 200, cache: 'no-store', body: { status: 'ready', checks: { database: 'ok', migrations: 'ok', media: 'ok', draining: false } } });
      // Probes at once share one round of checks and agree.
      const crowd = await Promise.all(Array.from({ length: 20 }, () => ready(server)));
      expect(new Set(crowd.map((answer) => answer.status))).toEqual(new Set([200]));

      media.down = true;
      const noMedia = await ready(server);
      expect(noMedia.status).toBe(503);
      expect(noMedia.body.checks).toEqual({ database: 'ok', migrations: 'ok', media: 'failed', draining: false });
      expect(noMedia.body.message).toMatch(/[\u0600-\u06FF]/);
      // Liveness asks nothing of the store or the database: no restart for an outage elsewhere.
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
      media.down = false;

      // A migration this code knows that the database lacks (a backup restored under newer code).
      await rawSql(server.dataDir, "delete from kysely_migration where name = '001_initial'");
      const behind = await ready(server);
      expect(behind.status).toBe(503);
      expect(behind.body.checks).toMatchObject({ database: 'ok', migrations: 'pending' });
      await rawSql(server.dataDir, "insert into kysely_migration (name, timestamp) values ('001_initial', '2026-01-01T00:00:00.000Z')");
      expect((await ready(server)).status).toBe(200);

      server.app.readiness.drain();
      const draining = await ready(server);
      expect(draining.status).toBe(503);
      expect(draining.body).toMatchObject({ status: 'draining', checks: { draining: true } });
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
    } finally {
      await server.close();
      rmSync(mediaDir, { recursive: true, force: true });
    }
  });

  it('/ready asks an S3 bucket too: 503 once the store stops answering', async () => {
    const s3 = await startS3();
    let stopped = false;
    try {
      const server = await startServer({ s3: s3.config });
      servers.push(server);
      expect(await ready(server)).toMatchObject({ status: 200, body: { checks: { media: 'ok' } } });
      await s3.stop();
      stopped = true;
      const down = await ready(server);
      expect(down.status).toBe(503);
      expect(down.body.checks).toMatchObject({ database: 'ok', media: expect.stringMatching(/^(failed|timeout)$/) });
    } finally {
      if (!stopped) await s3.stop();
    }
  });

  it('logs an address without its query and without a reset link\'s token', () => {
    expect(loggedPath('/api/Payment/Verify?Authority=A000&Status=OK')).toBe('/api/Payment/Verify');
    expect(loggedPath('/auth/reset/s3cr3t-token_value')).toBe('/auth/reset/:token');
    expect(loggedPath('/auth/reset/s3cr3t?x=1')).toBe('/auth/reset/:token');
    expect(loggedPath('/categories#top')).toBe('/categories');
  });
});

// ── The process: a stop drains, and its log ───────────────────────────────────────────────────

const root = mkdtempSync(path.join(tmpdir(), 'academy-drain-'));
afterAll(async () => {
  if (usePostgres) await dropDatabaseFor(root);
  rmSync(root, { recursive: true, force: true });
});

interface Process {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

async function startProcess(env: Record<string, string>): Promise<Process> {
  const child = spawn(process.execPath, serverEntry(), {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ADMIN_PHONE: adminPhone, ADMIN_PASSWORD: adminPassword, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await waitFor(() => /running at (http:\/\/\S+)/.exec(output)?.[1]?.replace('localhost', '127.0.0.1'), () => `did not start:\n${output}`, exited);
  return { child, url, output: () => output, exited };
}

/** Polls `found` until it gives a value (a condition, never a fixed sleep). */
async function waitFor<T>(found: () => T | undefined | null | false, why: () => string, exited?: Promise<unknown>): Promise<T> {
  let gone = false;
  void exited?.then(() => (gone = true));
  const deadline = Date.now() + waitBudgetMs;
  for (;;) {
    const value = found();
    if (value) return value;
    if (gone || Date.now() > deadline) throw new Error(why());
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const requestLine = v.object({
  level: v.literal('info'),
  time: v.pipe(v.string(), v.isoTimestamp()),
  pid: v.number(),
  hostname: v.string(),
  requestId: v.string(),
  msg: v.literal('request'),
  method: v.string(),
  path: v.string(),
  status: v.number(),
  durationMs: v.number(),
  client: v.string(),
});

function requestLines(output: string) {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line): unknown => JSON.parse(line))
    .filter((entry) => typeof entry === 'object' && entry !== null && 'msg' in entry && entry.msg === 'request')
    .map((entry) => v.parse(requestLine, entry));
}

describe('a stop, as systemd sends it', () => {
  it('SIGTERM: the request under way finishes, no new connection is taken, the process exits 0; the log has one JSON line per request and no secret', async () => {
    const databaseUrl = usePostgres ? await databaseFor(root) : undefined;
    const node = await startProcess({
      DATA_DIR: path.join(root, 'data'),
      LOG: '1',
      TRUST_PROXY: '1',
      DRAIN_SECONDS: '60',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, JWT_SECRET: 'drain-test-secret-long-enough-0123456789abcdef' } : {}),
    });
    const proxied = { 'X-Forwarded-For': '198.51.100.7, 203.0.113.9', 'X-Request-Id': 'proxy-id-1' };
    const signIn = await fetch(`${node.url}/api/Auth/SignIn`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...proxied },
      body: JSON.stringify({ username: adminPhone, password: adminPassword }),
    });
    expect(signIn.status).toBe(200);
    const { accessToken } = v.parse(v.object({ accessToken: v.string() }), await signIn.json());
    await fetch(`${node.url}/api/Payment/Verify?Authority=A0000000000000000000000000000SECRET&Status=OK`, { headers: { Authorization: `Bearer ${accessToken}` } });
    await fetch(`${node.url}/auth/reset/TOKEN-OF-A-RESET-LINK-0123456789`);

    // A request whose headers the server has taken (it answered 100 Continue) and whose body is
    // still arriving when the stop arrives: JSON's leading whitespace, sent at a steady rate (the
    // server cuts a body that stalls: 16 kB per 30 s), however long a busy machine takes to show
    // the stop; the object itself once the listener is seen closed.
    const body = JSON.stringify({ name: 'در راه', inActive: false, coverImage: '' });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = httpRequest(`${node.url}/api/Category/Create`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', Authorization: `Bearer ${accessToken}`, Expect: '100-continue' },
      });
      let arriving: NodeJS.Timeout | undefined;
      request.once('continue', () => {
        const whitespace = () => request.write(' '.repeat(20 * 1024));
        whitespace();
        arriving = setInterval(whitespace, 5000);
        node.child.kill('SIGTERM');
        void waitFor(() => node.output().includes('Academy is stopping'), () => `no stop notice:\n${node.output()}`).then(async () => {
          // The listener is closed: a new connection is refused (a proxy tries the other machine).
          // On a connection of its own: fetch would reuse the pool's idle keep-alive connection of
          // the calls above, which the stop closes under it (a reset, not a refusal).
          const refused = await new Promise<string>((settle) => {
            const probe = httpRequest(`${node.url}/health`, { agent: false });
            probe.once('response', (response) => {
              response.resume();
              settle('answered');
            });
            probe.once('error', (error: NodeJS.ErrnoException) => settle(error.code ?? 'failed'));
            probe.end();
          });
          // Refused once the listener is closed; one that slipped in just before (the notice is
          // printed as the close begins) is closed unanswered with the idle ones: either way it
          // is not served, and a proxy sends it to the other machine.
          expect(['ECONNREFUSED', 'ECONNRESET']).toContain(refused);
          clearInterval(arriving);
          request.end(body);
        }, reject);
      });
      request.once('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.once('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.once('error', reject);
    });
    const finished = await answer;
    expect(finished.status, finished.text).toBe(200);
    expect(await node.exited).toBe(0);
    const output = node.output();
    expect(output).toContain('Academy stopped');

    const lines = requestLines(output);
    expect(lines.map((line) => `${line.method} ${line.path} ${line.status}`)).toEqual([
      'POST /api/Auth/SignIn 200',
      expect.stringMatching(/^GET \/api\/Payment\/Verify \d+$/),
      expect.stringMatching(/^GET \/auth\/reset\/:token \d+$/),
      'POST /api/Category/Create 200',
    ]);
    // TRUST_PROXY=1: the address the proxy appended, not the one the client wrote first.
    expect(lines[0]).toMatchObject({ client: '203.0.113.9', requestId: 'proxy-id-1' });
    expect(lines[3]?.client).toBe('127.0.0.1');
    expect(lines[3]?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    for (const secret of [adminPassword, accessToken, 'SECRET', 'TOKEN-OF-A-RESET-LINK', 'Bearer']) expect(output).not.toContain(secret);
  });
});
