// @vitest-environment node
// No answer from outside makes a 500. The payment gateway (tests/support/fake-gateway.ts) is made
// to answer every way a real one, or a proxy in front of it, may misbehave, through every
// operation that calls it (the SMS service and the SMTP server likewise, in
// outside-faults-messaging.test.ts). For each
// fault × operation: no 5xx but the deliberate 502 with a Persian message, no money, seat, code
// or message lost or doubled, and the admin's view (the order's status and attempts, the outbox
// row's status) tells what happened. SQLite, or PostgreSQL with TEST_DATABASE=postgres. The
// figures (faults tried → outcomes) are written under .tmp/outside-faults for the fuzz report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { openConfiguredDatabase, type DB } from '../../../server/platform/db';
import { zarinpal } from '../../../server/features/commerce/gateway';
import { paymentSettlement } from '../../../server/features/commerce/checkout';
import { reconcilePayments } from '../../../server/features/commerce/reconcile';
import { applies, callsOf, gatewayFaults, hugeAnswerBytes, startFakeGateway, usable, type FakeGateway, type GatewayFault, type GatewayOperation } from '../../support/fake-gateway';
import { faultFigures } from '../../support/outside-faults';
import { databaseFor, usePostgres } from '../../support/postgres-db';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';
import { actionsFor, blankRecord } from '../../../schema/define';
import { refundableOf, refundRefusals } from '../../../schema/orders';
import { courseBody, sampleChild } from '../../support/samples';
import { registry } from '../../../schema/registry.gen';
import type { AttemptRow, OrderRow } from '../../support/adminRows';

const merchantId = '11111111-2222-3333-4444-555555555555';
/**
 * The slow faults wait past this; short, so the table runs in seconds, yet long enough that an
 * answer that does come is never cut off on a busy machine.
 */
const gatewayTimeoutMs = 2000;
let gateway: FakeGateway;
let server: TestServer;
let admin: string;
let categoryId: number;
let phones = 0;

interface Checkout {
  orderId: number;
  paymentUrl: string;
}

beforeAll(async () => {
  gateway = await startFakeGateway();
  server = await startServer({ paymentGatewayUrl: gateway.url, gatewayRefundToken: gateway.refundToken, gatewayTimeoutMs, paymentReconcileMs: 0 });
  admin = await server.signIn(adminPhone, adminPassword);
  const category = await server.call<Array<{ id: number }>>('GET', '/api/Category/GetSelectList', { token: admin });
  const first = category.body[0];
  if (!first) throw new Error('the seed has no category');
  categoryId = first.id;
});
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
const tokens = new Map<string, string>();
/**
 * A learner (one account per `key`: sign-ups are limited per address) with a new child and an
 * empty cart, so each case's order holds its own courses only.
 */
async function newLearner(key: string): Promise<Learner> {
  let token = tokens.get(key);
  if (token === undefined) {
    phones += 1;
    token = await signUpLearner(server, `0937300${String(phones).padStart(4, '0')}`);
    tokens.set(key, token);
  }
  const cart = await server.call<{ items: Array<{ id: number }> }>('GET', '/api/Cart', { token });
  for (const item of cart.body.items) await server.call('DELETE', '/api/Cart/Remove', { token, body: { id: item.id } });
  const child = await server.call<{ id: number }>('POST', '/api/Children/Create', { token, body: { firstName: 'نگار', lastName: 'خطایی', ...sampleChild } });
  expect(child.status, child.text).toBe(200);
  return { token, child: child.body.id };
}
const addToCart = async (l: Learner, courseId: number) => {
  const answer = await server.call('POST', '/api/Cart/Add', { token: l.token, body: { courseId, childId: l.child } });
  expect(answer.status, answer.text).toBe(200);
};
const checkout = (l: Learner) => server.call<Checkout & { message?: string }>('POST', '/api/Orders/Checkout', { token: l.token });
const authorityOf = (c: Checkout) => decodeURIComponent(new URL(c.paymentUrl).pathname.split('/').pop() ?? '');
const list = async <T>(api: string, query: Record<string, string>) =>
  (await server.call<{ items: T[] }>('GET', `/api/${api}/GetSelectList`, { token: admin, query: { page: '1', ...query } })).body.items;
