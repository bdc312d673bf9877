// @vitest-environment node
// Zarinpal v4 as its users learned it, against the real server on SQLite, or
// PostgreSQL with TEST_DATABASE=postgres, and the local gateway (tests/support/fake-gateway.ts):
// a payment whose payer never came back is settled by the reconciliation; 101 ("already
// verified") is success; the verify amount is the order's, whatever the callback says; a payment
// that bought nothing is reversed inside the gateway's window and owed back (refundDue) outside
// it; refunds go through the gateway's refund call; the callback racing the reconciliation (two
// server processes on one database) enrols once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../server/platform/config';
import { startFakeGateway, type FakeGateway } from '../../support/fake-gateway';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';
import { sampleChild } from '../../support/samples';
import type { AttemptRow, OrderRow } from '../../support/adminRows';

let gateway: FakeGateway;
/** Never reconciles: a second server on its database runs a round where a test needs one. */
let server: TestServer;
let admin: string;
let courses: PublicCourse[];
const merchantId = '11111111-2222-3333-4444-555555555555';

interface PublicCourse {
  id: number;
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
  refundedInTomans?: number;
}

beforeAll(async () => {
  gateway = await startFakeGateway();
  server = await startServer({ paymentGatewayUrl: gateway.url, gatewayRefundToken: gateway.refundToken });
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
const newChild = async (on: TestServer, token: string, firstName: string) => {
  const answer = await on.call<{ id: number }>('POST', '/api/Children/Create', { token, body: { firstName, lastName: 'درگاهی', ...sampleChild } });
  expect(answer.status).toBe(200);
  return answer.body.id;
};
const addToCart = async (on: TestServer, token: string, courseId: number, childId: number) => {
  const answer = await on.call('POST', '/api/Cart/Add', { token, body: { courseId, childId } });
  expect(answer.status, answer.text).toBe(200);
};
const checkout = async (on: TestServer, token: string) => {
  const answer = await on.call<Checkout>('POST', '/api/Orders/Checkout', { token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};
const authorityOf = (c: Checkout) => decodeURIComponent(new URL(c.paymentUrl).pathname.split('/').pop() ?? '');
const callback = async (on: TestServer, token: string, c: Checkout, extra: Record<string, string> = {}) => {
  const answer = await on.call<PaymentResult>('GET', '/api/Payment/Verify', { token, query: { Authority: authorityOf(c), Status: 'OK', ...extra } });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};
/** The payer pays on the gateway's page and never comes back to the callback. */
const payOnly = async (c: Checkout) => {
  const pay = await fetch(`${c.paymentUrl}/pay`, { method: 'POST', redirect: 'manual' });
  expect(pay.status).toBe(303);
};
const enrolments = async (on: TestServer, token: string) =>
  (await on.call<Array<{ childId: number; course: { id: number } }>>('GET', '/api/Enrollments', { token })).body.map((e) => `${e.childId}:${e.course.id}`).sort();
const list = async <T>(api: string, query: Record<string, string>) =>
  (await server.call<{ items: T[] }>('GET', `/api/${api}/GetSelectList`, { token: admin, query: { page: '1', ...query } })).body.items;
const orderById = async (id: number) => {
  const found = (await list<OrderRow>('OrderRecord', { ids: String(id) }))[0];
  if (!found) throw new Error(`no order ${id}`);
  return found;
};
const attemptsOf = (orderId: number) => list<AttemptRow>('PaymentAttemptRecord', { 'f.orderId': String(orderId), sort: 'id' });
const verifiesOf = (c: Checkout) => gateway.verifyCalls.filter((call) => call.authority === authorityOf(c));
/** Calls the gateway's verify.json as another process would (its answer is not told to us). */
const verifyAtGateway = async (authority: string, amount: number) =>
  (await fetch(`${gateway.url}/pg/v4/payment/verify.json`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ merchant_id: merchantId, authority, amount }),
  }).then((r) => r.json())) as { data: { code?: number } };
/**
 * A second server on the same database, its timers off like every test server's: the test runs
 * each reconciliation round (sweeper.app.jobs.round('reconcilePayments')) when it means to, so no round
 * happens early or late on a slow machine.
 */
const startSweeper = (paymentReconcileAfterMs?: number) =>
  startServer({ dataDir: server.dataDir, paymentGatewayUrl: gateway.url, ...(paymentReconcileAfterMs === undefined ? {} : { paymentReconcileAfterMs }) });
/** Waits for a condition; the test's own time limit bounds the wait, not a guess of the machine's speed. */
async function until(check: () => Promise<boolean> | boolean): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('payments whose payer never came back', () => {
  it('the reconciliation finds the paid, unverified payment on the gateway, verifies it with the amount from our database and enrols', async () => {
    const token = await signUpLearner(server, '09372000001');
    const child = await newChild(server, token, 'ترانه');
    await addToCart(server, token, course(0).id, child);
    const order = await checkout(server, token);
    const listedBefore = gateway.unverifiedCalls.length;
    await payOnly(order);
    expect(gateway.stateOf(authorityOf(order))).toBe('paid');
    // Not settled by anything but the reconciliation (no server here runs it on a timer).
    expect((await orderById(order.orderId)).status).toBe('pending');

    const sweeper = await startSweeper();
    try {
      await sweeper.app.jobs.round('reconcilePayments');
    } finally {
      await sweeper.close();
    }
    expect((await orderById(order.orderId)).status).toBe('paid');
    expect(gateway.unverifiedCalls.length).toBeGreaterThan(listedBefore);
    expect(gateway.stateOf(authorityOf(order))).toBe('verified');
    expect(verifiesOf(order).map((call) => call.amount)).toEqual([course(0).priceInTomans * 10]);
    expect(await enrolments(server, token)).toEqual([`${child}:${course(0).id}`]);
    // The payer comes back late: the stored result, the same refId, nothing enrolled twice.
    const late = await callback(server, token, order);
    expect(late).toMatchObject({ orderId: order.orderId, status: 'paid' });
    expect(late.refId).toBe((await orderById(order.orderId)).refId);
    expect(await enrolments(server, token)).toEqual([`${child}:${course(0).id}`]);
  });
});

describe('payments whose payer never came back, not on the gateway\'s list', () => {
  it('an open order older than the reconciliation\'s wait is asked about by its own authority and settled', async () => {
    const token = await signUpLearner(server, '09372000007');
    const child = await newChild(server, token, 'بردیا');
    await addToCart(server, token, course(1).id, child);
    const order = await checkout(server, token);
    await payOnly(order);
    // The gateway's list is out of reach (or the payment is past its last 100 entries).
    gateway.failUnverified = true;
    const sweeper = await startSweeper(0);
    try {
      await sweeper.app.jobs.round('reconcilePayments');
    } finally {
      await sweeper.close();
      gateway.failUnverified = false;
    }
    expect((await orderById(order.orderId)).status).toBe('paid');
    expect(verifiesOf(order).map((call) => call.amount)).toEqual([course(1).priceInTomans * 10]);
    expect(await enrolments(server, token)).toEqual([`${child}:${course(1).id}`]);
  });

  it('an open order not paid stays open and payable, asked about again later', async () => {
    const token = await signUpLearner(server, '09372000008');
    const child = await newChild(server, token, 'هستی');
    await addToCart(server, token, course(0).id, child);
    const order = await checkout(server, token);
    const sweeper = await startSweeper(0);
    try {
      await sweeper.app.jobs.round('reconcilePayments');
      await sweeper.app.jobs.round('reconcilePayments');
    } finally {
      await sweeper.close();
    }
    expect(verifiesOf(order).length).toBeGreaterThanOrEqual(2);
    expect(await orderById(order.orderId)).toMatchObject({ status: 'pending', refId: '' });
    expect(await enrolments(server, token)).toEqual([]);
    // Paid afterwards, the callback settles it as usual.
    await payOnly(order);
    expect(await callback(server, token, order)).toMatchObject({ status: 'paid' });
  });
});

describe('verify as Zarinpal answers it', () => {
  it('101 (already verified) is success: the order is settled once, and a second callback changes nothing', async () => {
    const token = await signUpLearner(server, '09372000002');
    const child = await newChild(server, token, 'کاوه');
    await addToCart(server, token, course(1).id, child);
    const order = await checkout(server, token);
    await payOnly(order);
    // Another process verified it at the gateway and died before settling it here.
    expect((await verifyAtGateway(authorityOf(order), course(1).priceInTomans * 10)).data.code).toBe(100);

    const first = await callback(server, token, order);
    expect(first).toMatchObject({ orderId: order.orderId, status: 'paid' });
    expect(first.refId).toBeTruthy();
    expect(await enrolments(server, token)).toEqual([`${child}:${course(1).id}`]);
    const stored = await orderById(order.orderId);
    const calls = verifiesOf(order).length;

    expect(await callback(server, token, order)).toEqual(first);
    expect(await orderById(order.orderId)).toEqual(stored);
    expect(await enrolments(server, token)).toEqual([`${child}:${course(1).id}`]);
    expect(verifiesOf(order)).toHaveLength(calls);
  });

  it('the amount verified is the order total from the database (in rials), whatever the callback says', async () => {
    const token = await signUpLearner(server, '09372000003');
    const child = await newChild(server, token, 'نیلوفر');
    await addToCart(server, token, course(2).id, child);
    const order = await checkout(server, token);
    await payOnly(order);
    const result = await callback(server, token, order, { Amount: '1000', amount: '1000' });
    expect(result).toMatchObject({ status: 'paid' });
    expect(verifiesOf(order).map((call) => call.amount)).toEqual([course(2).priceInTomans * 10]);
    expect(gateway.requestCalls.at(-1)?.amount).toBe(course(2).priceInTomans * 10);
  });
});

describe('a payment that bought nothing', () => {
  /** Order A is paid in one tab; the grown cart is checked out as B, paid and verified first. */
  async function duplicate(phone: string) {
    const token = await signUpLearner(server, phone);
    const child = await newChild(server, token, 'آرمان');
    await addToCart(server, token, course(0).id, child);
    const a = await checkout(server, token);
    await payOnly(a);
    await addToCart(server, token, course(1).id, child);
    const b = await checkout(server, token);
    await payOnly(b);
    expect(await callback(server, token, b)).toMatchObject({ status: 'paid' });
    return { token, child, a, b };
  }

  it('is reversed through the gateway inside its window: the money back on the card, the order paid back', async () => {
    const { token, child, a } = await duplicate('09372000004');
    const reversesBefore = gateway.reverseCalls.length;
    const late = await callback(server, token, a);
    expect(late).toMatchObject({ orderId: a.orderId, status: 'refunded', refundedInTomans: course(0).priceInTomans });
    expect(gateway.reverseCalls.slice(reversesBefore)).toEqual([{ merchant_id: merchantId, authority: authorityOf(a) }]);
    expect(gateway.stateOf(authorityOf(a))).toBe('reversed');
    expect(await orderById(a.orderId)).toMatchObject({ status: 'refunded', refundDueInTomans: 0, refundedInTomans: course(0).priceInTomans });
    expect((await attemptsOf(a.orderId)).map((x) => [x.kind, x.outcome])).toEqual([
      ['request', 'ok'],
      ['verify', 'ok'],
      ['reverse', 'ok'],
    ]);
    expect(await enrolments(server, token)).toEqual([`${child}:${course(0).id}`, `${child}:${course(1).id}`].sort());
    // Asked again: the stored result, the gateway not asked to reverse twice.
    expect(await callback(server, token, a)).toEqual(late);
    expect(gateway.reverseCalls.length).toBe(reversesBefore + 1);
  });

  it('is owed back (refundDue, for the admin) once the window has passed; the admin refund goes through the gateway in rials', async () => {
    const { token, a } = await duplicate('09372000005');
    gateway.advance(31 * 60_000);
    const late = await callback(server, token, a);
    expect(late).toMatchObject({ orderId: a.orderId, status: 'refundDue', refundDueInTomans: course(0).priceInTomans });
    expect(gateway.stateOf(authorityOf(a))).toBe('verified');
    const owed = await orderById(a.orderId);
    expect(owed).toMatchObject({ status: 'refundDue', refundDueInTomans: course(0).priceInTomans, refundedInTomans: 0 });
    expect((await attemptsOf(a.orderId)).map((x) => [x.kind, x.outcome])).toEqual([
      ['request', 'ok'],
      ['verify', 'ok'],
      ['reverse', 'refused'],
    ]);
    // The admin finds it among the orders owed back and refunds it through the gateway.
    expect((await list<OrderRow>('OrderRecord', { 'f.status': 'refundDue' })).map((o) => o.id)).toContain(a.orderId);
    const refundsBefore = gateway.refundCalls.length;
    const refunded = await server.call<{ record: OrderRow }>('POST', '/api/OrderRecord/Refund', { token: admin, body: { id: owed.id, version: owed.version } });
    expect(refunded.status, refunded.text).toBe(200);
    expect(gateway.refundCalls.slice(refundsBefore)).toMatchObject([
      { merchant_id: merchantId, authority: authorityOf(a), amount: course(0).priceInTomans * 10, token: gateway.refundToken },
    ]);
    expect(await orderById(a.orderId)).toMatchObject({ status: 'refunded', refundDueInTomans: 0, refundedInTomans: course(0).priceInTomans });
  });
});

describe('the callback racing the reconciliation', () => {
  it('two processes verify the same payment at once (100 and 101): the order is settled and the child enrolled once', async () => {
    const token = await signUpLearner(server, '09372000006');
    const child = await newChild(server, token, 'سپیده');
    await addToCart(server, token, course(2).id, child);
    const order = await checkout(server, token);
    gateway.verifyDelayMs = 400;
    const sweeper = await startSweeper();
    try {
      await payOnly(order);
      // The reconciliation (in `sweeper`) picks the payment up while the callback (in `server`)
      // asks about it too; the gateway holds both answers for 400 ms.
      const round = sweeper.app.jobs.round('reconcilePayments');
      await until(() => verifiesOf(order).length > 0);
      const result = await callback(server, token, order);
      expect(result).toMatchObject({ orderId: order.orderId, status: 'paid' });
      await round;
    } finally {
      gateway.verifyDelayMs = 0;
      await sweeper.close();
    }
    expect((await attemptsOf(order.orderId)).filter((x) => x.kind === 'verify').length).toBeGreaterThanOrEqual(2);
    expect(verifiesOf(order).length).toBeGreaterThanOrEqual(2);
    expect(await enrolments(server, token)).toEqual([`${child}:${course(2).id}`]);
    const enrolmentRows = await list<{ orderId: number }>('EnrollmentRecord', { 'f.orderId': String(order.orderId) });
    expect(enrolmentRows).toHaveLength(1);
    expect(await orderById(order.orderId)).toMatchObject({ status: 'paid', refundDueInTomans: 0 });
  });
});

describe('PAYMENT_RECONCILE_SECONDS', () => {
  it('sets the reconciliation interval: 120 s unset, 0 turns it off, anything but a number of seconds stops the start', () => {
    expect(configFromEnv({}).paymentReconcileMs).toBe(120_000);
    expect(configFromEnv({ PAYMENT_RECONCILE_SECONDS: '30' }).paymentReconcileMs).toBe(30_000);
    expect(configFromEnv({ PAYMENT_RECONCILE_SECONDS: '0' }).paymentReconcileMs).toBe(0);
    expect(() => configFromEnv({ PAYMENT_RECONCILE_SECONDS: '-5' })).toThrow(/PAYMENT_RECONCILE_SECONDS/);
    expect(() => configFromEnv({ PAYMENT_RECONCILE_SECONDS: 'often' })).toThrow(/PAYMENT_RECONCILE_SECONDS/);
  });
});
