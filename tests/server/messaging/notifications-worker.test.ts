// @vitest-environment node
// The notification worker, against the real server's database on SQLite, or PostgreSQL with
// TEST_DATABASE=postgres: it sends with the message's key, retries transient failures with
// back-off, stops on permanent ones, takes over a dead worker's claim after its lease, and two
// workers never send one message twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../../server/platform/db';
import { DeliveryError, type MailMessage, type Messaging, type SmsMessage } from '../../../server/platform/outside';
import { enqueue, type NotificationSettings } from '../../../server/features/messaging/notifications';
import { deliverDue, retryDelayMs } from '../../../server/features/messaging/notificationWorker';
import { openDb, parent, startFamilies, stopFamilies } from '../../support/families';
import { usePostgres } from '../../support/postgres-db';
import type { TestServer } from '../../support/server';

let server: TestServer;
let db: DB;
let admin: string;

beforeAll(async () => {
  ({ server, db, admin } = await startFamilies());
});
afterAll(stopFamilies);

interface Delivery extends SmsMessage {
  providerId: string;
}
/** An SMS provider that records, and fails as told: the next calls' outcomes, in order. */
function provider(options: { delayMs?: number } = {}) {
  const delivered: Delivery[] = [];
  const calls: SmsMessage[] = [];
  const plan: Array<'transient' | 'permanent'> = [];
  let gate: Promise<void> | null = null;
  let entered: () => void = () => undefined;
  const messaging: Messaging = {
    sms: {
      description: 'the test',
      async send(message) {
        calls.push(message);
        const next = plan.shift();
        if (next) throw new DeliveryError(next === 'permanent' ? 'شماره نامعتبر' : 'سرویس در دسترس نیست', next === 'permanent');
        if (gate) {
          entered();
          await gate;
        }
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        const providerId = `p${delivered.length + 1}`;
        delivered.push({ ...message, providerId });
        return { providerId };
      },
      sendCode: () => Promise.reject(new Error('not used')),
    },
    mail: { description: 'the test', send: () => Promise.reject(new Error('not used')) },
  };
  return {
    messaging,
    delivered,
    calls,
    plan,
    /** Holds every send until release() is called; `waiting` resolves once one is held. */
    hold() {
      let release: () => void = () => undefined;
      gate = new Promise((resolve) => (release = resolve));
      const waiting = new Promise<void>((resolve) => (entered = resolve));
      return {
        waiting,
        release: () => {
          gate = null;
          release();
        },
      };
    },
  };
}

const settings: NotificationSettings = { pollMs: 1000, leaseMs: 60_000, maxAttempts: 3, retryBaseMs: 10_000, batchSize: 10 };

/** Queues a message for parent 0 under a fresh subject; answers its row id and key. */
async function queueOne(subject: string): Promise<{ id: number; key: string }> {
  await db.transaction().execute((trx) => enqueue(trx, [{ event: 'enrolled', subject, userId: parent(0).userId, text: `آزمایش ${subject}` }]));
  const row = await db.selectFrom('notifications').select(['id', 'dedupeKey']).where('dedupeKey', 'like', `enrolled:${subject}:%`).executeTakeFirstOrThrow();
  return { id: row.id, key: row.dedupeKey };
}
const rowOf = (id: number) => db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** Everything queued so far is set aside, so each test's worker sees only its own messages. */
const clearQueue = () => db.updateTable('notifications').set({ status: 'sent' }).where('status', 'in', ['queued', 'sending']).execute();

