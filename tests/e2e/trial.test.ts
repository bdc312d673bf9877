// The trial as a newcomer walks it (README's first screen): the server started as `npm run trial`
// starts it (TRIAL=1, nothing else configured, nothing reachable outside this machine), the
// address and the administrator's password read from its log; a parent who opened 127.0.0.1 is
// sent to the printed address, signs up with the code from the local outbox, buys a course, pays
// on the local gateway's page and comes back signed in; the administrator refunds the order
// through the local gateway, and the order shows refunded. No page logs a console error or warning
// (the Permissions-Policy header included). With SHOTS_DIR set, the gateway's page and the outbox
// at 1366 and 390 px.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchBrowser, serverEntry, told, type BrowserSession } from './harness';
import { coursePath, uniqueMobile, type CatalogueCourse } from './site-helpers';
import { waitBudgetMs } from '../support/budget';

const shots = process.env.SHOTS_DIR;
let child: ChildProcess | undefined;
let dataDir = '';
let log = '';
let port = 0;
let site = '';
let browser: BrowserSession;
const consoleLines: string[] = [];
/** Every address the browser asked for beyond this machine. */
const outside: string[] = [];

async function shoot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${name} at ${width}` }).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'academy-trial-'));
  port = await freePort();
  // What `npm run trial` sets, and nothing of the test run's own settings.
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, TRIAL: '1', PORT: String(port), DATA_DIR: dataDir };
  if (process.env.PASSWORD_HASH_N) env.PASSWORD_HASH_N = process.env.PASSWORD_HASH_N;
  child = spawn(process.execPath, serverEntry(), { cwd: process.cwd(), env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + waitBudgetMs;
  while (!/Academy is running at (\S+)/.test(log)) {
    if (child.exitCode !== null) throw new Error(`the trial exited:\n${log}`);
    if (Date.now() > deadline) throw new Error(`the trial did not start in ${waitBudgetMs / 1000} s:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  site = /Academy is running at (\S+)/.exec(log)?.[1] ?? '';
  browser = await launchBrowser();
  // Nothing answers beyond this machine: a request that leaves it is refused at once and noted.
  await browser.context.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, async (route) => {
    outside.push(route.request().url());
    await route.abort('internetdisconnected');
  });
  browser.page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') consoleLines.push(`${message.type()}: ${message.text()}`);
  });
});

afterAll(async () => {
  await browser?.close();
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  await rm(dataDir, { recursive: true, force: true });
});

/** The 6-digit code of the newest SMS to `phone` on the outbox page, opened in its own tab. */
async function codeFromOutbox(phone: string): Promise<string> {
  const tab = await browser.context.newPage();
  try {
    const persian = phone.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'.charAt(Number(d)));
    let code: string | null = null;
    const deadline = Date.now() + waitBudgetMs;
    for (let tries = 0; Date.now() < deadline && !code; tries += 1) {
      if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 300));
      await tab.goto(`${site}/_local/outbox`);
      const message = tab.locator('li.message').filter({ hasText: persian }).first();
      if ((await message.count()) > 0) code = await message.locator('.code').textContent();
    }
    if (!code) throw new Error(`no SMS to ${phone} in the outbox`);
    await shoot(tab, 'trial-outbox');
    return code;
  } finally {
    await tab.close();
  }
}

