// @vitest-environment node
// Seats and the waiting list, against the real server on SQLite, or PostgreSQL
// with TEST_DATABASE=postgres: parents checking out the last seat at once get it once; payments
// arriving at once never enrol past capacity; a full course takes children on its waiting list,
// and the seat freed by a cancellation, a refund, a raised capacity or an order that ended is
// offered to the first child waiting, held for a while, then passed on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGateway, type FakeGateway } from '../../support/fake-gateway';
import { rawSql } from '../../support/postgres-db';
import { courseBody, sampleChild } from '../../support/samples';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';
import type { EnrolmentRow } from '../../support/adminRows';

let gateway: FakeGateway;
let server: TestServer;
let admin: string;
let categoryId: number;
/** Four parents, each with one child. */
let parents: Array<{ token: string; child: number }>;

interface Checkout {
  orderId: number;
  paymentUrl: string;
}
interface WaitlistItem {
  id: number;
  childId: number;
  status: 'waiting' | 'offered' | 'expired';
  position: number;
  holdUntil: string | null;
  course: { id: number };
}
interface EntryRow {
  id: number;
  version: number;
  status: string;
  position: number;
  childId: number;
  holdUntil: string | null;
}

beforeAll(async () => {
  gateway = await startFakeGateway();
  server = await startServer({ paymentGatewayUrl: gateway.url });
  admin = await server.signIn(adminPhone, adminPassword);
  const categories = await server.call<Array<{ id: number }>>('GET', '/api/Public/categories');
  categoryId = categories.body[0]?.id ?? 0;
  const tokens = await Promise.all([1, 2, 3, 4].map((n) => signUpLearner(server, `0937800000${n}`)));
  parents = [];
  for (const [i, token] of tokens.entries()) {
    const child = await server.call<{ id: number }>('POST', '/api/Children/Create', { token, body: { firstName: `فرزند${i + 1}`, lastName: 'صندلی', ...sampleChild } });
    parents.push({ token, child: child.body.id });
  }
});
afterAll(async () => {
  await server?.close();
  await gateway?.close();
});

const parent = (i: number) => {
  const p = parents[i];
  if (!p) throw new Error(`no parent ${i}`);
  return p;
};

async function newCourse(title: string, capacity: number): Promise<{ id: number; body: Record<string, unknown> }> {
  const body = courseBody(title, { durationInHours: 10, priceInTomans: 150_000, categoryId, capacity });
  const answer = await server.call<{ id: number }>('POST', '/api/Course/Create', { token: admin, body });
  expect(answer.status, answer.text).toBe(200);
  return { id: answer.body.id, body };
}
const seatsLeft = async (courseId: number) => {
  const courses = await server.call<{ courses: Array<{ id: number; seatsLeft: number | null }> }>('GET', '/api/Public/courses');
  return courses.body.courses.find((c) => c.id === courseId)?.seatsLeft;
};
const addToCart = (i: number, courseId: number) => server.call<{ message: string }>('POST', '/api/Cart/Add', { token: parent(i).token, body: { courseId, childId: parent(i).child } });
const emptyCart = async (i: number) => {
  const cart = await server.call<{ items: Array<{ id: number }> }>('GET', '/api/Cart', { token: parent(i).token });
  for (const item of cart.body.items) await server.call('DELETE', '/api/Cart/Remove', { token: parent(i).token, body: { id: item.id } });
};
const checkout = (i: number) => server.call<Checkout & { message: string }>('POST', '/api/Orders/Checkout', { token: parent(i).token });
const authorityOf = (c: Checkout) => decodeURIComponent(new URL(c.paymentUrl).pathname.split('/').pop() ?? '');
const verify = (i: number, c: Checkout, Status = 'OK') =>
  server.call<{ status: string }>('GET', '/api/Payment/Verify', { token: parent(i).token, query: { Authority: authorityOf(c), Status } });
const payAndVerify = async (i: number, c: Checkout) => {
  gateway.pay(authorityOf(c));
  return verify(i, c);
};
const join = (i: number, courseId: number, childId = parent(i).child) =>
  server.call<WaitlistItem & { message: string }>('POST', '/api/Waitlist/Join', { token: parent(i).token, body: { courseId, childId } });
const waitlistOf = async (i: number) => (await server.call<WaitlistItem[]>('GET', '/api/Waitlist', { token: parent(i).token })).body;
const entryOf = async (i: number, courseId: number) => (await waitlistOf(i)).find((e) => e.course.id === courseId);
const entries = async (courseId: number) =>
  (await server.call<{ items: EntryRow[] }>('GET', '/api/WaitlistEntry/GetSelectList', { token: admin, query: { page: '1', 'f.courseId': String(courseId), sort: 'id' } })).body.items;
const enrolmentsIn = async (courseId: number) =>
  (await server.call<{ items: EnrolmentRow[] }>('GET', '/api/EnrollmentRecord/GetSelectList', { token: admin, query: { page: '1', 'f.courseId': String(courseId) } })).body.items;
