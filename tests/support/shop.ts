// A parent's way through the shop, against the real server and a fake gateway: signing up with
// children, courses and coupons made by the admin, the cart, checkout and payment. The discount
// tests share it (tests/server/commerce/discounts*.test.ts).
import { expect } from 'vitest';
import { blankRecord } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { startFakeGateway, type FakeGateway } from './fake-gateway';
import { rawSql } from './postgres-db';
import { courseBody, sampleChild } from './samples';
import { adminPassword, adminPhone, startServer, type TestServer } from './server';
import { waitBudgetMs } from './budget';

export interface Shop {
  gateway: FakeGateway;
  server: TestServer;
  admin: string;
  categoryIds: number[];
}
let current: Shop | undefined;
/** The running shop: its server, its gateway and the administrator's token. */
function shop(): Shop {
  if (!current) throw new Error('startShop() has not run');
  return current;
}

export interface LinePricing {
  listPriceInTomans: number;
  earlyBirdDiscountInTomans: number;
  siblingDiscountInTomans: number;
  couponDiscountInTomans: number;
  priceInTomans: number;
}
export interface Cart {
  items: Array<{ id: number; childId: number; course: { id: number }; pricing: LinePricing }>;
  subtotalInTomans: number;
  discountInTomans: number;
  totalInTomans: number;
  coupon: { code: string; applied: boolean; error?: string } | null;
  message?: string;
}
export interface Checkout {
  orderId: number;
  paymentUrl: string;
  message?: string;
}
export interface Parent {
  token: string;
  children: number[];
  /** The client address its calls come from (X-Forwarded-For; the server trusts one proxy). */
  address: string;
}
export interface Order {
  id: number;
  status: string;
  totalInTomans: number;
  refundDueInTomans: number;
}

export const day = 24 * 60 * 60_000;
export const inDays = (n: number) => new Date(Date.now() + n * day).toISOString();

/** A server with a fake gateway, trusting one proxy so each parent can come from its own address. */
export async function startShop(): Promise<Shop> {
  const gateway = await startFakeGateway();
  const server = await startServer({ paymentGatewayUrl: gateway.url, trustProxy: 1 });
  const admin = await server.signIn(adminPhone, adminPassword);
  const categories = await server.call<Array<{ id: number }>>('GET', '/api/Public/categories');
  const categoryIds = categories.body.map((c) => c.id);
  expect(categoryIds.length).toBeGreaterThanOrEqual(2);
  current = { gateway, server, admin, categoryIds };
  return current;
}

export async function stopShop(): Promise<void> {
  await current?.server.close();
  await current?.gateway.close();
  current = undefined;
}

let phoneCounter = 0;
export async function newParent(children = 1): Promise<Parent> {
  phoneCounter++;
  // Each parent from an address of its own: the sign-up and coupon limits count per address.
  const address = `10.15.${Math.floor(phoneCounter / 200)}.${phoneCounter % 200}`;
  const phoneNumber = `0936${String(7000000 + phoneCounter).padStart(7, '0')}`;
  const headers = { 'x-forwarded-for': address };
  const code = await shop().server.sendCode(phoneNumber, 'signUp', headers);
  const signedUp = await shop().server.call<{ accessToken: string }>('POST', '/api/Auth/SignUp', {
    body: { firstName: 'نگار', lastName: 'آزمایشی', phoneNumber, emailAddress: '', password: 'learner-pass-123', code },
    headers,
  });
  expect(signedUp.status, signedUp.text).toBe(200);
  const token = signedUp.body.accessToken;
  const ids: number[] = [];
  for (let i = 0; i < children; i++) {
    const child = await shop().server.call<{ id: number }>('POST', '/api/Children/Create', { token, body: { firstName: `فرزند${i + 1}`, lastName: 'تخفیف', ...sampleChild } });
    expect(child.status, child.text).toBe(200);
    ids.push(child.body.id);
  }
  return { token, children: ids, address };
}

