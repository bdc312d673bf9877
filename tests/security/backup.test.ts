// @vitest-environment node
// Durability: `npm run backup -- <folder>` copies the live database while the server runs and
// writes keep coming. The copy passes `PRAGMA integrity_check` and holds every row the server
// acknowledged before the backup began.
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, type Stack, startStack } from '../e2e/harness';

let stack: Stack;
let targetDir = '';

beforeAll(async () => {
  stack = await startStack();
  targetDir = await mkdtemp(join(tmpdir(), 'academy-backup-'));
});
afterAll(async () => {
  await stack?.stop();
  await rm(targetDir, { recursive: true, force: true });
});

function runBackup(target: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'backup', '--', target], {
      env: { ...process.env, DATA_DIR: stack.dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('online backup', () => {
  it('takes a consistent copy during concurrent writes, with every row acknowledged before it began', async () => {
    const token = await apiToken(stack, stack.adminPhone, stack.adminPassword);
    const acknowledged = new Map<number, string>();
    let stop = false;
    let counter = 0;
    const writer = async () => {
      while (!stop) {
        const name = `backup-${(counter += 1)}`;
        const response = await fetch(`${stack.baseUrl}/api/Category/Create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ name, inActive: false, coverImage: '' }),
        });
        if (response.ok) {
          const row = v.parse(v.object({ id: v.number(), name: v.string() }), await response.json());
          acknowledged.set(row.id, row.name);
        } else {
          await response.arrayBuffer();
        }
      }
    };
    const writers = Array.from({ length: 8 }, () => writer());
    // Enough rows before the backup begins, however slow the machine: waited for, not slept for.
    while (acknowledged.size <= 10) await new Promise((r) => setTimeout(r, 20));
    const before = new Map(acknowledged);
    const target = join(targetDir, 'copy');
    const result = await runBackup(target);
    const duringBackup = acknowledged.size - before.size;
    stop = true;
    await Promise.all(writers);

    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/integrity ok/);
    expect(existsSync(`${target}.partial`)).toBe(false);
    expect(before.size).toBeGreaterThan(10);
    expect(duringBackup, 'writes went on while the backup ran').toBeGreaterThan(0);

    const copy = new Database(join(target, 'database.sqlite'), { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const rows = v.parse(v.array(v.object({ id: v.number(), name: v.string() })), copy.prepare('select id, name from categories').all());
      const stored = new Map(rows.map((r) => [r.id, r.name]));
      const missing = [...before].filter(([id, name]) => stored.get(id) !== name);
      console.log(`backup: ${before.size} rows acknowledged before the backup, ${duringBackup} written during it, ${missing.length} missing from the copy`);
      expect(missing).toEqual([]);
      // The copy is a whole database: the admin and the seeded catalogue came along.
      expect(Number(copy.prepare('select count(*) from users where role = 300').pluck().get())).toBe(1);
      expect(Number(copy.prepare('select count(*) from courses').pluck().get())).toBeGreaterThan(0);
    } finally {
      copy.close();
    }
  });

  it('refuses to run without a target and never writes over the live database', async () => {
    const none = await runBackup('');
    expect(none.code).not.toBe(0);
    const self = await runBackup(join(stack.dataDir, 'academy.sqlite'));
    expect(self.code).not.toBe(0);
    const db = new Database(join(stack.dataDir, 'academy.sqlite'), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });
});
