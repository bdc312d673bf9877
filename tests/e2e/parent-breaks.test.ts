// The parent's small breaks, in Chromium against the real server: «افزودن فرزند» on a course page
// opens the child form and comes back with the new child chosen; a waiting-list place, then the
// seat offered with its Jalali deadline, shows on the dashboard home; «خروج از همه دستگاه‌ها»
// asks in the site's own dialog, as removing a child does. With SHOTS_DIR set, the screens are saved at 1366 and 390 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, launchBrowser, startStack, type Stack } from './harness';
import { blockZarinpal, catalogue, coursePath, openCourses, signUpThroughForm, type CatalogueCourse } from './site-helpers';

let stack: Stack;
let open: CatalogueCourse;
let full: CatalogueCourse;

beforeAll(async () => {
  stack = await startStack();
  const [first] = await openCourses(stack);
  const found = (await catalogue<CatalogueCourse>(stack)).find((c) => c.seatsLeft === 0 && c.registrationOpen);
  if (!first || !found) throw new Error('the seed needs an open course and a full one');
  open = first;
  full = found;
});
afterAll(async () => {
  await stack?.stop();
});

const shots = process.env.SHOTS_DIR;
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${name} at ${width}px` }).toBeLessThanOrEqual(width);
    if (shots) await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function call<T>(token: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  const parsed: T = await response.json();
  return parsed;
}

describe('the parent’s small breaks', () => {
  it('adds a child from a course page and comes back with them chosen, sees a waiting-list place at home, and confirms signing out everywhere in a dialog', async () => {
    const session = await launchBrowser();
    await blockZarinpal(session.page);
    const { page } = session;
    try {
      await signUpThroughForm(page, stack, 'نسرین');

      // A course page, no child yet: «افزودن فرزند» opens the form, the course to come back to in the address.
      await page.goto(`${stack.baseUrl}${coursePath(open)}`);
      await page.getByRole('link', { name: 'افزودن فرزند' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard' && url.searchParams.get('returnTo') === coursePath(open));
      const form = page.getByRole('form', { name: 'افزودن فرزند تازه' });
      // The address carries search params, yet the dashboard's menu still marks the children page.
      const menu = page.getByRole('navigation', { name: 'بخش‌های داشبورد' });
      await expect.poll(() => menu.getByRole('link', { name: 'پروفایل فرزندان' }).getAttribute('aria-current')).toBe('page');
      await form.getByLabel('نام', { exact: true }).fill('آرش');
      await form.getByLabel('نام خانوادگی').fill('احمدی');
      await form.getByLabel('سال').selectOption({ index: 10 });
      await form.getByLabel('ماه').selectOption({ label: 'مهر' });
      await form.getByLabel('روز').selectOption({ label: '۱۵' });
      await form.getByLabel('پایه تحصیلی').selectOption('پنجم دبستان');
      await shoot(page, 'parent-child-form');
      await form.getByRole('button', { name: 'ذخیره' }).click();

      // Back on the course, the new child chosen; only its id travelled in the address.
      await page.waitForURL((url) => url.pathname === coursePath(open) && /^\d+$/.test(url.searchParams.get('child') ?? ''));
      expect(page.url()).not.toContain(encodeURIComponent('آرش'));
      const picker = page.getByLabel('ثبت‌نام برای کدام فرزند؟');
      await expect.poll(() => picker.locator('option:checked').textContent()).toBe('آرش احمدی');
      await shoot(page, 'parent-course-child-chosen');

      // On the full course's waiting list (two seeded children ahead): the dashboard home shows the place.
      const token = await page.evaluate(() => localStorage.getItem('accessToken') ?? '');
      const childId = Number(new URL(page.url()).searchParams.get('child'));
      await call(token, '/api/Waitlist/Join', { courseId: full.id, childId });
      await page.goto(`${stack.baseUrl}/dashboard`);
      const place = page.getByRole('region', { name: 'فهرست انتظار آرش احمدی' });
      await place.getByText(full.title).waitFor();
      await place.getByText('نوبت ۳').waitFor();

      // The admin frees a seat for him: the home shows the offer and its deadline in Jalali.
      const admin = await apiToken(stack, stack.adminPhone, stack.adminPassword);
      type Entry = { id: number; version: number; status: string; position: number };
      const entries = await call<{ items: Entry[] }>(admin, `/api/WaitlistEntry/GetSelectList?page=1&f.courseId=${full.id}&sort=position`);
      for (const entry of entries.items.filter((e) => e.status === 'waiting' && e.position < 3)) {
        await call(admin, '/api/WaitlistEntry/Remove', { id: entry.id, version: entry.version });
      }
      const enrolments = await call<{ items: Array<{ id: number; version: number; status: string }> }>(admin, `/api/EnrollmentRecord/GetSelectList?page=1&f.courseId=${full.id}`);
      const enrolment = enrolments.items.find((e) => e.status === 'active');
      if (!enrolment) throw new Error('no enrolment to cancel');
      await call(admin, '/api/EnrollmentRecord/Cancel', { id: enrolment.id, version: enrolment.version, refund: 'keep' });
      await page.reload();
      await place.getByText('صندلی برای شما نگه داشته شده').waitFor();
      await expect.poll(() => place.textContent()).toMatch(/مهلت پرداخت: ۱۴[۰-۹]{2}\/[۰-۹]{1,2}\/[۰-۹]{1,2}.*[۰-۹]+ ساعت/);
      await shoot(page, 'parent-dashboard-waitlist');

      // No step below may meet a browser prompt: each asks in the site's own dialog.
      const prompts: string[] = [];
      page.on('dialog', (prompt) => {
        prompts.push(prompt.message());
        void prompt.dismiss();
      });

      // Removing a child asks in the site's dialog, naming the child: cancel keeps them, confirm removes them.
      await page.goto(`${stack.baseUrl}/dashboard`);
      await page.getByRole('button', { name: 'افزودن فرزند' }).click();
      const second = page.getByRole('form', { name: 'افزودن فرزند تازه' });
      await second.getByLabel('نام', { exact: true }).fill('ترانه');
      await second.getByLabel('نام خانوادگی').fill('احمدی');
      await second.getByLabel('سال').selectOption({ index: 9 });
      await second.getByLabel('ماه').selectOption({ label: 'آذر' });
      await second.getByLabel('روز').selectOption({ label: '۳' });
      await second.getByLabel('پایه تحصیلی').selectOption('پنجم دبستان');
      await second.getByRole('button', { name: 'ذخیره' }).click();
      const children = page.getByRole('list', { name: 'فرزندان' });
      await children.getByText('ترانه احمدی').waitFor();
      await page.getByRole('button', { name: 'حذف ترانه احمدی' }).click();
      const askRemove = page.getByRole('alertdialog', { name: 'حذف فرزند' });
      await askRemove.getByText('ترانه احمدی: آیا از حذف این فرزند مطمئن هستید؟').waitFor();
      await askRemove.getByRole('button', { name: 'انصراف' }).click();
      await askRemove.waitFor({ state: 'hidden' });
      expect(await children.getByText('ترانه احمدی').count()).toBe(1);
      await page.getByRole('button', { name: 'حذف ترانه احمدی' }).click();
      await askRemove.getByRole('button', { name: 'حذف' }).click();
      await children.getByText('ترانه احمدی').waitFor({ state: 'detached' });
      expect(await children.getByText('آرش احمدی').count()).toBe(1);

      // Signing out everywhere asks in the site's dialog too: cancel keeps the session.
      await page.goto(`${stack.baseUrl}/dashboard/security`);
      await page.getByRole('button', { name: 'خروج از همه دستگاه‌ها' }).click();
      const ask = page.getByRole('alertdialog', { name: 'خروج از همه دستگاه‌ها' });
      await ask.getByText('از جمله همین دستگاه').waitFor();
      await shoot(page, 'parent-sign-out-everywhere');
      await ask.getByRole('button', { name: 'انصراف' }).click();
      await ask.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe('/dashboard/security');
      await page.getByRole('button', { name: 'خروج از همه دستگاه‌ها' }).click();
      await ask.getByRole('button', { name: 'خروج از همه دستگاه‌ها' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/auth'));
      expect(prompts).toEqual([]);
      expect(session.errors).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
