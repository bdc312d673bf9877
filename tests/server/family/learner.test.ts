// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactSchema } from '../../../schema/rules/forms/contactRules';
import { startFakeGateway, type FakeGateway } from '../../support/fake-gateway';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';
import { sampleChild } from '../../support/samples';
import * as v from 'valibot';
import { ChildSchema, childTexts } from '../../../schema/rules/forms/childRules';

let gateway: FakeGateway;
let server: TestServer;
let admin: string;
let learnerA: string;
let learnerB: string;

interface PublicCourse {
  id: number;
  slug: string;
  priceInTomans: number;
  registrationOpen: boolean;
  /** null: no capacity; 0: full (a seat held from the waiting list counts). */
  seatsLeft: number | null;
  category: { slug: string };
  timeOfHolding: string | null;
}
interface Cart {
  items: Array<{ id: number; childId: number; course: { id: number } }>;
  totalInTomans: number;
}

beforeAll(async () => {
  gateway = await startFakeGateway();
  server = await startServer({ paymentGatewayUrl: gateway.url });
  admin = await server.signIn(adminPhone, adminPassword);
  learnerA = await signUpLearner(server, '09370000001');
  learnerB = await signUpLearner(server, '09370000002');
});
afterAll(async () => {
  await server.close();
  await gateway.close();
});

const newChild = async (token: string, firstName: string) => {
  const answer = await server.call<{ id: number }>('POST', '/api/Children/Create', {
    token,
    body: { firstName, lastName: 'آزمون', birthDate: '2016-03-20T00:00:00.000Z', grade: 'سوم دبستان' },
  });
  expect(answer.status).toBe(200);
  return answer.body.id;
};

