// @vitest-environment node
// Notifications that are never lost, against the real server on SQLite, or
// PostgreSQL with TEST_DATABASE=postgres: each event (an enrolment confirmed, a payment failed, a
// seat offered, a session moved or cancelled, a class tomorrow) queues exactly one message per
// parent in the transaction of its change, and none when that transaction fails; the worker sends
// with the message's key, retries transient failures with back-off, stops on permanent ones, takes
// over a dead worker's claim after its lease, and two workers never send one message twice.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConfiguredDatabase, type DB } from '../../server/platform/db';
import { DeliveryError, type MailMessage, type Messaging, type SmsMessage } from '../../server/platform/outside';
import { enqueue, queueClassReminders, reminderHour, type NotificationSettings } from '../../server/features/messaging/notifications';
import { deliverDue, retryDelayMs } from '../../server/features/messaging/notificationWorker';
import { academyDayOf, academyDayStart } from '../../schema/rules/calendar';
import { startFakeGateway, type FakeGateway } from '../support/fake-gateway';
import { databaseFor, rawSql, usePostgres } from '../support/postgres-db';
import { courseBody, sampleChild } from '../support/samples';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../support/server';

let gateway: FakeGateway;
let server: TestServer;
let db: DB;
let admin: string;
let categoryId: number;
/** Three parents, each with one child. */
let parents: Array<{ token: string; child: number; userId: number; phone: string; childName: string }>;

interface Checkout {
  orderId: number;
  paymentUrl: string;
}

const openDb = async (): Promise<DB> =>
  openConfiguredDatabase({
    databaseUrl: usePostgres ? await databaseFor(server.dataDir) : undefined,
    databaseFile: path.join(server.dataDir, 'academy.sqlite'),
  });

beforeAll(async () => {
  gateway = await startFakeGateway();
  // The server runs no worker (a test server's jobs are off): the tests drive deliverDue themselves.
  server = await startServer({ paymentGatewayUrl: gateway.url });
  db = await openDb();
  admin = await server.signIn(adminPhone, adminPassword);
  const categories = await server.call<Array<{ id: number }>>('GET', '/api/Public/categories');
  categoryId = categories.body[0]?.id ?? 0;
  parents = [];
  for (const n of [1, 2, 3]) {
    const phone = `0937700000${n}`;
    const token = await signUpLearner(server, phone);
    const childName = ['آرش', 'بهار', 'پرستو'][n - 1] ?? '';
    const child = await server.call<{ id: number }>('POST', '/api/Children/Create', { token, body: { firstName: childName, lastName: 'پیامی', ...sampleChild } });
    const user = await db.selectFrom('users').select('id').where('phoneNumber', '=', phone).executeTakeFirstOrThrow();
    parents.push({ token, child: child.body.id, userId: user.id, phone, childName: `${childName} پیامی` });
  }
}, 60_000);
afterAll(async () => {
  await db?.destroy();
  await server?.close();
  await gateway?.close();
});

const parent = (i: number) => {
  const p = parents[i];
  if (!p) throw new Error(`no parent ${i}`);
  return p;
};

