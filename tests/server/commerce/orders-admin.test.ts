// @vitest-environment node
// Orders, payments and enrolments in the panel, against the real server
// on SQLite, or PostgreSQL with TEST_DATABASE=postgres: every gateway call is recorded as a
// payment attempt with the masked card; a paid order is refunded through the gateway's refund
// call (or recorded as a manual refund without one), cancelling what it paid for; refusals change
// nothing; an enrolment is cancelled with or without its price paid back; lists filter by a Jalali
// date range; the roster's CSV carries the parent's name and phone through the child.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionsFor } from '../../../schema/define';
import { refundableOf, refundRefusals } from '../../../schema/orders';
import { registry } from '../../../schema/registry.gen';
import { academyDayOf, dayKey } from '../../../schema/rules/calendar';
import { startFakeGateway, type FakeGateway } from '../../support/fake-gateway';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';
import { sampleChild } from '../../support/samples';
import type { AttemptRow, EnrolmentRow, OrderRow } from '../../support/adminRows';

let gateway: FakeGateway;
let server: TestServer;
let admin: string;
let learner: string;
let courses: Array<{ id: number; title: string; priceInTomans: number; registrationOpen: boolean; seatsLeft: number | null }>;

const list = <T>(api: string, query: Record<string, string>, token = admin) =>
  server.call<{ items: T[]; total: number; message?: string }>('GET', `/api/${api}/GetSelectList`, { token, query: { page: '1', ...query } });
const orderById = async (id: number) => {
  const found = (await list<OrderRow>('OrderRecord', { ids: String(id) })).body.items[0];
  if (!found) throw new Error(`no order ${id}`);
  return found;
};
const enrolmentsOf = async (orderId: number) => (await list<EnrolmentRow>('EnrollmentRecord', { 'f.orderId': String(orderId) })).body.items;
const attemptsOf = async (orderId: number) => (await list<AttemptRow>('PaymentAttemptRecord', { 'f.orderId': String(orderId), sort: 'id' })).body.items;
/** An action's answer is { record, notice? }, a refusal { message }: a refusal's record is `none`. */
async function act<T extends object>(path: string, body: object, token: string, none: T) {
  const answer = await server.call<{ record?: T; message?: string; conflict?: unknown }>('POST', path, { token, body });
  return { status: answer.status, text: answer.text, body: { ...(answer.body.record ?? none), message: answer.body.message }, conflict: answer.body.conflict };
}
const noOrder: OrderRow = { id: 0, version: 0, status: '', totalInTomans: 0, discountInTomans: 0, refundedInTomans: 0, refundDueInTomans: 0, cardPan: '', refId: '', userId: 0, refundUnconfirmedAt: null };
const noEnrolment: EnrolmentRow = { id: 0, version: 0, status: '', childId: 0, courseId: 0, orderId: 0 };
/** The order's actions its row offers, as the admin's list and detail view decide them. */
const offered = (order: OrderRow) => actionsFor(registry.orders, { ...order }).map((action) => action.key);
const manualRefund = (order: OrderRow, on = server, token = admin) =>
  on.call<{ record?: OrderRow; message?: string }>('POST', '/api/OrderRecord/RecordManualRefund', {
    token,
    body: { id: order.id, version: order.version, amountInTomans: refundableOf(order), paidBackOn: null, reference: '' },
  });
const refund = (order: { id: number; version?: number }, token = admin) =>
  act('/api/OrderRecord/Refund', { id: order.id, ...(order.version === undefined ? {} : { version: order.version }) }, token, noOrder);
const cancelEnrolment = (answer: 'refund' | 'keep', row: { id: number; version: number }, token = admin) =>
  act('/api/EnrollmentRecord/Cancel', { id: row.id, version: row.version, refund: answer }, token, noEnrolment);
const moveEnrolment = (row: { id: number; version: number }, courseId: number, token = admin) =>
  act('/api/EnrollmentRecord/Move', { id: row.id, version: row.version, courseId }, token, noEnrolment);

