// @vitest-environment node
// Two API processes on one PostgreSQL database behind an imaginary load balancer: whatever one
// writes, the other reads at once (no process keeps state of its own). PostgreSQL only.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFor, dropDatabaseFor, usePostgres } from '../support/postgres-db';
import { adminPassword, adminPhone, encodePng } from '../support/server';
import { courseBody } from '../support/samples';

interface Node {
  url: string;
  child: ChildProcess;
  dataDir: string;
}

const root = mkdtempSync(path.join(tmpdir(), 'academy-scale-'));
const nodes: Node[] = [];

/** Starts `server/main.ts` as its own process, as production does, and waits for its address. */
async function startNode(name: string, databaseUrl: string): Promise<Node> {
  const dataDir = path.join(root, name);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'scale-out-secret-shared-by-every-process-0123456789',
      MEDIA_DIR: path.join(root, 'shared-media'),
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_PHONE: adminPhone,
      ADMIN_PASSWORD: adminPassword,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}:\n${output}`));
    });
  });
  return { url, child, dataDir };
}

async function call(node: Node, method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(node.url + url, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: (): unknown => JSON.parse(text), text };
}

const tokenAnswer = v.object({ accessToken: v.string() });
const idAnswer = v.object({ id: v.number() });
const fileAnswer = v.object({ fileName: v.string() });
const categoryList = v.array(v.object({ id: v.number(), name: v.string() }));
const userPage = v.object({ queryResult: v.array(v.object({ phoneNumber: v.string() })) });

const nameOf = (list: unknown, id: number): string | undefined => v.parse(categoryList, list).find((c) => c.id === id)?.name;

describe.skipIf(!usePostgres)('scale-out on PostgreSQL', () => {
  beforeAll(async () => {
    const databaseUrl = await databaseFor(root);
    // Started together on an empty database: migrations and the first seed must happen once.
    nodes.push(...(await Promise.all([startNode('a', databaseUrl), startNode('b', databaseUrl)])));
  }, 150_000);

  afterAll(async () => {
    // A process that stopped already has no 'exit' left to wait for; one that ignored SIGTERM
    // past the server's own grace period (server/main.ts) is a failure, reported, then killed.
    const slow: string[] = [];
    await Promise.all(
      nodes.map(
        (node) =>
          new Promise<void>((resolve) => {
            if (node.child.exitCode !== null || node.child.signalCode !== null) return resolve();
            const overdue = setTimeout(() => {
              slow.push(node.url);
              node.child.kill('SIGKILL');
            }, 20_000);
            node.child.once('exit', () => {
              clearTimeout(overdue);
              resolve();
            });
            node.child.kill('SIGTERM');
          }),
      ),
    );
    if (usePostgres) await dropDatabaseFor(root);
    rmSync(root, { recursive: true, force: true });
    expect(slow, 'processes that did not stop on SIGTERM').toEqual([]);
  }, 60_000);

  it('reads through one process what was written through the other', async () => {
    const [a, b] = nodes;
    if (!a || !b) throw new Error('nodes did not start');
    const signIn = await call(a, 'POST', '/api/Auth/SignIn', undefined, { username: adminPhone, password: adminPassword });
    expect(signIn.status).toBe(200);
    const { accessToken } = v.parse(tokenAnswer, signIn.json());

    // Warm both processes' list answers first, so a per-process cache would show stale data.
    for (const node of [a, b]) expect((await call(node, 'GET', '/api/Category/GetSelectList', accessToken)).status).toBe(200);

    const created = await call(a, 'POST', '/api/Category/Create', accessToken, { name: 'مقیاس', inActive: false, coverImage: '' });
    expect(created.status).toBe(200);
    const { id } = v.parse(idAnswer, created.json());
    expect(nameOf((await call(b, 'GET', '/api/Category/GetSelectList', accessToken)).json(), id)).toBe('مقیاس');

    const updated = await call(b, 'PUT', '/api/Category/Update', accessToken, { id, name: 'مقیاس ۲', inActive: false, coverImage: '' });
    expect(updated.status).toBe(200);
    expect(nameOf((await call(a, 'GET', '/api/Category/GetSelectList', accessToken)).json(), id)).toBe('مقیاس ۲');
    // A category is public once it has an active course (an empty one is listed nowhere).
    const course = await call(b, 'POST', '/api/Course/Create', accessToken, courseBody('دوره مقیاس', { categoryId: id }));
    expect(course.status).toBe(200);
    const publicPage = await call(a, 'GET', `/api/Public/categories/${encodeURIComponent('مقیاس')}`);
    expect(publicPage.status).toBe(200);

    // One administrator seeded, though both processes started on the empty database together.
    const users = await call(b, 'GET', '/api/User/GetPagedFilter', accessToken);
    const admins = v.parse(userPage, users.json()).queryResult.filter((u) => u.phoneNumber === adminPhone);
    expect(admins).toHaveLength(1);
  });

  it('refuses at once, in the other process, a token whose session was ended through this one', async () => {
    const [a, b] = nodes;
    if (!a || !b) throw new Error('nodes did not start');
    const signIn = await call(a, 'POST', '/api/Auth/SignIn', undefined, { username: adminPhone, password: adminPassword });
    const { accessToken } = v.parse(tokenAnswer, signIn.json());
    expect((await call(b, 'GET', '/api/Me', accessToken)).status).toBe(200);
    expect((await call(a, 'POST', '/api/Auth/SignOut', accessToken)).status).toBe(200);
    expect((await call(b, 'GET', '/api/Me', accessToken)).status).toBe(401);
    expect((await call(a, 'GET', '/api/Me', accessToken)).status).toBe(401);
  });

  it('serves media uploaded through the other process', async () => {
    const [a, b] = nodes;
    if (!a || !b) throw new Error('nodes did not start');
    const signIn = await call(b, 'POST', '/api/Auth/SignIn', undefined, { username: adminPhone, password: adminPassword });
    const { accessToken } = v.parse(tokenAnswer, signIn.json());
    const data = new FormData();
    data.append('file', new Blob([new Uint8Array(encodePng(4, 4, () => [10, 20, 30]))], { type: 'image/png' }), 'x.png');
    const uploaded = await fetch(`${a.url}/api/File/upload-image`, { method: 'POST', headers: { Authorization: `Bearer ${accessToken}` }, body: data });
    expect(uploaded.status).toBe(200);
    const { fileName } = v.parse(fileAnswer, await uploaded.json());
    const served = await fetch(`${b.url}/api/File/image/${fileName}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
  });
});
