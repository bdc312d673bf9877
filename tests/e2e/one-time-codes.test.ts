// One-time codes by SMS in Chromium, against the built server sending through
// Kavenegar's API to the local fake service (stack.sms), where the test reads the code as a
// person would read their phone. Sign-in by code (the password stays the
// page's first way in), and a forgotten password reset by code, then a sign-in with the new one.
// The code field asks the phone's keyboard for digits and offers the SMS's code; Persian digits
// are typed. With JavaScript off the same steps are plain form posts, and no address carries the
// number or the code. With SHOTS_DIR set, the code step at 1366 and 390 px.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignUp, apiToken, launchBrowser, sharedBrowser, signIn, startStack, waitForCode, type BrowserSession, type Stack } from './harness';
import { uniqueMobile } from './site-helpers';

const shots = process.env.SHOTS_DIR;
let stack: Stack;

const persian = (text: string) => text.replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'.charAt(Number(d)));

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function learner(password = 'first-password-1'): Promise<{ phone: string; password: string }> {
  const phone = uniqueMobile().latin;
  const answer = await apiSignUp(stack, { firstName: 'شیما', lastName: 'پیامکی', phoneNumber: phone, password });
  if (!answer.ok) throw new Error(`sign-up failed: ${answer.status}`);
  return { phone, password };
}

async function withBrowser(width: number, run: (session: BrowserSession) => Promise<void>): Promise<void> {
  const session = await launchBrowser({ viewport: { width, height: width === 390 ? 844 : 900 } });
  try {
    await run(session);
    expect(session.errors).toEqual([]);
  } finally {
    await session.close();
  }
}

/** The code step as a phone shows it: digits asked of the keyboard, the SMS's code offered. */
async function expectCodeField(page: Page): Promise<void> {
  const field = page.getByLabel('کد ۶ رقمی');
  await field.waitFor();
  expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
  expect(await field.getAttribute('inputmode')).toBe('numeric');
  await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
  // The resend button counts down in Persian digits, and is not usable meanwhile.
  const resend = page.getByRole('button', { name: /ارسال دوباره کد/ });
  await expect.poll(() => resend.textContent()).toMatch(/^ارسال دوباره کد \([۰-۹]:[۰-۵][۰-۹]\)$/);
  expect(await resend.isDisabled()).toBe(true);
  // …and it does count: two seconds on it is under a minute.
  await expect.poll(() => resend.textContent()).toMatch(/\(۰:۵[۰-۸]\)$/);
}

async function shoot(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  // Nothing runs off the side of a phone.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
}