describe('the worker', () => {
  it('sends with the message’s key as the idempotency key and records the provider’s id and time', async () => {
    await clearQueue();
    const p = provider();
    const { id, key } = await queueOne('w-send');
    expect(await deliverDue(db, p.messaging, settings)).toBe(1);
    expect(p.delivered).toEqual([expect.objectContaining({ to: parent(0).phone, text: 'آزمایش w-send', idempotencyKey: key })]);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, providerId: 'p1', lastError: '', leaseUntil: null });
    expect(row.sentAt).not.toBeNull();
    expect(await deliverDue(db, p.messaging, settings)).toBe(0);
    expect(p.calls).toHaveLength(1);
  });

  it('a parent with an e-mail address is told by e-mail too, with the event’s subject and its own key', async () => {
    await clearQueue();
    await db.updateTable('users').set({ emailAddress: 'parent-mail@example.com' }).where('id', '=', parent(2).userId).execute();
    try {
      const mails: MailMessage[] = [];
      const p = provider();
      const messaging: Messaging = {
        ...p.messaging,
        mail: {
          description: 'the test',
          send: (message) => {
            mails.push(message);
            return Promise.resolve({ providerId: 'm1' });
          },
        },
      };
      await db.transaction().execute((trx) => enqueue(trx, [{ event: 'seatOffered', subject: 'w-mail', userId: parent(2).userId, text: 'متن آزمایشی' }]));
      const rows = await db.selectFrom('notifications').select(['channel', 'address']).where('dedupeKey', 'like', 'seatOffered:w-mail:%').orderBy('channel').execute();
      expect(rows).toEqual([
        { channel: 'email', address: 'parent-mail@example.com' },
        { channel: 'sms', address: parent(2).phone },
      ]);
      expect(await deliverDue(db, messaging, settings)).toBe(2);
      expect(mails).toEqual([
        { to: 'parent-mail@example.com', subject: 'صندلی خالی در دوره', text: 'متن آزمایشی', idempotencyKey: `seatOffered:w-mail:u${parent(2).userId}:email` },
      ]);
      expect(p.delivered.map((d) => d.idempotencyKey)).toEqual([`seatOffered:w-mail:u${parent(2).userId}:sms`]);
    } finally {
      await db.updateTable('users').set({ emailAddress: '' }).where('id', '=', parent(2).userId).execute();
    }
  });

  it('retries transient failures after a doubling back-off, then sends', async () => {
    await clearQueue();
    const p = provider();
    const { id } = await queueOne('w-retry');
    p.plan.push('transient', 'transient');
    const t0 = Date.now();
    await deliverDue(db, p.messaging, settings, t0);
    let row = await rowOf(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'سرویس در دسترس نیست' });
    expect(Date.parse(row.nextAttemptAt)).toBe(t0 + retryDelayMs(settings, 1));
    // Not before its time.
    await deliverDue(db, p.messaging, settings, t0 + retryDelayMs(settings, 1) - 1);
    expect(p.calls).toHaveLength(1);
    const t1 = t0 + retryDelayMs(settings, 1);
    await deliverDue(db, p.messaging, settings, t1);
    row = await rowOf(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 2 });
    expect(Date.parse(row.nextAttemptAt) - t1).toBe(2 * settings.retryBaseMs);
    await deliverDue(db, p.messaging, settings, t1 + 2 * settings.retryBaseMs);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 3, lastError: '' });
    expect(p.delivered).toHaveLength(1);
  });

  it('gives up after the last attempt, and at once on a permanent failure; the admin’s «ارسال دوباره» queues it again', async () => {
    await clearQueue();
    const p = provider();
    const transient = await queueOne('w-max');
    p.plan.push('transient', 'transient', 'transient');
    let t = Date.now();
    for (let i = 0; i < 3; i++) {
      await deliverDue(db, p.messaging, settings, t);
      t += 24 * 3_600_000;
    }
    expect(await rowOf(transient.id)).toMatchObject({ status: 'failed', attempts: 3 });
    await deliverDue(db, p.messaging, settings, t);
    expect(p.calls).toHaveLength(3);

    const permanent = await queueOne('w-permanent');
    p.plan.push('permanent');
    await deliverDue(db, p.messaging, settings, t);
    expect(await rowOf(permanent.id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'شماره نامعتبر' });
    await deliverDue(db, p.messaging, settings, t + 24 * 3_600_000);
    expect(p.calls).toHaveLength(4);

    // The admin reads it in the list, filtered by status, and sends it again.
    const failed = await server.call<{ items: Array<{ id: number; version: number; status: string; event: string }> }>('GET', '/api/Notification/GetSelectList', {
      token: admin,
      query: { page: '1', 'f.status': 'failed', sort: 'id' },
    });
    expect(failed.status, failed.text).toBe(200);
    const listed = failed.body.items.find((m) => m.id === permanent.id);
    expect(listed).toMatchObject({ status: 'failed', event: 'enrolled' });
    const learner = await server.call('POST', '/api/Notification/Resend', { token: parent(0).token, body: { id: permanent.id, version: listed?.version } });
    expect(learner.status).toBe(403);
    const resent = await server.call('POST', '/api/Notification/Resend', { token: admin, body: { id: permanent.id, version: listed?.version } });
    expect(resent.status, resent.text).toBe(200);
    expect(await rowOf(permanent.id)).toMatchObject({ status: 'queued', attempts: 0 });
    expect((await server.call('POST', '/api/Notification/Resend', { token: admin, body: { id: permanent.id } })).status).toBe(409);
    await deliverDue(db, p.messaging, settings);
    expect(await rowOf(permanent.id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(p.delivered.map((d) => d.idempotencyKey)).toEqual([permanent.key]);
  });

  it('a claim whose worker died is taken over after its lease, sent with the same key, and the dead claim cannot record over it', async () => {
    await clearQueue();
    const stuck = provider();
    const { id, key } = await queueOne('w-lease');
    const held = stuck.hold();
    const t0 = Date.now();
    const first = deliverDue(db, stuck.messaging, settings, t0);
    await held.waiting;
    expect(await rowOf(id)).toMatchObject({ status: 'sending', attempts: 1 });
    const rescuer = provider();
    // Within the lease nobody else takes it.
    expect(await deliverDue(db, rescuer.messaging, settings, t0 + settings.leaseMs - 1)).toBe(0);
    expect(await deliverDue(db, rescuer.messaging, settings, t0 + settings.leaseMs)).toBe(1);
    expect(rescuer.delivered.map((d) => d.idempotencyKey)).toEqual([key]);
    held.release();
    await first;
    expect(stuck.delivered.map((d) => d.idempotencyKey)).toEqual([key]);
    // The record is the rescuer's (its provider id), written once.
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, providerId: 'p1' });
  });

  it('two workers on one queue never send one message twice', async () => {
    await clearQueue();
    const keys: string[] = [];
    for (let n = 0; n < 40; n++) keys.push((await queueOne(`w-two-${n}`)).key);
    const other = await openDb(server);
    try {
      const a = provider({ delayMs: 5 });
      const b = provider({ delayMs: 5 });
      const drain = async (handle: DB, messaging: Messaging) => {
        while ((await deliverDue(handle, messaging, { ...settings, batchSize: 4 })) > 0);
      };
      await Promise.all([drain(db, a.messaging), drain(other, b.messaging), drain(db, a.messaging), drain(other, b.messaging)]);
      const sent = [...a.delivered, ...b.delivered].map((d) => d.idempotencyKey ?? '');
      expect(sent.sort()).toEqual([...keys].sort());
      if (usePostgres) {
        // Both processes took part (SKIP LOCKED let them share the queue instead of queueing up).
        expect(a.delivered.length).toBeGreaterThan(0);
        expect(b.delivered.length).toBeGreaterThan(0);
      }
      const left = await db.selectFrom('notifications').select('id').where('dedupeKey', 'in', keys).where('status', '!=', 'sent').execute();
      expect(left).toEqual([]);
    } finally {
      await other.destroy();
    }
  });
});