/** A learner's new child bought these courses: checkout, the gateway's page paid, verified. */
async function buy(server: TestServer, token: string, courseIds: number[], name: string): Promise<number> {
  const child = await server.call<{ id: number }>('POST', '/api/Children/Create', { token, body: { firstName: name, lastName: 'رضایی', ...sampleChild } });
  expect(child.status).toBe(200);
  for (const courseId of courseIds) {
    const added = await server.call('POST', '/api/Cart/Add', { token, body: { courseId, childId: child.body.id } });
    expect(added.status, added.text).toBe(200);
  }
  const checkout = await server.call<{ orderId: number; paymentUrl: string }>('POST', '/api/Orders/Checkout', { token });
  expect(checkout.status, checkout.text).toBe(200);
  const pay = await fetch(`${checkout.body.paymentUrl}/pay`, { method: 'POST', redirect: 'manual' });
  const back = new URL(pay.headers.get('location') ?? '');
  const verified = await server.call<{ status: string }>('GET', '/api/Payment/Verify', {
    token,
    query: { Authority: back.searchParams.get('Authority') ?? '', Status: 'OK' },
  });
  expect(verified.body.status).toBe('paid');
  return checkout.body.orderId;
}

const jalaliDay = (date: Date) => dayKey(academyDayOf(date));

beforeAll(async () => {
  gateway = await startFakeGateway();
  server = await startServer({ paymentGatewayUrl: gateway.url, gatewayRefundToken: gateway.refundToken });
  admin = await server.signIn(adminPhone, adminPassword);
  learner = await signUpLearner(server, '09121234001');
  courses = (await server.call<{ courses: typeof courses }>('GET', '/api/Public/courses')).body.courses.filter((c) => c.registrationOpen && c.seatsLeft !== 0 && c.priceInTomans > 0);
  if (courses.length < 3) throw new Error('the seed needs three open paid courses');
});
afterAll(async () => {
  await server?.close();
  await gateway?.close();
});

describe('orders and their payment attempts', () => {
  it('records the gateway request and verify of an order, with the masked card, and lists orders by status', async () => {
    const [course] = courses;
    if (!course) throw new Error('no course');
    const orderId = await buy(server, learner, [course.id], 'آوا');
    const order = await orderById(orderId);
    expect(order).toMatchObject({ status: 'paid', totalInTomans: course.priceInTomans, cardPan: '502229******5995' });
    const attempts = await attemptsOf(orderId);
    expect(attempts.map((a) => `${a.kind}:${a.outcome}`)).toEqual(['request:ok', 'verify:ok']);
    expect(attempts[1]).toMatchObject({ cardPan: '502229******5995', refId: order.refId, amountInTomans: course.priceInTomans });

    const paid = await list<OrderRow>('OrderRecord', { 'f.status': 'paid', pageSize: '500' });
    expect(paid.body.items.every((o) => o.status === 'paid')).toBe(true);
    expect(paid.body.items.some((o) => o.id === orderId)).toBe(true);
    const pending = await list<OrderRow>('OrderRecord', { 'f.status': 'pending' });
    expect(pending.body.items.some((o) => o.id === orderId)).toBe(false);
  });

  it('filters by a Jalali date range on the server, and refuses a malformed one in Persian', async () => {
    const today = jalaliDay(new Date());
    const recent = await list<OrderRow>('OrderRecord', { 'f.createdAt': `${today}..${today}`, pageSize: '500' });
    expect(recent.status).toBe(200);
    expect(recent.body.items.length).toBeGreaterThan(0);
    // The seed's orders are days old: a range that ends yesterday holds only those.
    const yesterday = jalaliDay(new Date(Date.now() - 86_400_000));
    const older = await list<OrderRow>('OrderRecord', { 'f.createdAt': `..${yesterday}`, pageSize: '500' });
    const all = await list<OrderRow>('OrderRecord', { pageSize: '500' });
    expect(older.body.total + recent.body.total).toBe(all.body.total);
    const recentIds = new Set(recent.body.items.map((o) => o.id));
    expect(older.body.items.filter((o) => recentIds.has(o.id))).toEqual([]);
    // Persian digits are read too; the status filter combines with it.
    const persian = await list<OrderRow>('OrderRecord', { 'f.createdAt': `${today.replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] ?? d)}..`, 'f.status': 'paid' });
    expect(persian.status).toBe(200);
    expect(persian.body.items.every((o) => o.status === 'paid')).toBe(true);
    for (const bad of ['1403-13-01..', '..', 'yesterday', '1403-02-01..1403-01-01']) {
      const refused = await list<OrderRow>('OrderRecord', { 'f.createdAt': bad });
      expect(refused.status, bad).toBe(400);
      expect(refused.body.message).toMatch(/بازه تاریخ/);
    }
  });
});

