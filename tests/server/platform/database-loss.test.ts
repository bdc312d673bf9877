// @vitest-environment node
// A server outlives its PostgreSQL connections: ended by the database (pg_terminate_backend, as a
// restart, a failover or a pooler does) under a burst of reads and writes, or cut on the wire
// with the database unreachable for a while. The process stays up, a request that lost its
// connection is answered 503 with a Persian message (the API with `{ message }`, a page with a
// page), /ready says not-ready while the database is out of reach, and once it is back the
// same process answers again, without a restart. The connections run through a pass-through
// (tests/support/tcp-cut.ts) so the test can also make the database unreachable.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import * as v from 'valibot';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { HttpError, isDatabaseUnavailable } from '../../../server/platform/errors';
import { databaseFor, dropDatabaseFor, usePostgres } from '../../support/postgres-db';
import { adminPassword, adminPhone, startServer } from '../../support/server';
import { writeStandInBuild } from '../../support/stand-in-build';
import { tcpCut, type TcpCut } from '../../support/tcp-cut';
import { serverEntry } from '../../support/server-entry';

const root = mkdtempSync(path.join(tmpdir(), 'academy-db-loss-'));
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(root, { recursive: true, force: true });
});

/** A database of its own behind a pass-through: the URL the server is given goes through `line`. */
async function databaseBehindCut(dataDir: string): Promise<{ line: TcpCut; url: string; name: string }> {
  const direct = new URL(await databaseFor(dataDir, inject('postgresTemplate')));
  cleanups.push(() => dropDatabaseFor(dataDir));
  const line = await tcpCut({ host: direct.hostname, port: Number(direct.port) });
  cleanups.push(() => line.close());
  const url = new URL(direct);
  url.port = String(line.port);
  return { line, url: url.toString(), name: direct.pathname.slice(1) };
}

/** Ends every connection to the database from the database's side (57P01 for each). */
async function terminateBackends(name: string): Promise<number> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    const ended = await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
    return ended.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

type Outcome = { status: number; type: string; text: string } | { refused: string };

async function ask(url: string, init: RequestInit = {}): Promise<Outcome> {
  try {
    const answer = await fetch(url, init);
    return { status: answer.status, type: answer.headers.get('content-type') ?? '', text: await answer.text() };
  } catch (error) {
    return { refused: error instanceof Error ? `${error.message} ${String(error.cause)}` : String(error) };
  }
}

const persian = /[\u0600-\u06FF]{3}/;
const messageAnswer = v.object({ message: v.pipe(v.string(), v.regex(persian)) });

/** Anything but a 200, or a 503 that says in Persian why, is a failure of the server. */
function unexpected(outcomes: readonly Outcome[]): Outcome[] {
  return outcomes.filter((outcome) => {
    if ('refused' in outcome) return true;
    if (outcome.status === 200) return false;
    if (outcome.status !== 503) return true;
    return outcome.type.includes('application/json') ? !v.is(messageAnswer, JSON.parse(outcome.text)) : !persian.test(outcome.text);
  });
}

/** Polls /ready until it answers `status` (a condition, within one budget for a busy machine). */
async function readyBecomes(base: string, status: number, budgetMs = 60_000): Promise<void> {
  const deadline = Date.now() + budgetMs;
  let last: Outcome = { refused: 'not asked' };
  while (Date.now() < deadline) {
    last = await ask(`${base}/ready`);
    if ('status' in last && last.status === status) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`/ready did not answer ${status}: ${JSON.stringify(last)}`);
}

interface Process {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
  alive: () => boolean;
}

