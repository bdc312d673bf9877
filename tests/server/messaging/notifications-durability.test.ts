// @vitest-environment node
// Notifications survive a kill -9 of the server: the real server process
// (server/main.ts, sending SMS through Kavenegar's API to the local fake service) is killed with
// SIGKILL (1) with messages queued that no worker has touched yet, and (2) at the worst moment: a
// message handed to the provider and not yet recorded as sent, its batch still claimed. Restarted
// on the same database, every message is recorded sent once; the message in flight at the kill is
// handed to the provider again after its lease with the same key (`localid`), which Kavenegar — and
// the fake, as it does — drops: every phone receives every message exactly once. SQLite, or
// PostgreSQL with TEST_DATABASE=postgres.
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openConfiguredDatabase, type DB } from '../../../server/platform/db';
import { enqueue } from '../../../server/features/messaging/notifications';
import { startFakeSms, type FakeSms } from '../../support/fake-sms';
import { databaseFor, dropDatabaseFor, usePostgres } from '../../support/postgres-db';
import { adminPassword, adminPhone } from '../../support/server-accounts';
import { waitBudgetMs } from '../../support/budget';
import { serverEntry } from '../../support/server-entry';

const dirs: string[] = [];
let fakeSms: FakeSms | undefined;
/** The Kavenegar-compatible service every server of this file sends through. */
async function kavenegar(): Promise<FakeSms> {
  fakeSms ??= await startFakeSms();
  return fakeSms;
}
afterAll(async () => {
  await fakeSms?.close();
  for (const dir of dirs) {
    rmSync(dir, { recursive: true, force: true });
    if (usePostgres) await dropDatabaseFor(dir);
  }
});

interface Node {
  child: ChildProcess;
  /** The texts this process handed to the SMS service (accepted calls, repeats included), in order. */
  sms: () => string[];
  exited: Promise<void>;
}

async function databaseUrlOf(dataDir: string): Promise<string | undefined> {
  return usePostgres ? databaseFor(dataDir) : undefined;
}

