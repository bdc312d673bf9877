// @vitest-environment node
// Enrolments taken by hand, against the real server on SQLite, or PostgreSQL with
// TEST_DATABASE=postgres, and the local gateway with refunds: the enrolment's create makes a paid
// order recorded by hand with its invoice number, tells the parent and is audited; it takes a seat
// by the checkout's rule (a full course refuses, a seat offered from the waiting list is taken and
// the entry fulfilled), refuses a child already in the course and bad input in Persian, is for
// admins only, and its order's refund is recorded by hand, never asked of the gateway.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundRefusals } from '../../../schema/orders';
import { manualEnrolmentTexts } from '../../../server/features/commerce/manualEnrolment';
import { childAdminTexts } from '../../../server/features/family/children';
import { startFakeGateway, type FakeGateway } from '../../support/fake-gateway';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';
import { courseBody, sampleChild } from '../../support/samples';
import type { AttemptRow, EnrolmentRow, OrderRow } from '../../support/adminRows';

const price = 400_000;
let gateway: FakeGateway;
let server: TestServer;
let admin: string;
let categoryId = 0;
let parentNo = 0;

beforeAll(async () => {
  gateway = await startFakeGateway();
  server = await startServer({ paymentGatewayUrl: gateway.url, gatewayRefundToken: gateway.refundToken });
  admin = await server.signIn(adminPhone, adminPassword);
  categoryId = (await server.call<Array<{ id: number }>>('GET', '/api/Category/GetSelectList', { token: admin })).body[0]?.id ?? 0;
});
afterAll(async () => {
  await server?.close();
  await gateway?.close();
});

async function newCourse(title: string, capacity: number): Promise<number> {
  const made = await server.call<{ id: number }>('POST', '/api/Course/Create', {
    token: admin,
    body: courseBody(title, { durationInHours: 10, priceInTomans: price, categoryId, capacity }),
  });
  expect(made.status, made.text).toBe(200);
  return made.body.id;
}

/** A new parent with one child. */
async function newFamily(): Promise<{ token: string; userId: number; childId: number }> {
  parentNo += 1;
  const token = await signUpLearner(server, `0912555${String(parentNo).padStart(4, '0')}`);
  const userId = (await server.call<{ id: number }>('GET', '/api/Me', { token })).body.id;
  const child = await server.call<{ id: number }>('POST', '/api/Children/Create', { token, body: { firstName: `کودک${parentNo}`, lastName: 'دستی', ...sampleChild } });
  expect(child.status, child.text).toBe(200);
  return { token, userId, childId: child.body.id };
}

const enrol = (body: Record<string, unknown>, token = admin) =>
  server.call<EnrolmentRow & { message?: string }>('POST', '/api/EnrollmentRecord/Create', {
    token,
    body: { payment: 'cash', amountInTomans: price, reference: '', ...body },
  });
const list = async <T>(api: string, query: Record<string, string>) =>
  (await server.call<{ items: T[] }>('GET', `/api/${api}/GetSelectList`, { token: admin, query: { page: '1', sort: 'id', ...query } })).body.items;
const orderOf = async (id: number) => (await list<OrderRow & { paymentMethod: string; invoiceNumber: number | null; authority?: string }>('OrderRecord', { 'f.id': String(id) }))[0];