describe('refunding an order', () => {
  it('pays the order back through the gateway, cancels what it paid for and says so on the order', async () => {
    const [, second, third] = courses;
    if (!second || !third) throw new Error('no courses');
    const orderId = await buy(server, learner, [second.id, third.id], 'بردیا');
    const before = await orderById(orderId);
    expect((await enrolmentsOf(orderId)).map((e) => e.status)).toEqual(['active', 'active']);

    // A paid order offers the gateway's refund only; the manual one is refused, changing nothing.
    expect(before.refundUnconfirmedAt).toBeNull();
    expect(offered(before)).toEqual(['refund']);
    const early = await manualRefund(before);
    expect(early.status, early.text).toBe(409);
    expect(early.body.message).toBe(refundRefusals.notUnconfirmed);
    expect(await orderById(orderId)).toMatchObject({ status: 'paid', version: before.version });

    const refunded = await refund(before);
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.body).toMatchObject({ status: 'refunded', refundedInTomans: before.totalInTomans, version: before.version + 1 });
    const call = gateway.refundCalls.at(-1);
    expect(call).toMatchObject({ amount: before.totalInTomans * 10, token: gateway.refundToken });
    expect((await enrolmentsOf(orderId)).map((e) => e.status)).toEqual(['cancelled', 'cancelled']);
    // The learner no longer sees the courses as theirs; their order says refunded.
    const mine = await server.call<Array<{ course: { id: number } }>>('GET', '/api/Enrollments', { token: learner });
    expect(mine.body.some((e) => e.course.id === second.id || e.course.id === third.id)).toBe(false);
    const orders = await server.call<Array<{ id: number; status: string }>>('GET', '/api/Orders', { token: learner });
    expect(orders.body.find((o) => o.id === orderId)?.status).toBe('refunded');
    expect((await attemptsOf(orderId)).map((a) => `${a.kind}:${a.outcome}`)).toEqual(['request:ok', 'verify:ok', 'refund:ok']);
    // Audited, as every action is.
    const audit = await server.call<{ items: Array<{ entity: string; recordId: number }> }>('GET', '/api/Admin/audit', { token: admin, query: { entity: 'orders' } });
    expect(audit.body.items.some((entry) => entry.entity === 'orders' && entry.recordId === orderId)).toBe(true);

    // Refused again, in Persian, and nothing more is sent to the gateway.
    const calls = gateway.refundCalls.length;
    const again = await refund(refunded.body);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('وجه این سفارش پیش‌تر بازگردانده شده است');
    expect(gateway.refundCalls.length).toBe(calls);
  });

  it('refuses an unpaid order, a stale version and a gateway refusal, changing nothing', async () => {
    const failed = (await list<OrderRow>('OrderRecord', { 'f.status': 'failed' })).body.items[0];
    if (!failed) throw new Error('the seed has a failed order');
    const notPaid = await refund(failed);
    expect(notPaid.status).toBe(409);
    expect(notPaid.body.message).toBe('این سفارش پرداخت نشده است و وجهی برای بازگشت ندارد');

    const [course] = courses;
    if (!course) throw new Error('no course');
    const orderId = await buy(server, learner, [courses[2]?.id ?? course.id], 'کیان');
    const order = await orderById(orderId);
    const stale = await refund({ id: order.id, version: order.version + 1 });
    expect(stale.status).toBe(409);
    expect(stale.conflict).toMatchObject({ current: { id: order.id, version: order.version } });

    gateway.failRefunds = true;
    try {
      const refused = await refund(order);
      expect(refused.status).toBe(502);
      expect(refused.body.message).toMatch(/هیچ تغییری ثبت نشد/);
    } finally {
      gateway.failRefunds = false;
    }
    // Only the refusal is noted (the attempt, and the mark that lets it be recorded by hand).
    expect(await orderById(orderId)).toMatchObject({ status: 'paid', version: order.version, refundedInTomans: 0 });
    expect((await enrolmentsOf(orderId)).map((e) => e.status)).toEqual(['active']);
    expect((await attemptsOf(orderId)).map((a) => `${a.kind}:${a.outcome}`)).toEqual(['request:ok', 'verify:ok', 'refund:refused']);
  });

  it('lists what each order bought (the many columns read its items in one call), and refuses a spec that is not declared', async () => {
    const [first, second] = courses;
    if (!first || !second) throw new Error('no courses');
    const orderId = await buy(server, learner, [first.id, second.id], 'مهسا');
    const read = (many: string) =>
      server.call<{ labels: Record<string, string>; message?: string }>('GET', '/api/Admin/{entity}/labels', { token: admin, params: { entity: 'orders' }, query: { ids: String(orderId), many } });
    const titles = await read('orderItems.orderId.courseTitle');
    expect(titles.status).toBe(200);
    expect(titles.body.labels[String(orderId)]?.split('، ').sort()).toEqual([first.title, second.title].sort());
    // The same child in two courses is named once.
    expect((await read('orderItems.orderId.childName')).body.labels[String(orderId)]).toBe('مهسا رضایی');
    for (const bad of ['users.id.passwordHash', 'orderItems.courseId.courseTitle', 'orderItems.orderId.secret', 'x']) {
      const refused = await read(bad);
      expect(refused.status, bad).toBe(400);
      expect(refused.body.message).toMatch(/در این بخش وجود ندارد/);
    }
    const csv = await server.call('GET', '/api/Admin/{entity}/export', { token: admin, params: { entity: 'orders' }, query: { ids: String(orderId) } });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('فرزندان,دوره‌ها');
    expect(csv.text).toContain(first.title);
  });

  it('is the administrators’ alone: a learner gets 403 on the refund, the lists and the path labels', async () => {
    const order = (await list<OrderRow>('OrderRecord', { 'f.status': 'paid' })).body.items[0];
    if (!order) throw new Error('no paid order');
    expect((await refund(order, learner)).status).toBe(403);
    expect((await list<OrderRow>('OrderRecord', {}, learner)).status).toBe(403);
    expect((await list<EnrolmentRow>('EnrollmentRecord', {}, learner)).status).toBe(403);
    const labels = await server.call('GET', '/api/Admin/{entity}/labels', { token: learner, params: { entity: 'children' }, query: { ids: '1', path: 'userId.phoneNumber' } });
    expect(labels.status).toBe(403);
    expect(await orderById(order.id)).toMatchObject({ status: 'paid', version: order.version });
  });
});

