// @vitest-environment node
// No sequence of record actions pays back more than was paid for what is no longer held, against
// the real server on SQLite, or PostgreSQL with TEST_DATABASE=postgres, and the local gateway with
// refunds. Each run buys one order of two children in one course, then makes a random sequence
// of the enrolments' cancel (with or without a refund), reinstate and move and the order's refund
// (fast-check, a fixed seed: a failure names its sequence). After every step: no 5xx; what the
// gateway paid back is what the order says it paid back, and it is at most what the order took
// less the price of the lines still active; an enrolment whose cancel paid money back is not
// active; and the panel offers «فعال کردن دوباره» exactly when the server then accepts it.
import fc from 'fast-check';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markPaidBack } from '../../../server/platform/migrations/20261128083440_enrolment_refunds';
import { openConfiguredDatabase } from '../../../server/platform/db';
import { databaseFor, rawSql, usePostgres } from '../../support/postgres-db';
import { actionsFor } from '../../../schema/define';
import { reinstateRefusals } from '../../../schema/enrollments';
import { registry } from '../../../schema/registry.gen';
import { startFakeGateway, type FakeGateway } from '../../support/fake-gateway';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';
import { courseBody, sampleChild } from '../../support/samples';
import type { EnrolmentRow, OrderRow } from '../../support/adminRows';

type Enrolment = EnrolmentRow & { refundedInTomans: number };
const price = 300_000;
let gateway: FakeGateway;
let server: TestServer;
let admin: string;
let learner: string;
/** The course every run buys, and two more to move to. */
let courses: [number, number, number];
let children = 0;

beforeAll(async () => {
  gateway = await startFakeGateway();
  server = await startServer({ paymentGatewayUrl: gateway.url, gatewayRefundToken: gateway.refundToken });
  admin = await server.signIn(adminPhone, adminPassword);
  learner = await signUpLearner(server, '09121235001');
  const category = (await server.call<Array<{ id: number }>>('GET', '/api/Category/GetSelectList', { token: admin })).body[0];
  if (!category) throw new Error('the seed has no category');
  const made: number[] = [];
  for (const title of ['دوره بازگشت وجه', 'دوره مقصد یک', 'دوره مقصد دو']) {
    const answer = await server.call<{ id: number }>('POST', '/api/Course/Create', {
      token: admin,
      body: courseBody(title, { durationInHours: 10, priceInTomans: price, categoryId: category.id, capacity: 1000 }),
    });
    expect(answer.status, answer.text).toBe(200);
    made.push(answer.body.id);
  }
  const [bought, one, two] = made;
  if (bought === undefined || one === undefined || two === undefined) throw new Error('courses not made');
  courses = [bought, one, two];
});
afterAll(async () => {
  await server?.close();
  await gateway?.close();
});

const list = async <T>(api: string, query: Record<string, string>) =>
  (await server.call<{ items: T[] }>('GET', `/api/${api}/GetSelectList`, { token: admin, query: { page: '1', sort: 'id', ...query } })).body.items;
const orderById = async (id: number) => {
  const [found] = await list<OrderRow>('OrderRecord', { ids: String(id) });
  if (!found) throw new Error(`no order ${id}`);
  return found;
};
const enrolmentsOf = (orderId: number) => list<Enrolment>('EnrollmentRecord', { 'f.orderId': String(orderId) });
const post = (path: string, body: object) => server.call<{ message?: string }>('POST', path, { token: admin, body });

