// In Chromium against the real server: the dashboard's money follows
// its Jalali range in the address; a course form picks its cover from the media library; the
// media screen shows where a file is used and asks, listing the places, before deleting it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPassword, adminPhone, apiToken, launchBrowser, signInAsAdmin, startStack, told, type BrowserSession, type Stack } from './harness';

let stack: Stack;
let session: BrowserSession;
let page: Page;
let token: string;
const shots = process.env.SHOTS_DIR;

beforeAll(async () => {
  stack = await startStack();
  session = await launchBrowser();
  page = session.page;
  await signInAsAdmin(page, stack);
  token = await apiToken(stack, adminPhone, adminPassword);
});

afterAll(async () => {
  await session?.close();
  await stack?.stop();
});

const figure = (name: string) => page.locator(`[data-figure="${name}"]`);

describe('money on the dashboard', () => {
  it('follows the Jalali range in the address, in Persian digits', async () => {
    await page.goto(`${stack.baseUrl}/admin/dashboard`);
    await figure('revenue').waitFor();
    await expect.poll(() => figure('revenue').innerText()).toMatch(/^[۰-۹٬]+ تومان$/);
    await expect.poll(() => figure('revenue').innerText()).not.toBe('۰ تومان');
    const twelveMonths = await figure('revenue').innerText();
    if (shots) await page.screenshot({ path: `${shots}/e2e-dashboard-money.png`, fullPage: true });

    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/User/GetDashboardData')) asked.push(new URL(request.url()).search);
    });
    await page.goto(`${stack.baseUrl}/admin/dashboard?from=1390-01-01&to=1390-12-29`);
    await page.getByText('از ۱۳۹۰/۰۱/۰۱ تا ۱۳۹۰/۱۲/۲۹').waitFor();
    await expect.poll(() => figure('revenue').innerText()).toBe('۰ تومان');
    await expect.poll(() => figure('paid-orders').innerText()).toBe('۰');
    await page.getByText('در این بازه فروشی ثبت نشده است').waitFor();
    expect(asked.some((query) => query.includes('from=1390-01-01') && query.includes('to=1390-12-29'))).toBe(true);

    await page.getByRole('button', { name: 'دوازده ماه اخیر' }).click();
    await page.waitForURL((url) => !url.search.includes('from='));
    await page.waitForFunction((text) => document.querySelector('[data-figure="revenue"]')?.textContent === text, twelveMonths);
    expect(session.errors).toEqual([]);
  });
});

describe('media that knows where it is used', () => {
  it('picks a course cover from the library in the form', async () => {
    await page.goto(`${stack.baseUrl}/admin/courses`);
    const first = page.getByRole('row').nth(1);
    await first.getByRole('button', { name: 'ویرایش' }).click();
    const dialog = page.getByRole('dialog', { name: 'ویرایش دوره' });
    await dialog.getByLabel('لینک تصویر کاور').click();
    const library = page.getByRole('dialog', { name: 'انتخاب تصویر از کتابخانه' });
    // The search has the focus on opening: typing narrows the grid.
    await library.getByRole('searchbox').waitFor();
    await page.keyboard.type('category-robotics');
    const choice = library.getByRole('button', { name: /category-robotics/ });
    await choice.waitFor();
    // The unfiltered grid may hold the choice too: the narrowing is waited for, not assumed.
    await expect.poll(() => library.getByRole('button').filter({ hasText: /course-1\./ }).count()).toBe(0);
    if (shots) await page.screenshot({ path: `${shots}/e2e-picker.png` });
    // Keyboard: the grid's items are buttons.
    await choice.focus();
    await page.keyboard.press('Enter');
    await library.waitFor({ state: 'detached' });
    await dialog.getByText('category-robotics.webp').waitFor();
    await told(page, 'دوره با موفقیت ویرایش شد', () => dialog.getByRole('button', { name: 'ذخیره' }).click());

    const courses = (await (
      await fetch(`${stack.baseUrl}/api/Course/GetSelectList`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Array<{ coverImage: string }> | { items: Array<{ coverImage: string }> };
    const rows = Array.isArray(courses) ? courses : courses.items;
    expect(rows.some((course) => course.coverImage === 'category-robotics.webp')).toBe(true);
  });

  it('deleting a used file lists the places, links to them, and asks', async () => {
    await page.goto(`${stack.baseUrl}/admin/media`);
    const row = page.getByRole('row').filter({ hasText: 'course-2.webp' });
    await row.waitFor();
    await row.getByText(/^[۰-۹٬]+ مورد$/).waitFor();
    await expect.poll(() => row.getByText(/کیلوبایت|بایت|مگابایت/).count()).toBeGreaterThan(0);
    await row.getByRole('button', { name: 'حذف course-2.webp' }).click();
    const ask = page.getByRole('alertdialog');
    await ask.getByText(/این فایل در [۰-۹]+ جا استفاده شده است/).waitFor();
    const place = ask.getByRole('link', { name: /^دوره‌ها: / }).first();
    expect(await place.getAttribute('href')).toMatch(/^\/admin\/courses\/\d+$/);
    if (shots) await page.screenshot({ path: `${shots}/e2e-media-used.png` });
    await ask.getByRole('button', { name: 'انصراف' }).click();
    await ask.waitFor({ state: 'detached' });
    expect((await fetch(`${stack.baseUrl}/api/File/image/course-2.webp`)).status).toBe(200);

    await row.getByRole('button', { name: 'حذف course-2.webp' }).click();
    await told(page, 'فایل با موفقیت حذف شد', () => page.getByRole('alertdialog').getByRole('button', { name: 'بله، حذف شود' }).click());
    await row.waitFor({ state: 'detached' });
    expect((await fetch(`${stack.baseUrl}/api/File/image/course-2.webp`)).status).toBe(404);
  });
});
