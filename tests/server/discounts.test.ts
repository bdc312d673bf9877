// @vitest-environment node
// Discounts, against the real server on SQLite, or PostgreSQL with
// TEST_DATABASE=postgres: early-bird prices until their day ends, the sibling discount the admin
// configures, coupon codes with their rules and one Persian refusal for every code that cannot be
// used (guesses limited per learner and per address), every amount worked out by the server and
// recorded on the order line by line, the gateway asked for the discounted total, and a limited
// coupon never used past its limit: not when parents check out with it at once, nor when a page
// set aside or past its hold is paid after another order took the last use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankRecord } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { startFakeGateway, type FakeGateway } from '../support/fake-gateway';
import { rawSql } from '../support/postgres-db';
import { courseBody, sampleChild } from '../support/samples';
import { adminPassword, adminPhone, startServer, type TestServer } from '../support/server';

let gateway: FakeGateway;
let server: TestServer;
let admin: string;
let categoryIds: number[];

interface LinePricing {
  listPriceInTomans: number;
  earlyBirdDiscountInTomans: number;
  siblingDiscountInTomans: number;
  couponDiscountInTomans: number;
  priceInTomans: number;
}
interface Cart {
  items: Array<{ id: number; childId: number; course: { id: number }; pricing: LinePricing }>;
  subtotalInTomans: number;
  discountInTomans: number;
  totalInTomans: number;
  coupon: { code: string; applied: boolean; error?: string } | null;
  message?: string;
}
interface Checkout {
  orderId: number;
  paymentUrl: string;
  message?: string;
}
interface Parent {
  token: string;
  children: number[];
  /** The client address its calls come from (X-Forwarded-For; the server trusts one proxy). */
  address: string;
}
interface Order {
  id: number;
  status: string;
  totalInTomans: number;
  refundDueInTomans: number;
}

const day = 24 * 60 * 60_000;
const inDays = (n: number) => new Date(Date.now() + n * day).toISOString();

beforeAll(async () => {
  gateway = await startFakeGateway();
  server = await startServer({ paymentGatewayUrl: gateway.url, trustProxy: 1 });
  admin = await server.signIn(adminPhone, adminPassword);
  const categories = await server.call<Array<{ id: number }>>('GET', '/api/Public/categories');
  categoryIds = categories.body.map((c) => c.id);
  expect(categoryIds.length).toBeGreaterThanOrEqual(2);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await gateway?.close();
});

let phoneCounter = 0;
async function newParent(children = 1): Promise<Parent> {
  phoneCounter++;
  // Each parent from an address of its own: the sign-up and coupon limits count per address.
  const address = `10.15.${Math.floor(phoneCounter / 200)}.${phoneCounter % 200}`;
  const phoneNumber = `0936${String(7000000 + phoneCounter).padStart(7, '0')}`;
  const headers = { 'x-forwarded-for': address };
  const code = await server.sendCode(phoneNumber, 'signUp', headers);
  const signedUp = await server.call<{ accessToken: string }>('POST', '/api/Auth/SignUp', {
    body: { firstName: 'نگار', lastName: 'آزمایشی', phoneNumber, emailAddress: '', password: 'learner-pass-123', code },
    headers,
  });
  expect(signedUp.status, signedUp.text).toBe(200);
  const token = signedUp.body.accessToken;
  const ids: number[] = [];
  for (let i = 0; i < children; i++) {
    const child = await server.call<{ id: number }>('POST', '/api/Children/Create', { token, body: { firstName: `فرزند${i + 1}`, lastName: 'تخفیف', ...sampleChild } });
    expect(child.status, child.text).toBe(200);
    ids.push(child.body.id);
  }
  return { token, children: ids, address };
}

async function newCourse(title: string, price: number, extra: Record<string, unknown> = {}): Promise<number> {
  const body = courseBody(title, { durationInHours: 10, priceInTomans: price, categoryId: categoryIds[0], ...extra });
  const answer = await server.call<{ id: number; message?: string }>('POST', '/api/Course/Create', { token: admin, body });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.id;
}

