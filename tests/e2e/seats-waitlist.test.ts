// The parent's path to a seat in Chromium: a parent looks for a course for their 9-year-old on
// Mondays in the catalogue, finds the seeded full course there, puts their child on its waiting list through the course page's dialog; the admin clears the
// list ahead of them and cancels an enrolment (through the API); the parent finds the seat
// offered in the dashboard, pays through the (fake) gateway, the child is enrolled and the class
// is in the child's weekly timetable. With
// SHOTS_DIR set, the screens are saved at 1366 and 390 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, launchBrowser, signInAsAdmin, startStack, type Stack } from './harness';
import { addChildThroughDashboard, blockZarinpal, catalogue, coursePath, signUpThroughForm, type CatalogueCourse } from './site-helpers';

let stack: Stack;
type FullCourse = CatalogueCourse & { seatsLeft: number | null; ageMin: number; ageMax: number; weeklySlots: Array<{ weekday: number }> };
let full: FullCourse;

beforeAll(async () => {
  stack = await startStack();
  const courses = await catalogue<FullCourse>(stack);
  const found = courses.find((c) => c.seatsLeft === 0 && c.registrationOpen);
  if (!found) throw new Error('the seed needs a full course');
  // The seed's full course meets on Mondays (weekday 2) and takes 9-year-olds.
  expect(found.weeklySlots.some((slot) => slot.weekday === 2)).toBe(true);
  expect(found.ageMin <= 9 && (found.ageMax === 0 || found.ageMax >= 9)).toBe(true);
  full = found;
});
afterAll(async () => {
  await stack?.stop();
});

const shots = process.env.SHOTS_DIR;
/** Each screen of the path must fit a phone and a desk (always checked); shots when SHOTS_DIR is set. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // Fits once the page has laid itself out again for the new width: waited for, not slept for.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${name} at ${width}px` }).toBeLessThanOrEqual(width);
    if (shots) await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function adminCall<T>(token: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  const parsed: T = await response.json();
  return parsed;
}

describe('a full course, its waiting list and the freed seat', () => {
  it('joins the waiting list, is offered the seat an admin frees, pays and is enrolled', async () => {
    const session = await launchBrowser();
    await blockZarinpal(session.page);
    const { page } = session;
    try {
      await signUpThroughForm(page, stack, 'لیلا');
      await addChildThroughDashboard(page, stack, 'مانی');

      // The catalogue filtered for a 9-year-old on Mondays lists the full course, marked full.
      await page.goto(`${stack.baseUrl}/categories?age=9&day=2`);
      const card = page.locator('.course-card', { hasText: full.title });
      await card.getByText('ظرفیت تکمیل').waitFor();
      await card.getByRole('link', { name: 'جزئیات دوره' }).click();
      await page.waitForURL((url) => url.pathname === coursePath(full));
      // The full course: seats «ظرفیت تکمیل», and the waiting list instead of the cart.
      await page.getByRole('heading', { level: 1, name: full.title }).waitFor();
      await page.getByText('ظرفیت تکمیل').first().waitFor();
      expect(await page.getByRole('button', { name: 'افزودن به سبد خرید' }).count()).toBe(0);
      await page.getByRole('button', { name: 'ثبت‌نام در فهرست انتظار' }).click();
      const dialog = page.getByRole('dialog', { name: 'ثبت در فهرست انتظار' });
      await dialog.getByLabel('کدام فرزند منتظر صندلی بماند؟').selectOption({ label: 'مانی احمدی' });
      await shoot(page, 'course-full-waitlist-dialog');
      await dialog.getByRole('button', { name: 'ثبت در فهرست' }).click();
      // Two seeded children wait ahead.
      await page.getByText('مانی احمدی در فهرست انتظار است؛ نوبت ۳.').waitFor();

      // The admin clears those ahead and cancels an enrolment: the freed seat is offered to Mani.
      const admin = await apiToken(stack, stack.adminPhone, stack.adminPassword);
      type Entry = { id: number; version: number; status: string; position: number };
      const entries = await adminCall<{ items: Entry[] }>(admin, `/api/WaitlistEntry/GetSelectList?page=1&f.courseId=${full.id}&sort=position`);
      for (const entry of entries.items.filter((e) => e.status === 'waiting' && e.position < 3)) {
        await adminCall(admin, '/api/WaitlistEntry/Remove', { id: entry.id, version: entry.version });
      }
      const enrolments = await adminCall<{ items: Array<{ id: number; version: number; status: string }> }>(admin, `/api/EnrollmentRecord/GetSelectList?page=1&f.courseId=${full.id}`);
      const enrolment = enrolments.items.find((e) => e.status === 'active');
      if (!enrolment) throw new Error('no enrolment to cancel');
      await adminCall(admin, '/api/EnrollmentRecord/Cancel', { id: enrolment.id, version: enrolment.version, refund: 'keep' });

      // The dashboard shows the offer with its time left; «پرداخت» goes to the cart.
      await page.goto(`${stack.baseUrl}/dashboard/courses`);
      const section = page.getByRole('region', { name: 'فهرست انتظار مانی احمدی' });
      await section.getByText(full.title).waitFor();
      await expect.poll(() => section.textContent()).toMatch(/مهلت پرداخت: .*[۰-۹]+ ساعت/);
      await shoot(page, 'dashboard-waitlist');
      await section.getByRole('button', { name: 'پرداخت' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/cart');
      await page.getByRole('list', { name: 'سبد خرید' }).getByText(full.title).waitFor();
      await page.getByRole('button', { name: 'پرداخت' }).click();
      await page.waitForURL((url) => url.href.startsWith(stack.gatewayUrl));
      await page.getByRole('button', { name: 'پرداخت' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/payment');
      await page.getByText('پرداخت با موفقیت انجام شد').waitFor();
      await page.goto(`${stack.baseUrl}/dashboard/courses`);
      await page.getByRole('region', { name: 'مانی احمدی', exact: true }).getByText(full.title).waitFor();
      await expect.poll(() => page.getByRole('region', { name: 'فهرست انتظار مانی احمدی' }).count()).toBe(0);
      // And the class is in the child's weekly timetable, on Monday.
      await page.goto(`${stack.baseUrl}/dashboard/classes`);
      const week = page.getByRole('region', { name: 'مانی احمدی', exact: true }).getByRole('region', { name: 'برنامه هفتگی' });
      await week.getByText(full.title).first().waitFor();
      await expect.poll(() => week.textContent()).toContain('دوشنبه');
      await shoot(page, 'dashboard-classes-after-waitlist');
      expect(session.errors).toEqual([]);
    } finally {
      await session.close();
    }

    // The admin's waiting list: the course's entries with places, parents' phones and statuses.
    const adminSession = await launchBrowser();
    try {
      await signInAsAdmin(adminSession.page, stack);
      await adminSession.page.goto(`${stack.baseUrl}/admin/waitlist`);
      await adminSession.page.getByRole('heading', { name: 'فهرست‌های انتظار دوره‌ها' }).waitFor();
      await adminSession.page.getByRole('cell', { name: 'ثبت‌نام شد' }).first().waitFor();
      // The parents' names, read through the child (a path column): Mani's mother among them.
      await adminSession.page.getByRole('cell', { name: 'لیلا احمدی' }).first().waitFor();
      // The admin's tables scroll sideways inside their own box on a phone.
      await shoot(adminSession.page, 'admin-waitlist');
      expect(adminSession.errors).toEqual([]);
    } finally {
      await adminSession.close();
    }
  });
});