describe('public catalogue', () => {
  it('lists active categories and courses, soonest first, with registrationOpen', async () => {
    const categories = await server.call<Array<{ slug: string; courseCount: number }>>('GET', '/api/Public/categories');
    expect(categories.body.length).toBe(5);
    expect(categories.body.every((c) => c.courseCount >= 1)).toBe(true);
    const list = await server.call<{ courses: PublicCourse[]; total: number; pageCount: number }>('GET', '/api/Public/courses');
    const courses = { body: list.body.courses };
    expect(courses.body.length).toBe(12); // 13 seeded, one inactive
    expect([list.body.total, list.body.pageCount]).toEqual([12, 1]);
    const times = courses.body.map((c) => Date.parse(c.timeOfHolding ?? ''));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(courses.body.filter((c) => !c.registrationOpen).length).toBe(1);

    const first = categories.body[0];
    if (!first) throw new Error('no category');
    const page = await server.call<{ courses: { courses: PublicCourse[]; total: number } }>('GET', '/api/Public/categories/{slug}', { params: { slug: first.slug } });
    expect(page.status).toBe(200);
    expect(page.body.courses.courses.length).toBe(first.courseCount);
    expect(page.body.courses.total).toBe(first.courseCount);
    // Every Persian slug (long once percent-encoded) resolves.
    for (const c of categories.body) {
      expect((await server.call('GET', '/api/Public/categories/{slug}', { params: { slug: c.slug } })).status, c.slug).toBe(200);
    }
    for (const c of courses.body) {
      expect((await server.call('GET', '/api/Public/courses/{slug}', { params: { slug: c.slug } })).status, c.slug).toBe(200);
    }
    const missing = await server.call<{ message: string }>('GET', '/api/Public/courses/{slug}', { params: { slug: 'نیست' } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/یافت نشد/);
    expect((await server.call('GET', '/api/Public/categories/{slug}', { params: { slug: 'نیست' } })).status).toBe(404);

    const articles = await server.call<Array<{ slug: string; excerpt: string }>>('GET', '/api/Public/articles');
    expect(articles.body.length).toBe(4);
    expect(articles.body.every((a) => !a.excerpt.includes('<'))).toBe(true);
    const article = await server.call<{ body: string }>('GET', '/api/Public/articles/{slug}', { params: { slug: articles.body[0]?.slug ?? '' } });
    expect(article.body.body).toContain('<');
  });

  it('serves robots.txt, a sitemap with course URLs and security headers', async () => {
    const robots = await fetch(`${server.url}/robots.txt`);
    expect(await robots.text()).toContain('Sitemap: http://academy.test/sitemap.xml');
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const courses = await server.call<{ courses: PublicCourse[] }>('GET', '/api/Public/courses');
    const course = courses.body.courses[0];
    if (!course) throw new Error('no course');
    expect(sitemap).toContain(`<loc>http://academy.test/categories/${encodeURIComponent(course.category.slug)}/${encodeURIComponent(course.slug)}</loc>`);
    expect(robots.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(robots.headers.get('content-security-policy')).toContain(`form-action 'self' ${gateway.url}`);
    expect(robots.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(robots.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('learner data belongs to its owner', () => {
  it('hides, refuses updating and deleting another learner’s child and cart item', async () => {
    const child = await newChild(learnerA, 'کیان');
    const course = (await server.call<{ courses: PublicCourse[] }>('GET', '/api/Public/courses')).body.courses.find((c) => c.registrationOpen && c.seatsLeft !== 0);
    if (!course) throw new Error('no open course');
    const cart = await server.call<Cart>('POST', '/api/Cart/Add', { token: learnerA, body: { courseId: course.id, childId: child } });
    expect(cart.status).toBe(200);
    const item = cart.body.items[0];
    if (!item) throw new Error('no cart item');

    expect((await server.call<unknown[]>('GET', '/api/Children', { token: learnerB })).body).toEqual([]);
    const update = await server.call('PUT', '/api/Children/Update', {
      token: learnerB,
      body: { id: child, firstName: 'دزد', lastName: 'x', ...sampleChild },
    });
    expect(update.status).toBe(404);
    expect((await server.call('DELETE', '/api/Children/Delete', { token: learnerB, body: { id: child } })).status).toBe(404);
    expect((await server.call<Cart>('GET', '/api/Cart', { token: learnerB })).body.items).toEqual([]);
    expect((await server.call('DELETE', '/api/Cart/Remove', { token: learnerB, body: { id: item.id } })).status).toBe(404);
    expect((await server.call('POST', '/api/Cart/Add', { token: learnerB, body: { courseId: course.id, childId: child } })).status).toBe(404);
    // Still there for its owner.
    expect((await server.call<Cart>('GET', '/api/Cart', { token: learnerA })).body.items).toHaveLength(1);
    const again = await server.call<{ message: string }>('POST', '/api/Cart/Add', { token: learnerA, body: { courseId: course.id, childId: child } });
    expect(again.status).toBe(409);
    const removed = await server.call<Cart>('DELETE', '/api/Cart/Remove', { token: learnerA, body: { id: item.id } });
    expect(removed.body.items).toEqual([]);
    const invalid = await server.call<{ message: string }>('POST', '/api/Children/Create', { token: learnerA, body: { firstName: 'x', lastName: 'y', birthDate: 'yesterday', grade: '' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toMatch(/تاریخ تولد/);
  });

  it('refuses every child the dashboard form refuses, with the form\'s words', async () => {
    const before = (await server.call<unknown[]>('GET', '/api/Children', { token: learnerA })).body.length;
    const refused = [
      { body: { firstName: 'آینده', lastName: 'دور', birthDate: '2030-01-01T00:00:00.000Z', grade: '' }, message: childTexts.birthDateFuture },
      { body: { firstName: 'بی‌تاریخ', lastName: 'x', birthDate: null, grade: 'سوم' }, message: childTexts.birthDateMissing },
      { body: { firstName: 'بی‌پایه', lastName: 'x', birthDate: sampleChild.birthDate, grade: '  ' }, message: 'پایه تحصیلی الزامی است' },
      { body: { firstName: 'ن'.repeat(101), lastName: 'x', ...sampleChild }, message: 'نام حداکثر ۱۰۰ نویسه است' },
    ];
    for (const { body, message } of refused) {
      // The form's own verdict on the same body, then the server's.
      const form = v.safeParse(ChildSchema, body);
      expect(form.success).toBe(false);
      expect(form.issues?.map((issue) => issue.message)).toContain(message);
      const answer = await server.call<{ message: string }>('POST', '/api/Children/Create', { token: learnerA, body });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    expect((await server.call<unknown[]>('GET', '/api/Children', { token: learnerA })).body.length).toBe(before);
  });

  it('refuses closed and inactive courses in the cart', async () => {
    const child = await newChild(learnerB, 'ترانه');
    const closed = (await server.call<{ courses: PublicCourse[] }>('GET', '/api/Public/courses')).body.courses.find((c) => !c.registrationOpen);
    if (!closed) throw new Error('no closed course');
    const answer = await server.call<{ message: string }>('POST', '/api/Cart/Add', { token: learnerB, body: { courseId: closed.id, childId: child } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/مهلت ثبت‌نام/);
    const all = await server.call<Array<{ id: number; inActive: boolean }>>('GET', '/api/Course/GetSelectList', { token: admin });
    const inactive = all.body.find((c) => c.inActive);
    if (!inactive) throw new Error('no inactive course');
    expect((await server.call('POST', '/api/Cart/Add', { token: learnerB, body: { courseId: inactive.id, childId: child } })).status).toBe(400);
  });
});

describe('checkout and payment', () => {
  it('pays through the gateway, enrols once and never verifies twice', async () => {
    const child1 = await newChild(learnerA, 'آوا');
    const child2 = await newChild(learnerA, 'سام');
    const open = (await server.call<{ courses: PublicCourse[] }>('GET', '/api/Public/courses')).body.courses.filter((c) => c.registrationOpen && c.seatsLeft !== 0);
    const [c1, c2] = open;
    if (!c1 || !c2) throw new Error('not enough open courses');
    await server.call('POST', '/api/Cart/Add', { token: learnerA, body: { courseId: c1.id, childId: child1 } });
    const cart = await server.call<Cart>('POST', '/api/Cart/Add', { token: learnerA, body: { courseId: c2.id, childId: child2 } });
    expect(cart.body.totalInTomans).toBe(c1.priceInTomans + c2.priceInTomans);

    const before = (await server.call<Record<string, number>>('GET', '/api/User/GetDashboardData', { token: admin })).body;
    const checkout = await server.call<{ orderId: number; paymentUrl: string }>('POST', '/api/Orders/Checkout', { token: learnerA });
    expect(checkout.status).toBe(200);
    expect(checkout.body.paymentUrl.startsWith(`${gateway.url}/pg/StartPay/`)).toBe(true);
    expect(gateway.requestCalls.at(-1)).toMatchObject({
      amount: (c1.priceInTomans + c2.priceInTomans) * 10,
      callback_url: 'http://academy.test/dashboard/payment',
      merchant_id: '11111111-2222-3333-4444-555555555555',
    });

    // The gateway page links back to the callback with the authority.
    const page = await (await fetch(checkout.body.paymentUrl)).text();
    expect(page).toContain('پرداخت');
    expect(page).toContain('انصراف');
    const pay = await fetch(`${checkout.body.paymentUrl}/pay`, { method: 'POST', redirect: 'manual' });
    const callback = new URL(pay.headers.get('location') ?? '');
    expect(callback.pathname).toBe('/dashboard/payment');
    const query = { Authority: callback.searchParams.get('Authority') ?? '', Status: callback.searchParams.get('Status') ?? '' };
    expect(query.Status).toBe('OK');

    // Another learner cannot settle it.
    expect((await server.call('GET', '/api/Payment/Verify', { token: learnerB, query })).status).toBe(404);

    const verifiesBefore = gateway.verifyCalls.length;
    const [first, concurrent] = await Promise.all([
      server.call<{ orderId: number; status: string; refId?: string }>('GET', '/api/Payment/Verify', { token: learnerA, query }),
      server.call<{ orderId: number; status: string }>('GET', '/api/Payment/Verify', { token: learnerA, query }),
    ]);
    expect(first.body).toMatchObject({ orderId: checkout.body.orderId, status: 'paid' });
    expect(first.body.refId).toBeTruthy();
    expect(concurrent.body.status).toBe('paid');
    const second = await server.call<{ status: string; refId?: string }>('GET', '/api/Payment/Verify', { token: learnerA, query });
    expect(second.body).toEqual(first.body);
    expect(gateway.verifyCalls.length - verifiesBefore).toBe(1);

    const enrollments = await server.call<Array<{ childId: number; course: { id: number } }>>('GET', '/api/Enrollments', { token: learnerA });
    expect(enrollments.body.map((e) => `${e.childId}:${e.course.id}`).sort()).toEqual([`${child1}:${c1.id}`, `${child2}:${c2.id}`].sort());
    expect((await server.call<Cart>('GET', '/api/Cart', { token: learnerA })).body.items).toEqual([]);
    const orders = await server.call<Array<{ id: number; status: string; items: unknown[] }>>('GET', '/api/Orders', { token: learnerA });
    expect(orders.body[0]).toMatchObject({ id: checkout.body.orderId, status: 'paid' });
    expect(orders.body[0]?.items).toHaveLength(2);
    const after = (await server.call<Record<string, number>>('GET', '/api/User/GetDashboardData', { token: admin })).body;
    expect(after.totalCoursesSold).toBe((before.totalCoursesSold ?? 0) + 2);
    expect(after.totalCoursesSoldToday).toBe((before.totalCoursesSoldToday ?? 0) + 2);

    // Enrolled: adding the same course again is a conflict, and the child cannot be deleted.
    const enrolledAgain = await server.call<{ message: string }>('POST', '/api/Cart/Add', { token: learnerA, body: { courseId: c1.id, childId: child1 } });
    expect(enrolledAgain.status).toBe(409);
    expect((await server.call('DELETE', '/api/Children/Delete', { token: learnerA, body: { id: child1 } })).status).toBe(409);
  });

  it('cancels an order when the learner leaves the gateway', async () => {
    const child = await newChild(learnerB, 'نیلا');
    const open = (await server.call<{ courses: PublicCourse[] }>('GET', '/api/Public/courses')).body.courses.filter((c) => c.registrationOpen && c.seatsLeft !== 0);
    const course = open[2];
    if (!course) throw new Error('no open course');
    await server.call('POST', '/api/Cart/Add', { token: learnerB, body: { courseId: course.id, childId: child } });
    const checkout = await server.call<{ orderId: number; paymentUrl: string }>('POST', '/api/Orders/Checkout', { token: learnerB });
    const cancel = await fetch(`${checkout.body.paymentUrl}/cancel`, { method: 'POST', redirect: 'manual' });
    const callback = new URL(cancel.headers.get('location') ?? '');
    const query = { Authority: callback.searchParams.get('Authority') ?? '', Status: callback.searchParams.get('Status') ?? '' };
    expect(query.Status).toBe('NOK');
    const verifies = gateway.verifyCalls.length;
    const result = await server.call<{ status: string }>('GET', '/api/Payment/Verify', { token: learnerB, query });
    expect(result.body).toEqual({ orderId: checkout.body.orderId, status: 'cancelled' });
    // A late OK for a cancelled order changes nothing.
    const late = await server.call<{ status: string }>('GET', '/api/Payment/Verify', { token: learnerB, query: { ...query, Status: 'OK' } });
    expect(late.body.status).toBe('cancelled');
    expect(gateway.verifyCalls.length).toBe(verifies);
    expect((await server.call<unknown[]>('GET', '/api/Enrollments', { token: learnerB })).body).toEqual([]);
    expect((await server.call<Cart>('GET', '/api/Cart', { token: learnerB })).body.items).toHaveLength(1);
    expect((await server.call('GET', '/api/Payment/Verify', { token: learnerB, query: { Authority: 'x', Status: 'MAYBE' } })).status).toBe(400);
  });

  it('answers 502 when the gateway is down, and 409 for an empty cart', async () => {
    const empty = await server.call<{ message: string }>('POST', '/api/Orders/Checkout', { token: learnerA });
    expect(empty.status).toBe(409);
    const down = await startServer({ paymentGatewayUrl: 'http://127.0.0.1:9' });
    try {
      const token = await signUpLearner(down, '09370000009');
      const child = await down.call<{ id: number }>('POST', '/api/Children/Create', { token, body: { firstName: 'الف', lastName: 'ب', ...sampleChild } });
      const course = (await down.call<{ courses: PublicCourse[] }>('GET', '/api/Public/courses')).body.courses.find((c) => c.registrationOpen && c.seatsLeft !== 0);
      await down.call('POST', '/api/Cart/Add', { token, body: { courseId: course?.id, childId: child.body.id } });
      const answer = await down.call<{ message: string }>('POST', '/api/Orders/Checkout', { token });
      expect(answer.status).toBe(502);
      expect(answer.body.message).toMatch(/درگاه پرداخت/);
    } finally {
      await down.close();
    }
  });
});

describe('contact messages', () => {
  it('refuses every message the contact form refuses, in the form’s words', async () => {
    const valid = { fullName: 'مینا', phoneNumber: '09123456789', emailAddress: '', message: 'سلام، درباره دوره‌ها سؤال دارم' };
    const refused = [
      { ...valid, phoneNumber: '02112345678' },
      { ...valid, message: 'سلام' },
      { ...valid, message: 'پ'.repeat(2001) },
      { ...valid, fullName: 'ن'.repeat(101) },
      { ...valid, emailAddress: 'not-an-address' },
    ];
    for (const body of refused) {
      const form = v.safeParse(ContactSchema, body);
      expect(form.success, JSON.stringify(body).slice(0, 80)).toBe(false);
      const answer = await server.call<{ message: string }>('POST', '/api/Contact', { body, headers: { 'x-forwarded-for': '10.77.0.1' } });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(form.issues?.[0]?.message ?? '—');
    }
  });

  it('stores a valid message for admins and limits senders', async () => {
    const sent = await server.call<{ id: number }>('POST', '/api/Contact', {
      body: { fullName: 'مینا', phoneNumber: '۰۹۱۲۳۴۵۶۷۸۹', message: 'سلام، درباره دوره‌ها سؤال دارم' },
    });
    expect(sent.status).toBe(200);
    const list = await server.call<Array<{ id: number; phoneNumber: string; emailAddress: string }>>('GET', '/api/Contact/GetSelectList', { token: admin });
    expect(list.body[0]).toMatchObject({ id: sent.body.id, phoneNumber: '09123456789', emailAddress: '' });
    expect((await server.call('GET', '/api/Contact/GetSelectList', { token: learnerA })).status).toBe(403);
    const invalid = await server.call<{ message: string }>('POST', '/api/Contact', { body: { fullName: 'x', phoneNumber: 'abc', message: 'hi' } });
    expect(invalid.status).toBe(400);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await server.call('POST', '/api/Contact', { body: { fullName: 'x', phoneNumber: '09121112233', message: `پیام شماره ${i}` } })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect((await server.call('DELETE', '/api/Contact/Delete', { token: admin, body: { id: sent.body.id } })).status).toBe(200);
    expect((await server.call('DELETE', '/api/Contact/Delete', { token: admin, body: { id: sent.body.id } })).status).toBe(404);
  });
});