async function newCoupon(fields: Record<string, unknown>): Promise<{ id: number; version: number; body: Record<string, unknown> }> {
  const body = { ...blankRecord(registry.coupons), ...fields };
  const answer = await server.call<{ id: number; version: number }>('POST', '/api/Coupon/Create', { token: admin, body });
  expect(answer.status, answer.text).toBe(200);
  return { id: answer.body.id, version: answer.body.version, body };
}

const add = (p: Parent, courseId: number, child = p.children[0]) =>
  server.call<Cart>('POST', '/api/Cart/Add', { token: p.token, body: { courseId, childId: child } });
const cartOf = async (p: Parent) => (await server.call<Cart>('GET', '/api/Cart', { token: p.token })).body;
const apply = (p: Parent, code: string, address = p.address) =>
  server.call<Cart & { retryAfterSeconds?: number }>('POST', '/api/Cart/Coupon', { token: p.token, body: { code }, headers: { 'x-forwarded-for': address } });
/** The one answer to every code that cannot be used now for the cart. */
const notUsable = 'این کد تخفیف معتبر نیست یا برای سبد خرید شما قابل استفاده نیست';
const checkout = (p: Parent) => server.call<Checkout>('POST', '/api/Orders/Checkout', { token: p.token });
const authorityOf = (c: Checkout) => decodeURIComponent(new URL(c.paymentUrl).pathname.split('/').pop() ?? '');
const verify = (p: Parent, c: Checkout, Status = 'OK') =>
  server.call<{ status: string; amountInTomans?: number; invoiceNumber?: number; items?: Array<{ childName: string; courseTitle: string; priceInTomans: number }> }>(
    'GET',
    '/api/Payment/Verify',
    { token: p.token, query: { Authority: authorityOf(c), Status } },
  );
const emptyCart = async (p: Parent) => {
  for (const item of (await cartOf(p)).items) await server.call('DELETE', '/api/Cart/Remove', { token: p.token, body: { id: item.id } });
  await server.call('DELETE', '/api/Cart/Coupon', { token: p.token });
};
const pay = async (p: Parent) => {
  const c = await checkout(p);
  expect(c.status, c.text).toBe(200);
  gateway.pay(authorityOf(c.body));
  const result = await verify(p, c.body);
  expect(result.body.status).toBe('paid');
  return { checkout: c.body, result: result.body };
};
const lastRequestedRials = () => Number(gateway.requestCalls.at(-1)?.amount);
const ordersOf = async (p: Parent) => (await server.call<Order[]>('GET', '/api/Orders', { token: p.token })).body;
const enrolledCourses = async (p: Parent) =>
  (await server.call<Array<{ course: { id: number } }>>('GET', '/api/Enrollments', { token: p.token })).body.map((e) => e.course.id).sort((a, b) => a - b);
/** The admin's coupons list: paid orders that used the coupon, of its limit («۱ از ۱» as stored digits). */
const usesOf = async (couponId: number) =>
  (
    await server.call<{ labels: Record<string, string> }>('GET', '/api/Admin/{entity}/labels', {
      token: admin,
      params: { entity: 'coupons' },
      query: { ids: String(couponId), many: 'orders.couponId.uses' },
    })
  ).body.labels[String(couponId)];
