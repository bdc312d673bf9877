// @vitest-environment node
// Money and records, against the real server on SQLite, or PostgreSQL with
// TEST_DATABASE=postgres: one cart opens one order however often (and however concurrently) it
// is checked out; a payment that finds nothing left to enrol is owed back, not sold; a learner's
// paid orders and enrolments survive every delete path; the gateway double confirms only
// payments actually made; a production server refuses the sandbox gateway.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../server/platform/config';
import { startFakeGateway, type FakeGateway } from '../../support/fake-gateway';
import { rawSql } from '../../support/postgres-db';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';
import { sampleChild } from '../../support/samples';

let gateway: FakeGateway;
let server: TestServer;
let admin: string;
let courses: PublicCourse[];

interface PublicCourse {
  id: number;
  title: string;
  priceInTomans: number;
  registrationOpen: boolean;
  /** null: no capacity; 0: full (a seat held from the waiting list counts). */
  seatsLeft: number | null;
}
interface Checkout {
  orderId: number;
  paymentUrl: string;
}
interface PaymentResult {
  orderId: number;
  status: string;
  refId?: string;
  refundDueInTomans?: number;
}
interface Order {
  id: number;
  status: string;
  totalInTomans: number;
  refundDueInTomans: number;
  refId: string | null;
}
type Dashboard = Record<string, number>;

beforeAll(async () => {
  gateway = await startFakeGateway();
  server = await startServer({ paymentGatewayUrl: gateway.url });
  admin = await server.signIn(adminPhone, adminPassword);
  courses = (await server.call<{ courses: PublicCourse[] }>('GET', '/api/Public/courses')).body.courses.filter((c) => c.registrationOpen && c.seatsLeft !== 0 && c.priceInTomans > 0);
  if (courses.length < 3) throw new Error('the seed needs three open paid courses');
});
afterAll(async () => {
  await server?.close();
  await gateway?.close();
});