/** Two new children of the learner bought the course in one order: checkout, paid, verified. */
async function buyTwo(): Promise<{ orderId: number; authority: string; childIds: number[] }> {
  const childIds: number[] = [];
  for (let i = 0; i < 2; i++) {
    children += 1;
    const child = await server.call<{ id: number }>('POST', '/api/Children/Create', { token: learner, body: { firstName: `فرزند ${children}`, lastName: 'بازگشتی', ...sampleChild } });
    expect(child.status, child.text).toBe(200);
    childIds.push(child.body.id);
    const added = await server.call('POST', '/api/Cart/Add', { token: learner, body: { courseId: courses[0], childId: child.body.id } });
    expect(added.status, added.text).toBe(200);
  }
  const checkout = await server.call<{ orderId: number; paymentUrl: string }>('POST', '/api/Orders/Checkout', { token: learner });
  expect(checkout.status, checkout.text).toBe(200);
  const authority = decodeURIComponent(new URL(checkout.body.paymentUrl).pathname.split('/').pop() ?? '');
  gateway.pay(authority);
  const verified = await server.call<{ status: string }>('GET', '/api/Payment/Verify', { token: learner, query: { Authority: authority, Status: 'OK' } });
  expect(verified.body.status).toBe('paid');
  return { orderId: checkout.body.orderId, authority, childIds };
}

/** The money rules, read from the panel's lists and the gateway after a step. */
async function checkMoney(orderId: number, authority: string, step: string): Promise<void> {
  const order = await orderById(orderId);
  const enrolments = await enrolmentsOf(orderId);
  // Every line is one child in the bought course at `price`; a moved enrolment keeps its line.
  const active = enrolments.filter((e) => e.status === 'active').length * price;
  const paidBack = gateway.refundedOf(authority) / 10;
  expect(paidBack, step).toBe(Number(order.refundedInTomans));
  expect(paidBack, step).toBeLessThanOrEqual(Number(order.totalInTomans) - active);
  for (const e of enrolments) if (Number(e.refundedInTomans) > 0) expect(e.status, step).toBe('cancelled');
}

type Step =
  | { kind: 'cancel'; which: number; refund: boolean }
  | { kind: 'reinstate'; which: number }
  | { kind: 'move'; which: number; to: 1 | 2 }
  | { kind: 'refundOrder' };