/** What the course's public page says is left (the catalogue answers in pages: its own address, not the list). */
const seatsLeft = async (courseId: number) => {
  const [course] = await list<{ slug: string }>('Course', { ids: String(courseId) });
  return (await server.call<{ seatsLeft: number | null }>('GET', '/api/Public/courses/{slug}', { params: { slug: course?.slug ?? '' } })).body.seatsLeft;
};
const ordersOf = (l: Learner) => server.call<Array<{ id: number; status: string }>>('GET', '/api/Orders', { token: l.token });
const orderById = async (id: number) => {
  const found = (await list<OrderRow>('OrderRecord', { ids: String(id) }))[0];
  if (!found) throw new Error(`no order ${id}`);
  return found;
};
/** The order's actions its row offers, as the admin's list and detail view decide them. */
const offered = (order: OrderRow) => actionsFor(registry.orders, { ...order }).map((action) => action.key);
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
    const other = await newLearner('other');
    await addToCart(other, await newCourse('دوره‌ی دیگر', 10));
    const others = await checkout(other);
    expect(others.status).toBe(200);
    const lastIssued = authorityOf(others.body);

    const learner = await newLearner('duplicate');
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

// ── The gateway: every fault × every operation that calls it ──
/** What each fault produced, per boundary, for the fuzz report. */
const count = faultFigures(usePostgres ? 'postgres' : 'sqlite');

const enrolledIn = async (l: Learner, courseId: number) =>
  (await server.call<Array<{ childId: number; course: { id: number } }>>('GET', '/api/Enrollments', { token: l.token })).body.filter((e) => e.course.id === courseId && e.childId === l.child).length;
const callback = (l: Learner, c: Checkout) =>
  server.call<{ status: string; message?: string }>('GET', '/api/Payment/Verify', { token: l.token, query: { Authority: authorityOf(c), Status: 'OK' } });
let reconcileDb: DB | undefined;
/** One reconciliation round, as the server's timer runs it, asking about every open order. */
async function reconcile(): Promise<void> {
  reconcileDb ??= await openConfiguredDatabase({
    databaseUrl: usePostgres ? await databaseFor(server.dataDir) : undefined,
    databaseFile: path.join(server.dataDir, 'academy.sqlite'),
  });
  await reconcilePayments(paymentSettlement(reconcileDb, zarinpal(gateway.url, merchantId, { timeoutMs: gatewayTimeoutMs })), { pendingAfterMs: 0 });
}
afterAll(async () => {
  await reconcileDb?.destroy();
});
/** A learner with a child and a paid, verified order for one new course. */
async function paidOrder(title: string): Promise<{ l: Learner; c: Checkout; courseId: number }> {
  const l = await newLearner('refund');
  const courseId = await newCourse(title, 5);
  await addToCart(l, courseId);
  const c = (await checkout(l)).body;
  gateway.pay(authorityOf(c));
  expect((await callback(l, c)).body.status).toBe('paid');
  return { l, c, courseId };
}
const lastAttempt = async (orderId: number, kind: string) => (await attemptsOf(orderId)).filter((a) => a.kind === kind).pop()?.outcome ?? 'none';

