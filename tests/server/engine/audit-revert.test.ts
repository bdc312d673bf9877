// @vitest-environment node
// The audit log's «بازگرداندن» is the write an admin could have made instead, with the same rules
// (server/engine/audit.ts), against the real server on SQLite, or PostgreSQL with TEST_DATABASE=postgres:
// a refund is never undone (the money went back to the card); a cancelled enrolment comes back
// only through «فعال کردن دوباره», which needs a free seat; an edit's revert passes the entity's
// validators as the form's save does; an ordinary revert still works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGateway, type FakeGateway } from '../../support/fake-gateway';
import { rawSql } from '../../support/postgres-db';
import { courseBody, sampleChild } from '../../support/samples';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';
import type { EnrolmentRow, OrderRow } from '../../support/adminRows';

let gateway: FakeGateway;
let server: TestServer;
let admin: string;
let categoryId = 0;
const parents: Array<{ token: string; child: number }> = [];

interface Checkout {
  orderId: number;
  paymentUrl: string;
}
interface AuditEntry {
  id: number;
  entity: string;
  recordId: number;
  action: string;
  revertible: boolean;
  revertRefusal: string | null;
  after: Record<string, unknown> | null;
}

beforeAll(async () => {
  gateway = await startFakeGateway();
  server = await startServer({ paymentGatewayUrl: gateway.url, gatewayRefundToken: gateway.refundToken });
  admin = await server.signIn(adminPhone, adminPassword);
  const categories = await server.call<Array<{ id: number }>>('GET', '/api/Public/categories');
  categoryId = categories.body[0]?.id ?? 0;
  for (const n of [1, 2, 3]) {
    const token = await signUpLearner(server, `0937900000${n}`);
    const child = await server.call<{ id: number }>('POST', '/api/Children/Create', { token, body: { firstName: `فرزند${n}`, lastName: 'بازگشتی', ...sampleChild } });
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
async function newCourse(title: string, capacity: number): Promise<number> {
  const answer = await server.call<{ id: number }>('POST', '/api/Course/Create', {
    token: admin,
    body: courseBody(title, { durationInHours: 10, priceInTomans: 150_000, categoryId, capacity }),
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.id;
}
/** Parent i's child buys the course alone: checkout, the gateway's page paid, verified. */
async function buy(i: number, courseId: number): Promise<number> {
  const { token, child } = parent(i);
  expect((await server.call('POST', '/api/Cart/Add', { token, body: { courseId, childId: child } })).status).toBe(200);
  const checkout = await server.call<Checkout>('POST', '/api/Orders/Checkout', { token });
  expect(checkout.status, checkout.text).toBe(200);
  const authority = decodeURIComponent(new URL(checkout.body.paymentUrl).pathname.split('/').pop() ?? '');
  gateway.pay(authority);
  const verified = await server.call<{ status: string }>('GET', '/api/Payment/Verify', { token, query: { Authority: authority, Status: 'OK' } });
  expect(verified.body.status).toBe('paid');
  return checkout.body.orderId;
}
const enrolmentsIn = async (courseId: number) =>
  (await server.call<{ items: EnrolmentRow[] }>('GET', '/api/EnrollmentRecord/GetSelectList', { token: admin, query: { page: '1', 'f.courseId': String(courseId) } })).body.items;
const orderById = async (id: number) => {
  const found = (await server.call<{ items: OrderRow[] }>('GET', '/api/OrderRecord/GetSelectList', { token: admin, query: { page: '1', ids: String(id) } })).body.items[0];
  if (!found) throw new Error(`no order ${id}`);
  return found;
};
const entriesOf = async (entity: string, recordId: number) =>
  (await server.call<{ items: AuditEntry[] }>('GET', '/api/Admin/audit', { token: admin, query: { entity, recordId: String(recordId) } })).body.items;
const revert = (entry: { id: number }) => server.call<AuditEntry & { message?: string }>('POST', '/api/Admin/audit/{id}/revert', { token: admin, params: { id: String(entry.id) } });
const newest = async (entity: string, recordId: number) => {
  const [entry] = await entriesOf(entity, recordId);
  if (!entry) throw new Error(`no audit entry for ${entity} ${recordId}`);
  return entry;
};

const refundFinal = 'بازگشت وجه بازگرداندنی نیست: وجه به پرداخت‌کننده بازگردانده شده است';

describe('reverting what a record action did', () => {
  it('a refund is never undone: its entry and the enrolments it cancelled are refused with the reason, the order stays refunded', async () => {
    const courseId = await newCourse('دوره بازگشت وجه', 0);
    const orderId = await buy(0, courseId);
    const order = await orderById(orderId);
    const refunded = await server.call('POST', '/api/OrderRecord/Refund', { token: admin, body: { id: orderId, version: order.version } });
    expect(refunded.status, refunded.text).toBe(200);

    const entry = await newest('orders', orderId);
    expect(entry).toMatchObject({ action: 'update', revertible: false, revertRefusal: refundFinal });
    const refused = await revert(entry);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(refundFinal);
    expect(await orderById(orderId)).toMatchObject({ status: 'refunded', refundedInTomans: 150_000 });

    // The enrolment the refund cancelled is part of it: not brought back on its own either.
    const [enrolment] = await enrolmentsIn(courseId);
    if (!enrolment) throw new Error('no enrolment');
    const cancelled = await newest('enrollments', enrolment.id);
    const alsoRefused = await revert(cancelled);
    expect(alsoRefused.status).toBe(409);
    expect(alsoRefused.body.message).toBe(refundFinal);
    expect((await enrolmentsIn(courseId)).map((e) => e.status)).toEqual(['cancelled']);
  });

  it('a cancelled enrolment whose seat was sold is not reinstated: a Persian 409 about the seat, one active enrolment; with a seat free it is', async () => {
    const courseId = await newCourse('دوره یک‌نفره', 1);
    await buy(1, courseId);
    const [first] = await enrolmentsIn(courseId);
    if (!first) throw new Error('no enrolment');
    const cancelled = await server.call('POST', '/api/EnrollmentRecord/Cancel', { token: admin, body: { id: first.id, version: first.version, refund: 'keep' } });
    expect(cancelled.status, cancelled.text).toBe(200);
    // The freed seat is sold to another child.
    await buy(2, courseId);
    expect((await enrolmentsIn(courseId)).filter((e) => e.status === 'active')).toHaveLength(1);

    const entry = await newest('enrollments', first.id);
    expect(entry.revertible).toBe(true);
    const refused = await revert(entry);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('این دوره صندلی خالی ندارد؛ نخست ظرفیت را افزایش دهید یا ثبت‌نامی را لغو کنید');
    const active = (await enrolmentsIn(courseId)).filter((e) => e.status === 'active');
    expect(active.map((e) => e.childId)).toEqual([parent(2).child]);

    // A second seat: the same revert now reinstates the enrolment, logged as a revert.
    await rawSql(server.dataDir, `update courses set capacity = 2 where id = ${courseId}`);
    const reinstated = await revert(entry);
    expect(reinstated.status, reinstated.text).toBe(200);
    expect(reinstated.body).toMatchObject({ action: 'revert', recordId: first.id, after: { status: 'active' } });
    expect((await enrolmentsIn(courseId)).filter((e) => e.status === 'active')).toHaveLength(2);
  });

  it('a cancel that paid the price back is never undone', async () => {
    const courseId = await newCourse('دوره لغو با بازگشت وجه', 0);
    await buy(0, courseId);
    const [enrolment] = await enrolmentsIn(courseId);
    if (!enrolment) throw new Error('no enrolment');
    const cancelled = await server.call('POST', '/api/EnrollmentRecord/Cancel', { token: admin, body: { id: enrolment.id, version: enrolment.version, refund: 'refund' } });
    expect(cancelled.status, cancelled.text).toBe(200);
    const entry = await newest('enrollments', enrolment.id);
    expect(entry.revertible).toBe(false);
    const refused = await revert(entry);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('لغو این ثبت‌نام با بازگشت وجه بوده و بازگرداندنی نیست؛ در صورت نیاز فرزند را دوباره ثبت‌نام کنید');
    expect((await enrolmentsIn(courseId)).map((e) => e.status)).toEqual(['cancelled']);
  });
});

describe('reverting an edit', () => {
  const teacher = { skill: 'رباتیک', descirption: 'شرح', coverImage: 'course-1.webp' };

  it('is refused when the value it would put back fails the field’s validator today', async () => {
    const created = await server.call<{ id: number }>('POST', '/api/Teacher/Create', { token: admin, body: { fullName: 'همیار درست', ...teacher } });
    expect(created.status).toBe(200);
    const id = created.body.id;
    // A value no form would accept, stored past the API (an old import), then fixed by an edit.
    await rawSql(server.dataDir, `update teachers set "fullName" = '' where id = ${id}`);
    const fixed = await server.call('PUT', '/api/Teacher/Update', { token: admin, body: { id, fullName: 'همیار اصلاح‌شده', ...teacher } });
    expect(fixed.status).toBe(200);
    const entry = await newest('teachers', id);
    const refused = await revert(entry);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^امکان بازگرداندن نیست: /);
    const list = await server.call<Array<{ id: number; fullName: string }>>('GET', '/api/Teacher/GetSelectList', { token: admin });
    expect(list.body.find((t) => t.id === id)?.fullName).toBe('همیار اصلاح‌شده');
  });

  it('an ordinary edit is still reverted, as an update of the record', async () => {
    const created = await server.call<{ id: number }>('POST', '/api/Teacher/Create', { token: admin, body: { fullName: 'همیار اول', ...teacher } });
    const id = created.body.id;
    expect((await server.call('PUT', '/api/Teacher/Update', { token: admin, body: { id, fullName: 'همیار دوم', ...teacher } })).status).toBe(200);
    const entry = await newest('teachers', id);
    expect(entry).toMatchObject({ revertible: true, revertRefusal: null });
    const reverted = await revert(entry);
    expect(reverted.status, reverted.text).toBe(200);
    expect(reverted.body).toMatchObject({ action: 'revert', after: { fullName: 'همیار اول', version: 3 } });
  });
});

describe('a save that changes nothing', () => {
  it('writes no entry and no new version, so the real change before it can still be undone', async () => {
    const teacher = await server.call<{ id: number }>('POST', '/api/Teacher/Create', { token: admin, body: { fullName: 'همیار دستیار', skill: 'رباتیک', descirption: 'شرح', coverImage: 'course-1.webp' } });
    const extra = { durationInHours: 10, priceInTomans: 150_000, categoryId, assistantTeacherIds: [teacher.body.id] };
    const created = await server.call<{ id: number }>('POST', '/api/Course/Create', { token: admin, body: courseBody('دوره بی‌تغییر', extra) });
    expect(created.status, created.text).toBe(200);
    const id = created.body.id;
    const edited = courseBody('دوره بی‌تغییر ویرایش‌شده', { ...extra, id, version: 1 });
    const real = await server.call<{ version: number }>('PUT', '/api/Course/Update', { token: admin, body: edited });
    expect(real.status, real.text).toBe(200);
    expect(real.body.version).toBe(2);
    // The form saved again as it stands: the same values, the version it now holds.
    const again = await server.call<{ version: number }>('PUT', '/api/Course/Update', { token: admin, body: { ...edited, version: 2 } });
    expect(again.status, again.text).toBe(200);
    expect(again.body.version).toBe(2);

    const entries = await entriesOf('courses', id);
    expect(entries.map((e) => e.action)).toEqual(['update', 'create']);
    const [entry] = entries;
    if (!entry) throw new Error('no entry');
    expect(entry).toMatchObject({ revertible: true, revertRefusal: null });
    const reverted = await revert(entry);
    expect(reverted.status, reverted.text).toBe(200);
    expect(reverted.body).toMatchObject({ action: 'revert', after: { title: 'دوره بی‌تغییر', version: 3 } });
  });
});