describe('a refund through the gateway left unanswered', () => {
  it('marks the order, which then offers the manual refund only — an enrolment’s refund is refused too — until it is recorded', async () => {
    const [first, second] = courses;
    if (!first || !second) throw new Error('no courses');
    const orderId = await buy(server, learner, [first.id, second.id], 'نیوشا');
    const before = await orderById(orderId);
    gateway.inject('refund', 'droppedAfter');
    const lost = await refund(before);
    gateway.clear();
    expect(lost.status, lost.text).toBe(502);
    const marked = await orderById(orderId);
    expect(marked).toMatchObject({ status: 'paid', version: before.version + 1, refundedInTomans: 0 });
    expect(Number.isNaN(Date.parse(marked.refundUnconfirmedAt ?? ''))).toBe(false);
    expect(offered(marked)).toEqual(['manualRefund']);

    // Neither the order's refund nor an enrolment's goes through the gateway again.
    const calls = gateway.refundCalls.length;
    const again = await refund(marked);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(refundRefusals.unconfirmed);
    const [one] = await enrolmentsOf(orderId);
    if (!one) throw new Error('an enrolment expected');
    const viaEnrolment = await cancelEnrolment('refund', one);
    expect(viaEnrolment.status).toBe(409);
    expect(viaEnrolment.body.message).toBe(refundRefusals.unconfirmed);
    expect(gateway.refundCalls.length).toBe(calls);
    expect((await enrolmentsOf(orderId)).map((e) => e.status)).toEqual(['active', 'active']);

    const manual = await manualRefund(marked);
    expect(manual.status, manual.text).toBe(200);
    expect(manual.body.record).toMatchObject({ status: 'refunded', refundedInTomans: before.totalInTomans, refundUnconfirmedAt: null });
    expect(offered(await orderById(orderId))).toEqual([]);
    expect((await enrolmentsOf(orderId)).map((e) => e.status)).toEqual(['cancelled', 'cancelled']);
    expect((await attemptsOf(orderId)).map((a) => `${a.kind}:${a.outcome}`)).toEqual(['request:ok', 'verify:ok', 'refund:unreachable', 'manualRefund:ok']);
  });
});

