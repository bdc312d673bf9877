// Signing out in the browser ends the session on the server: the token the
// page held stops working at once, wherever a copy of it went. The dashboard's «امنیت حساب»
// changes the password and signs out of every device.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiToken, launchBrowser, signInAsAdmin, startStack, type BrowserSession, type Stack } from './harness';
import { signUpThroughForm } from './site-helpers';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function withBrowser(run: (session: BrowserSession) => Promise<void>, viewport?: { width: number; height: number }): Promise<void> {
  const session = await launchBrowser(viewport ? { viewport } : {});
  try {
    await run(session);
    expect(session.errors).toEqual([]);
  } finally {
    await session.close();
  }
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));

async function meStatus(token: string): Promise<number> {
  const response = await fetch(`${stack.baseUrl}/api/Me`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  return response.status;
}

describe('sessions in the browser', () => {
  it('the dashboard’s «خروج» ends the session on the server: the token read before is refused', async () => {
    await withBrowser(async ({ page }) => {
      await signUpThroughForm(page, stack);
      const token = await storedToken(page);
      if (!token) throw new Error('no token after sign-up');
      expect(await meStatus(token)).toBe(200);
      await page.getByRole('navigation', { name: 'بخش‌های داشبورد' }).getByRole('button', { name: 'خروج' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/auth'));
      await expect.poll(() => storedToken(page)).toBeNull();
      await expect.poll(() => meStatus(token)).toBe(401);
    });
  });

  it('the admin header’s «خروج» ends the admin’s session too', async () => {
    await withBrowser(async ({ page }) => {
      await signInAsAdmin(page, stack);
      const token = await storedToken(page);
      if (!token) throw new Error('no admin token');
      expect(await meStatus(token)).toBe(200);
      await page.getByRole('banner').getByRole('button', { name: 'خروج' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/auth'));
      await expect.poll(() => storedToken(page)).toBeNull();
      await expect.poll(() => meStatus(token)).toBe(401);
    });
  });

  it('changes the password from «امنیت حساب», with Persian errors first; other sessions end, this one goes on', async () => {
    await withBrowser(async ({ page }) => {
      const mobile = await signUpThroughForm(page, stack);
      const before = await storedToken(page);
      if (!before) throw new Error('no token after sign-up');
      const elsewhere = await apiToken(stack, mobile, 'a-good-password');
      await page.getByRole('link', { name: 'امنیت حساب' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/security');
      const form = page.getByRole('form', { name: 'تغییر رمز عبور' });
      await form.getByRole('button', { name: 'تغییر رمز عبور' }).click();
      await form.getByText('رمز عبور فعلی الزامی است').waitFor();
      await form.getByText('رمز عبور جدید باید دست‌کم ۸ نویسه باشد').waitFor();

      await form.getByLabel('رمز عبور فعلی').fill('not-my-password');
      await form.getByLabel('رمز عبور جدید', { exact: true }).fill('a-better-password');
      await form.getByLabel('تکرار رمز عبور جدید').fill('a-different-one');
      await form.getByRole('button', { name: 'تغییر رمز عبور' }).click();
      await form.getByText('تکرار رمز عبور با رمز عبور جدید یکسان نیست').waitFor();

      await form.getByLabel('تکرار رمز عبور جدید').fill('a-better-password');
      await form.getByRole('button', { name: 'تغییر رمز عبور' }).click();
      await form.getByText('رمز عبور فعلی درست نیست').waitFor();

      await form.getByLabel('رمز عبور فعلی').fill('a-good-password');
      await form.getByRole('button', { name: 'تغییر رمز عبور' }).click();
      await form.getByText('رمز عبور تغییر کرد و از دستگاه‌های دیگر خارج شدید.').waitFor();
      const after = await storedToken(page);
      if (!after) throw new Error('no token after the change');
      expect(after).not.toBe(before);
      expect(await meStatus(before)).toBe(401);
      expect(await meStatus(elsewhere)).toBe(401);
      expect(await meStatus(after)).toBe(200);
      // Still signed in here: the dashboard goes on working.
      await page.getByRole('link', { name: 'پروفایل فرزندان' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
    });
  });

  it('«خروج از همه دستگاه‌ها» ends every session of the learner, this one included', async () => {
    await withBrowser(async ({ page }) => {
      const mobile = await signUpThroughForm(page, stack);
      const here = await storedToken(page);
      if (!here) throw new Error('no token after sign-up');
      const elsewhere = await apiToken(stack, mobile, 'a-good-password');
      await page.goto(`${stack.baseUrl}/dashboard/security`);
      await page.getByRole('button', { name: 'خروج از همه دستگاه‌ها' }).click();
      // Asked in the site's own dialog, not the browser's.
      await page.getByRole('alertdialog', { name: 'خروج از همه دستگاه‌ها' }).getByRole('button', { name: 'خروج از همه دستگاه‌ها' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/auth'));
      await expect.poll(() => storedToken(page)).toBeNull();
      await expect.poll(() => meStatus(here)).toBe(401);
      await expect.poll(() => meStatus(elsewhere)).toBe(401);
    });
  });
});