export async function newCourse(title: string, price: number, extra: Record<string, unknown> = {}): Promise<number> {
  const body = courseBody(title, { durationInHours: 10, priceInTomans: price, categoryId: shop().categoryIds[0], ...extra });
  const answer = await shop().server.call<{ id: number; message?: string }>('POST', '/api/Course/Create', { token: shop().admin, body });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.id;
}

export async function newCoupon(fields: Record<string, unknown>): Promise<{ id: number; version: number; body: Record<string, unknown> }> {
  const body = { ...blankRecord(registry.coupons), ...fields };
  const answer = await shop().server.call<{ id: number; version: number }>('POST', '/api/Coupon/Create', { token: shop().admin, body });
  expect(answer.status, answer.text).toBe(200);
  return { id: answer.body.id, version: answer.body.version, body };
}

export const add = (p: Parent, courseId: number, child = p.children[0]) =>
  shop().server.call<Cart>('POST', '/api/Cart/Add', { token: p.token, body: { courseId, childId: child } });
export const cartOf = async (p: Parent) => (await shop().server.call<Cart>('GET', '/api/Cart', { token: p.token })).body;
export const apply = (p: Parent, code: string, address = p.address) =>
  shop().server.call<Cart & { retryAfterSeconds?: number }>('POST', '/api/Cart/Coupon', { token: p.token, body: { code }, headers: { 'x-forwarded-for': address } });
/** The one answer to every code that cannot be used now for the cart. */
export const notUsable = 'این کد تخفیف معتبر نیست یا برای سبد خرید شما قابل استفاده نیست';
export const checkout = (p: Parent) => shop().server.call<Checkout>('POST', '/api/Orders/Checkout', { token: p.token });
export const authorityOf = (c: Checkout) => decodeURIComponent(new URL(c.paymentUrl).pathname.split('/').pop() ?? '');
export const verify = (p: Parent, c: Checkout, Status = 'OK') =>
  shop().server.call<{ status: string; amountInTomans?: number; invoiceNumber?: number; items?: Array<{ childName: string; courseTitle: string; priceInTomans: number }> }>(
    'GET',
    '/api/Payment/Verify',
    { token: p.token, query: { Authority: authorityOf(c), Status } },
  );
export const emptyCart = async (p: Parent) => {
  for (const item of (await cartOf(p)).items) await shop().server.call('DELETE', '/api/Cart/Remove', { token: p.token, body: { id: item.id } });
  await shop().server.call('DELETE', '/api/Cart/Coupon', { token: p.token });
};
export const pay = async (p: Parent) => {
  const c = await checkout(p);
  expect(c.status, c.text).toBe(200);
  shop().gateway.pay(authorityOf(c.body));
  const result = await verify(p, c.body);
  expect(result.body.status).toBe('paid');
  return { checkout: c.body, result: result.body };
};
export const lastRequestedRials = () => Number(shop().gateway.requestCalls.at(-1)?.amount);
export const ordersOf = async (p: Parent) => (await shop().server.call<Order[]>('GET', '/api/Orders', { token: p.token })).body;
export const enrolledCourses = async (p: Parent) =>
  (await shop().server.call<Array<{ course: { id: number } }>>('GET', '/api/Enrollments', { token: p.token })).body.map((e) => e.course.id).sort((a, b) => a - b);
/** The admin's coupons list: paid orders that used the coupon, of its limit («۱ از ۱» as stored digits). */
export const usesOf = async (couponId: number) =>
  (
    await shop().server.call<{ labels: Record<string, string> }>('GET', '/api/Admin/{entity}/labels', {
      token: shop().admin,
      params: { entity: 'coupons' },
      query: { ids: String(couponId), many: 'orders.couponId.uses' },
    })
  ).body.labels[String(couponId)];
export async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + waitBudgetMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
/** The open order lets its hold go (as if its gateway page were opened an hour ago). */
export const holdRunsOut = (orderId: number) =>
  rawSql(shop().server.dataDir, `update orders set "createdAt" = '${new Date(Date.now() - 3_600_000).toISOString()}' where id = ${orderId}`);