describe('enrolments and rosters', () => {
  it('cancels an enrolment with its price paid back on the order, and without', async () => {
    const [first, second] = courses;
    if (!first || !second) throw new Error('no courses');
    const orderId = await buy(server, learner, [first.id, second.id], 'ترانه');
    const order = await orderById(orderId);
    const [one, two] = await enrolmentsOf(orderId);
    if (!one || !two) throw new Error('two enrolments expected');
    const price = (id: number) => courses.find((c) => c.id === id)?.priceInTomans ?? 0;

    const withRefund = await cancelEnrolment('refund', one);
    expect(withRefund.status, withRefund.text).toBe(200);
    expect(withRefund.body.status).toBe('cancelled');
    expect(gateway.refundCalls.at(-1)).toMatchObject({ amount: price(one.courseId) * 10 });
    // Part of the order paid back: it stays paid, the amount noted.
    expect(await orderById(orderId)).toMatchObject({ status: 'paid', refundedInTomans: price(one.courseId), version: order.version + 1 });

    const again = await cancelEnrolment('keep', withRefund.body);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('این ثبت‌نام پیش‌تر لغو شده است');

    const plain = await cancelEnrolment('keep', two);
    expect(plain.status).toBe(200);
    expect(await orderById(orderId)).toMatchObject({ status: 'paid', refundedInTomans: price(one.courseId) });

    // The learner may buy the cancelled course again: the enrolment is taken up anew.
    const rebought = await buy(server, learner, [two.courseId], 'ترانه دوم');
    expect((await enrolmentsOf(rebought)).map((e) => e.status)).toEqual(['active']);
  });

  it('moves a child to another course with its payment, refuses a course they are in, and a later refund pays back what was bought', async () => {
    const [first, second, third] = courses;
    if (!first || !second || !third) throw new Error('three courses expected');
    const price = (id: number) => courses.find((c) => c.id === id)?.priceInTomans ?? 0;
    const orderId = await buy(server, learner, [first.id, second.id], 'کیان');
    const bought = await enrolmentsOf(orderId);
    const one = bought.find((e) => e.courseId === first.id);
    const two = bought.find((e) => e.courseId === second.id);
    if (!one || !two) throw new Error('two enrolments expected');

    // The inputs are checked as an entity's fields are: a missing answer, an unknown course.
    const unanswered = await act('/api/EnrollmentRecord/Cancel', { id: one.id, version: one.version }, admin, noEnrolment);
    expect(unanswered.status).toBe(400);
    expect(unanswered.body.message).toBe('بازگشت وجه ارسال نشده است');
    const nowhere = await moveEnrolment(one, 2_000_000);
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.message).toMatch(/دوره مقصد/);
    const occupied = await moveEnrolment(one, two.courseId);
    expect(occupied.status).toBe(409);
    expect(occupied.body.message).toBe('این فرزند در دوره مقصد هم ثبت‌نام دارد؛ نمی‌توان او را به آن منتقل کرد');

    const moved = await moveEnrolment(one, third.id);
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ courseId: third.id, orderId, status: 'active', version: one.version + 1 });
    expect((await enrolmentsOf(orderId)).map((e) => e.courseId).sort()).toEqual([second.id, third.id].sort());

    // The order line was for the first course: that is the price paid back.
    const cancelled = await cancelEnrolment('refund', moved.body);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await orderById(orderId)).toMatchObject({ refundedInTomans: price(first.id) });
  });

  it('refuses a refund for an enrolment made by hand', async () => {
    const manual = (await list<EnrolmentRow>('EnrollmentRecord', { 'f.orderId': '0', 'f.status': 'active' })).body.items;
    const all = (await list<EnrolmentRow>('EnrollmentRecord', { pageSize: '500' })).body.items.filter((e) => e.orderId === 0 && e.status === 'active');
    const target = manual[0] ?? all[0];
    if (!target) throw new Error('the seed has a manual enrolment');
    const refused = await cancelEnrolment('refund', target);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('این ثبت‌نام دستی بوده و پرداختی برای بازگشت ندارد؛ آن را بدون بازگشت وجه لغو کنید');
  });

  it('exports a course’s roster as CSV with the parent’s name and phone, read through the child', async () => {
    const [course] = courses;
    if (!course) throw new Error('no course');
    const roster = await list<EnrolmentRow>('EnrollmentRecord', { 'f.courseId': String(course.id), pageSize: '500' });
    expect(roster.body.items.length).toBeGreaterThan(0);
    expect(roster.body.items.every((e) => e.courseId === course.id)).toBe(true);

    const response = await fetch(`${server.url}/api/Admin/enrollments/export?f.courseId=${course.id}`, { headers: { Authorization: `Bearer ${admin}` } });
    expect(response.status).toBe(200);
    const lines = (await response.text()).replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toBe('شناسه,فرزند,والد,تلفن والد,سن,دوره,تاریخ ثبت‌نام,پرداخت (کد پیگیری),وضعیت');
    expect(lines.length - 1).toBe(roster.body.total);
    // The learner who signed up above: «نگار آزمایشی», phone 09121234001 in Latin digits (an SMS panel matches them).
    expect(lines.some((line) => line.includes('نگار آزمایشی') && line.includes(',09121234001,'))).toBe(true);

    const children = roster.body.items.map((e) => e.childId).join(',');
    const phones = await server.call<{ labels: Record<string, string> }>('GET', '/api/Admin/{entity}/labels', {
      token: admin,
      params: { entity: 'children' },
      query: { ids: children, path: 'userId.phoneNumber' },
    });
    expect(phones.status).toBe(200);
    expect(Object.values(phones.body.labels)).toContain('09121234001');
    // Only declared fields are reachable: a password hash is not.
    const hidden = await server.call('GET', '/api/Admin/{entity}/labels', { token: admin, params: { entity: 'children' }, query: { ids: children, path: 'userId.passwordHash' } });
    expect(hidden.status).toBe(400);
  });
});

