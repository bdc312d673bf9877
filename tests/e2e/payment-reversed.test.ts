// A second payment of the same cart: the payer comes back from the gateway to
// the payment page and reads that the payment bought nothing and was returned to the card at once
// (reversed at the gateway inside its window); the admin finds the order paid back with the
// reversal among its gateway attempts. With SHOTS_DIR set, both pages at 1366 and 390 px.
import path from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignUp, launchBrowser, signIn, signInAsAdmin, startStack, type Stack } from './harness';
import { formatToman } from '../../schema/rules/digits';
import { blockZarinpal, uniqueMobile } from './site-helpers';
import { sampleChild } from '../support/samples';

const shots = process.env.SHOTS_DIR;
const password = 'learner-pass-123';
let stack: Stack;
let phone: string;
let token: string;
let firstAuthority: string;
let firstOrderId: number;
let firstPrice: number;

async function api<T>(schema: v.GenericSchema<unknown, T>, method: string, route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${stack.baseUrl}${route}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return v.parse(schema, JSON.parse(text));
}
const anything = v.unknown();
const withId = v.object({ id: v.number() });
const checkoutAnswer = v.object({ orderId: v.number(), paymentUrl: v.string() });
const authorityOf = (paymentUrl: string) => decodeURIComponent(new URL(paymentUrl).pathname.split('/').pop() ?? '');

beforeAll(async () => {
  stack = await startStack();
  phone = uniqueMobile().latin;
  token = '';
  // Sign-up proves the phone by the code it receives (the fake SMS service).
  const signedUp = await apiSignUp(stack, { firstName: 'رعنا', lastName: 'دوباره', phoneNumber: phone, password });
  token = v.parse(v.object({ accessToken: v.string() }), await signedUp.json()).accessToken;
  const courses = (await api(v.object({ courses: v.array(v.object({ id: v.number(), priceInTomans: v.number(), registrationOpen: v.boolean(), seatsLeft: v.nullable(v.number()) })) }), 'GET', '/api/Public/courses')).courses.filter(
    (c) => c.registrationOpen && c.seatsLeft !== 0 && c.priceInTomans > 0,
  );
  const [first, second] = courses;
  if (!first || !second) throw new Error('the seed needs two open paid courses');
  firstPrice = first.priceInTomans;
  const child = await api(withId, 'POST', '/api/Children/Create', { firstName: 'نگار', lastName: 'دوباره', ...sampleChild });
  // Order A is paid in one tab; the grown cart is checked out as B, paid and verified first.
  await api(anything, 'POST', '/api/Cart/Add', { courseId: first.id, childId: child.id });
  const a = await api(checkoutAnswer, 'POST', '/api/Orders/Checkout');
  firstAuthority = authorityOf(a.paymentUrl);
  firstOrderId = a.orderId;
  await fetch(`${a.paymentUrl}/pay`, { method: 'POST', redirect: 'manual' });
  await api(anything, 'POST', '/api/Cart/Add', { courseId: second.id, childId: child.id });
  const b = await api(checkoutAnswer, 'POST', '/api/Orders/Checkout');
  await fetch(`${b.paymentUrl}/pay`, { method: 'POST', redirect: 'manual' });
  const paid = await api(v.object({ status: v.string() }), 'GET', `/api/Payment/Verify?Authority=${encodeURIComponent(authorityOf(b.paymentUrl))}&Status=OK`);
  expect(paid.status).toBe('paid');
});

afterAll(async () => {
  await stack?.stop();
});

describe('a payment that bought nothing', () => {
  for (const width of [1366, 390]) {
    it(`tells the payer it went back to the card at once (${width} px)`, async () => {
      const session = await launchBrowser({ viewport: { width, height: 900 } });
      await blockZarinpal(session.page);
      try {
        const { page } = session;
        await signIn(page, stack, phone, password);
        await page.goto(`${stack.baseUrl}/dashboard/payment?Authority=${encodeURIComponent(firstAuthority)}&Status=OK`);
        const note = page.getByText('همان لحظه به کارتی که با آن پرداخت کردید بازگردانده شد');
        await note.waitFor();
        await expect.poll(() => note.textContent()).toContain(formatToman(firstPrice));
        await expect.poll(() => page.getByText(/کد پیگیری/).textContent()).toMatch(/[۰-۹]+/);
        if (shots) await page.screenshot({ path: path.join(shots, `payment-reversed-${width}.png`), fullPage: true });
        expect(session.errors).toEqual([]);
      } finally {
        await session.close();
      }
    });
  }
});

describe('the admin', () => {
  for (const width of [1366, 390]) {
    it(`sees the order paid back and the reversal among its gateway attempts (${width} px)`, async () => {
      const session = await launchBrowser({ viewport: { width, height: 900 } });
      await blockZarinpal(session.page);
      try {
        const { page } = session;
        await signInAsAdmin(page, stack);
        await page.goto(`${stack.baseUrl}/admin/orders/${firstOrderId}`);
        await page.getByRole('heading', { name: /تراکنش‌های درگاه/ }).waitFor();
        await page.getByText('برگشت خودکار تراکنش به کارت').first().waitFor();
        const main = page.locator('main');
        await expect.poll(() => main.textContent()).toContain('بازپرداخت شده');
        await expect.poll(() => main.textContent()).toContain('تأیید پرداخت');
        // Already paid back: no refund is offered.
        await expect.poll(() => page.getByRole('button', { name: 'بازگشت وجه' }).count()).toBe(0);
        if (shots) await page.screenshot({ path: path.join(shots, `order-reversed-admin-${width}.png`), fullPage: true });
        expect(session.errors).toEqual([]);
      } finally {
        await session.close();
      }
    });
  }
});
