// The learner's whole path: sign up, add a child, put a course in the cart for that child, pay on
// the (fake) Zarinpal gateway, come back to the payment page and find the course under the child.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startStack, waitForCode, type BrowserSession, type Stack } from './harness';
import {
  addChildThroughDashboard,
  blockZarinpal,
  coursePath,
  openCourses,
  signUpThroughForm,
  type CatalogueCourse,
} from './site-helpers';

let stack: Stack;
let courses: CatalogueCourse[];

beforeAll(async () => {
  stack = await startStack();
  courses = await openCourses(stack);
  if (courses.length < 2) throw new Error('the seed needs two courses open for registration');
});

afterAll(async () => {
  await stack?.stop();
});

async function withBrowser(run: (session: BrowserSession) => Promise<void>): Promise<void> {
  const session = await launchBrowser();
  await blockZarinpal(session.page);
  try {
    await run(session);
    expect(session.errors).toEqual([]);
  } finally {
    await session.close();
  }
}

async function addCourseToCart(session: BrowserSession, course: CatalogueCourse, childName: string) {
  const { page } = session;
  await page.goto(`${stack.baseUrl}${coursePath(course)}`);
  await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
  await page.getByLabel('ثبت‌نام برای کدام فرزند؟').selectOption({ label: `${childName} احمدی` });
  // A child outside the course's ages is warned about and the parent decides (the warning itself
  // is tested in attendance-dashboard.test.ts); this path buys whatever the seed opens first.
  const confirmAge = page.getByLabel('می‌دانم و با این حال ثبت‌نام می‌کنم');
  if ((await confirmAge.count()) > 0) await confirmAge.check();
  await page.getByRole('button', { name: 'افزودن به سبد خرید' }).click();
  await page.getByText('دوره به سبد خرید اضافه شد.').waitFor();
  await page.getByRole('link', { name: 'مشاهده سبد خرید' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/cart');
  const cart = page.getByRole('list', { name: 'سبد خرید' });
  await cart.getByText(course.title).waitFor();
  await expect.poll(() => cart.textContent()).toContain(childName);
}

describe('buying a course for a child', () => {
  it('signs up, adds a child, pays on the gateway and lists the course under the child', async () => {
    await withBrowser(async (session) => {
      const { page } = session;
      const phone = await signUpThroughForm(page, stack);
      await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'داشبورد' }).count()).toBe(1);
      await addChildThroughDashboard(page, stack, 'سارا');
      // The list shows the birth date in the Jalali calendar with Persian digits.
      await expect.poll(() => page.getByRole('list', { name: 'فرزندان' }).textContent()).toMatch(/۱۵ مهر [۰-۹]{4}/);

      const course = courses[0];
      if (!course) throw new Error('no course');
      await addCourseToCart(session, course, 'سارا');

      await page.getByRole('button', { name: 'پرداخت' }).click();
      await page.waitForURL((url) => url.href.startsWith(stack.gatewayUrl));
      await page.getByRole('button', { name: 'پرداخت' }).click();

      await page.waitForURL((url) => url.pathname === '/dashboard/payment');
      expect(new URL(page.url()).searchParams.get('Status')).toBe('OK');
      await page.getByText('پرداخت با موفقیت انجام شد').waitFor();
      await expect.poll(() => page.getByText(/کد پیگیری/).textContent()).toMatch(/[۰-۹]+/);
      // The parent's phone gets the confirmation: queued with the enrolment, sent by the worker
      // through Kavenegar's API (the local fake service).
      await expect
        .poll(() => stack.sms.to(phone).map((sms) => sms.message))
        .toContainEqual(`ثبت‌نام سارا احمدی در دوره «${course.title}» قطعی شد. خوش آمدید!`);

      await page.getByRole('link', { name: 'مشاهده دوره‌های من' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/courses');
      const childSection = page.getByRole('region', { name: 'سارا احمدی' });
      await childSection.getByText(course.title).waitFor();
      // The order history shows the paid order.
      await page.getByRole('cell', { name: 'پرداخت شده' }).waitFor();
      // On a phone each order is a card of labelled lines: the page never scrolls sideways.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByText('پرداخت شده').first().waitFor();
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/dashboard-orders-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1366, height: 900 });

      // The cart was emptied by the paid order.
      await page.goto(`${stack.baseUrl}/dashboard/cart`);
      await page.getByText('سبد خرید شما خالی است.').waitFor();
    });
  });

  it('shows the cancellation when the payer cancels on the gateway', async () => {
    await withBrowser(async (session) => {
      const { page } = session;
      await signUpThroughForm(page, stack, 'رضا');
      await addChildThroughDashboard(page, stack, 'آرش');
      const course = courses[1];
      if (!course) throw new Error('no second course');
      await addCourseToCart(session, course, 'آرش');

      await page.getByRole('button', { name: 'پرداخت' }).click();
      await page.waitForURL((url) => url.href.startsWith(stack.gatewayUrl));
      await page.getByRole('button', { name: 'انصراف' }).click();

      await page.waitForURL((url) => url.pathname === '/dashboard/payment');
      await page.getByText('پرداخت لغو شد').waitFor();
      await page.getByRole('link', { name: 'دوره‌های من' }).first().click();
      await page.waitForURL((url) => url.pathname === '/dashboard/courses');
      await page.getByText('هنوز در دوره‌ای ثبت‌نام نکرده‌اید.').waitFor();
    });
  });

  it('sends a signed-out visitor to sign-in and back to the course', async () => {
    await withBrowser(async (session) => {
      const { page } = session;
      const course = courses[0];
      if (!course) throw new Error('no course');
      await page.goto(`${stack.baseUrl}${coursePath(course)}`);
      await page.getByRole('link', { name: 'افزودن به سبد خرید' }).click();
      await page.waitForURL((url) => url.pathname === '/auth/sign-in');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(coursePath(course));

      await page.getByRole('link', { name: 'عضویت', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/auth/sign-up');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(coursePath(course));
      await page.getByLabel('نام', { exact: true }).fill('نگار');
      await page.getByLabel('نام خانوادگی').fill('کاظمی');
      const phone = `0913${String(Date.now()).slice(-7)}`;
      await page.getByLabel('شماره موبایل').fill(phone);
      await page.getByLabel('رمز عبور').fill('a-good-password');
      const logged = stack.sms.messages.length;
      await page.getByRole('button', { name: 'دریافت کد تأیید' }).click();
      await page.getByLabel('کد ۶ رقمی').fill(await waitForCode(stack, phone, logged));
      await page.getByRole('button', { name: 'تأیید و عضویت' }).click();

      await page.waitForURL((url) => decodeURI(url.pathname) === decodeURI(coursePath(course)));
      // No child yet: the course page offers to add one first.
      await page.getByRole('link', { name: 'افزودن فرزند' }).waitFor();
    });
  });
});