describe('one-time codes in the browser', () => {
  it('signs in with an SMS code, the password staying the page’s other way in', async () => {
    const { phone } = await learner();
    await withBrowser(1366, async ({ page }) => {
      await page.goto(`${stack.baseUrl}/auth/sign-in`);
      // The password form comes first; the code is the other way in, on the same page.
      await page.getByLabel('رمز عبور').waitFor();
      await page.getByRole('link', { name: 'با کد پیامکی' }).click();
      await page.getByLabel('شماره موبایل').waitFor();
      expect(new URL(page.url()).pathname).toBe('/auth/sign-in'); // switched in place
      await page.getByLabel('شماره موبایل').fill(persian(phone));
      const logged = stack.sms.messages.length;
      await page.getByRole('button', { name: 'ارسال کد' }).click();
      await expectCodeField(page);
      await page.getByRole('status').filter({ hasText: persian(phone) }).waitFor();
      const code = await waitForCode(stack, phone, logged);
      await page.getByLabel('کد ۶ رقمی').fill(persian(code));
      // The code entry on a desktop and on a phone.
      await shoot(page, 'otp-sign-in-code');
      await page.setViewportSize({ width: 390, height: 844 });
      await shoot(page, 'otp-sign-in-code');
      await page.getByLabel('کد ۶ رقمی').press('Enter');
      await page.waitForURL((url) => url.pathname === '/dashboard');
      const token = await page.evaluate(() => localStorage.getItem('accessToken'));
      const me = await fetch(`${stack.baseUrl}/api/Me`, { headers: { authorization: `Bearer ${token ?? ''}` } });
      expect(me.status).toBe(200);
    });
  });

  it('a forgotten password is reset by an SMS code, every old session ends, and the new password signs in', async () => {
    const account = await learner('old-password-1');
    const oldToken = await apiToken(stack, account.phone, account.password);
    await withBrowser(390, async ({ page }) => {
      await page.goto(`${stack.baseUrl}/auth/sign-in`);
      await page.getByRole('link', { name: 'رمز عبور را فراموش کرده‌اید؟' }).click();
      await page.waitForURL((url) => url.pathname === '/auth/forgot');
      await page.getByLabel('شماره موبایل حساب').fill(persian(account.phone));
      const logged = stack.sms.messages.length;
      await page.getByRole('button', { name: 'ارسال کد' }).click();
      await expectCodeField(page);
      await shoot(page, 'otp-forgot-code');
      const code = await waitForCode(stack, account.phone, logged);
      // A wrong code first: told in Persian, the form kept.
      await page.getByLabel('کد ۶ رقمی').fill(persian(String((Number(code) + 1) % 1_000_000).padStart(6, '0')));
      await page.getByLabel('رمز عبور جدید', { exact: true }).fill('new-password-1');
      await page.getByLabel('تکرار رمز عبور جدید').fill('new-password-1');
      await page.getByRole('button', { name: 'ذخیره رمز تازه' }).click();
      await page.getByRole('alert').filter({ hasText: 'کد واردشده درست نیست' }).waitFor();
      await page.getByLabel('کد ۶ رقمی').fill(code);
      await page.getByRole('button', { name: 'ذخیره رمز تازه' }).click();
      await page.getByRole('status').filter({ hasText: 'رمز عبور تازه ذخیره شد' }).waitFor();
      await shoot(page, 'otp-forgot-done');
      const old = await fetch(`${stack.baseUrl}/api/Me`, { headers: { authorization: `Bearer ${oldToken}` } });
      expect(old.status).toBe(401);
      await page.getByRole('link', { name: 'ورود به حساب' }).click();
      await page.waitForURL((url) => url.pathname === '/auth/sign-in');
    });
    // The new password signs in through the page; the old one no longer does.
    await withBrowser(390, async ({ page }) => {
      await signIn(page, stack, persian(account.phone), 'new-password-1');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard');
    });
    const refused = await fetch(`${stack.baseUrl}/api/Auth/SignIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: account.phone, password: account.password }),
    });
    expect(refused.status).toBe(401);
  });

  it('with JavaScript off, sign-in by code is two plain posts, and no address carries the number or the code', async () => {
    const { phone } = await learner();
    const context = await (await sharedBrowser()).newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, locale: 'fa-IR' });
    try {
      const page = await context.newPage();
      const requested: string[] = [];
      page.on('request', (request) => requested.push(`${request.method()} ${request.url()}`));
      await page.goto(`${stack.baseUrl}/auth/sign-in?with=code`);
      await page.getByLabel('شماره موبایل').fill(persian(phone));
      const logged = stack.sms.messages.length;
      await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'ارسال کد' }).click()]);
      await page.getByLabel('کد ۶ رقمی').waitFor();
      const code = await waitForCode(stack, phone, logged);
      await page.getByLabel('کد ۶ رقمی').fill(persian(code));
      await Promise.all([page.waitForLoadState('load'), page.getByLabel('کد ۶ رقمی').press('Enter')]);
      // No script to carry the session on: the page says so and links on.
      await page.getByText('ورود انجام شد').waitFor();
      expect(requested.filter((call) => call.startsWith('POST '))).toEqual([
        `POST ${stack.baseUrl}/auth/sign-in?with=code`,
        `POST ${stack.baseUrl}/auth/sign-in?with=code`,
      ]);
      for (const call of requested) {
        for (const typed of [phone, persian(phone), encodeURIComponent(persian(phone)), code, persian(code), encodeURIComponent(persian(code))]) {
          expect(call, `${typed} in ${call}`).not.toContain(typed);
        }
      }
    } finally {
      await context.close();
    }
  });
});