async function until(what: string, check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
/** The open order lets its hold go (as if its gateway page were opened an hour ago). */
const holdRunsOut = (orderId: number) =>
  rawSql(server.dataDir, `update orders set "createdAt" = '${new Date(Date.now() - 3_600_000).toISOString()}' where id = ${orderId}`);

describe('early-bird prices', () => {
  it('charges the early-bird price until the end of its day, the full price after; the admin cannot set it above the price', async () => {
    const early = await newCourse('زودهنگام فعال', 200_000, { earlyBirdPriceInTomans: 150_000, earlyBirdUntil: inDays(2) });
    const late = await newCourse('زودهنگام گذشته', 200_000, { earlyBirdPriceInTomans: 150_000, earlyBirdUntil: inDays(-3) });
    // Today's midnight: still the early-bird day until it ends.
    const today = new Date();
    today.setHours(0, 0, 0, 0);
    const lastDay = await newCourse('زودهنگام روز آخر', 100_000, { earlyBirdPriceInTomans: 80_000, earlyBirdUntil: today.toISOString() });
    const p = await newParent();
    for (const id of [early, late, lastDay]) expect((await add(p, id)).status).toBe(200);
    const cart = await cartOf(p);
    const line = (id: number) => cart.items.find((i) => i.course.id === id)?.pricing;
    expect(line(early)).toEqual({ listPriceInTomans: 200_000, earlyBirdDiscountInTomans: 50_000, siblingDiscountInTomans: 0, couponDiscountInTomans: 0, priceInTomans: 150_000 });
    expect(line(late)).toMatchObject({ earlyBirdDiscountInTomans: 0, priceInTomans: 200_000 });
    expect(line(lastDay)).toMatchObject({ earlyBirdDiscountInTomans: 20_000, priceInTomans: 80_000 });
    expect(cart).toMatchObject({ subtotalInTomans: 500_000, discountInTomans: 70_000, totalInTomans: 430_000 });

    const c = await checkout(p);
    expect(c.status, c.text).toBe(200);
    expect(lastRequestedRials()).toBe(4_300_000);

    // The public pages show the early-bird price while it lasts, from the same rule.
    const listed = await server.call<Array<{ id: number; earlyBird?: { priceInTomans: number; until: string } }>>('GET', '/api/Public/courses');
    expect(listed.body.find((c) => c.id === early)?.earlyBird?.priceInTomans).toBe(150_000);
    expect(listed.body.find((c) => c.id === late)?.earlyBird).toBeUndefined();

    const tooHigh = await server.call<{ message: string }>('POST', '/api/Course/Create', {
      token: admin,
      body: courseBody('زودهنگام گران', { priceInTomans: 100_000, earlyBirdPriceInTomans: 120_000, categoryId: categoryIds[0] }),
    });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.message).toContain('قیمت ثبت‌نام زودهنگام');
    await emptyCart(p);
  });
});

