// Safety for a team, in Chromium against the real server: two admins edit one course and the
// second save shows the conflict dialog; the audit screen lists the change and reverts it; an
// admin's own delete is refused with the server's reason; a dirty form asks before it is left;
// a signed-out deep link comes back after sign-in. Screenshots go to /work/shots/safety/.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseBody } from '../support/samples';
import { apiToken, framesDrawn, launchBrowser, signInAsAdmin, startStack, told, type BrowserSession, type Stack } from './harness';

// With SHOTS_DIR set, screenshots of the conflict dialog and the audit screen (1366 and 390 px).
const shots = process.env.SHOTS_DIR;

let stack: Stack;
let first: BrowserSession;
let second: BrowserSession;
let token: string;
let courseId = 0;

interface Course {
  id: number;
  title: string;
  priceInTomans: number;
  prerequisite: string;
  version: number;
}

async function courses(): Promise<Course[]> {
  const response = await fetch(`${stack.baseUrl}/api/Course/GetSelectList`, { headers: { authorization: `Bearer ${token}` } });
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new Error('no course list');
  return body.filter((row): row is Course => typeof row === 'object' && row !== null && 'id' in row && 'title' in row);
}
const course = async () => {
  const found = (await courses()).find((c) => c.id === courseId);
  if (!found) throw new Error('course gone');
  return found;
};

async function openEdit(page: Page, title: string) {
  await page.goto(`${stack.baseUrl}/admin/courses`);
  await page.getByRole('searchbox', { name: 'جستجو' }).fill(title);
  await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: 'ویرایش' }).click();
  const dialog = page.getByRole('dialog', { name: 'ویرایش دوره' });
  await dialog.waitFor();
  return dialog;
}

async function shoot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await framesDrawn(page);
  await page.screenshot({ path: `${shots}/${name}-1366.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await framesDrawn(page);
  await page.screenshot({ path: `${shots}/${name}-390.png` });
  await page.setViewportSize({ width: 1366, height: 900 });
}

beforeAll(async () => {
  stack = await startStack();
  token = await apiToken(stack, stack.adminPhone, stack.adminPassword);
  const created = await fetch(`${stack.baseUrl}/api/Course/Create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(courseBody('دوره همزمان', {
      durationInHours: 10,
      timeOfHolding: null,
      registrationDeadline: null,
      priceInTomans: 1_200_000,
      type: 'online',
      inActive: false,
      difficulty: '',
      techerId: 0,
      categoryId: 0,
      prerequisite: '',
      coverImage: '',
      coverVideo: '',
      description: '',
      headings: '',
    })),
  });
  const body: unknown = await created.json();
  courseId = typeof body === 'object' && body !== null && 'id' in body && typeof body.id === 'number' ? body.id : 0;
  first = await launchBrowser({ viewport: { width: 1366, height: 900 } });
  second = await launchBrowser({ viewport: { width: 1366, height: 900 } });
  await signInAsAdmin(first.page, stack);
  await signInAsAdmin(second.page, stack);
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await stack?.stop();
});

