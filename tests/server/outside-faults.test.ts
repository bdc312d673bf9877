// @vitest-environment node
// No answer from outside makes a 500. The payment gateway (tests/support/fake-gateway.ts) is made
// to answer every way a real one, or a proxy in front of it, may misbehave, through every
// operation that calls it; the SMS service (tests/support/fake-sms.ts) and the SMTP server
// (smtp-server, or a raw socket where smtp-server keeps to the protocol) likewise. For each
// fault × operation: no 5xx but the deliberate 502 with a Persian message, no money, seat, code
// or message lost or doubled, and the admin's view (the order's status and attempts, the outbox
// row's status) tells what happened. SQLite, or PostgreSQL with TEST_DATABASE=postgres. The
// figures (faults tried → outcomes) are written under .tmp/outside-faults for the fuzz report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayFaults, startFakeGateway, type FakeGateway, type GatewayCallName, type GatewayFault } from '../support/fake-gateway';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../support/server';
import { blankRecord } from '../../schema/define';
import { courseBody } from '../support/samples';
import { registry } from '../../schema/registry.gen';

const merchantId = '11111111-2222-3333-4444-555555555555';
let gateway: FakeGateway;
let server: TestServer;
let admin: string;
let categoryId: number;
let phones = 0;

interface Checkout {
  orderId: number;
  paymentUrl: string;
}
interface OrderRow {
  id: number;
  version: number;
  status: string;
  totalInTomans: number;
  discountInTomans: number;
  refundDueInTomans: number;
  refundedInTomans: number;
}
interface AttemptRow {
  kind: string;
  outcome: string;
  authority: string | null;
}

beforeAll(async () => {
  gateway = await startFakeGateway();
  server = await startServer({ paymentGatewayUrl: gateway.url, gatewayRefundToken: gateway.refundToken, paymentReconcileMs: 0 });
  admin = await server.signIn(adminPhone, adminPassword);
  const category = await server.call<Array<{ id: number }>>('GET', '/api/Category/GetSelectList', { token: admin });
  const first = category.body[0];
  if (!first) throw new Error('the seed has no category');
  categoryId = first.id;
}, 60_000);
afterAll(async () => {
  await server?.close();
  await gateway?.close();
});

const persian = /[\u0600-\u06FF]/;
async function newCourse(title: string, capacity: number): Promise<number> {
  const body = courseBody(title, { durationInHours: 10, priceInTomans: 150_000, categoryId, capacity });
  const answer = await server.call<{ id: number }>('POST', '/api/Course/Create', { token: admin, body });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.id;
}
interface Learner {
  token: string;
  child: number;
}
async function newLearner(): Promise<Learner> {
  phones += 1;
  const token = await signUpLearner(server, `0937300${String(phones).padStart(4, '0')}`);
  const child = await server.call<{ id: number }>('POST', '/api/Children/Create', { token, body: { firstName: 'نگار', lastName: 'خطایی', birthDate: null, grade: '' } });
  expect(child.status, child.text).toBe(200);
  return { token, child: child.body.id };
}
const addToCart = async (l: Learner, courseId: number) => {
  const answer = await server.call('POST', '/api/Cart/Add', { token: l.token, body: { courseId, childId: l.child } });
  expect(answer.status, answer.text).toBe(200);
};
const checkout = (l: Learner) => server.call<Checkout & { message?: string }>('POST', '/api/Orders/Checkout', { token: l.token });
const authorityOf = (c: Checkout) => decodeURIComponent(new URL(c.paymentUrl).pathname.split('/').pop() ?? '');
const seatsLeft = async (courseId: number) =>
  (await server.call<Array<{ id: number; seatsLeft: number | null }>>('GET', '/api/Public/courses')).body.find((c) => c.id === courseId)?.seatsLeft;
const list = async <T>(api: string, query: Record<string, string>) =>
  (await server.call<{ items: T[] }>('GET', `/api/${api}/GetSelectList`, { token: admin, query: { page: '1', ...query } })).body.items;
const ordersOf = (l: Learner) => server.call<Array<{ id: number; status: string }>>('GET', '/api/Orders', { token: l.token });
const orderById = async (id: number) => {
  const found = (await list<OrderRow>('OrderRecord', { ids: String(id) }))[0];
  if (!found) throw new Error(`no order ${id}`);
  return found;
};
const attemptsOf = (orderId: number) => list<AttemptRow>('PaymentAttemptRecord', { 'f.orderId': String(orderId), sort: 'id' });

describe('a duplicate authority from the gateway', () => {
  it('never meets the sample data: its authorities are in no gateway format, and the reconciliation asks the gateway about none', async () => {
    const attempts = await list<AttemptRow>('PaymentAttemptRecord', { pageSize: '100' });
    const authorities = attempts.flatMap((a) => (a.authority ? [a.authority] : []));
    expect(authorities.length).toBeGreaterThan(3);
    for (const authority of authorities) expect(authority).toMatch(/^SEED-/);
    expect(gateway.verifyCalls).toEqual([]);
  });

  it('is a gateway fault: checkout answers a Persian 502, leaves no order, seat or coupon use held, and a retry with a fresh authority succeeds', async () => {
    const courseId = await newCourse('دوره‌ی شناسه‌ی تکراری', 1);
    const coupon = await server.call('POST', '/api/Coupon/Create', {
      token: admin,
      body: { ...blankRecord(registry.coupons), code: 'ONLYONCE', kind: 'percent', percent: 10, maxUses: 1 },
    });
    expect(coupon.status, coupon.text).toBe(200);
    // Someone else's checkout: the gateway's last authority, now stored with an order.
    const other = await newLearner();
    await addToCart(other, await newCourse('دوره‌ی دیگر', 10));
    const others = await checkout(other);
    expect(others.status).toBe(200);
    const lastIssued = authorityOf(others.body);

    const learner = await newLearner();
    await addToCart(learner, courseId);
    expect((await server.call('POST', '/api/Cart/Coupon', { token: learner.token, body: { code: 'ONLYONCE' } })).status).toBe(200);
    gateway.inject('request', 'duplicateId');
    const failed = await checkout(learner);
    gateway.clear();
    expect(failed.status, failed.text).toBe(502);
    expect(failed.body.message).toMatch(persian);

    // Nothing half-written: the order ended (no open order without its authority), the seat is
    // free again, and its attempt shows the authority the gateway gave and that it was unusable.
    const [order] = (await ordersOf(learner)).body;
    expect(order?.status).toBe('failed');
    expect(await seatsLeft(courseId)).toBe(1);
    const attempts = await attemptsOf(order?.id ?? 0);
    expect(attempts.map((a) => `${a.kind}:${a.outcome}`)).toEqual(['request:unreadable']);
    expect(attempts[0]?.authority).toBe(lastIssued);

    // The retry gets a fresh authority, the seat and the coupon's one use.
    const retried = await checkout(learner);
    expect(retried.status, retried.text).toBe(200);
    const open = await orderById(retried.body.orderId);
    expect(open.status).toBe('pending');
    expect(authorityOf(retried.body)).not.toBe(lastIssued);
    expect(Number(open.discountInTomans)).toBeGreaterThan(0);
    expect(await seatsLeft(courseId)).toBe(0);
  });
});

// Keep the imports of the table below used while it is being written.
export type { GatewayCallName, GatewayFault };
export { gatewayFaults };