async function newCourse(title: string, capacity: number): Promise<number> {
  const answer = await server.call<{ id: number }>('POST', '/api/Course/Create', {
    token: admin,
    body: courseBody(title, { durationInHours: 10, priceInTomans: 150_000, categoryId, capacity }),
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.id;
}
const authorityOf = (c: Checkout) => decodeURIComponent(new URL(c.paymentUrl).pathname.split('/').pop() ?? '');
const verify = (i: number, c: Checkout) =>
  server.call<{ status: string }>('GET', '/api/Payment/Verify', { token: parent(i).token, query: { Authority: authorityOf(c), Status: 'OK' } });
async function checkout(i: number, courseId: number): Promise<Checkout> {
  expect((await server.call('POST', '/api/Cart/Add', { token: parent(i).token, body: { courseId, childId: parent(i).child } })).status).toBe(200);
  const c = await server.call<Checkout>('POST', '/api/Orders/Checkout', { token: parent(i).token });
  expect(c.status, c.text).toBe(200);
  return c.body;
}
async function buy(i: number, courseId: number): Promise<Checkout> {
  const c = await checkout(i, courseId);
  gateway.pay(authorityOf(c));
  expect((await verify(i, c)).body.status).toBe('paid');
  return c;
}

/** The messages queued for a parent, oldest first. */
const queuedFor = (i: number, event?: string) => {
  let query = db.selectFrom('notifications').selectAll().where('userId', '=', parent(i).userId);
  if (event) query = query.where('event', '=', event as 'enrolled');
  return query.orderBy('id').execute();
};

/** A call the contract does not describe the answer of (a 500 the test itself causes). */
async function uncheckedCall(method: string, url: string, token: string, body?: unknown): Promise<number> {
  const response = await fetch(server.url + url, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Makes every `op` on `table` fail (a trigger), so a transaction that writes it rolls back. */
async function breakWrites(table: string, op: 'delete' | 'update'): Promise<() => Promise<void>> {
  if (usePostgres) {
    await rawSql(server.dataDir, `create or replace function test_refuse() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$;
      create trigger test_refuse_${table} before ${op} on ${table} for each row execute function test_refuse();`);
    return () => rawSql(server.dataDir, `drop trigger test_refuse_${table} on ${table}`);
  }
  await rawSql(server.dataDir, `create trigger test_refuse_${table} before ${op} on ${table} begin select raise(abort, 'refused by the test'); end;`);
  return () => rawSql(server.dataDir, `drop trigger test_refuse_${table}`);
}

describe('each event queues one message in the transaction of its change', () => {
  it('an enrolment confirmed: one SMS naming the child and the course, not again on a repeated verify', async () => {
    const course = await newCourse('پیام ثبت‌نام', 0);
    const c = await buy(0, course);
    const messages = await queuedFor(0, 'enrolled');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ channel: 'sms', address: parent(0).phone, status: 'queued', attempts: 0 });
    expect(messages[0]?.body).toContain(parent(0).childName);
    expect(messages[0]?.body).toContain('«پیام ثبت‌نام»');
    expect((await verify(0, c)).body.status).toBe('paid');
    expect(await queuedFor(0, 'enrolled')).toHaveLength(1);
  });

  it('no message when the enrolment’s transaction fails, and one when the payment is settled after all', async () => {
    const course = await newCourse('پیام بی‌تراکنش', 0);
    const c = await checkout(1, course);
    gateway.pay(authorityOf(c));
    // settlePaid empties the cart after enrolling and queueing: a refused delete rolls all of it back.
    const repair = await breakWrites('cart_items', 'delete');
    try {
      expect(await uncheckedCall('GET', `/api/Payment/Verify?Authority=${encodeURIComponent(authorityOf(c))}&Status=OK`, parent(1).token)).toBe(500);
    } finally {
      await repair();
    }
    expect(await queuedFor(1, 'enrolled')).toHaveLength(0);
    const order = await db.selectFrom('orders').select('status').where('id', '=', c.orderId).executeTakeFirstOrThrow();
    expect(order.status).toBe('pending');
    // The gateway answers 101 (already verified) now: settled once, told once.
    expect((await verify(1, c)).body.status).toBe('paid');
    expect(await queuedFor(1, 'enrolled')).toHaveLength(1);
  });

  it('a payment failed: one message with the order, child and course', async () => {
    const course = await newCourse('پیام پرداخت ناموفق', 0);
    const c = await checkout(2, course);
    gateway.pay(authorityOf(c));
    // The gateway refuses the verify (-50, another amount): the order ends failed.
    await db.updateTable('orders').set({ totalInTomans: 1000 }).where('id', '=', c.orderId).execute();
    expect((await verify(2, c)).body.status).toBe('failed');
    const messages = await queuedFor(2, 'paymentFailed');
    expect(messages).toHaveLength(1);
    expect(messages[0]?.body).toContain(parent(2).childName);
    expect(messages[0]?.body).toContain('«پیام پرداخت ناموفق»');
    expect(messages[0]?.body).toMatch(/[۰-۹]/);
    expect(messages[0]?.body).not.toMatch(/[0-9]/);
    await server.call('DELETE', '/api/Cart/Remove', {
      token: parent(2).token,
      body: { id: (await server.call<{ items: Array<{ id: number }> }>('GET', '/api/Cart', { token: parent(2).token })).body.items[0]?.id },
    });
  });

  it('a seat offered from the waiting list: one message with the hold’s Jalali end, and one more when it passes to the next child', async () => {
    const course = await newCourse('پیام فهرست انتظار', 1);
    await buy(0, course);
    for (const i of [1, 2]) expect((await server.call('POST', '/api/Waitlist/Join', { token: parent(i).token, body: { courseId: course, childId: parent(i).child } })).status).toBe(200);
    const enrolment = await db.selectFrom('enrollments').select(['id', 'version']).where('courseId', '=', course).executeTakeFirstOrThrow();
    const cancelled = await server.call('POST', '/api/EnrollmentRecord/Cancel', { token: admin, body: { id: enrolment.id, version: enrolment.version, refund: 'keep' } });
    expect(cancelled.status, cancelled.text).toBe(200);
    const offers = await queuedFor(1, 'seatOffered');
    expect(offers).toHaveLength(1);
    expect(offers[0]?.body).toContain('«پیام فهرست انتظار»');
    expect(offers[0]?.body).toContain(parent(1).childName);
    expect(offers[0]?.body).toMatch(/تا [۰-۹]+ [آ-ی]+ ساعت [۰-۹]{2}:[۰-۹]{2}/);
    expect(await queuedFor(2, 'seatOffered')).toHaveLength(0);
    // The hold runs out; the sweep passes the seat on (twice over: the second finds nothing new).
    const past = new Date(Date.now() - 60_000).toISOString();
    await db.updateTable('waitlist_entries').set({ holdUntil: past }).where('courseId', '=', course).where('status', '=', 'offered').execute();
    const { sweepWaitlist } = await import('../../server/features/commerce/seats');
    await Promise.all([sweepWaitlist(db, [course]), sweepWaitlist(db, [course])]);
    expect(await queuedFor(2, 'seatOffered')).toHaveLength(1);
    expect(await queuedFor(1, 'seatOffered')).toHaveLength(1);
  });

  it('a session moved and a session cancelled: one message per enrolled child each; none when the move rolls back', async () => {
    const course = await newCourse('پیام جلسه', 0);
    await buy(1, course);
    await buy(2, course);
    const inDays = (n: number) => academyDayStart(academyDayOf(Date.parse(academyDayStart(academyDayOf(Date.now())).toISOString()) + (n + 0.5) * 86_400_000)).toISOString();
    const made = await server.call<{ id: number; version: number }>('POST', '/api/ClassSession/Create', {
      token: admin,
      body: { courseId: course, date: inDays(5), startTime: '16:00', endTime: '17:30', status: 'scheduled', room: '', note: '' },
    });
    expect(made.status, made.text).toBe(200);
    const move = (version: number) =>
      server.call<{ record: { version: number } }>('POST', '/api/ClassSession/Move', {
        token: admin,
        body: { id: made.body.id, version, date: inDays(6), startTime: '10:00', endTime: '11:00', note: '' },
      });

    // The action's own update refused: the message queued by its handler goes with it.
    const repair = await breakWrites('class_sessions', 'update');
    try {
      const body = { id: made.body.id, version: made.body.version, date: inDays(6), startTime: '10:00', endTime: '11:00', note: '' };
      expect(await uncheckedCall('POST', '/api/ClassSession/Move', admin, body)).toBe(500);
    } finally {
      await repair();
    }
    expect(await queuedFor(1, 'sessionMoved')).toHaveLength(0);

    const moved = await move(made.body.version);
    expect(moved.status, moved.text).toBe(200);
    for (const i of [1, 2]) {
      const messages = await queuedFor(i, 'sessionMoved');
      expect(messages).toHaveLength(1);
      expect(messages[0]?.body).toContain(parent(i).childName);
      expect(messages[0]?.body).toContain('ساعت ۱۰:۰۰');
    }
    expect(await queuedFor(0, 'sessionMoved')).toHaveLength(0);
    const cancelled = await server.call('POST', '/api/ClassSession/Cancel', { token: admin, body: { id: made.body.id, version: moved.body.record.version, note: 'بیماری مدرس' } });
    expect(cancelled.status, cancelled.text).toBe(200);
    for (const i of [1, 2]) expect(await queuedFor(i, 'sessionCancelled')).toHaveLength(1);
  });

  it('a class tomorrow: from the reminder hour, once per session and parent however often the job runs', async () => {
    const course = await newCourse('پیام یادآوری', 0);
    await buy(0, course);
    // A moment of some day at 17:00 Tehran, and its tomorrow.
    const todayStart = Date.parse(academyDayStart(academyDayOf(Date.now())).toISOString());
    const at = (hour: number) => todayStart + hour * 3_600_000;
    const tomorrow = academyDayStart(academyDayOf(todayStart + 36 * 3_600_000)).toISOString();
    const made = await server.call('POST', '/api/ClassSession/Create', {
      token: admin,
      body: { courseId: course, date: tomorrow, startTime: '09:30', endTime: '11:00', status: 'scheduled', room: '', note: '' },
    });
    expect(made.status, made.text).toBe(200);
    expect(await queueClassReminders(db, at(reminderHour - 1))).toBe(0);
    expect(await queuedFor(0, 'classTomorrow')).toHaveLength(0);
    await Promise.all([queueClassReminders(db, at(reminderHour + 1)), queueClassReminders(db, at(reminderHour + 1))]);
    await queueClassReminders(db, at(reminderHour + 3));
    const reminders = await queuedFor(0, 'classTomorrow');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.body).toContain('فردا');
    expect(reminders[0]?.body).toContain('ساعت ۰۹:۳۰');
    expect(reminders[0]?.body).toContain('«پیام یادآوری»');
  });
});

// ---------------------------------------------------------------------------------------------

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
    const other = await openDb();
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
