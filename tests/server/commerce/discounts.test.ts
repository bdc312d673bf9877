// @vitest-environment node
// Discounts, against the real server on SQLite, or PostgreSQL with TEST_DATABASE=postgres:
// early-bird prices until their day ends, the sibling discount the admin configures, coupon codes
// with their rules and one Persian refusal for every code that cannot be used, every amount worked
// out by the server and recorded on the order line by line, and the gateway asked for the
// discounted total. (Limited coupons under load: discounts-limits.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankRecord } from '../../../schema/define';
import { registry } from '../../../schema/registry.gen';
import { courseBody } from '../../support/samples';
import { startShop, stopShop, type LinePricing, type Cart, inDays, newParent, newCourse, newCoupon, add, cartOf, apply, notUsable, checkout, emptyCart, pay, lastRequestedRials } from '../../support/shop';
import type { FakeGateway } from '../../support/fake-gateway';
import type { TestServer } from '../../support/server';

let gateway: FakeGateway;
let server: TestServer;
let admin: string;
let categoryIds: number[];

beforeAll(async () => {
  ({ gateway, server, admin, categoryIds } = await startShop());
});
afterAll(stopShop);


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
    const listed = await server.call<{ courses: Array<{ id: number; earlyBird?: { priceInTomans: number; until: string } }> }>('GET', '/api/Public/courses');
    expect(listed.body.courses.find((c) => c.id === early)?.earlyBird?.priceInTomans).toBe(150_000);
    expect(listed.body.courses.find((c) => c.id === late)?.earlyBird).toBeUndefined();

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
