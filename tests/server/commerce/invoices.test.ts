// @vitest-environment node
// Invoices, against the real server on SQLite, or PostgreSQL with
// TEST_DATABASE=postgres: every paid order gets the next invoice number in the transaction that
// marks it paid — no gaps and no duplicates when payments settle at once, none for an order that
// was not paid — and the invoice (the academy, the payer, each child's lines with their
// discounts, the total, the gateway's reference) is read by the order's owner or an admin only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankRecord } from '../../../schema/define';
import { registry } from '../../../schema/registry.gen';
import { company } from '../../../schema/rules/company';
import { startFakeGateway, type FakeGateway } from '../../support/fake-gateway';
import { courseBody, sampleChild } from '../../support/samples';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';

let gateway: FakeGateway;
let server: TestServer;
let admin: string;
let categoryId: number;

interface Checkout {
  orderId: number;
  paymentUrl: string;
}
interface Parent {
  token: string;
  children: number[];
}
interface Invoice {
  orderId: number;
  invoiceNumber: number;
  status: string;
  paidAt: string;
  refId: string;
  academy: { name: string; address: string; phone: string };
  buyer: { name: string; phoneNumber: string };
  items: Array<{ childName: string; courseTitle: string; listPriceInTomans: number; siblingDiscountInTomans: number; couponDiscountInTomans: number; priceInTomans: number }>;
  subtotalInTomans: number;
  discountInTomans: number;
  totalInTomans: number;
  couponCode: string;
  message?: string;
}

beforeAll(async () => {
  gateway = await startFakeGateway();
  server = await startServer({ paymentGatewayUrl: gateway.url });
  admin = await server.signIn(adminPhone, adminPassword);
  const categories = await server.call<Array<{ id: number }>>('GET', '/api/Public/categories');
  categoryId = categories.body[0]?.id ?? 0;
});
afterAll(async () => {
  await server?.close();
  await gateway?.close();
});

let phoneCounter = 0;
async function newParent(children = 1): Promise<Parent> {
  phoneCounter++;
  const token = await signUpLearner(server, `0935${String(8000000 + phoneCounter).padStart(7, '0')}`);
  const ids: number[] = [];
  for (let i = 0; i < children; i++) {
    const child = await server.call<{ id: number }>('POST', '/api/Children/Create', { token, body: { firstName: `بچه${i + 1}`, lastName: 'فاکتور', ...sampleChild } });
    ids.push(child.body.id);
  }
  return { token, children: ids };
}
async function newCourse(title: string, price: number): Promise<number> {
  const answer = await server.call<{ id: number }>('POST', '/api/Course/Create', { token: admin, body: courseBody(title, { durationInHours: 10, priceInTomans: price, categoryId }) });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.id;
}
const add = (p: Parent, courseId: number, childId = p.children[0]) => server.call('POST', '/api/Cart/Add', { token: p.token, body: { courseId, childId } });
const checkout = async (p: Parent) => {
  const c = await server.call<Checkout>('POST', '/api/Orders/Checkout', { token: p.token });
  expect(c.status, c.text).toBe(200);
  return c.body;
};
const authorityOf = (c: Checkout) => decodeURIComponent(new URL(c.paymentUrl).pathname.split('/').pop() ?? '');
const verify = (p: Parent, c: Checkout, Status = 'OK') =>
  server.call<{ status: string; invoiceNumber?: number; amountInTomans?: number }>('GET', '/api/Payment/Verify', { token: p.token, query: { Authority: authorityOf(c), Status } });
const invoice = (orderId: number | string, token?: string) =>
  server.call<Invoice>('GET', '/api/Orders/Invoice', { ...(token ? { token } : {}), query: { id: String(orderId) } });

describe('invoice numbers', () => {
  it('the sample orders have theirs: every order whose payment enrolled a child, numbered in the order paid, and the next checkout continues after them', async () => {
    type Order = { id: number; status: string; paidAt: string | null; invoiceNumber: number | null };
    const listed = await server.call<{ items: Order[] }>('GET', '/api/OrderRecord/GetSelectList', { token: admin, query: { page: '1', pageSize: '200' } });
    expect(listed.status, listed.text).toBe(200);
    const settled = listed.body.items.filter((o) => o.status === 'paid' || o.status === 'refunded');
    expect(settled.length).toBeGreaterThan(3);
    const byPayment = [...settled].sort((a, b) => String(a.paidAt).localeCompare(String(b.paidAt)) || a.id - b.id);
    expect(byPayment.map((o) => o.invoiceNumber)).toEqual(byPayment.map((_, i) => i + 1));
    // Unpaid orders hold none.
    for (const o of listed.body.items.filter((o) => o.paidAt === null)) expect(o.invoiceNumber).toBeNull();
    const paid = byPayment.find((o) => o.status === 'paid');
    const read = await invoice(paid?.id ?? 0, admin);
    expect(read.status, read.text).toBe(200);
    expect(read.body.invoiceNumber).toBe(paid?.invoiceNumber);
  });

  it('five payments settling at once get five consecutive numbers, none twice; a cancelled order gets none and takes no number', async () => {
    const course = await newCourse('فاکتور هم‌زمان', 120_000);
    const parents: Parent[] = [];
    for (let i = 0; i < 5; i++) parents.push(await newParent());
    const pages: Checkout[] = [];
    for (const p of parents) {
      expect((await add(p, course)).status).toBe(200);
      pages.push(await checkout(p));
    }
    // One parent leaves the gateway in the middle of it all. (Sign-ups are limited to ten an
    // hour per address: the file signs up nine learners.)
    const leaver = await newParent();
    await add(leaver, course);
    const left = await checkout(leaver);

    for (const page of pages) gateway.pay(authorityOf(page));
    const results = await Promise.all([...pages.map((page, i) => verify(parents[i] ?? leaver, page)), verify(leaver, left, 'NOK')]);
    const numbers = results.slice(0, 5).map((r) => {
      expect(r.body.status).toBe('paid');
      return r.body.invoiceNumber ?? 0;
    });
    expect(results[5]?.body.status).toBe('cancelled');
    expect(results[5]?.body.invoiceNumber).toBeUndefined();
    const sorted = [...numbers].sort((a, b) => a - b);
    const first = sorted[0] ?? 0;
    expect(first).toBeGreaterThan(0);
    expect(sorted).toEqual([0, 1, 2, 3, 4].map((n) => first + n));
    // Verifying again answers the same number.
    const again = await verify(parents[0] ?? leaver, pages[0] ?? left);
    expect(again.body.invoiceNumber).toBe(numbers[0]);

    // The next paid order continues the sequence; the cancelled one holds no number.
    const next = await newParent();
    await add(next, course);
    const page = await checkout(next);
    gateway.pay(authorityOf(page));
    expect((await verify(next, page)).body.invoiceNumber).toBe(first + 5);
    expect((await invoice(left.orderId, admin)).status).toBe(404);
    const orders = await server.call<Array<{ id: number; invoiceNumber: number | null }>>('GET', '/api/Orders', { token: leaver.token });
    expect(orders.body.find((o) => o.id === left.orderId)?.invoiceNumber).toBeNull();
  });
});