const course = (index: number): PublicCourse => {
  const found = courses[index];
  if (!found) throw new Error(`no open course #${index}`);
  return found;
};
const newChild = async (token: string, firstName: string) => {
  const answer = await server.call<{ id: number }>('POST', '/api/Children/Create', { token, body: { firstName, lastName: 'مالی', ...sampleChild } });
  expect(answer.status).toBe(200);
  return answer.body.id;
};
const addToCart = async (token: string, courseId: number, childId: number) => {
  const answer = await server.call('POST', '/api/Cart/Add', { token, body: { courseId, childId } });
  expect(answer.status, answer.text).toBe(200);
};
const checkout = async (token: string) => {
  const answer = await server.call<Checkout>('POST', '/api/Orders/Checkout', { token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};
const authorityOf = (c: Checkout) => decodeURIComponent(new URL(c.paymentUrl).pathname.split('/').pop() ?? '');
const verify = async (token: string, c: Checkout, Status = 'OK') => {
  const answer = await server.call<PaymentResult>('GET', '/api/Payment/Verify', { token, query: { Authority: authorityOf(c), Status } });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};
/** The payer completes the gateway's page (the «پرداخت» link), then comes back to the callback. */
const payAndVerify = async (token: string, c: Checkout) => {
  const pay = await fetch(`${c.paymentUrl}/pay`, { method: 'POST', redirect: 'manual' });
  expect(new URL(pay.headers.get('location') ?? '').searchParams.get('Status')).toBe('OK');
  return verify(token, c);
};
const orders = async (token: string) => (await server.call<Order[]>('GET', '/api/Orders', { token })).body;
const enrolments = async (token: string) =>
  (await server.call<Array<{ childId: number; course: { id: number } }>>('GET', '/api/Enrollments', { token })).body.map((e) => `${e.childId}:${e.course.id}`).sort();
const userRows = async () =>
  (await server.call<{ queryResult: Array<{ id: number; version: number }> }>('GET', '/api/User/GetPagedFilter', { token: admin })).body.queryResult;
const dashboard = async () => (await server.call<Dashboard>('GET', '/api/User/GetDashboardData', { token: admin })).body;

describe('one cart, one open order (item 6)', () => {
  it('parallel checkouts of one cart open one order and one gateway payment; checking out again reuses it', async () => {
    const token = await signUpLearner(server, '09371000001');
    const child = await newChild(token, 'یکتا');
    await addToCart(token, course(0).id, child);
    const requestsBefore = gateway.requestCalls.length;

    const answers = await Promise.all(Array.from({ length: 6 }, () => server.call<Checkout>('POST', '/api/Orders/Checkout', { token })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const first = answers[0]?.body;
    if (!first) throw new Error('no checkout');
    for (const answer of answers) expect(answer.body).toEqual(first);
    expect(gateway.requestCalls.length - requestsBefore).toBe(1);
    expect((await orders(token)).map((o) => o.status)).toEqual(['pending']);

    // Later, the same cart: the same order and the same gateway page.
    expect(await checkout(token)).toEqual(first);
    expect(gateway.requestCalls.length - requestsBefore).toBe(1);

    expect(await payAndVerify(token, first)).toMatchObject({ orderId: first.orderId, status: 'paid' });
    expect((await server.call('POST', '/api/Orders/Checkout', { token })).status).toBe(409);
    expect((await orders(token)).map((o) => o.status)).toEqual(['paid']);
  });

  it('a payment that finds nothing left to enrol is refundDue (kept refId, counted apart), a partly enrollable one is paid with the rest owed back', async () => {
    const token = await signUpLearner(server, '09371000002');
    const [c0, c1] = [course(0), course(1)];
    // Past the gateway's window for reversing a payment (inside it, the payment is reversed at
    // once: tests/server/commerce/zarinpal.test.ts), so it is owed back.
    gateway.reverseWindowMs = 0;

    // Order A for one course is paid on the gateway in one tab; meanwhile the cart grows and a
    // new checkout opens order B (A is set aside), which is paid and verified first.
    const child = await newChild(token, 'آرین');
    await addToCart(token, c0.id, child);
    const a = await checkout(token);
    await fetch(`${a.paymentUrl}/pay`, { method: 'POST', redirect: 'manual' });
    await addToCart(token, c1.id, child);
    const b = await checkout(token);
    expect(b.orderId).not.toBe(a.orderId);
    expect((await orders(token)).map((o) => [o.id, o.status])).toEqual([
      [b.orderId, 'pending'],
      [a.orderId, 'expired'],
    ]);
    expect(await payAndVerify(token, b)).toMatchObject({ orderId: b.orderId, status: 'paid' });
    expect(await enrolments(token)).toEqual([`${child}:${c0.id}`, `${child}:${c1.id}`].sort());

    // A's payment comes back: everything it bought is enrolled already.
    const before = await dashboard();
    const late = await verify(token, a);
    expect(late).toMatchObject({ orderId: a.orderId, status: 'refundDue', refundDueInTomans: c0.priceInTomans });
    expect(late.refId).toBeTruthy();
    expect(await verify(token, a)).toEqual(late);
    expect(await enrolments(token)).toEqual([`${child}:${c0.id}`, `${child}:${c1.id}`].sort());
    const stored = (await orders(token)).find((o) => o.id === a.orderId);
    expect(stored).toMatchObject({ status: 'refundDue', refundDueInTomans: c0.priceInTomans, refId: late.refId });
    const after = await dashboard();
    expect(after.totalCoursesSold).toBe(before.totalCoursesSold);
    expect(after.refundDueOrders).toBe((before.refundDueOrders ?? 0) + 1);
    expect(after.refundDueInTomans).toBe((before.refundDueInTomans ?? 0) + c0.priceInTomans);

    // Partly: C (course 0) is paid and verified first; D (courses 0 and 1) then enrols course 1 only.
    const other = await newChild(token, 'دریا');
    await addToCart(token, c0.id, other);
    const c = await checkout(token);
    await fetch(`${c.paymentUrl}/pay`, { method: 'POST', redirect: 'manual' });
    await addToCart(token, c1.id, other);
    const d = await checkout(token);
    expect(await verify(token, c)).toMatchObject({ orderId: c.orderId, status: 'paid' });
    const partial = await payAndVerify(token, d);
    expect(partial).toMatchObject({ orderId: d.orderId, status: 'paid', refundDueInTomans: c0.priceInTomans });
    expect(await enrolments(token)).toEqual([`${child}:${c0.id}`, `${child}:${c1.id}`, `${other}:${c0.id}`, `${other}:${c1.id}`].sort());
    const final = await dashboard();
    expect(final.totalCoursesSold).toBe((after.totalCoursesSold ?? 0) + 2);
    expect(final.refundDueOrders).toBe((after.refundDueOrders ?? 0) + 1);
  });
});

describe('the gateway confirms only payments made (item 8)', () => {
  it('verify before paying leaves the order unpaid and not enrolled; paying afterwards settles it', async () => {
    const token = await signUpLearner(server, '09371000003');
    const child = await newChild(token, 'سینا');
    await addToCart(token, course(2).id, child);
    const order = await checkout(token);
    const before = await dashboard();
    const verifiesBefore = gateway.verifyCalls.length;

    // The callback with Status=OK, sent without paying (typed in, or forged).
    expect(await verify(token, order)).toEqual({ orderId: order.orderId, status: 'failed' });
    expect(gateway.verifyCalls.length - verifiesBefore).toBe(1);
    expect(gateway.stateOf(authorityOf(order))).toBe('unpaid');
    expect((await orders(token)).map((o) => [o.id, o.status, o.refId])).toEqual([[order.orderId, 'pending', null]]);
    expect(await enrolments(token)).toEqual([]);
    expect((await dashboard()).totalCoursesSold).toBe(before.totalCoursesSold);

    // The order stays payable: the same page, paid for real, settles it.
    expect(await checkout(token)).toEqual(order);
    expect(await payAndVerify(token, order)).toMatchObject({ orderId: order.orderId, status: 'paid' });
    expect(await enrolments(token)).toEqual([`${child}:${course(2).id}`]);
  });

  it('answers like Zarinpal v4: -51 unpaid, 100 then 101, -50 for another amount, -54 for an unknown authority (amounts in rials)', async () => {
    const call = async (path: string, body: object) => {
      const response = await fetch(`${gateway.url}/pg/v4/payment/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      const answer: unknown = await response.json();
      return answer;
    };
    const merchant_id = 'm-1';
    const requested = await call('request.json', { merchant_id, amount: 250_000, callback_url: 'http://academy.test/dashboard/payment', description: 'x' });
    expect(requested).toMatchObject({ data: { code: 100 } });
    const authority = typeof requested === 'object' && requested && 'data' in requested && typeof requested.data === 'object' && requested.data && 'authority' in requested.data ? String(requested.data.authority) : '';
    expect(await call('verify.json', { merchant_id, amount: 250_000, authority })).toMatchObject({ data: [], errors: { code: -51 } });
    gateway.pay(authority);
    expect(await call('verify.json', { merchant_id, amount: 25_000, authority })).toMatchObject({ errors: { code: -50 } });
    expect(await call('verify.json', { merchant_id: 'other', amount: 250_000, authority })).toMatchObject({ errors: { code: -53 } });
    expect(await call('verify.json', { merchant_id, amount: 250_000, authority })).toMatchObject({ data: { code: 100 } });
    expect(await call('verify.json', { merchant_id, amount: 250_000, authority })).toMatchObject({ data: { code: 101 } });
    expect(await call('verify.json', { merchant_id, amount: 250_000, authority: 'A000' })).toMatchObject({ errors: { code: -54 } });
  });
});

describe('financial records are kept (item 7)', () => {
  it('refuses deleting a learner with a paid order and an enrolment: single, bulk, revert and plain SQL; the dashboard does not move', async () => {
    const token = await signUpLearner(server, '09371000004');
    const userId = Number(decodeJwt(token).sub);
    const child = await newChild(token, 'نیما');
    await addToCart(token, course(1).id, child);
    const order = await checkout(token);
    expect(await payAndVerify(token, order)).toMatchObject({ status: 'paid' });
    // A learner with an open (unpaid) order only may go.
    const idle = await signUpLearner(server, '09371000005');
    const idleId = Number(decodeJwt(idle).sub);
    const idleChild = await newChild(idle, 'رها');
    await addToCart(idle, course(1).id, idleChild);
    await checkout(idle);

    const before = await dashboard();
    const reason = 'امکان حذف نیست: این کاربر ۱ سفارش پرداخت‌شده و ۱ ثبت‌نام در دوره دارد؛ سوابق مالی نگه داشته می‌شود. به جای حذف، حساب را قفل کنید';

    const single = await server.call<{ message: string }>('DELETE', '/api/User/Delete', { token: admin, body: { id: userId } });
    expect(single.status).toBe(409);
    expect(single.body.message).toBe(reason);

    const bulk = await server.call<{ deleted: number; skipped: Array<{ id: number; reason: string }> }>('POST', '/api/Admin/{entity}/bulk-delete', {
      token: admin,
      params: { entity: 'users' },
      body: { ids: [userId, idleId] },
    });
    expect(bulk.status, bulk.text).toBe(200);
    expect(bulk.body.deleted).toBe(1);
    expect(bulk.body.skipped).toEqual([expect.objectContaining({ id: userId, reason })]);

    // An audit entry whose revert would delete the account (a "create" of it) is refused too.
    const version = (await userRows()).find((u) => u.id === userId)?.version;
    await rawSql(server.dataDir, `insert into audit_log ("at", "userId", "userName", "entity", "recordId", "action", "before", "after")
      values ('2026-01-01T00:00:00.000Z', 1, 'test', 'users', ${userId}, 'create', null, '{"id":${userId},"version":${version ?? 1}}')`);
    const entries = await server.call<{ items: Array<{ id: number; revertible: boolean }> }>('GET', '/api/Admin/audit', {
      token: admin,
      query: { entity: 'users', recordId: String(userId), action: 'create' },
    });
    const entry = entries.body.items[0];
    if (!entry) throw new Error('no audit entry');
    const revert = await server.call<{ message: string }>('POST', '/api/Admin/audit/{id}/revert', { token: admin, params: { id: String(entry.id) } });
    expect(revert.status).toBe(409);
    expect(revert.body.message).toBe(reason);

    // The database refuses the same deletes on its own.
    await expect(rawSql(server.dataDir, `delete from users where id = ${userId}`)).rejects.toThrow(/financial records are kept/);
    await expect(rawSql(server.dataDir, `delete from orders where id = ${order.orderId}`)).rejects.toThrow(/financial records are kept/);

    // Sales figures equal; only the idle learner, deleted by the bulk call, left the user counts.
    expect(await dashboard()).toEqual({ ...before, totalUsers: (before.totalUsers ?? 0) - 1, totalRegisterToday: (before.totalRegisterToday ?? 0) - 1 });
    expect((await orders(token)).map((o) => [o.id, o.status])).toEqual([[order.orderId, 'paid']]);
    expect(await enrolments(token)).toEqual([`${child}:${course(1).id}`]);
    const users = (await userRows()).map((u) => u.id);
    expect(users).toContain(userId);
    expect(users).not.toContain(idleId);
  });
});

describe('the sandbox gateway in production (item 8)', () => {
  const real = { PAYMENT_GATEWAY_URL: 'https://payment.zarinpal.com', ZARINPAL_MERCHANT_ID: '5b3c1d2e-1111-2222-3333-444455556666' };
  it('refuses to start with NODE_ENV=production against the sandbox, unless PAYMENT_SANDBOX=1', () => {
    expect(() => configFromEnv({ NODE_ENV: 'production' })).toThrow(/sandbox.*PAYMENT_SANDBOX=1/s);
    expect(() => configFromEnv({ NODE_ENV: 'production', ...real, PAYMENT_GATEWAY_URL: 'https://sandbox.zarinpal.com/' })).toThrow(/sandbox/);
    expect(() => configFromEnv({ NODE_ENV: 'production', ...real, ZARINPAL_MERCHANT_ID: '' })).toThrow(/ZARINPAL_MERCHANT_ID=\(unset\)/);
    expect(() => configFromEnv({ NODE_ENV: 'production', ...real, ZARINPAL_MERCHANT_ID: '00000000-0000-0000-0000-000000000000' })).toThrow(/all-zero/);
    expect(configFromEnv({ NODE_ENV: 'production', PAYMENT_SANDBOX: '1' })).toMatchObject({ paymentSandbox: true, paymentGatewayUrl: 'https://sandbox.zarinpal.com' });
    expect(configFromEnv({ NODE_ENV: 'production', ...real })).toMatchObject({ paymentSandbox: false, ...{ paymentGatewayUrl: real.PAYMENT_GATEWAY_URL, merchantId: real.ZARINPAL_MERCHANT_ID } });
    // In development the sandbox is the default, and said so at start (server/main.ts).
    expect(configFromEnv({})).toMatchObject({ paymentSandbox: true });
  });
});
