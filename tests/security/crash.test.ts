// @vitest-environment node
// Durability: the server is killed with SIGKILL in the middle of concurrent writes, restarted on
// the same database, and every write it acknowledged must still be there, with a database that
// passes `PRAGMA integrity_check`. Repeated several times on one data dir.
import Database from 'better-sqlite3';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPassword, adminPhone, freePort, serverEntry } from '../e2e/harness';
import { testBudgetMs, waitBudgetMs } from '../support/budget';

const cycles = 4;
const writersPerCycle = 24;

let dataDir = '';
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'academy-crash-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, serverEntry(), {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PHONE: adminPhone, ADMIN_PASSWORD: adminPassword },
    stdio: 'ignore',
  });
  // A start takes a second or two on a quiet machine; the deadline only turns a hang into an error.
  const deadline = Date.now() + waitBudgetMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/Public/categories`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/Auth/SignIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: adminPhone, password: adminPassword }),
  });
  return v.parse(v.object({ accessToken: v.string() }), await response.json()).accessToken;
}

describe('crash safety', () => {
  it(`keeps every acknowledged write across ${cycles} kill -9 cycles`, async () => {
    const acknowledged = new Map<number, string>();
    for (let cycle = 0; cycle < cycles; cycle += 1) {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const child = await startServer(port);
      const token = await signIn(base);
      let stop = false;
      const writer = async (w: number) => {
        for (let i = 0; !stop; i += 1) {
          const name = `crash-${cycle}-${w}-${i}`;
          try {
            const response = await fetch(`${base}/api/Category/Create`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify({ name, inActive: false, coverImage: '' }),
            });
            if (response.ok) {
              const row = v.parse(v.object({ id: v.number(), name: v.string() }), await response.json());
              acknowledged.set(row.id, row.name);
            }
          } catch {
            return; // the server is gone
          }
        }
      };
      const writers = Array.from({ length: writersPerCycle }, (_, w) => writer(w));
      // Killed once this cycle's writes are well under way (a later point each cycle), counted
      // rather than slept for: a busy machine acknowledges fewer writes in a given time.
      const from = acknowledged.size;
      while (acknowledged.size - from < 15 + cycle * 10) await new Promise((r) => setTimeout(r, 5));
      const exitedAfterKill = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      stop = true;
      await Promise.all(writers);
      await exitedAfterKill;

      const db = new Database(join(dataDir, 'academy.sqlite'));
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      db.close();
    }
    expect(acknowledged.size).toBeGreaterThan(cycles * 10);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = await startServer(port);
    try {
      const token = await signIn(base);
      const response = await fetch(`${base}/api/Category/GetSelectList`, { headers: { authorization: `Bearer ${token}` } });
      const rows = v.parse(v.array(v.object({ id: v.number(), name: v.string() })), await response.json());
      const stored = new Map(rows.map((row) => [row.id, row.name]));
      const lost = [...acknowledged].filter(([id, name]) => stored.get(id) !== name);
      console.log(`crash test: ${cycles} kill -9 cycles, ${acknowledged.size} acknowledged writes, ${lost.length} lost`);
      expect(lost).toEqual([]);
    } finally {
      child.kill('SIGKILL');
    }
    // Many cycles of a start and a kill: twice the budget of one test.
  }, 2 * testBudgetMs);
});