/** Drives one operation through one fault; answers what the first try produced, for the figures. */
const run: Record<GatewayOperation, (fault: GatewayFault) => Promise<string>> = {
  async checkout(fault) {
    const courseId = await newCourse(`دوره‌ی خطای ${fault}`, 1);
    const l = await newLearner('checkout');
    await addToCart(l, courseId);
    gateway.inject('request', fault);
    const first = await checkout(l);
    gateway.clear();
    if (usable('checkout', fault)) {
      expect(first.status, first.text).toBe(200);
      return 'ok';
    }
    expect(first.status, first.text).toBe(502);
    expect(first.body.message).toMatch(persian);
    // The learner's newest order (GET /api/Orders lists the newest first).
    const [order] = (await ordersOf(l)).body;
    expect(order?.status).toBe('failed');
    const outcome = await lastAttempt(order?.id ?? 0, 'request');
    expect(['unreadable', 'unreachable']).toContain(outcome);
    expect(await seatsLeft(courseId)).toBe(1);
    const retried = await checkout(l);
    expect(retried.status, retried.text).toBe(200);
    expect(await seatsLeft(courseId)).toBe(0);
    return `502, order failed (${outcome})`;
  },
  async callback(fault) {
    const l = await newLearner('callback');
    const courseId = await newCourse(`دوره‌ی تأیید ${fault}`, 5);
    await addToCart(l, courseId);
    const c = (await checkout(l)).body;
    gateway.pay(authorityOf(c));
    gateway.inject('verify', fault);
    const first = await callback(l, c);
    gateway.clear();
    let produced = 'ok, paid';
    if (!usable('callback', fault)) {
      expect(first.status, first.text).toBe(502);
      expect(first.body.message).toMatch(persian);
      const order = await orderById(c.orderId);
      expect(order.status).toBe('pending');
      const outcome = await lastAttempt(c.orderId, 'verify');
      expect(['unreadable', 'unreachable']).toContain(outcome);
      produced = `502, order still pending (${outcome})`;
      const again = await callback(l, c);
      expect(again.status, again.text).toBe(200);
    } else expect(first.status, first.text).toBe(200);
    expect((await orderById(c.orderId)).status).toBe('paid');
    expect(await enrolledIn(l, courseId)).toBe(1);
    return produced;
  },
  async reconcile(fault) {
    const l = await newLearner('reconcile');
    const courseId = await newCourse(`دوره‌ی تطبیق ${fault}`, 5);
    await addToCart(l, courseId);
    const c = (await checkout(l)).body;
    gateway.pay(authorityOf(c));
    for (const call of callsOf.reconcile) if (applies('reconcile', fault) && (fault !== 'unasked' || call === 'unverified')) gateway.inject(call, fault);
    const [listsBefore, verifiesBefore] = [gateway.unverifiedCalls.length, gateway.verifyCalls.length];
    await reconcile();
    gateway.clear();
    let produced = 'ok, paid';
    if (!usable('reconcile', fault)) {
      expect((await orderById(c.orderId)).status).toBe('pending');
      const asked = await lastAttempt(c.orderId, 'verify');
      // A gateway that does not answer its first call is asked nothing more that round (the other
      // open orders would each wait out the time-out in turn).
      if (fault === 'slow' || fault === 'dropped') {
        expect([gateway.unverifiedCalls.length - listsBefore, gateway.verifyCalls.length - verifiesBefore]).toEqual([1, 0]);
        expect(asked).toBe('none');
      }
      produced = asked === 'none' ? 'order still pending (the round ended at the unanswered list, asking no order)' : `order still pending (${asked})`;
      await reconcile();
    }
    expect((await orderById(c.orderId)).status).toBe('paid');
    expect(await enrolledIn(l, courseId)).toBe(1);
    return produced;
  },
  async reverse(fault) {
    // Two payments of one line: the second to be verified bought nothing and is reversed.
    const l = await newLearner('reverse');
    const [x, y] = [await newCourse(`دوره‌ی برگشت ${fault}`, 5), await newCourse(`دوره‌ی برگشت دوم ${fault}`, 5)];
    await addToCart(l, x);
    const a = (await checkout(l)).body;
    gateway.pay(authorityOf(a));
    await addToCart(l, y);
    const b = (await checkout(l)).body;
    gateway.pay(authorityOf(b));
    expect((await callback(l, b)).body.status).toBe('paid');
    gateway.inject('reverse', fault);
    const first = await callback(l, a);
    gateway.clear();
    expect(first.status, first.text).toBe(200);
    let produced = 'ok, reversed';
    if (!usable('reverse', fault)) {
      expect((await orderById(a.orderId)).status).toBe('refundDue');
      const outcome = await lastAttempt(a.orderId, 'reverse');
      expect(['unreadable', 'unreachable']).toContain(outcome);
      produced = `order refundDue (${outcome}), reversed by the next round`;
      await reconcile();
    }
    const order = await orderById(a.orderId);
    expect(order.status).toBe('refunded');
    expect(Number(order.refundedInTomans)).toBe(Number(order.totalInTomans));
    expect(gateway.stateOf(authorityOf(a))).toBe('reversed');
    expect(await enrolledIn(l, x)).toBe(1);
    return produced;
  },
  async refund(fault) {
    const { c, l, courseId } = await paidOrder(`دوره‌ی بازگشت وجه ${fault}`);
    const before = await orderById(c.orderId);
    gateway.inject('refund', fault);
    const first = await server.call<{ message?: string }>('POST', '/api/OrderRecord/Refund', { token: admin, body: { id: before.id, version: before.version } });
    gateway.clear();
    let produced = 'ok, refunded';
    if (!usable('refund', fault)) {
      expect(first.status, first.text).toBe(502);
      expect(first.body.message).toMatch(persian);
      // The gateway may have paid it: the order is still paid, and it and its attempts say the
      // refund is unconfirmed.
      const unconfirmed = await orderById(c.orderId);
      expect(unconfirmed).toMatchObject({ status: 'paid', version: before.version + 1, refundedInTomans: 0 });
      expect(unconfirmed.refundUnconfirmedAt).not.toBeNull();
      expect(await enrolledIn(l, courseId)).toBe(1);
      const outcome = await lastAttempt(c.orderId, 'refund');
      expect(['unreadable', 'unreachable']).toContain(outcome);
      // No second refund through the gateway: refused, and the gateway not asked.
      const calls = gateway.refundCalls.length;
      const again = await server.call<{ message?: string }>('POST', '/api/OrderRecord/Refund', { token: admin, body: { id: before.id, version: unconfirmed.version } });
      expect(again.status, again.text).toBe(409);
      expect(again.body.message).toMatch(/ثبت بازگشت دستی/);
      expect(gateway.refundCalls).toHaveLength(calls);
      // The admin, having checked the gateway's panel, records it by hand.
      const manual = await server.call('POST', '/api/OrderRecord/RecordManualRefund', { token: admin, body: { id: before.id, version: unconfirmed.version, amountInTomans: refundableOf(before), paidBackOn: null, reference: '' } });
      expect(manual.status, manual.text).toBe(200);
      expect(await lastAttempt(c.orderId, 'manualRefund')).toBe('ok');
      expect((await orderById(c.orderId)).refundUnconfirmedAt).toBeNull();
      expect(await enrolledIn(l, courseId)).toBe(0);
      produced = `502, refund unconfirmed (${outcome}), no second refund through the gateway, recorded by hand`;
    } else expect(first.status, first.text).toBe(200);
    expect((await orderById(c.orderId)).status).toBe('refunded');
    // Through the gateway at most once, whatever the first answer was (droppedAfter: it had paid).
    expect(gateway.refundedOf(authorityOf(c))).toBe(usable('refund', fault) || fault === 'droppedAfter' ? Number(before.totalInTomans) * 10 : 0);
    return produced;
  },
};