// The order's refund ends a run's story (nothing is left to pay back): it comes up less often.
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('cancel' as const), which: fc.integer({ min: 0, max: 1 }), refund: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('reinstate' as const), which: fc.integer({ min: 0, max: 1 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('move' as const), which: fc.integer({ min: 0, max: 1 }), to: fc.constantFrom(1 as const, 2 as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refundOrder' as const) }) },
);
const describeStep = (s: Step) =>
  s.kind === 'cancel' ? `cancel #${s.which} ${s.refund ? 'with' : 'without'} refund` : s.kind === 'move' ? `move #${s.which} to course ${s.to}` : s.kind === 'reinstate' ? `reinstate #${s.which}` : 'refund the order';

/** Runs one step as the admin would; answers the HTTP status. */
async function run(s: Step, orderId: number, childIds: number[]): Promise<number> {
  if (s.kind === 'refundOrder') {
    const order = await orderById(orderId);
    return (await post('/api/OrderRecord/Refund', { id: order.id, version: order.version })).status;
  }
  const enrolment = (await enrolmentsOf(orderId)).find((e) => e.childId === childIds[s.which]);
  if (!enrolment) throw new Error('no enrolment');
  const row = { id: enrolment.id, version: enrolment.version };
  if (s.kind === 'cancel') return (await post('/api/EnrollmentRecord/Cancel', { ...row, refund: s.refund ? 'refund' : 'keep' })).status;
  if (s.kind === 'move') return (await post('/api/EnrollmentRecord/Move', { ...row, courseId: courses[s.to] })).status;
  // The panel's offer (the detail view's actions) and the server's answer agree.
  const offered = actionsFor(registry.enrollments, { ...enrolment }).some((a) => a.key === 'reinstate');
  const answer = await post('/api/EnrollmentRecord/Reinstate', row);
  expect(answer.status === 200, `reinstate offered ${String(offered)}, answered ${answer.status} ${answer.text}`).toBe(offered);
  return answer.status;
}

describe('money back through the enrolments and the order', () => {
  it('a cancel that paid its price back is final: reinstating it is not offered and refused in Persian, and a second cancel pays nothing', async () => {
    const { orderId, authority, childIds } = await buyTwo();
    const [first] = (await enrolmentsOf(orderId)).filter((e) => e.childId === childIds[0]);
    if (!first) throw new Error('no enrolment');
    const cancelled = await post('/api/EnrollmentRecord/Cancel', { id: first.id, version: first.version, refund: 'refund' });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(gateway.refundedOf(authority)).toBe(price * 10);

    const [after] = (await enrolmentsOf(orderId)).filter((e) => e.id === first.id);
    if (!after) throw new Error('no enrolment');
    expect(after).toMatchObject({ status: 'cancelled', refundedInTomans: price });
    expect(actionsFor(registry.enrollments, { ...after }).map((a) => a.key)).not.toContain('reinstate');
    const refused = await post('/api/EnrollmentRecord/Reinstate', { id: after.id, version: after.version });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(reinstateRefusals.paidBack);
    const again = await post('/api/EnrollmentRecord/Cancel', { id: after.id, version: after.version, refund: 'refund' });
    expect(again.status).toBe(409);

    // The other child keeps the seat the order still pays for; the gateway paid back one line.
    expect((await enrolmentsOf(orderId)).map((e) => e.status)).toEqual(['cancelled', 'active']);
    expect(gateway.refundedOf(authority)).toBe(price * 10);
    expect(await orderById(orderId)).toMatchObject({ status: 'paid', refundedInTomans: price });
    await checkMoney(orderId, authority, 'after the refused reinstate');
  });

  it('random sequences of cancel, refund, reinstate and move never pay back more than was paid for what is no longer active', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        const { orderId, authority, childIds } = await buyTwo();
        const done: string[] = [];
        for (const s of steps) {
          const status = await run(s, orderId, childIds);
          done.push(`${describeStep(s)} → ${status}`);
          expect([200, 400, 409], done.join('; ')).toContain(status);
          await checkMoney(orderId, authority, done.join('; '));
        }
      }),
      {
        seed: 20261128,
        numRuns: 60,
        // The sequence that paid the whole order back while the second child stayed enrolled.
        examples: [
          [
            [
              { kind: 'cancel', which: 0, refund: true },
              { kind: 'reinstate', which: 0 },
              { kind: 'cancel', which: 0, refund: true },
            ],
          ],
          [[{ kind: 'cancel', which: 0, refund: false }, { kind: 'refundOrder' }, { kind: 'reinstate', which: 0 }]],
          [[{ kind: 'move', which: 1, to: 2 }, { kind: 'cancel', which: 1, refund: true }, { kind: 'reinstate', which: 1 }, { kind: 'cancel', which: 0, refund: true }]],
        ],
      },
    );
  });

  it('enrolments cancelled with a refund before the column existed are found by their audit entries and given their line’s price', async () => {
    const first = await buyTwo();
    const [paidBack, kept] = await enrolmentsOf(first.orderId);
    if (!paidBack || !kept) throw new Error('no enrolments');
    expect((await post('/api/EnrollmentRecord/Cancel', { id: paidBack.id, version: paidBack.version, refund: 'refund' })).status).toBe(200);
    expect((await post('/api/EnrollmentRecord/Cancel', { id: kept.id, version: kept.version, refund: 'keep' })).status).toBe(200);
    // An order refunded whole cancelled its enrolments with the order's refund.
    const second = await buyTwo();
    const order = await orderById(second.orderId);
    expect((await post('/api/OrderRecord/Refund', { id: order.id, version: order.version })).status).toBe(200);
    const ids = [paidBack.id, kept.id, ...(await enrolmentsOf(second.orderId)).map((e) => e.id)];
    await rawSql(server.dataDir, `update enrollments set "refundedInTomans" = 0 where id in (${ids.join(', ')})`);

    const db = await openConfiguredDatabase({
      databaseUrl: usePostgres ? await databaseFor(server.dataDir) : undefined,
      databaseFile: path.join(server.dataDir, 'academy.sqlite'),
    });
    try {
      await markPaidBack(db);
    } finally {
      await db.destroy();
    }
    const marked = [...(await enrolmentsOf(first.orderId)), ...(await enrolmentsOf(second.orderId))].map((e) => Number(e.refundedInTomans));
    expect(marked).toEqual([price, 0, price, price]);
  });
});
