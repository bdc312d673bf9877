// Record detail views and the reference picker end to end: the real server and the built SPA in
// Chromium. A category's detail view is opened by its address, its courses are listed, a link
// leads to a course's own view, and its teacher is changed with the searchable picker, typed
// with Arabic letters as many keyboards produce them.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPersianDigits } from '../../schema/rules/text';
import { apiToken, launchBrowser, signInAsAdmin, startStack, told, type BrowserSession, type Stack } from './harness';

let stack: Stack;
let session: BrowserSession;
let page: Page;
let token: string;

/** Screenshots are kept when SHOTS_DIR is set (the lead's and helpers' visual checks). */
const shotsDir = process.env.SHOTS_DIR;
async function shot(name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: false });
}

type Row = Record<string, unknown> & { id: number };
async function apiGet(path: string): Promise<Row[]> {
  const response = await fetch(`${stack.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new Error(`${path}: not a list`);
  return body.filter((item): item is Row => typeof item === 'object' && item !== null && typeof item.id === 'number');
}

let category: Row;
let coursesOfCategory: Row[];

beforeAll(async () => {
  stack = await startStack();
  token = await apiToken(stack, stack.adminPhone, stack.adminPassword);
  const categories = await apiGet('/api/Category/GetSelectList');
  const courses = await apiGet('/api/Course/GetSelectList');
  // A category with courses, and among them one whose teacher is not «سارا کریمی».
  const found = categories.find((c) => courses.some((course) => course.categoryId === c.id));
  if (!found) throw new Error('the seed has no category with courses');
  category = found;
  coursesOfCategory = courses.filter((course) => course.categoryId === category.id);
  session = await launchBrowser({ viewport: { width: 1366, height: 900 } });
  page = session.page;
  await signInAsAdmin(page, stack);
});

afterAll(async () => {
  await session?.close();
  await stack?.stop();
});

describe('record detail views', () => {
  it('opens a category by its address and lists its courses', async () => {
    const response = await page.goto(`${stack.baseUrl}/admin/categories/${category.id}`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 2, name: toPersianDigits(String(category.name)) }).waitFor();
    // Its fields, with labels, Persian digits and the yes/no of a checkbox.
    const fields = page.locator('dl.admin-detail-fields');
    await fields.getByText('شناسه').waitFor();
    await expect.poll(() => fields.getByText('غیرفعال').count()).toBeGreaterThan(0);
    // Persian digits everywhere, except inside a Latin word (a course on the ESP32 keeps its name).
    expect((await fields.textContent())?.replace(/[A-Za-z][A-Za-z0-9]*/g, '')).not.toMatch(/[0-9]/);
    const section = page.getByRole('region', { name: /دوره‌ها/ });
    await section.waitFor();
    await expect.poll(() => section.getByRole('heading').textContent()).toContain(`${coursesOfCategory.length.toLocaleString('fa-IR')} مورد`);
    for (const course of coursesOfCategory) await section.getByRole('link', { name: toPersianDigits(String(course.title)) }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'دسته بندی دوره‌ها', exact: true }).getAttribute('aria-current')).toBe('page');
    await shot('detail-category-1366');
  });

  it('follows a course link to the course’s own detail view', async () => {
    const course = coursesOfCategory[0];
    if (!course) throw new Error('no course');
    await page.getByRole('region', { name: /دوره‌ها/ }).getByRole('link', { name: toPersianDigits(String(course.title)) }).click();
    await page.waitForURL(`${stack.baseUrl}/admin/courses/${course.id}`);
    await page.getByRole('heading', { level: 2, name: toPersianDigits(String(course.title)) }).waitFor();
    const fields = page.locator('dl.admin-detail-fields');
    // The category is its label, linked back to the category's view; the price in tomans.
    await fields.getByRole('link', { name: toPersianDigits(String(category.name)) }).waitFor();
    await fields.getByText(/تومان$/).first().waitFor();
    // Persian digits everywhere, except inside a Latin word (a course on the ESP32 keeps its name).
    expect((await fields.textContent())?.replace(/[A-Za-z][A-Za-z0-9]*/g, '')).not.toMatch(/[0-9]/);
    await shot('detail-course-1366');
  });

  it('changes the course’s teacher with the searchable picker, typed with Arabic ي and ك', async () => {
    await page.getByRole('button', { name: 'ویرایش' }).click();
    const dialog = page.getByRole('dialog', { name: 'ویرایش دوره' });
    await dialog.waitFor();
    const picker = dialog.getByRole('combobox', { name: 'مدرس', exact: true });
    await picker.click();
    await picker.fill('كريمي');
    const listbox = dialog.getByRole('listbox', { name: 'مدرس', exact: true });
    await listbox.getByRole('option', { name: 'سارا کریمی' }).waitFor();
    await expect.poll(() => listbox.getByRole('option').count()).toBe(1);
    await shot('picker-open-1366');
    // Escape closes only the list; the dialog stays.
    await picker.press('Escape');
    await expect.poll(() => picker.getAttribute('aria-expanded')).toBe('false');
    expect(await dialog.isVisible()).toBe(true);
    await picker.fill('سارا كريمي');
    await listbox.getByRole('option', { name: 'سارا کریمی' }).waitFor();
    await picker.press('ArrowDown');
    await picker.press('ArrowUp');
    await picker.press('Enter');
    await expect.poll(() => picker.inputValue()).toBe('سارا کریمی');
    await told(page, 'دوره با موفقیت ویرایش شد', () => dialog.getByRole('button', { name: 'ذخیره' }).click());
    await dialog.waitFor({ state: 'detached' });
    await page.locator('dl.admin-detail-fields').getByRole('link', { name: 'سارا کریمی' }).waitFor();
  });

  it('the teacher’s detail view lists the course; «مشاهده» in a table opens a detail view', async () => {
    await page.locator('dl.admin-detail-fields').getByRole('link', { name: 'سارا کریمی' }).click();
    await page.getByRole('heading', { level: 2, name: 'سارا کریمی' }).waitFor();
    const course = coursesOfCategory[0];
    await page.getByRole('region', { name: /دوره‌ها/ }).getByRole('link', { name: toPersianDigits(String(course?.title)) }).waitFor();

    await page.goto(`${stack.baseUrl}/admin/teachers`);
    const row = page.getByRole('row').filter({ hasText: 'سارا کریمی' });
    await row.getByRole('link', { name: 'مشاهده' }).click();
    await page.getByRole('heading', { level: 2, name: 'سارا کریمی' }).waitFor();
    expect(page.url()).toMatch(/\/admin\/teachers\/\d+$/);
  });

  it('answers a missing record or entity with a not-found view (and a 404 status)', async () => {
    for (const path of ['/admin/categories/999999', '/admin/nothing/1', '/admin/courses/abc']) {
      const response = await page.goto(`${stack.baseUrl}${path}`);
      expect(response?.status(), path).toBe(404);
      await page.getByRole('heading', { level: 2, name: 'رکورد یافت نشد' }).waitFor();
    }
    expect(session.errors).toEqual([]);
  });

  it('deletes from the detail view: a category in use is kept with the reason, an empty one goes', async () => {
    await page.goto(`${stack.baseUrl}/admin/categories/${category.id}`);
    await page.getByRole('button', { name: 'حذف' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'بله، حذف شود' }).click();
    // Kept, with the reason (its courses in Persian digits) and the offer to deactivate instead.
    const refused = page.getByRole('alertdialog', { name: 'امکان حذف نیست' });
    await refused.getByText(/امکان حذف نیست: [۰-۹]+ دوره/).waitFor();
    await refused.getByRole('button', { name: 'غیرفعال کردن' }).waitFor();
    await page.keyboard.press('Escape');
    await refused.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${stack.baseUrl}/admin/categories/${category.id}`);

    const created = await fetch(`${stack.baseUrl}/api/Category/Create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'دسته بی‌دوره', inActive: false, coverImage: '' }),
    });
    const empty: unknown = await created.json();
    const id = typeof empty === 'object' && empty !== null && 'id' in empty ? empty.id : null;
    await page.goto(`${stack.baseUrl}/admin/categories/${String(id)}`);
    await page.getByRole('region', { name: /دوره‌ها/ }).getByText('موردی ثبت نشده است').waitFor();
    await page.getByRole('button', { name: 'حذف' }).click();
    await told(page, 'دسته‌بندی با موفقیت حذف شد', () => page.getByRole('alertdialog').getByRole('button', { name: 'بله، حذف شود' }).click());
    await page.waitForURL(`${stack.baseUrl}/admin/categories`);
  });

  it('fits a phone: the detail view and the open picker at 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const course = coursesOfCategory[0];
    await page.goto(`${stack.baseUrl}/admin/courses/${course?.id}`);
    await page.getByRole('heading', { level: 2, name: toPersianDigits(String(course?.title)) }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(1);
    await shot('detail-course-390');
    await page.goto(`${stack.baseUrl}/admin/categories/${category.id}`);
    await page.getByRole('region', { name: /دوره‌ها/ }).waitFor();
    await shot('detail-category-390');
    await page.goto(`${stack.baseUrl}/admin/courses/${course?.id}`);
    await page.getByRole('button', { name: 'ویرایش' }).click();
    const dialog = page.getByRole('dialog', { name: 'ویرایش دوره' });
    const picker = dialog.getByRole('combobox', { name: 'مدرس', exact: true });
    await picker.scrollIntoViewIfNeeded();
    await picker.click();
    await dialog.getByRole('listbox', { name: 'مدرس', exact: true }).getByRole('option').nth(2).waitFor();
    await shot('picker-open-390');
  });
});
