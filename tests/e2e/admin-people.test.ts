// The inbox and the people screens in Chromium against the real server:
// the sidebar counts the new messages, opening one shows it whole and marks it read (the count
// drops), the admin notes and answers it; the admin creates a user, and a user handed a reset
// link sets a new password and signs in with it. With SHOTS_DIR set, each screen at 1366 and 390 px.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { framesDrawn, launchBrowser, signIn, signInAsAdmin, startStack, told, type BrowserSession, type Stack } from './harness';

const shots = process.env.SHOTS_DIR;

let stack: Stack;
let browser: BrowserSession;

async function shoot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await framesDrawn(page);
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

const inboxLink = (page: Page) => page.getByRole('link', { name: 'پیام‌های تماس', exact: true });

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser({ viewport: { width: 1366, height: 900 } });
  await signInAsAdmin(browser.page, stack);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('the inbox', () => {
  it('counts new messages in the sidebar; opening one shows it whole, marks it read and the count drops', async () => {
    const { page } = browser;
    await page.goto(`${stack.baseUrl}/admin/messages`);
    // The seed has three new messages.
    await expect.poll(() => inboxLink(page).textContent()).toContain('۳');
    await expect.poll(() => inboxLink(page).getAttribute('aria-describedby')).toBeTruthy();
    const row = page.getByRole('row').filter({ hasText: 'سمیه احمدی' });
    await expect.poll(() => row.textContent()).toContain('تازه');
    await shoot(page, 'inbox-list');

    const href = await row.getByRole('link', { name: 'مشاهده' }).getAttribute('href');
    await page.goto(`${stack.baseUrl}${href ?? ''}`);
    await page.getByRole('heading', { name: 'سمیه احمدی' }).waitFor();
    // Whole, with its lines: the last sentence of a long message is there.
    const text = page.locator('.admin-detail-multiline').first();
    await expect.poll(() => text.textContent()).toContain('ممنون از راهنمایی‌تان.');
    expect(await text.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre-wrap');
    expect(await page.getByRole('link', { name: '۰۹۱۹۱۲۳۴۵۶۷' }).getAttribute('href')).toBe('tel:09191234567');
    expect(await page.getByRole('link', { name: 'somayeh.ahmadi@example.com' }).getAttribute('href')).toBe('mailto:somayeh.ahmadi@example.com');
    await page.locator('.admin-detail-fields').getByText('خوانده‌شده').waitFor();
    await expect.poll(() => inboxLink(page).textContent()).toContain('۲');
    await shoot(page, 'inbox-message');

    // The admin notes the call and marks it answered.
    await page.getByRole('button', { name: 'ویرایش' }).click();
    await page.getByLabel('وضعیت').selectOption({ label: 'پاسخ داده شد' });
    await page.getByLabel('یادداشت داخلی').fill('تماس گرفته شد؛ دوره پایتون پیشنهاد شد.');
    await told(page, 'پیام ذخیره شد', () => page.getByRole('button', { name: 'ذخیره' }).click());
    await page.locator('.admin-detail-fields').getByText('پاسخ داده شد').waitFor();
    await expect.poll(() => page.locator('.admin-detail-fields').textContent()).toContain('تماس گرفته شد؛ دوره پایتون پیشنهاد شد.');
    await expect.poll(() => inboxLink(page).textContent()).toContain('۲');
  });
});

describe('people', () => {
  it('the admin creates a learner with a password, and they sign in with it', async () => {
    const { page } = browser;
    await page.goto(`${stack.baseUrl}/admin/users`);
    await page.getByRole('button', { name: 'افزودن کاربر' }).click();
    const dialog = page.getByRole('dialog', { name: 'کاربر جدید' });
    await dialog.getByLabel('نام', { exact: true }).fill('کاوه');
    await dialog.getByLabel('نام خانوادگی').fill('پناهی');
    await dialog.getByLabel('شماره تلفن').fill('۰۹۱۲۸۸۸۷۷۶۶');
    await dialog.getByLabel('نقش', { exact: true }).selectOption({ label: 'کاربر عادی' });
    await dialog.getByLabel('رمز عبور').fill('short');
    await dialog.getByRole('button', { name: 'ذخیره' }).click();
    await dialog.getByText('رمز عبور باید دست‌کم ۸ نویسه باشد').waitFor();
    await shoot(page, 'people-create');
    await dialog.getByLabel('رمز عبور').fill('kaveh-pass-1234');
    await told(page, 'کاربر ساخته شد', () => dialog.getByRole('button', { name: 'ذخیره' }).click());
    const row = page.getByRole('row').filter({ hasText: 'کاوه پناهی' });
    await row.waitFor();
    await expect.poll(() => row.locator('.admin-badge').textContent()).toBe('کاربر عادی');
    await expect.poll(() => page.locator('.admin-badge-accent').first().textContent()).toBe('مدیر سیستم');
    await shoot(page, 'people-list');

    // A learner's detail view: their children and their sign-in history, told apart at a glance.
    const narges = page.getByRole('row').filter({ hasText: 'نرگس حسینی' });
    await page.getByRole('searchbox', { name: 'جستجو' }).fill('نرگس');
    const detail = await narges.getByRole('link', { name: 'مشاهده' }).getAttribute('href');
    await page.goto(`${stack.baseUrl}${detail ?? ''}`);
    await page.getByRole('heading', { name: 'نرگس حسینی' }).waitFor();
    const history = page.getByRole('region', { name: /سابقه ورود/ });
    await history.waitFor();
    await expect.poll(() => history.textContent()).toContain('خروج کاربر');
    await expect.poll(() => history.textContent()).toContain('Chrome 120 · Android');
    await shoot(page, 'people-detail');
    await page.goto(`${stack.baseUrl}/admin/sessions`);
    await page.getByRole('row').filter({ hasText: 'بسته شده توسط مدیر' }).first().waitFor();
    // Each session under its user's name (the reference cell's labels, one call).
    await page.getByRole('row').filter({ hasText: 'الهام جعفری' }).first().waitFor();
    await shoot(page, 'people-sessions');

    const other = await launchBrowser({ viewport: { width: 1366, height: 900 } });
    try {
      await signIn(other.page, stack, '09128887766', 'kaveh-pass-1234');
    } finally {
      await other.close();
    }
  });

  it('issues a one-time reset link; the user sets a new password with it and signs in', async () => {
    const { page } = browser;
    await page.goto(`${stack.baseUrl}/admin/users`);
    await page.getByRole('searchbox', { name: 'جستجو' }).fill('موسوی');
    const row = page.getByRole('row').filter({ hasText: 'رضا موسوی' });
    // Offered on the detail view only (`onRow: false`): rows keep their width.
    await row.getByRole('link', { name: 'مشاهده' }).waitFor();
    expect(await row.getByRole('button', { name: 'پیوند بازنشانی رمز' }).count()).toBe(0);
    const detail = await row.getByRole('link', { name: 'مشاهده' }).getAttribute('href');
    await page.goto(`${stack.baseUrl}${detail ?? ''}`);
    await page.getByRole('heading', { name: 'رضا موسوی' }).waitFor();
    await page.getByRole('button', { name: 'پیوند بازنشانی رمز' }).click();
    const ask = page.getByRole('alertdialog', { name: 'پیوند بازنشانی رمز' });
    await ask.getByRole('button', { name: 'ساختن پیوند' }).click();
    const notice = page.locator('.admin-notice-text');
    await notice.waitFor();
    const link = (await notice.textContent()) ?? '';
    expect(link).toMatch(new RegExp(`^${stack.baseUrl}/auth/reset/[A-Za-z0-9_-]{43}$`));
    await shoot(page, 'people-reset-link');
    await page.getByRole('button', { name: 'بستن' }).click();
    await notice.waitFor({ state: 'detached' });

    const user = await launchBrowser({ viewport: { width: 390, height: 844 } });
    try {
      const other = user.page;
      await other.goto(link);
      await other.getByRole('heading', { name: 'گذاشتن رمز عبور تازه' }).waitFor();
      await other.getByLabel('رمز عبور جدید', { exact: true }).fill('reza-new-pass-1');
      await other.getByLabel('تکرار رمز عبور جدید').fill('reza-new-pass-2');
      await other.getByRole('button', { name: 'ذخیره رمز تازه' }).click();
      await other.getByText('تکرار رمز عبور با خود آن یکی نیست').waitFor();
      await other.getByLabel('تکرار رمز عبور جدید').fill('reza-new-pass-1');
      if (shots) await other.screenshot({ path: `${shots}/reset-page-390.png`, fullPage: true });
      await other.getByRole('button', { name: 'ذخیره رمز تازه' }).click();
      await other.getByText('رمز عبور تازه ذخیره شد').waitFor();
      await signIn(other, stack, '09122222222', 'reza-new-pass-1');
      await other.waitForURL(/\/dashboard/);
      // The link is spent.
      await other.goto(link);
      await other.getByLabel('رمز عبور جدید', { exact: true }).fill('reza-third-pass-1');
      await other.getByLabel('تکرار رمز عبور جدید').fill('reza-third-pass-1');
      await other.getByRole('button', { name: 'ذخیره رمز تازه' }).click();
      await other.getByText(/پیش‌تر استفاده شده یا منقضی شده است/).waitFor();
    } finally {
      await user.close();
    }
  });
});
