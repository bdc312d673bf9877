// The client when the server fails, in real Chromium on the real stack: statuses forced with
// page.route (401, 403, 404, 500) and the server actually stopped. 401 ends the session and
// goes to /auth; 403/404/5xx log the spec's console texts; failures show the screen's toast;
// no screen is ever blank; a failed save keeps the modal open with what the admin typed.
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signInAsAdmin, startStack, told, type BrowserSession, type Stack } from './harness';

let stack: Stack;
let session: BrowserSession;
let page: Page;
const consoleLines: string[] = [];

beforeAll(async () => {
  stack = await startStack();
  session = await launchBrowser();
  page = session.page;
  page.on('console', (message) => consoleLines.push(message.text()));
  await signInAsAdmin(page, stack);
});
afterAll(async () => {
  await session?.close();
  await stack?.stop();
});

const fail = (status: number) => (route: Route) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ message: `forced ${status}` }) });

/** Visible text of the page, so "not blank" means something a person can read. */
const visibleText = () => page.evaluate(() => document.body.innerText.trim());

async function expectNotBlank(label: string) {
  // Rendering after a redirect takes a moment: the text is waited for, within the wait budget.
  await expect.poll(async () => (await visibleText()).length, { message: `blank screen: ${label}` }).toBeGreaterThan(10);
}