async function startProcess(env: Record<string, string>): Promise<Process> {
  const child = spawn(process.execPath, serverEntry(), {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ADMIN_PHONE: adminPhone, ADMIN_PASSWORD: adminPassword, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let gone = false;
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      gone = true;
      resolve(code);
    }),
  );
  cleanups.push(async () => {
    if (!gone) child.kill('SIGKILL');
    await exited;
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    const url = /running at (http:\/\/\S+)/.exec(output)?.[1]?.replace('localhost', '127.0.0.1');
    if (url) return { child, url, output: () => output, exited, alive: () => !gone };
    if (gone || Date.now() > deadline) throw new Error(`did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('what counts as the database being unavailable', () => {
  const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  it('connection loss, shutdown and unreachable addresses do; a refused statement or a bug does not', () => {
    for (const lost of [
      coded('57P01', 'terminating connection due to administrator command'),
      coded('57P03'),
      coded('08006'),
      coded('53300'),
      coded('ECONNREFUSED'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], ''),
      new Error('rollback failed', { cause: coded('57P01') }),
    ]) {
      expect(isDatabaseUnavailable(lost), String(lost)).toBe(true);
    }
    for (const other of [coded('23505', 'duplicate key'), coded('42P01'), new TypeError('x is undefined'), new HttpError(409, 'تداخل'), 'text', null]) {
      expect(isDatabaseUnavailable(other), String(other)).toBe(false);
    }
  });
});

describe.skipIf(!usePostgres)('a lost PostgreSQL connection', () => {
  it('under a read and a write burst: the process lives, the requests cut off answer 503 in Persian, and the next ones succeed without a restart', async () => {
    const dataDir = path.join(root, 'burst');
    const { line, url: databaseUrl, name } = await databaseBehindCut(dataDir);
    const node = await startProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '4',
      JWT_SECRET: 'database-loss-test-secret-long-enough-0123456789',
    });
    const signIn = await ask(`${node.url}/api/Auth/SignIn`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: adminPhone, password: adminPassword }),
    });
    if (!('status' in signIn) || signIn.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signIn)}`);
    const { accessToken } = v.parse(v.object({ accessToken: v.string() }), JSON.parse(signIn.text));
    const read = () => ask(`${node.url}/api/Public/courses`);
    let written = 0;
    const write = () =>
      ask(`${node.url}/api/Category/Create`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ name: `دسته ${(written += 1)}`, inActive: false, coverImage: '' }),
      });

    // Sixteen callers at once on four connections, so connections are always checked out; the
    // database ends every connection of this server after the 30th, 90th and 150th answers.
    const outcomes: Outcome[] = [];
    const cutsAt = new Set([30, 90, 150]);
    const cuts: Array<Promise<number>> = [];
    let next = 0;
    const total = 240;
    const caller = async () => {
      while (next < total) {
        const index = (next += 1);
        outcomes.push(await (index % 3 === 0 ? write() : read()));
        if (cutsAt.has(outcomes.length)) cuts.push(terminateBackends(name));
      }
    };
    const opened = line.opened;
    await Promise.all(Array.from({ length: 16 }, caller));
    const ended = await Promise.all(cuts);
    expect(ended.reduce((sum, each) => sum + each, 0), 'connections ended by the database').toBeGreaterThan(0);
    const statuses = outcomes.map((outcome) => ('status' in outcome ? outcome.status : 0));
    console.log(
      `database loss: ${outcomes.length} requests, ${statuses.filter((s) => s === 200).length} answered 200, ${statuses.filter((s) => s === 503).length} 503; ` +
        `${ended.join('+')} connections ended by the database, ${line.opened - opened} opened anew`,
    );
    expect(node.alive(), node.output()).toBe(true);
    expect(unexpected(outcomes), node.output().slice(-3000)).toEqual([]);
    expect(line.opened, 'the pool opened new connections').toBeGreaterThan(opened);

    // Unreachable for a while: /ready says so, and every request is a 503 with its message.
    await line.refuse();
    await readyBecomes(node.url, 503);
    const whileDown = [await read(), await write(), await ask(`${node.url}/api/Me`, { headers: { Authorization: `Bearer ${accessToken}` } })];
    expect(whileDown.map((outcome) => ('status' in outcome ? outcome.status : outcome.refused))).toEqual([503, 503, 503]);
    expect(unexpected(whileDown)).toEqual([]);
    expect(node.alive(), node.output()).toBe(true);

    // Back: ready again, and the same process reads and writes.
    await line.accept();
    await readyBecomes(node.url, 200);
    const after = [await read(), await write()];
    expect(after.map((outcome) => ('status' in outcome ? outcome.status : outcome.refused))).toEqual([200, 200]);

    node.child.kill('SIGTERM');
    expect(await node.exited).toBe(0);
  });

  it('pages too: a page answers 503 with a Persian page while the database is out of reach, then renders again', async () => {
    const dataDir = path.join(root, 'pages');
    const { line, url: databaseUrl } = await databaseBehindCut(dataDir);
    // A stand-in for the built render: a page that reads the public courses through the API.
    const dist = writeStandInBuild(
      root,
      `export async function render(request) {
        const answer = await request.callApi('GET', '/api/Public/courses');
        if (answer.status !== 200) return { kind: 'shell' };
        return { kind: 'page', html: '<main>دوره‌ها</main>', head: { title: 'دوره‌ها', description: '', jsonLd: null }, routeIds: [] };
      }`,
    );
    const server = await startServer({ dataDir, databaseUrl, distDir: dist });
    cleanups.push(() => server.close());
    const page = (address: string) => ask(`${server.url}${address}`, { headers: { accept: 'text/html' } });
    expect(await page('/')).toMatchObject({ status: 200 });

    await line.refuse();
    await readyBecomes(server.url, 503);
    const down = [await page('/'), await page('/categories'), await page('/about-us'), await ask(`${server.url}/api/Public/courses`)];
    expect(down.map((outcome) => ('status' in outcome ? outcome.status : outcome.refused))).toEqual([503, 503, 503, 503]);
    expect(down.map((outcome) => ('type' in outcome ? outcome.type.split(';')[0] : ''))).toEqual(['text/html', 'text/html', 'text/html', 'application/json']);
    expect(unexpected(down)).toEqual([]);

    await line.accept();
    await readyBecomes(server.url, 200);
    const back = await page('/');
    expect(back).toMatchObject({ status: 200 });
    expect('text' in back ? back.text : '').toContain('<main>دوره‌ها</main>');
  });
});