describe('an enrolment taken by hand', () => {
  it('makes a paid order recorded by hand with an invoice, tells the parent and is audited', async () => {
    const courseId = await newCourse('دوره ثبت دستی', 10);
    const family = await newFamily();
    const made = await enrol({ childId: family.childId, courseId, payment: 'cardToCard', amountInTomans: 350_000, reference: '۱۲۳۴۵۶' });
    expect(made.status, made.text).toBe(200);
    expect(made.body).toMatchObject({ childId: family.childId, courseId, status: 'active' });
    expect(made.body).not.toHaveProperty('payment');

    const order = await orderOf(made.body.orderId);
    expect(order).toMatchObject({ status: 'paid', paymentMethod: 'cardToCard', totalInTomans: 350_000, discountInTomans: 50_000, userId: family.userId });
    expect(order?.refId).toBe('ثبت دستی، کارت به کارت 123456');
    expect(order?.invoiceNumber).toBeGreaterThan(0);
    const attempts = await list<AttemptRow>('PaymentAttemptRecord', { 'f.orderId': String(made.body.orderId) });
    expect(attempts).toEqual([expect.objectContaining({ kind: 'manualPayment', outcome: 'ok', amountInTomans: 350_000, refId: '123456' })]);
    const invoice = await server.call<{ invoiceNumber: number; totalInTomans: number; items: Array<{ priceInTomans: number; listPriceInTomans: number }> }>('GET', '/api/Orders/Invoice', {
      token: family.token,
      query: { id: String(made.body.orderId) },
    });
    expect(invoice.status, invoice.text).toBe(200);
    expect(invoice.body).toMatchObject({ invoiceNumber: order?.invoiceNumber, totalInTomans: 350_000, items: [{ priceInTomans: 350_000, listPriceInTomans: price }] });

    const told = await list<{ body: string; event: string }>('Notification', { 'f.event': 'enrolled', 'f.userId': String(family.userId) });
    expect(told.length).toBeGreaterThan(0);
    expect(told[0]?.body).toContain('دوره ثبت دستی');

    const audit = async (entity: string, recordId: number) =>
      (await server.call<{ items: Array<{ action: string }> }>('GET', '/api/Admin/audit', { token: admin, query: { entity, recordId: String(recordId) } })).body.items;
    expect((await audit('enrollments', made.body.id)).map((e) => e.action)).toEqual(['create']);
    expect((await audit('orders', made.body.orderId)).map((e) => e.action)).toEqual(['create']);
  });

  it('takes up a cancelled enrolment of the same child again, free, and refuses a second while it is active', async () => {
    const courseId = await newCourse('دوره بورسیه', 10);
    const family = await newFamily();
    const first = await enrol({ childId: family.childId, courseId, payment: 'free', amountInTomans: 0 });
    expect(first.status, first.text).toBe(200);
    const again = await enrol({ childId: family.childId, courseId });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(manualEnrolmentTexts.alreadyEnrolled);

    const cancelled = await server.call('POST', '/api/EnrollmentRecord/Cancel', { token: admin, body: { id: first.body.id, refund: 'keep' } });
    expect(cancelled.status, cancelled.text).toBe(200);
    const retaken = await enrol({ childId: family.childId, courseId });
    expect(retaken.status, retaken.text).toBe(200);
    expect(retaken.body.id).toBe(first.body.id);
    expect(retaken.body.orderId).not.toBe(first.body.orderId);
    expect((await orderOf(first.body.orderId))?.paymentMethod).toBe('free');
  });

  it('refuses a full course unless the child holds the seat offered from the waiting list, which is then fulfilled', async () => {
    const courseId = await newCourse('دوره یک‌نفره', 1);
    const [a, b, c] = [await newFamily(), await newFamily(), await newFamily()];
    const taken = await enrol({ childId: a.childId, courseId });
    expect(taken.status, taken.text).toBe(200);
    const full = await enrol({ childId: b.childId, courseId });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(manualEnrolmentTexts.full('دوره یک‌نفره'));

    for (const family of [b, c]) {
      const joined = await server.call('POST', '/api/Waitlist/Join', { token: family.token, body: { courseId, childId: family.childId } });
      expect(joined.status, joined.text).toBe(200);
    }
    // The seat freed goes to the first child waiting (b), held for them.
    const cancelled = await server.call('POST', '/api/EnrollmentRecord/Cancel', { token: admin, body: { id: taken.body.id, refund: 'keep' } });
    expect(cancelled.status, cancelled.text).toBe(200);
    const ahead = await enrol({ childId: c.childId, courseId });
    expect(ahead.status).toBe(409);
    const offered = await enrol({ childId: b.childId, courseId });
    expect(offered.status, offered.text).toBe(200);
    const entries = await list<{ childId: number; status: string; position: number }>('WaitlistEntry', { 'f.courseId': String(courseId) });
    expect(entries.find((e) => e.childId === b.childId)?.status).toBe('enrolled');
    expect(entries.find((e) => e.childId === c.childId)).toMatchObject({ status: 'waiting', position: 1 });
  });

  it('refuses bad input in Persian, and anyone but an admin', async () => {
    const courseId = await newCourse('دوره ورودی بد', 10);
    const family = await newFamily();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ childId: 0, courseId }, manualEnrolmentTexts.noChild],
      [{ childId: family.childId, courseId: 0 }, manualEnrolmentTexts.noCourse],
      [{ childId: family.childId, courseId, amountInTomans: 0 }, manualEnrolmentTexts.noAmount],
      [{ childId: family.childId, courseId, payment: 'free', amountInTomans: 1000 }, manualEnrolmentTexts.freeWithAmount],
      [{ childId: family.childId, courseId, payment: 'cardToCard', reference: '  ' }, manualEnrolmentTexts.noReference],
    ];
    for (const [body, message] of cases) {
      const answer = await enrol(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    for (const body of [{ childId: family.childId, courseId, payment: 'online' }, { childId: family.childId, courseId, amountInTomans: -5 }, { childId: 999_999, courseId }]) {
      const answer = await enrol(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toMatch(/[آ-ی]/);
    }
    expect((await enrol({ childId: family.childId, courseId }, family.token)).status).toBe(403);
    const anonymous = await server.call('POST', '/api/EnrollmentRecord/Create', { body: { childId: family.childId, courseId, payment: 'cash', amountInTomans: price, reference: '' } });
    expect(anonymous.status).toBe(401);
    expect(await list<EnrolmentRow>('EnrollmentRecord', { 'f.courseId': String(courseId) })).toEqual([]);
  });

  it('is refunded by hand only, never through the gateway, within what it took', async () => {
    const courseId = await newCourse('دوره بازگشت دستی', 10);
    const family = await newFamily();
    const made = await enrol({ childId: family.childId, courseId, amountInTomans: 300_000 });
    expect(made.status, made.text).toBe(200);
    const order = await orderOf(made.body.orderId);
    const throughGateway = await server.call<{ message: string }>('POST', '/api/OrderRecord/Refund', { token: admin, body: { id: made.body.orderId, version: order?.version } });
    expect(throughGateway.status).toBe(409);
    expect(throughGateway.body.message).toBe(refundRefusals.byHand);

    // The enrolment's own cancel with its refund pays its line back by hand too.
    const cancelled = await server.call('POST', '/api/EnrollmentRecord/Cancel', { token: admin, body: { id: made.body.id, refund: 'refund' } });
    expect(cancelled.status, cancelled.text).toBe(200);
    const attempts = await list<AttemptRow>('PaymentAttemptRecord', { 'f.orderId': String(made.body.orderId) });
    expect(attempts.map((a) => a.kind)).toEqual(['manualPayment', 'manualRefund']);
    expect(attempts[1]?.amountInTomans).toBe(300_000);
    expect(gateway.refundCalls).toEqual([]);
    const refunded = await orderOf(made.body.orderId);
    expect(refunded).toMatchObject({ status: 'refunded', refundedInTomans: 300_000 });
    const manual = await server.call('POST', '/api/OrderRecord/RecordManualRefund', { token: admin, body: { id: made.body.orderId, amountInTomans: 1, paidBackOn: null, reference: '' } });
    expect(manual.status).toBe(409);
  });

  it('records the whole refund of an order taken by hand by hand, cancelling its enrolment', async () => {
    const courseId = await newCourse('دوره بازگشت کامل دستی', 10);
    const family = await newFamily();
    const made = await enrol({ childId: family.childId, courseId, amountInTomans: 200_000 });
    expect(made.status, made.text).toBe(200);
    const refunded = await server.call<{ notice?: string }>('POST', '/api/OrderRecord/RecordManualRefund', { token: admin, body: { id: made.body.orderId, amountInTomans: 200_000, paidBackOn: null, reference: 'نقد به والد' } });
    expect(refunded.status, refunded.text).toBe(200);
    expect(await orderOf(made.body.orderId)).toMatchObject({ status: 'refunded', refundedInTomans: 200_000 });
    const [enrolment] = await list<EnrolmentRow & { refundedInTomans: number }>('EnrollmentRecord', { 'f.id': String(made.body.id) });
    expect(enrolment).toMatchObject({ status: 'cancelled', refundedInTomans: 200_000 });
    const attempts = await list<AttemptRow>('PaymentAttemptRecord', { 'f.orderId': String(made.body.orderId) });
    expect(attempts.map((a) => [a.kind, a.amountInTomans])).toEqual([['manualPayment', 200_000], ['manualRefund', 200_000]]);
    expect(gateway.refundCalls).toEqual([]);
  });

  it('enrols a family that calls for the first time: its parent and child added by the admin first', async () => {
    const courseId = await newCourse('دوره خانواده تازه', 10);
    const parent = await server.call<{ id: number }>('POST', '/api/User/Create', {
      token: admin,
      body: { firstName: 'مریم', lastName: 'تلفنی', phoneNumber: '۰۹۱۲۵۵۵۹۹۰۱', emailAddress: '', role: 1, password: '' },
    });
    expect(parent.status, parent.text).toBe(200);
    const childBody = { firstName: 'نیلا', lastName: 'تلفنی', userId: parent.body.id, birthDate: sampleChild.birthDate, grade: 'دوم دبستان' };
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ ...childBody, userId: 0 }, childAdminTexts.noParent],
      [{ ...childBody, birthDate: null }, 'تاریخ تولد را کامل انتخاب کنید'],
      [{ ...childBody, birthDate: '2999-01-01T00:00:00.000Z' }, 'تاریخ تولد نمی‌تواند در آینده باشد'],
    ];
    for (const [body, message] of refused) {
      const answer = await server.call<{ message: string }>('POST', '/api/Child/Create', { token: admin, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    const child = await server.call<{ id: number; userId: number }>('POST', '/api/Child/Create', { token: admin, body: childBody });
    expect(child.status, child.text).toBe(200);
    expect(child.body.userId).toBe(parent.body.id);
    const made = await enrol({ childId: child.body.id, courseId });
    expect(made.status, made.text).toBe(200);
    expect((await orderOf(made.body.orderId))?.userId).toBe(parent.body.id);
  });
});
