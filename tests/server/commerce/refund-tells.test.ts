// @vitest-environment node
// Refunds that tell, against the real server on SQLite, or PostgreSQL with TEST_DATABASE=postgres,
// and the local gateway with refunds: the amount the refund's dialog shows (the schema's rule) is
// the amount the server pays back and answers for the toast, and the parent is told of each
// cancellation and each refund through the outbox, queued with the action.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionsFor } from '../../../schema/define';
import { refundAmountTexts, refundRefusalCodes } from '../../../schema/orders';
import { academyToday } from '../../../schema/rules/calendar';
import { registry } from '../../../schema/registry.gen';
import { notificationTexts } from '../../../server/features/messaging/notifications';
import { startFakeGateway, type FakeGateway } from '../../support/fake-gateway';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';
import { courseBody, sampleChild } from '../../support/samples';
import type { AttemptRow, EnrolmentRow, OrderRow } from '../../support/adminRows';

const price = 250_000;
const courseTitle = 'دوره بازگشت گویا';
let gateway: FakeGateway;
let server: TestServer;
let admin: string;
let learner: string;
let learnerId: number;
let courseId: number;
let children = 0;

beforeAll(async () => {
  gateway = await startFakeGateway();
  server = await startServer({ paymentGatewayUrl: gateway.url, gatewayRefundToken: gateway.refundToken });
  admin = await server.signIn(adminPhone, adminPassword);
  learner = await signUpLearner(server, '09121235101');
  const me = await server.call<{ id: number }>('GET', '/api/Me', { token: learner });
  learnerId = me.body.id;
  const category = (await server.call<Array<{ id: number }>>('GET', '/api/Category/GetSelectList', { token: admin })).body[0];
  if (!category) throw new Error('the seed has no category');
  const made = await server.call<{ id: number }>('POST', '/api/Course/Create', {
    token: admin,
    body: courseBody(courseTitle, { durationInHours: 10, priceInTomans: price, categoryId: category.id, capacity: 1000 }),
  });
  expect(made.status, made.text).toBe(200);
  courseId = made.body.id;
});
afterAll(async () => {
  await server?.close();
  await gateway?.close();
});

const list = async <T>(api: string, query: Record<string, string>) =>
  (await server.call<{ items: T[] }>('GET', `/api/${api}/GetSelectList`, { token: admin, query: { page: '1', sort: 'id', ...query } })).body.items;
const post = (path: string, body: object) => server.call<{ message?: string; notice?: string }>('POST', path, { token: admin, body });
const toldOf = async (event: string) =>
  (await list<{ body: string; channel: string }>('Notification', { 'f.event': event, 'f.userId': String(learnerId) })).filter((n) => n.channel === 'sms').map((n) => n.body);

/** Two new children of the learner bought the course in one order: checkout, paid, verified. */
async function buyTwo(): Promise<{ orderId: number; authority: string; names: string[] }> {
  const names: string[] = [];
  for (let i = 0; i < 2; i++) {
    children += 1;
    const firstName = `کودک ${children}`;
    const child = await server.call<{ id: number }>('POST', '/api/Children/Create', { token: learner, body: { firstName, lastName: 'گویا', ...sampleChild } });
    expect(child.status, child.text).toBe(200);
    names.push(`${firstName} گویا`);
    const added = await server.call('POST', '/api/Cart/Add', { token: learner, body: { courseId, childId: child.body.id } });
    expect(added.status, added.text).toBe(200);
  }
  const checkout = await server.call<{ orderId: number; paymentUrl: string }>('POST', '/api/Orders/Checkout', { token: learner });
  expect(checkout.status, checkout.text).toBe(200);
  const authority = decodeURIComponent(new URL(checkout.body.paymentUrl).pathname.split('/').pop() ?? '');
  gateway.pay(authority);
  const verified = await server.call<{ status: string }>('GET', '/api/Payment/Verify', { token: learner, query: { Authority: authority, Status: 'OK' } });
  expect(verified.body.status).toBe('paid');
  return { orderId: checkout.body.orderId, authority, names };
}