describe('coupon codes', () => {
  it('answers every code that cannot be used now (unknown, inactive, not yet valid, expired, not for the cart’s courses, used up) the same; matches case and digits loosely', async () => {
    const course = await newCourse('کوپن پایه', 300_000);
    const otherCourse = await newCourse('کوپن دیگر', 300_000);
    const otherCategory = await newCourse('کوپن دسته دیگر', 300_000, { categoryId: categoryIds[1] });
    await newCoupon({ code: 'Sale14', kind: 'percent', percent: 20 });
    await newCoupon({ code: 'OFFNOW', kind: 'percent', percent: 10, inActive: true });
    await newCoupon({ code: 'LATER', kind: 'percent', percent: 10, validFrom: inDays(3), validUntil: inDays(10) });
    await newCoupon({ code: 'GONE', kind: 'percent', percent: 10, validUntil: inDays(-2) });
    await newCoupon({ code: 'ONECOURSE', kind: 'percent', percent: 10, courseId: otherCourse });
    await newCoupon({ code: 'ONECAT', kind: 'percent', percent: 10, categoryId: categoryIds[1] });
    await newCoupon({ code: 'USEDUP', kind: 'percent', percent: 10, maxUses: 1 });
    const other = await newParent();
    await add(other, course);
    expect((await apply(other, 'usedup')).status).toBe(200);
    await pay(other);
    const p = await newParent();
    expect((await add(p, course)).status).toBe(200);

    // The same status and body, whichever reason: a guesser cannot tell a code that exists.
    for (const code of ['NOPE', 'offnow', 'later', 'gone', 'onecourse', 'onecat', 'usedup']) {
      const answer = await apply(p, code);
      expect([answer.status, answer.text], code).toEqual([400, JSON.stringify({ message: notUsable })]);
    }
    expect((await cartOf(p)).coupon).toBeNull();

    // Persian digits, other case and spaces around: the same code.
    const applied = await apply(p, '  sALE۱۴ ');
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.coupon).toEqual({ code: 'sALE۱۴', applied: true });
    expect(applied.body.items[0]?.pricing).toMatchObject({ couponDiscountInTomans: 60_000, priceInTomans: 240_000 });
    expect(applied.body.totalInTomans).toBe(240_000);

    // A course- or category-wide coupon takes off only its own lines.
    expect((await add(p, otherCourse)).status).toBe(200);
    expect((await add(p, otherCategory)).status).toBe(200);
    const byCourse = await apply(p, 'ONECOURSE');
    expect(byCourse.status, byCourse.text).toBe(200);
    expect(byCourse.body.items.map((i) => i.pricing.couponDiscountInTomans)).toEqual([0, 30_000, 0]);
    const byCategory = await apply(p, 'onecat');
    expect(byCategory.body.items.map((i) => i.pricing.couponDiscountInTomans)).toEqual([0, 0, 30_000]);
    expect(byCategory.body.totalInTomans).toBe(870_000);

    const removed = await server.call<Cart>('DELETE', '/api/Cart/Coupon', { token: p.token });
    expect(removed.body).toMatchObject({ coupon: null, totalInTomans: 900_000, discountInTomans: 0 });
    await emptyCart(p);
  });

  it('a fixed amount is shared among the lines it covers and never takes a cart below zero', async () => {
    const a = await newCourse('مبلغ ثابت الف', 100_000);
    const b = await newCourse('مبلغ ثابت ب', 300_000);
    await newCoupon({ code: 'FIX100', kind: 'amount', amountInTomans: 100_000 });
    await newCoupon({ code: 'FIXHUGE', kind: 'amount', amountInTomans: 5_000_000 });
    const p = await newParent();
    await add(p, a);
    await add(p, b);
    const fixed = await apply(p, 'fix100');
    expect(fixed.body.items.map((i) => i.pricing.couponDiscountInTomans)).toEqual([25_000, 75_000]);
    expect(fixed.body.totalInTomans).toBe(300_000);
    const huge = await apply(p, 'fixhuge');
    expect(huge.body).toMatchObject({ totalInTomans: 0, discountInTomans: 400_000 });
    await emptyCart(p);
  });

  it('the admin cannot save two coupons whose codes differ only in case or digits, nor a coupon missing its percent or amount, or naming both a course and a category', async () => {
    await newCoupon({ code: 'UNIQUE۷', kind: 'percent', percent: 5 });
    const someCourse = await newCourse('کوپن هر دو', 100_000);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ code: 'unique7', kind: 'percent', percent: 5 }, 409, 'کد تخفیف دیگری'],
      [{ code: 'NOPERCENT', kind: 'percent', percent: 0 }, 400, 'درصد تخفیف'],
      [{ code: 'NOAMOUNT', kind: 'amount', amountInTomans: 0 }, 400, 'مبلغ تخفیف'],
      [{ code: 'BOTH', kind: 'percent', percent: 5, categoryId: categoryIds[0], courseId: someCourse }, 400, 'یا برای یک دوره است یا برای یک دسته‌بندی'],
    ];
    for (const [fields, status, message] of cases) {
      const answer = await server.call<{ message: string }>('POST', '/api/Coupon/Create', { token: admin, body: { ...blankRecord(registry.coupons), ...fields } });
      expect(answer.status, JSON.stringify(fields)).toBe(status);
      expect(answer.body.message).toContain(message);
    }
    // Learners never reach the coupons.
    const p = await newParent();
    expect((await server.call('GET', '/api/Coupon/GetSelectList', { token: p.token, query: { page: '1' } })).status).toBe(403);
  });
});