describe('two admins, one course', () => {
  it('the second save shows who changed which fields; «ذخیره روی آن» overwrites knowingly', async () => {
    const a = await openEdit(first.page, 'دوره همزمان');
    const b = await openEdit(second.page, 'دوره همزمان');

    await a.getByLabel('قیمت (تومان)').fill('۲۵۰۰۰۰۰');
    await told(first.page, 'دوره با موفقیت ویرایش شد', () => a.getByRole('button', { name: 'ذخیره' }).click());

    await b.getByLabel('پیش‌نیاز').fill('آشنایی با رایانه');
    await b.getByRole('button', { name: 'ذخیره' }).click();
    const conflict = second.page.getByRole('alertdialog', { name: 'این رکورد در این فاصله تغییر کرده است' });
    await conflict.waitFor();
    const text = (await conflict.textContent()) ?? '';
    expect(text).toContain('قیمت (تومان)');
    expect(text).toContain('۲٬۵۰۰٬۰۰۰');
    expect(text).toContain('۱٬۲۰۰٬۰۰۰');
    expect(text).toMatch(/[۰-۹]{4}\/[۰-۹]{2}\/[۰-۹]{2} [۰-۹]{2}:[۰-۹]{2}/);
    expect(text).not.toMatch(/[0-9]/);
    await shoot(second.page, 'conflict-dialog');

    // «بارگذاری نسخه جدید» asks first; going back keeps the choice open.
    await conflict.getByRole('button', { name: 'بارگذاری نسخه جدید' }).click();
    await conflict.getByText('ویرایش‌های شما در این فرم از بین می‌رود').waitFor();
    await conflict.getByRole('button', { name: 'بازگشت' }).click();

    await told(second.page, 'دوره با موفقیت ویرایش شد', () => conflict.getByRole('button', { name: 'ذخیره روی آن' }).click());
    expect(await course()).toMatchObject({ prerequisite: 'آشنایی با رایانه', priceInTomans: 1_200_000, version: 3 });
  });

  it('«بارگذاری نسخه جدید» loads the saved record into the form after confirming', async () => {
    const a = await openEdit(first.page, 'دوره همزمان');
    await fetch(`${stack.baseUrl}/api/Course/Update`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...(await course()), prerequisite: 'نسخه همکار', id: courseId }),
    });
    await a.getByLabel('عنوان دوره').fill('دوره همزمان');
    await a.getByLabel('پیش‌نیاز').fill('نسخه من');
    await a.getByRole('button', { name: 'ذخیره' }).click();
    const conflict = first.page.getByRole('alertdialog', { name: 'این رکورد در این فاصله تغییر کرده است' });
    await conflict.getByRole('button', { name: 'بارگذاری نسخه جدید' }).click();
    await conflict.getByRole('button', { name: 'بله، نسخه جدید بارگذاری شود' }).click();
    await conflict.waitFor({ state: 'detached' });
    const form = first.page.getByRole('dialog', { name: 'ویرایش دوره' });
    await expect.poll(() => form.getByLabel('پیش‌نیاز').inputValue()).toBe('نسخه همکار');
    await form.getByRole('button', { name: 'انصراف' }).click();
    await form.waitFor({ state: 'detached' });
  });
});

