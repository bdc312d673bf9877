// In the browser: a parent with two children puts a course for each in
// the cart, sees the sibling discount the admin configured, is refused an unknown coupon in
// Persian and applies a real one (typed in other case with Persian digits), pays the discounted
// total on the fake gateway, sees what was paid for and the amount on the result page, and opens
// the invoice, which prints on one A4 page.
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankRecord } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { courseBody } from '../support/samples';
import { apiToken, launchBrowser, signInAsAdmin, startStack, type Stack } from './harness';
import { addChildThroughDashboard, blockZarinpal, catalogue, publicJson, signUpThroughForm } from './site-helpers';

let stack: Stack;
let adminToken: string;
const courseIds: number[] = [];

async function adminCall<T>(path: string, body: unknown, method = 'POST'): Promise<T> {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  const parsed: T = JSON.parse(text);
  return parsed;
}

beforeAll(async () => {
  stack = await startStack();
  adminToken = await apiToken(stack, stack.adminPhone, stack.adminPassword);
  const categories = await publicJson<Array<{ id: number }>>(stack, '/api/Public/categories');
  const categoryId = categories[0]?.id;
  const startsIn = new Date(Date.now() + 30 * 24 * 60 * 60_000).toISOString();
  const earlyUntil = new Date(Date.now() + 5 * 24 * 60 * 60_000).toISOString();
  for (const [title, price, early] of [
    ['رباتیک خانواده', 2_000_000, 1_800_000],
    ['نقاشی دیجیتال خانواده', 1_000_000, 0],
  ] as const) {
    const course = await adminCall<{ id: number }>('/api/Course/Create', courseBody(title, {
      durationInHours: 12,
      priceInTomans: price,
      categoryId,
      timeOfHolding: startsIn,
      ...(early ? { earlyBirdPriceInTomans: early, earlyBirdUntil: earlyUntil } : {}),
    }));
    courseIds.push(course.id);
  }
  await adminCall('/api/SiblingDiscount/Create', { ...blankRecord(registry.siblingDiscounts), fromChild: 2, percent: 10 });
  await adminCall('/api/Coupon/Create', { ...blankRecord(registry.coupons), code: 'BAHAR1405', kind: 'percent', percent: 20 });
});

afterAll(async () => {
  await stack?.stop();
});

const shots = process.env.SHOTS_DIR;

