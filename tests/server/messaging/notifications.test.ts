// @vitest-environment node
// Notifications that are never lost, against the real server on SQLite, or PostgreSQL with
// TEST_DATABASE=postgres: each event (an enrolment confirmed, a payment failed, a seat offered, a
// session moved or cancelled, a class tomorrow) queues exactly one message per parent in the
// transaction of its change, and none when that transaction fails. (The worker that sends them:
// notifications-worker.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../../server/platform/db';
import { queueClassReminders, reminderHour } from '../../../server/features/messaging/notifications';
import { academyDayOf, academyDayStart } from '../../../schema/rules/calendar';
import type { FakeGateway } from '../../support/fake-gateway';
import { parent, startFamilies, stopFamilies } from '../../support/families';
import { rawSql, usePostgres } from '../../support/postgres-db';
import { courseBody } from '../../support/samples';
import type { TestServer } from '../../support/server';

interface Checkout {
  orderId: number;
  paymentUrl: string;
}

let gateway: FakeGateway;
let server: TestServer;
let db: DB;
let admin: string;
let categoryId: number;

beforeAll(async () => {
  ({ gateway, server, db, admin, categoryId } = await startFamilies());
});
afterAll(stopFamilies);

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
    const { sweepWaitlist } = await import('../../../server/features/commerce/seats');
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