describe('the trial, walked as a new user', () => {
  it('prints the address the gateway returns to, and the administrator sign-in', () => {
    expect(site).toBe(`http://localhost:${port}`);
    expect(log).toMatch(/Trial: payments go to the local gateway at http:\/\/127\.0\.0\.1:[0-9]+/);
    expect(log).toContain(`Trial: SMS and e-mail are printed here and listed at ${site}/_local/outbox`);
    expect(log).toMatch(/Admin sign-in: phone 09120000000 password \S+/);
    expect(log).not.toContain('sandbox');
  });

  it('loads nothing from the internet: a public page scrolled to its footer shows no trust badge error', async () => {
    const { page } = browser;
    for (const path of ['/', '/articles']) {
      await page.goto(`${site}${path}`);
      await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
      // The badge's island has decided, seen: asked for nothing ('off'), or asked Zarinpal.
      const badge = page.locator('.trust-logo:not([data-status="waiting"])');
      await badge.waitFor();
      expect(await badge.getAttribute('data-status'), path).toBe('off');
      expect(await page.getByText('عدم دسترسی به لوگوی زرین‌پال').count(), path).toBe(0);
    }
    expect(outside).toEqual([]);
  });

  it('signs up a parent with the code from the outbox, pays on the local gateway, and the admin refunds it', async () => {
    const { page } = browser;
    // Opened at 127.0.0.1: sent to the printed address, where the gateway will send the payer back.
    await page.goto(`http://127.0.0.1:${port}/auth/sign-up`);
    expect(new URL(page.url()).origin).toBe(site);

    const mobile = uniqueMobile();
    await page.getByLabel('نام', { exact: true }).fill('مریم');
    await page.getByLabel('نام خانوادگی').fill('احمدی');
    await page.getByLabel('شماره موبایل').fill(mobile.persian);
    await page.getByLabel('رمز عبور').fill('a-good-password');
    await page.getByRole('button', { name: 'دریافت کد تأیید' }).click();
    await page.getByLabel('کد ۶ رقمی').waitFor();
    await page.getByLabel('کد ۶ رقمی').fill(await codeFromOutbox(mobile.latin));
    await page.getByRole('button', { name: 'تأیید و عضویت' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    await page.getByRole('button', { name: 'افزودن فرزند' }).click();
    const form = page.getByRole('form', { name: 'افزودن فرزند تازه' });
    await form.getByLabel('نام', { exact: true }).fill('سارا');
    await form.getByLabel('نام خانوادگی').fill('احمدی');
    await form.getByLabel('سال').selectOption({ index: 10 });
    await form.getByLabel('ماه').selectOption({ label: 'مهر' });
    await form.getByLabel('روز').selectOption({ label: '۱۵' });
    await form.getByLabel('پایه تحصیلی').selectOption('پنجم دبستان');
    await form.getByRole('button', { name: 'ذخیره' }).click();
    await page.getByRole('list', { name: 'فرزندان' }).getByText('سارا احمدی').waitFor();

    // The first course open for registration with a seat left.
    const { courses: catalogue }: { courses: CatalogueCourse[] } = await (await fetch(`${site}/api/Public/courses`)).json();
    const course = catalogue.find((each) => each.registrationOpen && each.seatsLeft !== 0);
    if (!course) throw new Error('the seed opens no course for registration');
    const title = course.title;
    await page.goto(`${site}${coursePath(course)}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByLabel('ثبت‌نام برای کدام فرزند؟').selectOption({ label: 'سارا احمدی' });
    const confirmAge = page.getByLabel('می‌دانم و با این حال ثبت‌نام می‌کنم');
    if ((await confirmAge.count()) > 0) await confirmAge.check();
    await page.getByRole('button', { name: 'افزودن به سبد خرید' }).click();
    await page.getByText('دوره به سبد خرید اضافه شد.').waitFor();
    await page.getByRole('link', { name: 'مشاهده سبد خرید' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/cart');
    await page.getByRole('list', { name: 'سبد خرید' }).getByText(title).waitFor();

    await page.getByRole('button', { name: 'پرداخت' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/pg/StartPay/'));
    await page.getByRole('heading', { name: 'درگاه پرداخت آزمایشی' }).waitFor();
    await expect.poll(() => page.locator('.amount').textContent()).toMatch(/^[۰-۹٬]+ تومان$/);
    await shoot(page, 'trial-gateway');
    await page.getByRole('button', { name: 'پرداخت' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/payment');
    expect(new URL(page.url()).origin).toBe(site);
    await page.getByText('پرداخت با موفقیت انجام شد').waitFor();
    // Still signed in: the payer came back to the origin they browsed on.
    await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'داشبورد' }).count()).toBe(1);

    // The administrator, with the password the trial printed.
    const password = /Admin sign-in: phone 09120000000 password (\S+)/.exec(log)?.[1] ?? '';
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${site}/auth/sign-in`);
    await page.getByLabel(/موبایل|ایمیل|نام کاربری/).first().fill('09120000000');
    await page.getByLabel(/رمز عبور/).first().fill(password);
    await page.getByRole('button', { name: /ورود/ }).click();
    await page.waitForURL(/\/admin/);
    await page.goto(`${site}/admin/orders?f.status=paid&sort=-createdAt`);
    const row = page.locator('tbody tr').filter({ hasText: 'مریم احمدی' }).first();
    await row.waitFor();
    const href = await row.getByRole('link', { name: 'مشاهده' }).getAttribute('href');
    await page.goto(`${site}${href ?? ''}`);
    await page.getByRole('button', { name: 'بازگشت وجه' }).first().click();
    const dialog = page.getByRole('alertdialog');
    await told(page, 'وجه سفارش بازگردانده شد', () => dialog.getByRole('button', { name: 'بازگشت وجه' }).click());
    await page.getByText('بازپرداخت شده').first().waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'بازگشت وجه' }).count()).toBe(0);
    // Through the local gateway's refund call, not recorded as a refund made by hand.
    expect(await page.getByText('بازگشت وجه دستی').count()).toBe(0);

    expect(browser.errors).toEqual([]);
    expect(outside).toEqual([]);
    expect(consoleLines.filter((line) => /Permissions-Policy|Unrecognized feature/.test(line))).toEqual([]);
  });
});