describe('the sibling discount, a coupon and the order', () => {
  it('two children in one order: the second child’s courses get the configured percent, the coupon comes after; the order records every line and the gateway is asked for the total', async () => {
    const rule = await server.call<{ id: number; version: number }>('POST', '/api/SiblingDiscount/Create', {
      token: admin,
      body: { ...blankRecord(registry.siblingDiscounts), fromChild: 2, percent: 10 },
    });
    expect(rule.status, rule.text).toBe(200);
    const twice = await server.call<{ message: string }>('POST', '/api/SiblingDiscount/Create', {
      token: admin,
      body: { ...blankRecord(registry.siblingDiscounts), fromChild: 2, percent: 15 },
    });
    expect(twice.status).toBe(409);
    try {
      const big = await newCourse('خواهر و برادر گران', 400_000);
      const small = await newCourse('خواهر و برادر ارزان', 200_000);
      await newCoupon({ code: 'FAMILY5', kind: 'percent', percent: 5 });
      const p = await newParent(2);
      const [first, second] = p.children;
      // The first child (in the cart) has the cheaper course: the discount still falls on the
      // child whose subtotal is smaller.
      expect((await add(p, small, first)).status).toBe(200);
      expect((await add(p, big, second)).status).toBe(200);
      let cart = await cartOf(p);
      expect(cart.items.map((i) => i.pricing.siblingDiscountInTomans)).toEqual([20_000, 0]);
      expect(cart.totalInTomans).toBe(580_000);

      cart = (await apply(p, 'family5')).body;
      expect(cart.items.map((i) => i.pricing)).toEqual([
        { listPriceInTomans: 200_000, earlyBirdDiscountInTomans: 0, siblingDiscountInTomans: 20_000, couponDiscountInTomans: 9_000, priceInTomans: 171_000 },
        { listPriceInTomans: 400_000, earlyBirdDiscountInTomans: 0, siblingDiscountInTomans: 0, couponDiscountInTomans: 20_000, priceInTomans: 380_000 },
      ]);
      expect(cart).toMatchObject({ subtotalInTomans: 600_000, discountInTomans: 49_000, totalInTomans: 551_000 });

      const { checkout: c, result } = await pay(p);
      // The gateway was asked for the discounted total (in rials), and the result says what was paid for.
      expect(gateway.requestCalls.at(-1)?.amount).toBe(5_510_000);
      expect(result.amountInTomans).toBe(551_000);
      expect(result.items?.map((i) => [i.courseTitle, i.priceInTomans])).toEqual([
        ['خواهر و برادر ارزان', 171_000],
        ['خواهر و برادر گران', 380_000],
      ]);

      // The admin's order and its lines carry the discounts and the coupon.
      const order = await server.call<{ record: { totalInTomans: number; discountInTomans: number; couponCode: string; couponId: number; invoiceNumber: number } }>('GET', '/api/Admin/{entity}/{id}', {
        token: admin,
        params: { entity: 'orders', id: String(c.orderId) },
      });
      expect(order.status, order.text).toBe(200);
      expect(order.body.record).toMatchObject({ totalInTomans: 551_000, discountInTomans: 49_000, couponCode: 'family5', invoiceNumber: result.invoiceNumber });
      expect(order.body.record.couponId).toBeGreaterThan(0);
      const lines = await server.call<{ items: Array<LinePricing & { childName: string }> }>('GET', '/api/OrderItemRecord/GetSelectList', {
        token: admin,
        query: { page: '1', 'f.orderId': String(c.orderId), sort: 'id' },
      });
      expect(lines.body.items.map((l) => [l.listPriceInTomans, l.siblingDiscountInTomans, l.couponDiscountInTomans, l.priceInTomans])).toEqual([
        [200_000, 20_000, 9_000, 171_000],
        [400_000, 0, 20_000, 380_000],
      ]);
      // Paid with it: the cart no longer holds the coupon.
      expect((await cartOf(p)).coupon).toBeNull();
    } finally {
      await server.call('DELETE', '/api/SiblingDiscount/Delete', { token: admin, body: { id: rule.body.id } });
    }
  });

  it('a per-learner limit refuses the learner’s second use; a coupon that stops applying is shown in the cart and refused at checkout', async () => {
    const course = await newCourse('یک بار برای هر نفر', 100_000);
    const again = await newCourse('یک بار دیگر', 100_000);
    await newCoupon({ code: 'ONCEEACH', kind: 'percent', percent: 50, maxUsesPerLearner: 1 });
    const p = await newParent();
    await add(p, course);
    expect((await apply(p, 'onceeach')).status).toBe(200);
    await pay(p);
    await add(p, again);
    const second = await apply(p, 'ONCEEACH');
    expect(second.status).toBe(400);
    expect(second.body.message).toContain('پیش‌تر');

    // Applied while valid, then switched off by the admin before checkout.
    const soon = await newCoupon({ code: 'SWITCHOFF', kind: 'percent', percent: 10 });
    expect((await apply(p, 'switchoff')).status).toBe(200);
    const off = await server.call('PUT', '/api/Coupon/Update', { token: admin, body: { ...soon.body, id: soon.id, version: soon.version, inActive: true } });
    expect(off.status, off.text).toBe(200);
    const cart = await cartOf(p);
    expect(cart.coupon).toEqual({ code: 'switchoff', applied: false, error: notUsable });
    expect(cart.totalInTomans).toBe(100_000);
    const refused = await checkout(p);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(notUsable);
    await emptyCart(p);
  });
});