describe('client under failure', () => {
  it('403 on the categories list: console «دسترسی غیرمجاز», the list-failure toast, the screen stays', async () => {
    await page.route('**/api/Category/GetSelectList**', fail(403));
    consoleLines.length = 0;
    await told(page, 'خطا در دریافت لیست دسته‌بندی‌ها', () => page.goto(`${stack.baseUrl}/admin/categories`));
    expect(consoleLines).toContain('دسترسی غیرمجاز');
    await page.getByRole('heading', { name: 'مدیریت دسته‌بندی‌ها' }).waitFor();
    await expectNotBlank('403');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).not.toBeNull();
    await page.unroute('**/api/Category/GetSelectList**');
  });

  it('404 logs «منبع یافت نشد» and 500 logs «خطای سرور», each with the toast', async () => {
    for (const [status, text] of [
      [404, 'منبع یافت نشد'],
      [500, 'خطای سرور'],
      [503, 'خطای سرور'],
    ] as const) {
      await page.route('**/api/Category/GetSelectList**', fail(status));
      consoleLines.length = 0;
      await told(page, 'خطا در دریافت لیست دسته‌بندی‌ها', () => page.goto(`${stack.baseUrl}/admin/categories`));
      expect(consoleLines, String(status)).toContain(text);
      await expectNotBlank(String(status));
      await page.unroute('**/api/Category/GetSelectList**');
    }
  });

  it('500 on save keeps the modal open with every typed value, and shows «خطا در ذخیره اطلاعات»', async () => {
    await page.goto(`${stack.baseUrl}/admin/categories`);
    await page.getByRole('button', { name: 'افزودن دسته‌بندی جدید' }).click();
    const dialog = page.getByRole('dialog', { name: 'افزودن دسته‌بندی' });
    await dialog.getByLabel('نام', { exact: true }).fill('دسته‌ای که نباید گم شود');
    // Picked from the media library (a typed name is no longer possible).
    await dialog.getByLabel('لینک تصویر').click();
    const library = page.getByRole('dialog', { name: 'انتخاب تصویر از کتابخانه' });
    await library.getByRole('searchbox').fill('category-ai');
    await library.getByRole('button', { name: /category-ai/ }).first().click();
    await library.waitFor({ state: 'detached' });
    await dialog.getByLabel('غیرفعال').check();
    let attempts = 0;
    await page.route('**/api/Category/Create', (route) => {
      attempts += 1;
      return fail(500)(route);
    });
    consoleLines.length = 0;
    await told(page, 'خطا در ذخیره اطلاعات', () => dialog.getByRole('button', { name: 'ذخیره' }).click());
    expect(attempts).toBe(1);
    expect(consoleLines).toContain('خطای سرور');
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('نام', { exact: true }).inputValue()).toBe('دسته‌ای که نباید گم شود');
    expect(await dialog.getByText('category-ai.webp').isVisible()).toBe(true);
    expect(await dialog.getByLabel('غیرفعال').isChecked()).toBe(true);
    // Once the server is back, the same typed values save without retyping.
    await page.unroute('**/api/Category/Create');
    await told(page, 'دسته‌بندی با موفقیت ایجاد شد', () => dialog.getByRole('button', { name: 'ذخیره' }).click());
    await page.getByRole('row').filter({ hasText: 'دسته‌ای که نباید گم شود' }).waitFor();
  });

  it('401 anywhere clears the session and goes to /auth', async () => {
    await page.route('**/api/Category/GetSelectList**', fail(401));
    await page.goto(`${stack.baseUrl}/admin/categories`);
    await page.waitForURL(/\/auth/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await expectNotBlank('401');
    await page.unroute('**/api/Category/GetSelectList**');
    // A learner call answering 401 on the learner dashboard does the same.
    await signInAsAdmin(page, stack);
    await page.route('**/api/Me', fail(401));
    await page.route('**/api/Children', fail(401));
    await page.route('**/api/Cart', fail(401));
    await page.goto(`${stack.baseUrl}/dashboard`);
    await page.waitForURL(/\/auth/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await expectNotBlank('401 dashboard');
    await page.unrouteAll();
  });

  it('public pages show a message, never a blank screen, when their API fails', async () => {
    for (const [pattern, path] of [
      ['**/api/Public/articles', '/articles'],
      ['**/api/Public/categories', '/categories'],
      ['**/api/Public/courses/**', '/categories/x/y'],
      ['**/api/Public/articles/**', '/articles/anything'],
    ] as const) {
      for (const status of [404, 500]) {
        await page.route(pattern, fail(status));
        await page.goto(`${stack.baseUrl}${path}`);
        await page.waitForLoadState('networkidle');
        await expectNotBlank(`${status} ${path}`);
        await page.unroute(pattern);
      }
    }
  });

  it('keeps a readable screen and the typed form when the server goes away', async () => {
    await signInAsAdmin(page, stack);
    await page.goto(`${stack.baseUrl}/admin/categories`);
    await page.getByRole('button', { name: 'افزودن دسته‌بندی جدید' }).click();
    const dialog = page.getByRole('dialog', { name: 'افزودن دسته‌بندی' });
    await dialog.getByLabel('نام', { exact: true }).fill('نوشته پیش از قطع سرور');
    await stack.stop();
    await told(page, 'خطا در ذخیره اطلاعات', () => dialog.getByRole('button', { name: 'ذخیره' }).click());
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('نام', { exact: true }).inputValue()).toBe('نوشته پیش از قطع سرور');
    await dialog.getByRole('button', { name: /انصراف|بستن/ }).first().click();
    // The typed form is unsaved: leaving it is asked first, then done.
    const ask = page.getByRole('alertdialog', { name: 'تغییرات ذخیره نشده' });
    await ask.getByRole('button', { name: 'خروج بدون ذخیره' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Navigation inside the loaded SPA, with no server behind it: a screen whose code or schema
    // has not arrived says so, with a retry, inside the panel.
    await page.getByRole('link', { name: 'مقالات' }).click();
    await page.getByText('دریافت اطلاعات با مشکل مواجه شد').first().waitFor();
    await page.getByRole('button', { name: 'تلاش دوباره' }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'داشبورد' }).waitFor();
    await expectNotBlank('server gone, admin');
    await page.getByRole('link', { name: 'داشبورد' }).click();
    await page.getByText('دریافت اطلاعات با مشکل مواجه شد').first().waitFor();
    await expectNotBlank('server gone, dashboard');
    // The session survives a server outage: only a 401 ends it.
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).not.toBeNull();
  });
});