describe('refunds that tell', () => {
  it("an enrolment's cancel with a refund answers the amount paid back, and tells the parent of the cancel and the refund", async () => {
    const { orderId, authority, names } = await buyTwo();
    const [first] = await list<EnrolmentRow>('EnrollmentRecord', { 'f.orderId': String(orderId) });
    if (!first) throw new Error('no enrolment');
    const cancelled = await post('/api/EnrollmentRecord/Cancel', { id: first.id, version: first.version, refund: 'refund' });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.notice).toBe(refundAmountTexts.paid(price));
    expect(gateway.refundedOf(authority)).toBe(price * 10);
    expect(await toldOf('enrolmentCancelled')).toContain(notificationTexts.enrolmentCancelled(names[0] ?? '', courseTitle));
    expect(await toldOf('refunded')).toContain(notificationTexts.refunded(orderId, price));

    // The order's refund then pays the rest: the dialog's figure, the answer's, and the gateway's agree.
    const [order] = await list<OrderRow>('OrderRecord', { ids: String(orderId) });
    if (!order) throw new Error('no order');
    const refund = actionsFor(registry.orders, { ...order }).find((a) => a.key === 'refund');
    expect(refund?.detail?.({ ...order })).toBe(refundAmountTexts.toPay(price));
    const refunded = await post('/api/OrderRecord/Refund', { id: order.id, version: order.version });
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.body.notice).toBe(refundAmountTexts.paid(price));
    expect(gateway.refundedOf(authority)).toBe(2 * price * 10);
    expect(await toldOf('enrolmentCancelled')).toContain(notificationTexts.enrolmentCancelled(names[1] ?? '', courseTitle));
    expect((await toldOf('refunded')).filter((text) => text === notificationTexts.refunded(orderId, price))).toHaveLength(2);
  });

  it('a cancel without a refund tells the parent of the cancel only, and answers no amount', async () => {
    const { orderId, names } = await buyTwo();
    const [first] = await list<EnrolmentRow>('EnrollmentRecord', { 'f.orderId': String(orderId) });
    if (!first) throw new Error('no enrolment');
    const cancelled = await post('/api/EnrollmentRecord/Cancel', { id: first.id, version: first.version, refund: 'keep' });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.notice).toBeUndefined();
    expect(await toldOf('enrolmentCancelled')).toContain(notificationTexts.enrolmentCancelled(names[0] ?? '', courseTitle));
    expect((await toldOf('refunded')).filter((text) => text === notificationTexts.refunded(orderId, price))).toEqual([]);
  });

  it("an order's whole refund shows and answers what it took, and tells the parent", async () => {
    const { orderId, authority } = await buyTwo();
    const [order] = await list<OrderRow>('OrderRecord', { ids: String(orderId) });
    if (!order) throw new Error('no order');
    const refund = actionsFor(registry.orders, { ...order }).find((a) => a.key === 'refund');
    expect(refund?.detail?.({ ...order })).toBe(refundAmountTexts.toPay(2 * price));
    const refunded = await post('/api/OrderRecord/Refund', { id: order.id, version: order.version });
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.body.notice).toBe(refundAmountTexts.paid(2 * price));
    expect(gateway.refundedOf(authority)).toBe(2 * price * 10);
    expect(await toldOf('refunded')).toContain(notificationTexts.refunded(orderId, 2 * price));
  });

  it('a refund the gateway refused answers the code its follow-up is declared for, and the manual record then goes through on the same row', async () => {
    const { orderId, authority } = await buyTwo();
    const [order] = await list<OrderRow>('OrderRecord', { ids: String(orderId) });
    if (!order) throw new Error('no order');
    const refund = actionsFor(registry.orders, { ...order }).find((a) => a.key === 'refund');
    const followUp = refund?.onRefusal?.[refundRefusalCodes.gatewayRefused];
    expect(followUp?.action).toBe('manualRefund');
    // Before a refusal the manual record is not offered: the gateway's refund is the one to use.
    expect(actionsFor(registry.orders, { ...order }).map((a) => a.key)).toEqual(['refund']);
    gateway.failRefunds = true;
    try {
      const refused = await server.call<{ message?: string; refusal?: string }>('POST', '/api/OrderRecord/Refund', { token: admin, body: { id: order.id, version: order.version } });
      expect(refused.status).toBe(502);
      expect(refused.body.refusal).toBe(refundRefusalCodes.gatewayRefused);
    } finally {
      gateway.failRefunds = false;
    }
    const [marked] = await list<OrderRow & { refundRefusedAt: string | null }>('OrderRecord', { ids: String(orderId) });
    if (!marked) throw new Error('no order');
    expect(marked).toMatchObject({ status: 'paid', version: order.version });
    expect(marked.refundRefusedAt).not.toBeNull();
    expect(actionsFor(registry.orders, { ...marked }).map((a) => a.key)).toEqual(['refund', 'manualRefund']);

    // The follow-up, with the row as the admin saw it and the card-to-card reference.
    const manual = await post('/api/OrderRecord/RecordManualRefund', { id: order.id, version: order.version, amountInTomans: 2 * price, paidBackOn: academyToday(), reference: 'کارت‌به‌کارت ۱۲۳۴۵' });
    expect(manual.status, manual.text).toBe(200);
    expect(manual.body.notice).toBe(refundAmountTexts.paid(2 * price));
    expect(gateway.refundedOf(authority)).toBe(0);
    const [done] = await list<OrderRow & { refundRefusedAt: string | null }>('OrderRecord', { ids: String(orderId) });
    expect(done).toMatchObject({ status: 'refunded', refundedInTomans: 2 * price, refundRefusedAt: null });
    const attempts = await list<AttemptRow & { refId: string | null }>('PaymentAttemptRecord', { 'f.orderId': String(orderId) });
    expect(attempts.map((a) => `${a.kind}:${a.outcome}`)).toEqual(['request:ok', 'verify:ok', 'refund:refused', 'manualRefund:ok']);
    expect(attempts.at(-1)?.refId).toBe('کارت‌به‌کارت ۱۲۳۴۵');
    expect(await toldOf('refunded')).toContain(notificationTexts.refunded(orderId, 2 * price));
  });

  it('a refund recorded by hand takes the day it was paid back (never a day to come) and the amount paid, never more than is left', async () => {
    const { orderId, authority } = await buyTwo();
    const [order] = await list<OrderRow>('OrderRecord', { ids: String(orderId) });
    if (!order) throw new Error('no order');
    gateway.failRefunds = true;
    try {
      expect((await post('/api/OrderRecord/Refund', { id: order.id, version: order.version })).status).toBe(502);
    } finally {
      gateway.failRefunds = false;
    }
    // Named in its dialogs by its parent and the gateway's tracking code, not the code alone.
    const labels = await server.call<{ labels: Record<string, string> }>('GET', '/api/Admin/{entity}/labels', { token: admin, params: { entity: 'orders' }, query: { ids: String(orderId) } });
    const parent = (await server.call<{ firstName: string; lastName: string }>('GET', '/api/Me', { token: learner })).body;
    expect(order.refId).toBeTruthy();
    expect(labels.body.labels[String(orderId)]).toBe(`${parent.firstName} ${parent.lastName} ${order.refId ?? ''}`);
    const manualRefund = registry.orders.actions.find((a) => a.key === 'manualRefund');
    // The dialog starts at all that is left and at today.
    expect(manualRefund?.initial?.({ ...order })).toEqual({ amountInTomans: 2 * price, paidBackOn: academyToday() });
    const record = (body: object) => post('/api/OrderRecord/RecordManualRefund', { id: order.id, version: order.version, reference: 'کارت ۹۸۷', ...body });
    const day = 86_400_000;
    const tomorrow = academyToday(Date.now() + day);
    const future = await record({ amountInTomans: 2 * price, paidBackOn: tomorrow });
    expect(future.status, future.text).toBe(400);
    expect(future.body.message).toBe('تاریخ بازگشت وجه نمی‌تواند در آینده باشد');
    const tooMuch = await record({ amountInTomans: 2 * price + 1, paidBackOn: academyToday() });
    expect(tooMuch.status, tooMuch.text).toBe(400);
    expect(tooMuch.body.message).toBe(refundAmountTexts.tooMuch(2 * price));
    const [unchanged] = await list<OrderRow>('OrderRecord', { ids: String(orderId) });
    expect(unchanged).toMatchObject({ status: 'paid', version: order.version, refundedInTomans: 0 });

    // Paid back two days ago, less a fee the academy kept: the order says that day and that amount.
    const paidBackOn = academyToday(Date.now() - 2 * day);
    const amount = 2 * price - 50_000;
    const done = await record({ amountInTomans: amount, paidBackOn });
    expect(done.status, done.text).toBe(200);
    expect(done.body.notice).toBe(refundAmountTexts.paid(amount));
    const [refunded] = await list<OrderRow & { refundedAt: string | null }>('OrderRecord', { ids: String(orderId) });
    expect(refunded).toMatchObject({ status: 'refunded', refundedInTomans: amount });
    expect(Date.parse(refunded?.refundedAt ?? '')).toBe(Date.parse(paidBackOn));
    const attempts = await list<AttemptRow & { refId: string | null }>('PaymentAttemptRecord', { 'f.orderId': String(orderId) });
    expect(attempts.at(-1)).toMatchObject({ kind: 'manualRefund', amountInTomans: amount, refId: 'کارت ۹۸۷' });
    expect(gateway.refundedOf(authority)).toBe(0);
    expect(await toldOf('refunded')).toContain(notificationTexts.refunded(orderId, amount));
  });

  it("the sample orders' lines say the course's price they were sold at, not «۰ تومان»", async () => {
    const lines = await list<{ listPriceInTomans: number; priceInTomans: number }>('OrderItemRecord', {});
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.listPriceInTomans).toBeGreaterThanOrEqual(line.priceInTomans);
  });
});
