// @vitest-environment node
// A verify refused for another amount (Zarinpal's −50) ends the order `failed` while the gateway
// may still hold money on its authority: the reconciliation (run by the test through
// server.app.jobs) settles it from the gateway's unverified list. Holding the order's total, the
// payment is verified and enrolled; holding another amount, it is verified at that amount,
// reversed to the payer's card and the parent told. Real server on SQLite, or PostgreSQL with
// TEST_DATABASE=postgres, and the local gateway.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationTexts } from '../../../server/features/messaging/notifications';
import { startFakeGateway, type FakeGateway } from '../../support/fake-gateway';
import { rawSql } from '../../support/postgres-db';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';
import { sampleChild } from '../../support/samples';
import type { AttemptRow, OrderRow } from '../../support/adminRows';

let gateway: FakeGateway;
let server: TestServer;
let admin: string;
let courseId: number;
let phones = 0;

beforeAll(async () => {
  gateway = await startFakeGateway();
  server = await startServer({ paymentGatewayUrl: gateway.url, gatewayRefundToken: gateway.refundToken });
  admin = await server.signIn(adminPhone, adminPassword);
  const { courses } = (await server.call<{ courses: Array<{ id: number; priceInTomans: number; registrationOpen: boolean; seatsLeft: number | null }> }>('GET', '/api/Public/courses')).body;
  const open = courses.find((c) => c.registrationOpen && c.seatsLeft !== 0 && c.priceInTomans > 0);
  if (!open) throw new Error('the seed needs an open paid course');
  courseId = open.id;
});
afterAll(async () => {
  await server?.close();
  await gateway?.close();
});

interface Paid {
  token: string;
  userId: number;
  orderId: number;
  authority: string;
}

/** A new learner's child checked out the course and paid on the gateway's page. */
async function paidAtGateway(): Promise<Paid> {
  phones += 1;
  const phone = `0912777${String(phones).padStart(4, '0')}`;
  const token = await signUpLearner(server, phone);
  const child = await server.call<{ id: number }>('POST', '/api/Children/Create', { token, body: { firstName: 'سارا', lastName: 'ناهمخوان', ...sampleChild } });
  expect(child.status, child.text).toBe(200);
  expect((await server.call('POST', '/api/Cart/Add', { token, body: { courseId, childId: child.body.id } })).status).toBe(200);
  const checkout = await server.call<{ orderId: number; paymentUrl: string }>('POST', '/api/Orders/Checkout', { token });
  expect(checkout.status, checkout.text).toBe(200);
  const authority = decodeURIComponent(new URL(checkout.body.paymentUrl).pathname.split('/').pop() ?? '');
  gateway.pay(authority);
  const order = await orderById(checkout.body.orderId);
  return { token, userId: order.userId, orderId: checkout.body.orderId, authority };
}
const list = async <T>(api: string, query: Record<string, string>) =>
  (await server.call<{ items: T[] }>('GET', `/api/${api}/GetSelectList`, { token: admin, query: { page: '1', sort: 'id', ...query } })).body.items;
async function orderById(id: number): Promise<OrderRow> {
  const [found] = await list<OrderRow>('OrderRecord', { ids: String(id) });
  if (!found) throw new Error(`no order ${id}`);
  return found;
}
const attemptsOf = async (orderId: number) =>
  (await list<AttemptRow>('PaymentAttemptRecord', { 'f.orderId': String(orderId) })).map((a) => `${a.kind}:${a.outcome}:${a.amountInTomans}`);
const callback = async (p: Paid) => {
  const answer = await server.call<{ status: string; refundedInTomans?: number }>('GET', '/api/Payment/Verify', { token: p.token, query: { Authority: p.authority, Status: 'OK' } });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};
const enrolled = async (p: Paid) => (await server.call<Array<{ course: { id: number } }>>('GET', '/api/Enrollments', { token: p.token })).body.length;

describe('a verify refused for another amount (−50)', () => {
  it('is settled by the reconciliation when the gateway holds the order’s total: verified and enrolled', async () => {
    const p = await paidAtGateway();
    const total = Number((await orderById(p.orderId)).totalInTomans);
    gateway.verifyRefusal = -50;
    try {
      expect((await callback(p)).status).toBe('failed');
      // The payer comes back again: the order stays as the gateway's refusal left it.
      expect((await callback(p)).status).toBe('failed');
    } finally {
      gateway.verifyRefusal = null;
    }
    expect(gateway.stateOf(p.authority)).toBe('paid');

    await server.app.jobs.round('reconcilePayments');
    expect(await orderById(p.orderId)).toMatchObject({ status: 'paid', totalInTomans: total });
    expect(gateway.stateOf(p.authority)).toBe('verified');
    expect(await enrolled(p)).toBe(1);
    expect(await attemptsOf(p.orderId)).toEqual([`request:ok:${total}`, `verify:refused:${total}`, `verify:ok:${total}`]);
    expect((await callback(p)).status).toBe('paid');
  });

  it('holding another amount, is verified at that amount, reversed to the payer’s card, and the parent told', async () => {
    const p = await paidAtGateway();
    const held = Number((await orderById(p.orderId)).totalInTomans);
    // Our database now asks for another amount than the gateway took: its verify answers −50.
    const asked = held + 50_000;
    await rawSql(server.dataDir, `update orders set "totalInTomans" = ${asked} where id = ${p.orderId}`);
    expect((await callback(p)).status).toBe('failed');
    expect(gateway.stateOf(p.authority)).toBe('paid');

    await server.app.jobs.round('reconcilePayments');
    // The money the gateway took is the order's now, owed back whole and reversed at once.
    expect(await orderById(p.orderId)).toMatchObject({ status: 'refunded', totalInTomans: held, refundedInTomans: held, refundDueInTomans: 0 });
    expect(gateway.stateOf(p.authority)).toBe('reversed');
    expect(await enrolled(p)).toBe(0);
    expect(await attemptsOf(p.orderId)).toEqual([`request:ok:${held}`, `verify:refused:${asked}`, `verify:ok:${held}`, `reverse:ok:${held}`]);
    const told = await list<{ event: string; userId: number; body: string; channel: string }>('Notification', { 'f.event': 'paymentReturned', 'f.userId': String(p.userId) });
    expect(told.map((n) => `${n.channel}:${n.body}`)).toEqual([`sms:${notificationTexts.paymentReturned(p.orderId, held)}`]);
    expect(await callback(p)).toMatchObject({ status: 'refunded', refundedInTomans: held });

    // A second round finds nothing more to do: nothing verified, reversed or told twice.
    const verifies = gateway.verifyCalls.length;
    await server.app.jobs.round('reconcilePayments');
    expect(gateway.verifyCalls.length).toBe(verifies);
    expect(gateway.reverseCalls.filter((c) => c.authority === p.authority)).toHaveLength(1);
  });
});