const activeIn = async (courseId: number) => (await enrolmentsIn(courseId)).filter((e) => e.status === 'active').length;
/** Buys the course for parent i's child (alone): checkout, pay, verify. */
const buy = async (i: number, courseId: number) => {
  await emptyCart(i);
  expect((await addToCart(i, courseId)).status).toBe(200);
  const c = await checkout(i);
  expect(c.status, c.text).toBe(200);
  expect((await payAndVerify(i, c.body)).body.status).toBe('paid');
  return c.body;
};

const longAgo = new Date(Date.now() - 3_600_000).toISOString();
/** Parent i's open order lets its hold go (as if its gateway page were opened an hour ago). */
const holdRunsOut = (orderId: number) => rawSql(server.dataDir, `update orders set "createdAt" = '${longAgo}' where id = ${orderId}`);

describe('capacity under concurrency', () => {
  it('four parents checking out the last seat at once: one gets the gateway, three a 409 offering the waiting list', async () => {
    const course = await newCourse('آخرین صندلی', 1);
    for (const i of [0, 1, 2, 3]) expect((await addToCart(i, course.id)).status).toBe(200);
    const answers = await Promise.all([0, 1, 2, 3].map((i) => checkout(i)));
    const won = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 409);
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r.body.message).toContain('فهرست انتظار');
    expect(won[0]?.body.paymentUrl).toContain(gateway.url);
    // The winner's open order holds the seat: the public page says so, and a newcomer's cart refuses it.
    expect(await seatsLeft(course.id)).toBe(0);
    for (const i of [0, 1, 2, 3]) await emptyCart(i);
  });

  it('payments arriving at once never enrol past capacity: the late ones are paid back', async () => {
    const course = await newCourse('پرداخت هم‌زمان', 1);
    // Each parent opens an order in turn, after the previous one's hold ran out, so all four hold
    // a payable gateway page for the one seat.
    const pages: Checkout[] = [];
    for (const i of [0, 1, 2, 3]) {
      await emptyCart(i);
      expect((await addToCart(i, course.id)).status).toBe(200);
      const c = await checkout(i);
      expect(c.status, c.text).toBe(200);
      pages.push(c.body);
      await holdRunsOut(c.body.orderId);
    }
    for (const page of pages) gateway.pay(authorityOf(page));
    const results = await Promise.all(pages.map((page, i) => verify(i, page)));
    const statuses = results.map((r) => r.body.status).sort();
    // Those that bought nothing are reversed at the gateway at once, inside its window.
    expect(statuses).toEqual(['paid', 'refunded', 'refunded', 'refunded']);
    expect(await activeIn(course.id)).toBe(1);
    expect(await seatsLeft(course.id)).toBe(0);
    // The admin's courses list counts the seats taken of the capacity (schema/courses.ts's count column).
    const seats = await server.call<{ labels: Record<string, string> }>('GET', '/api/Admin/{entity}/labels', {
      token: admin,
      params: { entity: 'courses' },
      query: { ids: String(course.id), many: 'enrollments.courseId.seats' },
    });
    expect(seats.body.labels[String(course.id)]).toBe('1 از 1');
  });
});

describe('joining the waiting list', () => {
  it('refuses a course with seats left, another parent’s child, and the same child twice', async () => {
    const course = await newCourse('فهرست انتظار', 1);
    const notFull = await join(1, course.id);
    expect(notFull.status).toBe(409);
    expect(notFull.body.message).toContain('صندلی خالی');
    await buy(0, course.id);
    expect((await join(1, course.id, parent(2).child)).status).toBe(404);
    const joined = await join(1, course.id);
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body).toMatchObject({ status: 'waiting', position: 1, holdUntil: null });
    const twice = await join(1, course.id);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toContain('پیش‌تر');
    // An enrolled child is not put on the list of its own course.
    expect((await join(0, course.id)).status).toBe(409);
    expect((await join(2, course.id)).body.position).toBe(2);
    // Leaving renumbers those after.
    const left = await server.call<WaitlistItem[]>('DELETE', '/api/Waitlist/Leave', { token: parent(1).token, body: { id: joined.body.id } });
    expect(left.status).toBe(200);
    expect((await entryOf(2, course.id))?.position).toBe(1);
    expect((await server.call('DELETE', '/api/Waitlist/Leave', { token: parent(3).token, body: { id: joined.body.id } })).status).toBe(404);
  });
});

