// @vitest-environment node
// The periodic jobs (waiting-list sweep, payment reconciliation, notification worker) and the
// tests, against the real server on SQLite, or PostgreSQL with TEST_DATABASE=postgres. A test
// server runs none of them on a timer, however long it lives: a test that compares rows (the
// hostile-input fuzzer) never sees a job's write land between two of its reads on a slow machine.
// A test runs a job's one round when it means to (app.jobs); with backgroundJobs on, as
// `npm start` has it, the timers run the same rounds. The jobs run on the test's clock
// (tests/support/jobClock.ts): an hour of ticks passes at once, and each round a tick starts has
// ended when the clock's advance does, so nothing is waited for by the wall clock.
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { manualClock } from '../../support/jobClock';
import { openConfiguredDatabase, type DB } from '../../../server/platform/db';
import { enqueue } from '../../../server/features/messaging/notifications';
import { startWaitlistSweep } from '../../../server/features/commerce/seats';
import { databaseFor, usePostgres } from '../../support/postgres-db';
import { startFakeGateway, type FakeGateway } from '../../support/fake-gateway';
import { startServer, type TestServer } from '../../support/server';

const hour = 3_600_000;
const open: Array<{ server: TestServer; db: DB; gateway: FakeGateway }> = [];

afterEach(async () => {
  for (const { server, db, gateway } of open.splice(0)) {
    await db.destroy();
    await server.close();
    await gateway.close();
  }
});

/** A server whose jobs run on the test's clock, its database, and the work each job would find. */
async function serverWithWork(options: { backgroundJobs?: boolean } = {}) {
  const clock = manualClock();
  const gateway = await startFakeGateway();
  const server = await startServer({ ...options, jobClock: clock, paymentGatewayUrl: gateway.url, notifications: { pollMs: 20_000 } });
  const db = openConfiguredDatabase({
    databaseUrl: usePostgres ? await databaseFor(server.dataDir) : undefined,
    databaseFile: path.join(server.dataDir, 'academy.sqlite'),
  });
  open.push({ server, db, gateway });
  // A message due now, the seed's waiting-list offer with its hold run out, and the seed's open
  // order (made half an hour ago), given an authority as a gateway issues them: the seed's own are
  // in no gateway format and never asked about. The reconciliation asks the gateway about it, which
  // has never issued that authority and refuses it: an attempt recorded, the order failed.
  await db.updateTable('orders').set({ authority: `A${'7'.repeat(35)}` }).where('status', '=', 'pending').execute();
  const parent = await db.selectFrom('users').select('id').where('role', '!=', 300).orderBy('id').executeTakeFirstOrThrow();
  await db.transaction().execute((trx) => enqueue(trx, [{ event: 'enrolled', subject: 'jobs-test', userId: parent.id, text: 'پیام آزمایشی' }]));
  const offer = await db.selectFrom('waitlist_entries').select(['id', 'courseId']).where('status', '=', 'offered').orderBy('id').executeTakeFirstOrThrow();
  await db.updateTable('waitlist_entries').set({ holdUntil: new Date(Date.now() - 60_000).toISOString() }).where('id', '=', offer.id).execute();
  const state = async () => ({
    message: (await db.selectFrom('notifications').select('status').where('dedupeKey', 'like', 'enrolled:jobs-test:%').orderBy('id').execute()).map((m) => m.status),
    offer: (await db.selectFrom('waitlist_entries').select('status').where('id', '=', offer.id).executeTakeFirstOrThrow()).status,
    attempts: (await db.selectFrom('payment_attempts').select(['orderId', 'kind', 'outcome']).orderBy('id').execute()).map((a) => `${a.orderId}:${a.kind}:${a.outcome}`),
  });
  return { server, state, clock };
}

describe('background jobs of a test server', () => {
  it('a stop lets the waiting-list sweep end its round before the database closes (a stop of the server: onClose)', async () => {
    const { server, state, clock } = await serverWithWork();
    const db = openConfiguredDatabase({
      databaseUrl: usePostgres ? await databaseFor(server.dataDir) : undefined,
      databaseFile: path.join(server.dataDir, 'academy.sqlite'),
    });
    const failures: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => void failures.push(String(line)));
    try {
      const stop = startWaitlistSweep(db, clock, 1_000);
      const round = clock.advance(1_000); // the round begins
      await stop();
      await db.destroy();
      await round;
    } finally {
      spy.mockRestore();
    }
    expect(failures).toEqual([]);
    expect((await state()).offer).toBe('expired');
  });

  it('run on no timer: an hour of ticks later no row has changed; each job runs its one round when the test asks', async () => {
    const { server, state, clock } = await serverWithWork();
    expect(clock.timers()).toBe(0);
    const before = await state();
    expect(before.message.length).toBeGreaterThan(0);
    expect(before.message.every((s) => s === 'queued')).toBe(true);
    expect(before.offer).toBe('offered');

    await clock.advance(hour);
    expect(await state()).toEqual(before);

    await server.app.jobs.round('sendNotifications');
    await server.app.jobs.round('sweepWaitlist');
    await server.app.jobs.round('reconcilePayments');
    const after = await state();
    expect(after.message.every((s) => s === 'sent')).toBe(true);
    expect(after.offer).toBe('expired');
    expect(after.attempts.slice(0, before.attempts.length)).toEqual(before.attempts);
    expect(after.attempts.slice(before.attempts.length)).toEqual([expect.stringMatching(/^[0-9]+:verify:refused$/)]);
  });

  it('run on their timers with backgroundJobs on (as npm start has it)', async () => {
    const { state, clock } = await serverWithWork({ backgroundJobs: true });
    expect(clock.timers()).toBe(3);
    const before = await state();
    // The sweep ticks every minute, the worker every 20 seconds, the reconciliation every two
    // minutes: two minutes on, each has run a round, and every round has ended.
    await clock.advance(2 * 60_000);
    const after = await state();
    expect(after.message.every((s) => s === 'sent')).toBe(true);
    expect(after.offer).toBe('expired');
    expect(after.attempts.slice(before.attempts.length)).toEqual([expect.stringMatching(/^[0-9]+:verify:refused$/)]);
  });
});