describe('a limited coupon under concurrency', () => {
  it('four parents checking out with the last use at once: one order gets it, three are refused; the use comes back when that order ends unpaid', async () => {
    await newCoupon({ code: 'LASTONE', kind: 'percent', percent: 30, maxUses: 1 });
    const parents: Parent[] = [];
    for (let i = 0; i < 4; i++) parents.push(await newParent());
    for (const [i, p] of parents.entries()) {
      // A course each, so no seat lock puts the checkouts in a line: only the coupon's does.
      expect((await add(p, await newCourse(`کوپن هم‌زمان ${i + 1}`, 100_000))).status).toBe(200);
      // Each cart accepts it: no order holds it yet.
      expect((await apply(p, 'lastone')).status).toBe(200);
    }
    const answers = await Promise.all(parents.map((p) => checkout(p)));
    const won = answers.map((a, i) => ({ a, p: parents[i] })).filter(({ a }) => a.status === 200);
    const refused = answers.filter((a) => a.status === 409);
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r.body.message).toContain(notUsable);
    expect(gateway.requestCalls.at(-1)?.amount).toBe(700_000);

    // The winner leaves the gateway: its order ends unpaid and the use is free again.
    const winner = won[0];
    if (!winner?.p) throw new Error('no winner');
    expect((await verify(winner.p, winner.a.body, 'NOK')).body.status).toBe('cancelled');
    const loser = parents.find((p) => p !== winner.p);
    if (!loser) throw new Error('no loser');
    expect((await cartOf(loser)).coupon).toEqual({ code: 'lastone', applied: true });
    const { result } = await pay(loser);
    expect(result.amountInTomans).toBe(70_000);
    // Used up now, for everyone else.
    const third = parents.find((p) => p !== winner.p && p !== loser);
    if (!third) throw new Error('no third parent');
    expect((await cartOf(third)).coupon).toMatchObject({ applied: false, error: notUsable });
    const late = await checkout(third);
    expect(late.status).toBe(409);
  });
});

