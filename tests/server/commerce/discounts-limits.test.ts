// @vitest-environment node
// A limited coupon, against the real server on SQLite, or PostgreSQL with TEST_DATABASE=postgres:
// never used past its limit, not when parents check out with it at once, nor when a page set
// aside or past its hold is paid after another order took the last use; and guesses at codes
// limited per learner and per address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, stopShop, type Checkout, type Parent, newParent, newCourse, newCoupon, add, cartOf, apply, notUsable, checkout, authorityOf, verify, pay, ordersOf, enrolledCourses, usesOf, until, holdRunsOut } from '../../support/shop';
import type { FakeGateway } from '../../support/fake-gateway';
import { startServer, type TestServer } from '../../support/server';

let gateway: FakeGateway;
let server: TestServer;
let admin: string;

beforeAll(async () => {
  ({ gateway, server, admin } = await startShop());
});
afterAll(stopShop);


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
        await sweeper.app.jobs.round('reconcilePayments');
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