describe('audit screen', () => {
  it('lists the changes newest first with their fields, and reverts one', async () => {
    const page = first.page;
    await page.goto(`${stack.baseUrl}/admin/audit?entity=courses`);
    await page.getByRole('heading', { name: 'گزارش تغییرات' }).first().waitFor();
    const entries = page.locator('.audit-entry');
    await entries.first().waitFor();
    const newest = entries.first();
    await expect.poll(() => newest.textContent()).toContain('ویرایش');
    await expect.poll(() => newest.textContent()).toContain('نسخه همکار');
    await page.getByRole('link', { name: 'گزارش تغییرات' }).waitFor();
    await shoot(page, 'audit-screen');

    // Filtering by action keeps the address shareable.
    await page.getByLabel('نوع تغییر').selectOption({ label: 'ایجاد' });
    await page.waitForURL(/action=create/);
    await entries.filter({ hasText: 'دوره همزمان' }).first().waitFor();
    // A change the log can no longer undo says why beside its disabled button.
    const created = entries.filter({ hasText: 'دوره همزمان' }).first();
    await created.getByText('امکان بازگرداندن نیست: این رکورد پس از این تغییر دوباره ویرایش شده است').waitFor();
    await expect.poll(() => created.getByRole('button', { name: 'بازگرداندن این تغییر' }).isDisabled()).toBe(true);
    await shoot(page, 'audit-refusal');
    await page.getByLabel('نوع تغییر').selectOption({ label: 'ویرایش' });
    await page.waitForURL(/action=update/);

    // Undo the newest change (the colleague's prerequisite).
    await entries.first().getByText('نسخه همکار').waitFor();
    await entries.first().getByRole('button', { name: 'بازگرداندن این تغییر' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('آیا از بازگرداندن این تغییر مطمئن هستید؟').waitFor();
    await told(page, 'تغییر بازگردانده شد', () => confirm.getByRole('button', { name: 'بازگرداندن این تغییر' }).click());
    expect((await course()).prerequisite).toBe('آشنایی با رایانه');
  });
});

describe('guards and unsaved work', () => {
  it('an admin deleting themself is refused with the reason under the spec toast', async () => {
    const page = first.page;
    await page.goto(`${stack.baseUrl}/admin/users`);
    await page.getByRole('searchbox', { name: 'جستجو' }).fill(stack.adminPhone);
    // The search reaches the URL after its delay and the list reloads: the row is deleted from
    // the settled list, or its redraw can take the confirmation away under the click.
    await page.waitForURL(/[?&]q=/);
    await page.getByText('۱ ردیف', { exact: true }).waitFor();
    await page.getByRole('row').filter({ hasText: '۰۹۱۲۰۰۰۰۰۰۰' }).getByRole('button', { name: 'حذف' }).click();
    const confirm = page.getByRole('alertdialog');
    const toast = await told(page, 'حذف کاربر ناموفق بود', () => confirm.getByRole('button', { name: 'بله، حذف شود' }).click());
    expect(toast).toContain('نمی‌توانید حساب کاربری خودتان را حذف کنید');
  });

  it('a dirty form asks before the sidebar link or the close button leave it', async () => {
    const page = first.page;
    // Reached inside the app, so Back is the router's (a full page load's Back is beforeunload's).
    await page.goto(`${stack.baseUrl}/admin/dashboard`);
    await page.getByRole('navigation').getByRole('link', { name: 'دوره‌ها', exact: true }).click();
    await page.waitForURL(/\/admin\/courses$/);
    await page.getByRole('searchbox', { name: 'جستجو' }).fill('دوره همزمان');
    // The search reaches the URL after its delay; the form is opened on the settled list.
    await page.waitForURL(/[?&]q=/);
    await page.getByRole('row').filter({ hasText: 'دوره همزمان' }).getByRole('button', { name: 'ویرایش' }).click();
    const dialog = page.getByRole('dialog', { name: 'ویرایش دوره' });
    await dialog.getByLabel('پیش‌نیاز').fill('تایپ‌شده و ذخیره‌نشده');
    const ask = page.getByRole('alertdialog', { name: 'تغییرات ذخیره نشده' });
    // Back...
    await page.evaluate(() => history.back());
    await ask.waitFor();
    await ask.getByRole('button', { name: 'ماندن در فرم' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/admin\/courses/);
    // ...and a sidebar link (behind the modal, so clicked the way a keyboard user would reach it).
    await page.locator('.admin-sidebar a', { hasText: 'مقالات' }).dispatchEvent('click');
    await ask.waitFor();
    await ask.getByRole('button', { name: 'ماندن در فرم' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/admin\/courses/);
    await expect.poll(() => dialog.getByLabel('پیش‌نیاز').inputValue()).toBe('تایپ‌شده و ذخیره‌نشده');
    await dialog.getByRole('button', { name: 'بستن' }).click();
    await ask.waitFor();
    await ask.getByRole('button', { name: 'خروج بدون ذخیره' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('a signed-out deep link to /admin/... returns there after sign-in', async () => {
    const session = await launchBrowser();
    try {
      await session.page.goto(`${stack.baseUrl}/admin/audit?entity=courses`);
      await session.page.waitForURL(/\/auth\?redirect=/).catch((error: unknown) => {
        throw new Error(`at ${session.page.url()}: ${String(error)}`);
      });
      const redirect = new URL(session.page.url()).searchParams.get('redirect');
      expect(redirect).toBe('/admin/audit?entity=courses');
      // The choice page passes the destination on to the sign-in page.
      await session.page.locator('a.auth-choice', { hasText: 'قبلاً عضو شده‌اید' }).click();
      await session.page.waitForURL(/\/auth\/sign-in\?redirect=/);
      await session.page.getByLabel(/موبایل|ایمیل/).first().fill(stack.adminPhone);
      await session.page.getByLabel(/رمز عبور/).first().fill(stack.adminPassword);
      await session.page.getByRole('button', { name: /ورود/ }).click();
      await session.page.waitForURL(/\/admin\/audit\?entity=courses/).catch((error: unknown) => {
        throw new Error(`at ${session.page.url()}: ${String(error)}`);
      });
    } finally {
      await session.close();
    }
  });
});