describe('without a refund token', () => {
  it('records the refund as made by hand, and still cancels the enrolments', async () => {
    const manualServer = await startServer({ paymentGatewayUrl: gateway.url });
    try {
      const token = await manualServer.signIn(adminPhone, adminPassword);
      const paid = await manualServer.call<{ items: OrderRow[] }>('GET', '/api/OrderRecord/GetSelectList', { token, query: { 'f.status': 'paid', page: '1' } });
      const order = paid.body.items[0];
      if (!order) throw new Error('the seed has a paid order');
      // The plain refund is the manual one here: the row offers it alone, and the server refuses the other.
      expect(offered(order)).toEqual(['refund']);
      const other = await manualRefund(order, manualServer, token);
      expect(other.status, other.text).toBe(409);
      expect(other.body.message).toBe(refundRefusals.notUnconfirmed);
      const calls = gateway.refundCalls.length;
      const refunded = await manualServer.call<{ record: OrderRow }>('POST', '/api/OrderRecord/Refund', { token, body: { id: order.id, version: order.version } });
      expect(refunded.status, refunded.text).toBe(200);
      expect(refunded.body.record.status).toBe('refunded');
      expect(gateway.refundCalls.length).toBe(calls);
      const attempts = await manualServer.call<{ items: AttemptRow[] }>('GET', '/api/PaymentAttemptRecord/GetSelectList', { token, query: { 'f.orderId': String(order.id), page: '1' } });
      expect(attempts.body.items.map((a) => a.kind)).toContain('manualRefund');
      const enrolments = await manualServer.call<{ items: EnrolmentRow[] }>('GET', '/api/EnrollmentRecord/GetSelectList', { token, query: { 'f.orderId': String(order.id), page: '1' } });
      expect(enrolments.body.items.length).toBeGreaterThan(0);
      expect(enrolments.body.items.every((e) => e.status === 'cancelled')).toBe(true);
    } finally {
      await manualServer.close();
    }
  });
});