describe('freed seats go to the first child waiting', () => {
  it('an admin’s cancellation offers the seat; the offered child pays and is enrolled; others still cannot take it', async () => {
    const course = await newCourse('لغو و پیشنهاد', 1);
    await buy(0, course.id);
    expect((await join(1, course.id)).body.position).toBe(1);
    expect((await join(2, course.id)).body.position).toBe(2);
    const [enrolment] = await enrolmentsIn(course.id);
    if (!enrolment) throw new Error('no enrolment');
    const cancelled = await server.call('POST', '/api/EnrollmentRecord/Cancel', { token: admin, body: { id: enrolment.id, version: enrolment.version, refund: 'keep' } });
    expect(cancelled.status, cancelled.text).toBe(200);

    const offer = await entryOf(1, course.id);
    expect(offer?.status).toBe('offered');
    const hold = Date.parse(offer?.holdUntil ?? '') - Date.now();
    expect(hold).toBeGreaterThan(23 * 3_600_000);
    expect(hold).toBeLessThanOrEqual(24 * 3_600_000);
    expect((await entryOf(2, course.id))?.position).toBe(1);
    // The held seat is not open to anyone else, but is to the offered child.
    expect(await seatsLeft(course.id)).toBe(0);
    await emptyCart(3);
    expect((await addToCart(3, course.id)).status).toBe(409);
    await buy(1, course.id);
    expect(await activeIn(course.id)).toBe(1);
    expect((await entries(course.id)).find((e) => e.childId === parent(1).child)?.status).toBe('enrolled');
  });

  it('an offer whose hold runs out passes to the next child; a refund and a raised capacity offer seats too', async () => {
    const course = await newCourse('مهلت و ظرفیت', 1);
    const bought = await buy(0, course.id);
    await join(1, course.id);
    await join(2, course.id);
    await join(3, course.id);
    // The order is refunded by the admin: its enrolment is cancelled and the seat offered.
    const order = (await server.call<{ items: Array<{ id: number; version: number }> }>('GET', '/api/OrderRecord/GetSelectList', { token: admin, query: { page: '1', ids: String(bought.orderId) } })).body.items[0];
    if (!order) throw new Error('no order');
    expect((await server.call('POST', '/api/OrderRecord/Refund', { token: admin, body: { id: order.id, version: order.version } })).status).toBe(200);
    expect((await entryOf(1, course.id))?.status).toBe('offered');

    await rawSql(server.dataDir, `update waitlist_entries set "holdUntil" = '${longAgo}' where "childId" = ${parent(1).child} and "courseId" = ${course.id}`);
    // Read by the next parent: the run-out offer is closed and the seat offered to their child.
    expect((await entryOf(2, course.id))?.status).toBe('offered');
    expect((await entryOf(1, course.id))?.status).toBe('expired');
    expect((await entryOf(3, course.id))?.position).toBe(1);

    const raised = await server.call('PUT', '/api/Course/Update', { token: admin, body: { ...course.body, id: course.id, capacity: 2 } });
    expect(raised.status, raised.text).toBe(200);
    expect((await entryOf(3, course.id))?.status).toBe('offered');
  });

  it('an order that ends unpaid (cancelled on the gateway) offers the seats it held', async () => {
    const course = await newCourse('سفارش رهاشده', 1);
    await emptyCart(0);
    expect((await addToCart(0, course.id)).status).toBe(200);
    const page = await checkout(0);
    expect(page.status).toBe(200);
    expect((await join(1, course.id)).status).toBe(200);
    expect((await verify(0, page.body, 'NOK')).body.status).toBe('cancelled');
    expect((await entryOf(1, course.id))?.status).toBe('offered');
  });

  it('the admin offers a seat to a child or takes them off the list; an offer cannot exceed the seats', async () => {
    const course = await newCourse('اقدام مدیر', 1);
    await buy(0, course.id);
    await join(1, course.id);
    await join(2, course.id);
    const [first, second] = await entries(course.id);
    if (!first || !second) throw new Error('no entries');
    const noSeat = await server.call<{ message: string }>('POST', '/api/WaitlistEntry/Offer', { token: admin, body: { id: second.id, version: second.version } });
    expect(noSeat.status).toBe(409);
    expect(noSeat.body.message).toContain('صندلی خالی ندارد');
    const raised = await server.call('PUT', '/api/Course/Update', { token: admin, body: { ...course.body, id: course.id, capacity: 2 } });
    expect(raised.status).toBe(200);
    // The raise offered the seat to the first; taking them off passes it to the second.
    expect((await entries(course.id)).map((e) => e.status)).toEqual(['offered', 'waiting']);
    const fresh = (await entries(course.id))[0];
    if (!fresh) throw new Error('no entry');
    const removed = await server.call<{ record: EntryRow }>('POST', '/api/WaitlistEntry/Remove', { token: admin, body: { id: fresh.id, version: fresh.version } });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.record.status).toBe('left');
    expect((await entries(course.id)).map((e) => e.status)).toEqual(['left', 'offered']);
    // A learner cannot run the admin's actions.
    expect((await server.call('POST', '/api/WaitlistEntry/Offer', { token: parent(1).token, body: { id: fresh.id } })).status).toBe(403);
  });
});