describe('a limited coupon and payments settled late', () => {
  it('one learner, two gateway pages of a one-use coupon (the first set aside by a changed cart): both paid, the first settled keeps the discount, the other is reversed', async () => {
    const first = await newCourse('یک بار، صفحه کنار گذاشته', 200_000);
    const second = await newCourse('یک بار، صفحه تازه', 200_000);
    const coupon = await newCoupon({ code: 'ONCEONLY', kind: 'percent', percent: 50, maxUses: 1, maxUsesPerLearner: 1 });
    const p = await newParent();
    await add(p, first);
    expect((await apply(p, 'onceonly')).status).toBe(200);
    const setAside = await checkout(p);
    expect(setAside.status, setAside.text).toBe(200);
    // The cart changes: the open order is set aside (`expired`) and a new one takes the coupon.
    await server.call('DELETE', '/api/Cart/Remove', { token: p.token, body: { id: (await cartOf(p)).items[0]?.id } });
    await add(p, second);
    const fresh = await checkout(p);
    expect(fresh.status, fresh.text).toBe(200);
    expect(fresh.body.orderId).not.toBe(setAside.body.orderId);
    expect((await ordersOf(p)).find((o) => o.id === setAside.body.orderId)?.status).toBe('expired');

    // Both pages are paid, in two tabs; the newer is verified first.
    gateway.pay(authorityOf(setAside.body));
    gateway.pay(authorityOf(fresh.body));
    expect((await verify(p, fresh.body)).body).toMatchObject({ status: 'paid', amountInTomans: 100_000 });
    const late = await verify(p, setAside.body);
    // The set-aside page bought nothing at the coupon's price: reversed at the gateway at once.
    expect(late.body).toMatchObject({ status: 'refunded', refundedInTomans: 100_000 });
    expect(await enrolledCourses(p)).toEqual([second]);
    expect(await usesOf(coupon.id)).toBe('1 از 1');
    const lateOrder = await server.call<{ record: { couponId: number; couponCode: string; status: string } }>('GET', '/api/Admin/{entity}/{id}', {
      token: admin,
      params: { entity: 'orders', id: String(setAside.body.orderId) },
    });
    // The order shows the code typed, and no coupon used.
    expect(lateOrder.body.record).toMatchObject({ status: 'refunded', couponId: 0, couponCode: 'onceonly' });
  });

  it('another learner takes the use after the first order’s hold ran out; the first page paid later is reversed by the reconciliation, and the coupon counts one use', async () => {
    const course = await newCourse('آخرین استفاده پس از مهلت', 300_000);
    const coupon = await newCoupon({ code: 'AFTERHOLD', kind: 'amount', amountInTomans: 100_000, maxUses: 1 });
    const [a, b] = [await newParent(), await newParent()];
    await add(a, course);
    expect((await apply(a, 'afterhold')).status).toBe(200);
    const pageA = await checkout(a);
    expect(pageA.status, pageA.text).toBe(200);
    // While A's order holds its seat, the use is taken.
    await add(b, course);
    expect((await apply(b, 'afterhold')).status).toBe(400);
    await holdRunsOut(pageA.body.orderId);
    expect((await apply(b, 'afterhold')).status).toBe(200);
    const pageB = await checkout(b);
    expect(pageB.status, pageB.text).toBe(200);

    gateway.pay(authorityOf(pageB.body));
    expect((await verify(b, pageB.body)).body).toMatchObject({ status: 'paid', amountInTomans: 200_000 });
    // A still pays the old page and never comes back: the reconciliation (a second process on
    // the same database) settles it through the same path as the callback.
    gateway.pay(authorityOf(pageA.body));
    // Its timers are off, as every test server's: the test runs the rounds itself (a settle, then
    // the reversal of what it could not keep), so none comes early or late on a slow machine.
    const sweeper = await startServer({ dataDir: server.dataDir, paymentGatewayUrl: gateway.url });
    try {
      await until('the reconciliation to settle A’s order', async () => {
        await sweeper.app.jobs.reconcilePayments();
        return (await ordersOf(a)).find((o) => o.id === pageA.body.orderId)?.status === 'refunded';
      });
    } finally {
      await sweeper.close();
    }
    // A comes back late: the stored result.
    expect((await verify(a, pageA.body)).body).toMatchObject({ status: 'refunded', refundedInTomans: 200_000 });
    expect(await enrolledCourses(a)).toEqual([]);
    expect(await enrolledCourses(b)).toEqual([course]);
    expect(await usesOf(coupon.id)).toBe('1 از 1');
  });

  it('a page paid late keeps the lines the coupon did not cover, the coupon’s lines owed back; two payments settled at once: one keeps the use', async () => {
    const covered = await newCourse('پوشش کوپن هم‌زمان', 100_000);
    const plain = await newCourse('بیرون از کوپن', 100_000);
    const coupon = await newCoupon({ code: 'ONECOURSEONCE', kind: 'percent', percent: 40, maxUses: 1, courseId: covered });
    const parents = [await newParent(), await newParent()];
    const pages: Checkout[] = [];
    for (const p of parents) {
      await add(p, covered);
      await add(p, plain);
      expect((await apply(p, 'onecourseonce')).status).toBe(200);
      const page = await checkout(p);
      expect(page.status, page.text).toBe(200);
      pages.push(page.body);
      // Each hold runs out, so the next parent's checkout may take the use too.
      await holdRunsOut(page.body.orderId);
    }
    for (const page of pages) gateway.pay(authorityOf(page));
    const results = await Promise.all(parents.map((p, i) => verify(p, pages[i] ?? { orderId: 0, paymentUrl: '' })));
    expect(results.map((r) => r.body.status)).toEqual(['paid', 'paid']);
    const orders = await Promise.all(parents.map(async (p, i) => (await ordersOf(p)).find((o) => o.id === pages[i]?.orderId)));
    // One kept the discount; the other enrolled the line outside the coupon and is owed the
    // covered line's price back (60,000 paid for it).
    expect(orders.map((o) => o?.refundDueInTomans).sort()).toEqual([0, 60_000]);
    const enrolments = await Promise.all(parents.map((p) => enrolledCourses(p)));
    expect(enrolments.map((e) => e.length).sort()).toEqual([1, 2]);
    expect(await usesOf(coupon.id)).toBe('1 از 1');
  });
});