describe('the invoice', () => {
  it('shows the academy, the payer, each child’s courses with their discounts, the total and the reference', async () => {
    const rule = await server.call<{ id: number }>('POST', '/api/SiblingDiscount/Create', { token: admin, body: { ...blankRecord(registry.siblingDiscounts), fromChild: 2, percent: 20 } });
    expect(rule.status, rule.text).toBe(200);
    try {
      await server.call('POST', '/api/Coupon/Create', { token: admin, body: { ...blankRecord(registry.coupons), code: 'INVOICE10', kind: 'amount', amountInTomans: 10_000 } });
      const a = await newCourse('فاکتور الف', 300_000);
      const b = await newCourse('فاکتور ب', 100_000);
      const p = await newParent(2);
      await add(p, a, p.children[0]);
      await add(p, b, p.children[1]);
      expect((await server.call('POST', '/api/Cart/Coupon', { token: p.token, body: { code: 'invoice10' } })).status).toBe(200);
      const page = await checkout(p);
      gateway.pay(authorityOf(page));
      const paid = await verify(p, page);
      expect(paid.body.status).toBe('paid');

      const answer = await invoice(page.orderId, p.token);
      expect(answer.status, answer.text).toBe(200);
      const bill = answer.body;
      expect(bill).toMatchObject({
        orderId: page.orderId,
        invoiceNumber: paid.body.invoiceNumber,
        status: 'paid',
        couponCode: 'invoice10',
        subtotalInTomans: 400_000,
        // Sibling 20% of 100,000, then 10,000 shared 300:80.
        discountInTomans: 30_000,
        totalInTomans: 370_000,
        academy: { name: company.name, address: company.address, phone: company.phone },
        buyer: { phoneNumber: expect.stringMatching(/^0935/) },
      });
      expect(bill.refId).toMatch(/^\d+$/);
      expect(bill.items).toEqual([
        expect.objectContaining({ childName: 'بچه1 فاکتور', courseTitle: 'فاکتور الف', listPriceInTomans: 300_000, siblingDiscountInTomans: 0, couponDiscountInTomans: 7_894, priceInTomans: 292_106 }),
        expect.objectContaining({ childName: 'بچه2 فاکتور', courseTitle: 'فاکتور ب', listPriceInTomans: 100_000, siblingDiscountInTomans: 20_000, couponDiscountInTomans: 2_106, priceInTomans: 77_894 }),
      ]);
      expect(bill.items.reduce((sum, i) => sum + i.priceInTomans, 0)).toBe(bill.totalInTomans);
      // The learner's order history names the invoice.
      const orders = await server.call<Array<{ id: number; invoiceNumber: number | null; discountInTomans: number }>>('GET', '/api/Orders', { token: p.token });
      expect(orders.body.find((o) => o.id === page.orderId)).toMatchObject({ invoiceNumber: bill.invoiceNumber, discountInTomans: 30_000 });
    } finally {
      await server.call('DELETE', '/api/SiblingDiscount/Delete', { token: admin, body: { id: rule.body.id } });
    }
  });

  it('is read by the order’s owner and an admin only; another learner, an unpaid order and a bad number get a Persian refusal', async () => {
    const course = await newCourse('فاکتور دسترسی', 50_000);
    const owner = await newParent();
    const stranger = await newParent();
    await add(owner, course);
    const page = await checkout(owner);
    // Not paid yet: no invoice, even for its owner.
    const unpaid = await invoice(page.orderId, owner.token);
    expect(unpaid.status).toBe(404);
    expect(unpaid.body.message).toBe('فاکتوری برای این سفارش یافت نشد');
    gateway.pay(authorityOf(page));
    expect((await verify(owner, page)).body.status).toBe('paid');

    expect((await invoice(page.orderId, owner.token)).status).toBe(200);
    expect((await invoice(page.orderId, admin)).status).toBe(200);
    const other = await invoice(page.orderId, stranger.token);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('فاکتوری برای این سفارش یافت نشد');
    expect((await invoice(page.orderId)).status).toBe(401);
    const bad = await invoice('abc', owner.token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('شماره سفارش');
    expect((await invoice(999_999, owner.token)).status).toBe(404);
  });
});