/** Starts `server/main.ts` as production does, and waits until it listens. */
async function startNode(dataDir: string, env: Record<string, string>): Promise<Node> {
  const databaseUrl = await databaseUrlOf(dataDir);
  const fake = await kavenegar();
  const from = fake.calls.length;
  const sms = () => fake.calls.slice(from).flatMap((call) => (call.path === 'sms/send' && call.status === 200 && call.form.message ? [call.form.message] : []));
  const child = spawn(process.execPath, serverEntry(), {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_PHONE: adminPhone,
      ADMIN_PASSWORD: adminPassword,
      KAVENEGAR_URL: fake.url,
      KAVENEGAR_API_KEY: fake.apiKey,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, JWT_SECRET: 'notification-durability-secret-0123456789abcdef' } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), waitBudgetMs);
    const check = () => {
      if (/running at http/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return { child, sms, exited };
}

async function kill(node: Node): Promise<void> {
  node.child.kill('SIGKILL');
  await node.exited;
}

async function openDb(dataDir: string): Promise<DB> {
  return openConfiguredDatabase({ databaseUrl: await databaseUrlOf(dataDir), databaseFile: path.join(dataDir, 'academy.sqlite') });
}

/** Queues `count` messages to the administrator, each with its own text; answers the texts. */
async function queueMessages(db: DB, tag: string, count: number): Promise<string[]> {
  const admin = await db.selectFrom('users').select('id').where('phoneNumber', '=', adminPhone).executeTakeFirstOrThrow();
  const texts = Array.from({ length: count }, (_, n) => `پیام ${tag} شماره ${n + 1}`);
  const notices = texts.map((text, n) => ({ event: 'enrolled' as const, subject: `${tag}-${n}`, userId: admin.id, text }));
  // SQLite: this deferred transaction reads, then writes; a write the server committed in
  // between (its first worker round, its start-up: slow on a busy machine) makes SQLite refuse it
  // at once (a stale snapshot, not a wait), so it runs again a moment later, until the test's
  // own time limit rather than for a count of immediate tries.
  for (;;) {
    try {
      await db.transaction().execute((trx) => enqueue(trx, notices));
      break;
    } catch (error) {
      if (!(error instanceof Error) || !/database is locked/.test(error.message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return texts;
}

/**
 * The queue's rows of these texts. SQLite: a server starting on the file (recovering the WAL of
 * the killed one, migrating, seeding) may hold its lock past the 5 s busy timeout on a busy
 * machine; the test reads again, until its own time limit, rather than fail on the wait.
 */
async function rowsOf(db: DB, texts: readonly string[]) {
  for (;;) {
    try {
      return await db.selectFrom('notifications').selectAll().where('body', 'in', [...texts]).orderBy('id').execute();
    } catch (error) {
      if (!(error instanceof Error) || !/database is locked/.test(error.message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

async function allSent(db: DB, texts: readonly string[]): Promise<void> {
  const deadline = Date.now() + waitBudgetMs;
  while (Date.now() < deadline) {
    const rows = await rowsOf(db, texts);
    if (rows.length === texts.length && rows.every((r) => r.status === 'sent')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not all sent: ${JSON.stringify((await rowsOf(db, texts)).map((r) => [r.body, r.status]))}`);
}

/**
 * Takes the database's write lock on the queue (SQLite: BEGIN IMMEDIATE; PostgreSQL: an
 * exclusive table lock), so the server's next write to it waits; answers the rows `sending` and
 * the release.
 */
async function lockQueue(dataDir: string): Promise<{ sending: string[]; release: (killed: boolean) => Promise<void> }> {
  if (usePostgres) {
    const client = new pg.Client({ connectionString: await databaseUrlOf(dataDir) });
    await client.connect();
    await client.query('begin');
    await client.query('lock table notifications in exclusive mode');
    const result = await client.query<{ body: string }>(`select body from notifications where status = 'sending'`);
    return {
      sending: result.rows.map((r) => r.body),
      release: async (killed) => {
        // The killed process's «sent» statement already reached PostgreSQL and waits on the lock:
        // its backend would finish it once the lock goes. Ending that backend makes the kill land
        // a moment earlier, before the write left the process — the window under test.
        if (killed) {
          await client.query(`select pg_terminate_backend(pid) from pg_stat_activity
            where pid <> pg_backend_pid() and datname = current_database() and wait_event_type = 'Lock'`);
        }
        await client.query('rollback');
        await client.end();
      },
    };
  }
  const sqlite = new Database(path.join(dataDir, 'academy.sqlite'), { timeout: 10_000 });
  sqlite.exec('begin immediate');
  const rows = sqlite.prepare(`select body from notifications where status = 'sending'`).all();
  const sending = rows.flatMap((r) => (typeof r === 'object' && r !== null && 'body' in r && typeof r.body === 'string' ? [r.body] : []));
  return {
    sending,
    release: () => {
      sqlite.exec('rollback');
      sqlite.close();
      return Promise.resolve();
    },
  };
}

const fastWorker = { NOTIFICATION_POLL_SECONDS: '0.2', NOTIFICATION_LEASE_SECONDS: '2' };

describe('notifications across kill -9', () => {
  it('messages queued before the worker ran are sent once after the restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'academy-notify-'));
    dirs.push(dataDir);
    // A worker that waits an hour between rounds: nothing is sent before the kill.
    const first = await startNode(dataDir, { NOTIFICATION_POLL_SECONDS: '3600' });
    const db = await openDb(dataDir);
    try {
      const texts = await queueMessages(db, 'پیش از کشتن', 5);
      await kill(first);
      expect(first.sms()).toEqual([]);
      expect((await rowsOf(db, texts)).every((r) => r.status === 'queued')).toBe(true);

      const second = await startNode(dataDir, fastWorker);
      try {
        await allSent(db, texts);
        expect([...second.sms()].sort()).toEqual([...texts].sort());
        const rows = await rowsOf(db, texts);
        expect(rows.every((r) => r.attempts === 1 && r.providerId !== '' && r.sentAt !== null)).toBe(true);
      } finally {
        await kill(second);
      }
    } finally {
      await db.destroy();
    }
  });

  it('killed between handing a message to the provider and recording it: the claim is taken over after its lease, each message recorded once, the repeat only the one in flight, with its key', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'academy-notify-'));
    dirs.push(dataDir);
    const first = await startNode(dataDir, fastWorker);
    const db = await openDb(dataDir);
    try {
      const texts = await queueMessages(db, 'در میانه ارسال', 30);
      // Wait for the bad moment: the queue locked by the test while a claimed message was already
      // printed (handed to the provider) but is still `sending` — the server's write of «sent»
      // waits on the lock — then SIGKILL.
      let inFlight: string[] = [];
      let claimed: string[] = [];
      const deadline = Date.now() + waitBudgetMs;
      while (inFlight.length === 0) {
        if (Date.now() > deadline) throw new Error('never caught a message in flight');
        const lock = await lockQueue(dataDir);
        if (lock.sending.length > 0) {
          // The printed line reaches us a moment after the server wrote it.
          await new Promise((resolve) => setTimeout(resolve, 150));
          inFlight = lock.sending.filter((body) => first.sms().includes(body));
          if (inFlight.length > 0) {
            claimed = lock.sending;
            await kill(first);
          }
        }
        await lock.release(inFlight.length > 0);
        if (inFlight.length === 0) await new Promise((resolve) => setTimeout(resolve, 3));
      }
      const printedBefore = first.sms();
      const before = new Map((await rowsOf(db, texts)).map((r) => [r.body, r]));
      for (const body of claimed) expect(before.get(body)?.status).toBe('sending');

      const second = await startNode(dataDir, fastWorker);
      try {
        await allSent(db, texts);
        const resent = second.sms();
        const rows = await rowsOf(db, texts);
        // Each message: one row, sent, its key the one it was queued with.
        expect(rows).toHaveLength(texts.length);
        for (const row of rows) {
          expect(row.status).toBe('sent');
          expect(row.dedupeKey).toBe(before.get(row.body)?.dedupeKey);
        }
        // Every message reached the provider; none was lost.
        expect(new Set([...printedBefore, ...resent])).toEqual(new Set(texts));
        // Sent again only what was claimed at the kill; what was recorded sent before is not.
        const twice = resent.filter((body) => printedBefore.includes(body));
        expect(twice.length).toBeGreaterThan(0);
        for (const body of twice) {
          expect(claimed).toContain(body);
          // The second claim, after the lease: the same row, the same key, one more attempt.
          expect(rows.find((r) => r.body === body)?.attempts).toBe(Number(before.get(body)?.attempts) + 1);
        }
        for (const body of resent) expect(before.get(body)?.status).not.toBe('sent');
        expect(new Set(resent).size).toBe(resent.length);
        // The phone: each message exactly once — the repeat carried the first attempt's localid.
        const fake = await kavenegar();
        const received = fake.to(adminPhone).map((sms) => sms.message).filter((text) => texts.includes(text));
        expect([...received].sort()).toEqual([...texts].sort());
      } finally {
        await kill(second);
      }
    } finally {
      await db.destroy();
    }
  });
});