describe('a refund whose answer is lost after the gateway paid it', () => {
  it('is never paid back twice: the attempt stays unconfirmed, the gateway is not asked again, and a manual refund is recorded only then', async () => {
    const { c } = await paidOrder('دوره‌ی بازگشت وجه بی‌پاسخ');
    const before = await orderById(c.orderId);
    // While the gateway can refund it, nothing is recorded by hand beside it: the row offers the
    // gateway's refund only, and the server refuses the other.
    expect(before.refundUnconfirmedAt).toBeNull();
    expect(offered(before)).toEqual(['refund']);
    const early = await server.call<{ message?: string }>('POST', '/api/OrderRecord/RecordManualRefund', { token: admin, body: { id: before.id, version: before.version, amountInTomans: refundableOf(before), paidBackOn: null, reference: '' } });
    expect(early.status, early.text).toBe(409);
    expect(early.body.message).toBe(refundRefusals.notUnconfirmed);
    gateway.inject('refund', 'droppedAfter');
    const lost = await server.call<{ message?: string }>('POST', '/api/OrderRecord/Refund', { token: admin, body: { id: before.id, version: before.version } });
    gateway.clear();
    expect(lost.status, lost.text).toBe(502);
    expect(lost.body.message).toMatch(/ممکن است وجه بازگردانده شده باشد/);
    expect(gateway.refundedOf(authorityOf(c))).toBe(Number(before.totalInTomans) * 10);
    expect((await attemptsOf(c.orderId)).filter((a) => a.kind === 'refund').map((a) => a.outcome)).toEqual(['unreachable']);
    // The order says so in the same write: it now offers the manual refund only.
    const unconfirmed = await orderById(c.orderId);
    expect(unconfirmed).toMatchObject({ status: 'paid', version: before.version + 1 });
    expect(unconfirmed.refundUnconfirmedAt).not.toBeNull();
    expect(offered(unconfirmed)).toEqual(['manualRefund']);
    const again = await server.call<{ message?: string }>('POST', '/api/OrderRecord/Refund', { token: admin, body: { id: before.id, version: unconfirmed.version } });
    expect(again.status, again.text).toBe(409);
    expect(again.body.message).toBe(refundRefusals.unconfirmed);
    expect(gateway.refundCalls.filter((call) => call.authority === authorityOf(c))).toHaveLength(1);
    const manual = await server.call('POST', '/api/OrderRecord/RecordManualRefund', { token: admin, body: { id: before.id, version: unconfirmed.version, amountInTomans: refundableOf(before), paidBackOn: null, reference: '' } });
    expect(manual.status, manual.text).toBe(200);
    const refunded = await orderById(c.orderId);
    expect(refunded).toMatchObject({ status: 'refunded', refundUnconfirmedAt: null });
    expect(offered(refunded)).toEqual([]);
    expect(gateway.refundedOf(authorityOf(c))).toBe(Number(before.totalInTomans) * 10);
  });
});

describe('the payment gateway misbehaving, every fault × every operation', () => {
  const operations: GatewayOperation[] = ['checkout', 'callback', 'reconcile', 'reverse', 'refund'];
  const cases = operations.flatMap((operation) => gatewayFaults.filter((fault) => applies(operation, fault)).map((fault) => ({ operation, fault })));
  it.each(cases)('$operation, the gateway answering $fault', async ({ operation, fault }) => {
    const hugeBefore = gateway.hugeBytesSent();
    const produced = await run[operation](fault);
    count('gateway', `${operation}: ${produced}`);
    // The client hung up long before the end of the huge body (it never buffers it whole).
    if (fault === 'huge') expect(gateway.hugeBytesSent() - hugeBefore).toBeLessThan(hugeAnswerBytes);
    // A slow fault holds every gateway call of a reconciliation round (the other cases' open
    // orders too) for the whole time-out, one after another: on a busy machine that passed the
    // default 30 s. The limit is only there to turn a hang into a failure.
  });
});