describe('guessing coupon codes', () => {
  it('a learner’s refused codes are limited: a code that applies costs nothing, the eleventh wrong one gets 429 with the wait, and so does a burst in parallel', async () => {
    const course = await newCourse('حدس کد', 100_000);
    await newCoupon({ code: 'REALCODE', kind: 'percent', percent: 10 });
    const p = await newParent();
    await add(p, course);
    for (let i = 0; i < 3; i++) expect((await apply(p, 'realcode')).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await apply(p, `GUESS${i}`)).status).toBe(400);
    const refused = await apply(p, 'GUESS10');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^کدهای تخفیف نادرست زیادی وارد شده است؛ [۱-۹][۰-۹]* دقیقه دیگر دوباره تلاش کنید$/);
    expect(refused.body.retryAfterSeconds).toBeGreaterThan(3_500);
    expect(refused.body.retryAfterSeconds).toBeLessThanOrEqual(3_600);
    // Now even the right code waits: the budget is the learner's, not the code's.
    expect((await apply(p, 'realcode')).status).toBe(429);

    // Forty guesses at once from a fresh learner: ten are looked at, the rest refused.
    const q = await newParent();
    await add(q, course);
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => apply(q, `BURST${i}`)));
    expect(burst.filter((a) => a.status === 400)).toHaveLength(10);
    expect(burst.filter((a) => a.status === 429)).toHaveLength(30);
  });

  it('refused codes from one address are limited over all its learners', async () => {
    const course = await newCourse('حدس از یک نشانی', 100_000);
    const address = '10.99.0.1';
    const guessers = [await newParent(), await newParent(), await newParent(), await newParent()];
    for (const p of guessers) await add(p, course);
    // Three learners spend their ten each: the address's thirty.
    for (const p of guessers.slice(0, 3)) for (let i = 0; i < 10; i++) expect((await apply(p, `SHARED${i}`, address)).status).toBe(400);
    const fourth = guessers[3];
    if (!fourth) throw new Error('no fourth learner');
    const refused = await apply(fourth, 'SHARED0', address);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toContain('دقیقه دیگر دوباره تلاش کنید');
    // The same learner from elsewhere is looked at.
    expect((await apply(fourth, 'SHARED0')).status).toBe(400);
  });
});