describe('discounts and the invoice', () => {
  it('a parent of two applies a coupon, gets the sibling discount, pays the discounted total and opens the invoice', async () => {
    const session = await launchBrowser({ viewport: { width: 1366, height: 900 } });
    await blockZarinpal(session.page);
    const { page } = session;
    let orderId: string;
    try {
      // The course page shows the early-bird price beside the struck-through full price.
      const listed = await catalogue<{ id: number; slug: string; category: { slug: string } }>(stack);
      const robotics = listed.find((c) => c.id === courseIds[0]);
      if (!robotics) throw new Error('the early-bird course is not listed');
      await page.goto(`${stack.baseUrl}/categories/${encodeURIComponent(robotics.category.slug)}/${encodeURIComponent(robotics.slug)}`);
      const price = page.getByRole('complementary', { name: 'ثبت‌نام در دوره' }).locator('.course-aside__price');
      await price.getByText('۱٬۸۰۰٬۰۰۰ تومان').waitFor();
      await expect.poll(() => price.locator('s').textContent()).toBe('۲٬۰۰۰٬۰۰۰ تومان');
      await expect.poll(() => price.textContent()).toContain('قیمت ثبت‌نام زودهنگام تا');
      await page.waitForFunction(() => {
        const shown = document.querySelector('.course-aside__price .course-price--early');
        return shown !== null && getComputedStyle(shown).display === 'inline-grid';
      });
      await page.evaluate(() => document.fonts.ready);
      if (shots) await page.screenshot({ path: `${shots}/course-early-bird-1366.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      if (shots) await page.screenshot({ path: `${shots}/course-early-bird-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1366, height: 900 });

      await signUpThroughForm(page, stack, 'نسرین');
      await addChildThroughDashboard(page, stack, 'سارا');
      await addChildThroughDashboard(page, stack, 'آرش');
      // The cart is filled through the learner's own API calls (the add-to-cart form is tested in
      // site-purchase.test.ts); everything after is the page.
      await page.evaluate(async ([first, second]) => {
        const token = localStorage.getItem('accessToken') ?? '';
        const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
        const children: Array<{ id: number }> = await (await fetch('/api/Children', { headers })).json();
        for (const [i, courseId] of [first, second].entries()) {
          const response = await fetch('/api/Cart/Add', { method: 'POST', headers, body: JSON.stringify({ courseId, childId: children[i]?.id }) });
          if (!response.ok) throw new Error(await response.text());
        }
      }, courseIds);

      await page.goto(`${stack.baseUrl}/dashboard/cart`);
      const cart = page.getByRole('list', { name: 'سبد خرید' });
      await cart.getByText('رباتیک خانواده').waitFor();
      // Early-bird on the first course (2,000,000 → 1,800,000); the second child's course
      // (the smaller subtotal) gets 10%: 1,000,000 → 900,000.
      await expect.poll(() => cart.textContent()).toContain('تخفیف ثبت‌نام زودهنگام');
      await expect.poll(() => cart.textContent()).toContain('تخفیف خواهر و برادر');
      await expect.poll(() => page.getByTestId('cart-total').textContent()).toBe('۲٬۷۰۰٬۰۰۰ تومان');

      const field = page.getByLabel('کد تخفیف');
      await field.fill('NOPE');
      await page.getByRole('button', { name: 'ثبت کد' }).click();
      await page.getByRole('alert').getByText('این کد تخفیف معتبر نیست یا برای سبد خرید شما قابل استفاده نیست').waitFor();
      if (shots) {
        await page.screenshot({ path: `${shots}/cart-coupon-refused-1366.png`, fullPage: true });
        await page.setViewportSize({ width: 390, height: 844 });
        await page.screenshot({ path: `${shots}/cart-coupon-refused-390.png`, fullPage: true });
        await page.setViewportSize({ width: 1366, height: 900 });
      }

      await field.fill('bahar۱۴۰۵');
      await page.getByRole('button', { name: 'ثبت کد' }).click();
      await page.getByText('کد «bahar۱۴۰۵» اعمال شد').waitFor();
      // 20% off 1,800,000 and 900,000: 1,440,000 + 720,000.
      await page.getByText('۲٬۱۶۰٬۰۰۰ تومان').first().waitFor();
      await expect.poll(() => page.getByTestId('cart-total').textContent()).toBe('۲٬۱۶۰٬۰۰۰ تومان');
      await expect.poll(() => cart.textContent()).toContain('تخفیف کد');
      if (shots) await page.screenshot({ path: `${shots}/cart-discounts-1366.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      if (shots) await page.screenshot({ path: `${shots}/cart-discounts-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1366, height: 900 });

      await page.getByRole('button', { name: 'پرداخت' }).click();
      await page.waitForURL((url) => url.href.startsWith(stack.gatewayUrl));
      await page.getByRole('button', { name: 'پرداخت' }).click();

      await page.waitForURL((url) => url.pathname === '/dashboard/payment');
      await page.getByText('پرداخت با موفقیت انجام شد').waitFor();
      const summary = page.getByRole('region', { name: 'دوره‌های پرداخت‌شده' });
      await summary.getByText('رباتیک خانواده').waitFor();
      await expect.poll(() => summary.textContent()).toContain('نقاشی دیجیتال خانواده');
      await expect.poll(() => summary.textContent()).toContain('سارا احمدی');
      await expect.poll(() => summary.textContent()).toContain('آرش احمدی');
      await expect.poll(() => page.getByTestId('paid-amount').textContent()).toBe('۲٬۱۶۰٬۰۰۰ تومان');
      if (shots) await page.screenshot({ path: `${shots}/payment-result-1366.png`, fullPage: true });

      await page.getByRole('link', { name: 'مشاهده فاکتور' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/dashboard/invoice/'));
      const invoice = page.getByRole('article', { name: 'فاکتور فروش' });
      await invoice.getByText('رباتیک خانواده').waitFor();
      await expect.poll(() => page.getByTestId('invoice-total').textContent()).toBe('۲٬۱۶۰٬۰۰۰ تومان');
      await expect.poll(() => invoice.textContent()).toContain('bahar۱۴۰۵');
      const text = (await invoice.textContent()) ?? '';
      expect(text).toContain('آکادمی آموزشی آینده‌سازان کرج');
      expect(text).toContain('bahar۱۴۰۵');
      // A Jalali date with Persian digits, never a Latin digit in the amounts.
      expect(text).toMatch(/۱۴[۰-۹]{2}\/[۰-۹]{2}\/[۰-۹]{2}/);
      await expect.poll(() => page.getByTestId('invoice-number').textContent()).toMatch(/^[۰-۹]+$/);
      if (shots) await page.screenshot({ path: `${shots}/invoice-1366.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      if (shots) await page.screenshot({ path: `${shots}/invoice-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1366, height: 900 });

      // Printed: one A4 page.
      await page.emulateMedia({ media: 'print' });
      const pdf = await page.pdf({ format: 'A4', printBackground: true });
      if (shots) {
        // The printed page as an image: print styles at A4's width (794 CSS px at 96 dpi).
        await page.setViewportSize({ width: 794, height: 1123 });
        await page.screenshot({ path: `${shots}/invoice-print-a4.png`, fullPage: true });
        await page.setViewportSize({ width: 1366, height: 900 });
      }
      await page.emulateMedia({ media: 'screen' });
      const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
      expect(pages).toHaveLength(1);
      if (shots) writeFileSync(`${shots}/invoice-a4.pdf`, pdf);

      // The order history links to the same invoice.
      const invoicePath = new URL(page.url()).pathname;
      orderId = invoicePath.split('/').pop() ?? '';
      await page.goto(`${stack.baseUrl}/dashboard/courses`);
      await page.getByRole('link', { name: /^فاکتور [۰-۹]+$/ }).first().click();
      await page.waitForURL((url) => url.pathname === invoicePath);
      await page.getByTestId('invoice-total').waitFor();
      expect(session.errors).toEqual([]);
    } finally {
      await session.close();
    }

    // The admin finds it on the order («مشاهده فاکتور») and may open it.
    const adminSession = await launchBrowser({ viewport: { width: 1366, height: 900 } });
    try {
      const admin = adminSession.page;
      await signInAsAdmin(admin, stack);
      await admin.goto(`${stack.baseUrl}/admin/orders/${orderId}`);
      const link = admin.getByRole('link', { name: 'مشاهده فاکتور' });
      await link.waitFor();
      await expect.poll(() => link.getAttribute('href')).toBe(`/dashboard/invoice/${orderId}`);
      if (shots) await admin.screenshot({ path: `${shots}/admin-order-invoice-link-1366.png`, fullPage: true });
      await admin.goto(`${stack.baseUrl}/dashboard/invoice/${orderId}`);
      await expect.poll(() => admin.getByTestId('invoice-total').textContent()).toBe('۲٬۱۶۰٬۰۰۰ تومان');
      expect(adminSession.errors).toEqual([]);
    } finally {
      await adminSession.close();
    }
  });
});
