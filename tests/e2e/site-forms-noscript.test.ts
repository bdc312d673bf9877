// The slow phone: the sign-in, sign-up and contact forms are on screen seconds
// before their scripts take them over. A visitor who submits in that gap — here, a browser with
// JavaScript off, or one whose islands never arrive — gets a real page: the Persian error where
// the scripted form shows it and what they typed (never the password), or what the scripted form
// does on success; and nothing they typed goes into an address.
import type { Browser, Page } from 'playwright-core';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { apiSignUp, apiToken, sharedBrowser, startStack, type Stack } from './harness';
import { uniqueMobile } from './site-helpers';

let stack: Stack;
let browser: Browser;
let page: Page;
/** Every address the page asked for: no typed value may appear in one. */
let requested: string[];
/** …and how: the form must go as a POST. */
let methods: string[];
const learner = { firstName: 'نگار', lastName: 'بی‌اسکریپت', password: 'noscript-pass-123', phone: uniqueMobile() };

beforeAll(async () => {
  stack = await startStack();
  // The run's browser; each test's page is in a context of its own, closed after it.
  browser = await sharedBrowser();
  const signedUp = await apiSignUp(stack, { firstName: learner.firstName, lastName: learner.lastName, phoneNumber: learner.phone.latin, emailAddress: '', password: learner.password });
  if (!signedUp.ok) throw new Error(`sign-up failed: ${signedUp.status}`);
});

afterAll(async () => {
  await stack?.stop();
});

async function openPage(options: { javaScript: boolean }): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScript,
    viewport: { width: 1280, height: 800 },
    locale: 'fa-IR',
    timezoneId: 'Asia/Tehran',
  });
  const opened = await context.newPage();
  requested = [];
  methods = [];
  opened.on('request', (request) => {
    requested.push(request.url());
    methods.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  return opened;
}

beforeEach(() => {
  requested = [];
});
afterEach(async () => {
  await page?.context().close();
});

function expectNotInAddresses(...typed: string[]) {
  for (const value of typed) {
    const forms = [value, encodeURIComponent(value), new URLSearchParams({ x: value }).toString().slice(2)];
    for (const url of requested) for (const form of forms) expect(url, `${value} in ${url}`).not.toContain(form);
  }
}

describe('with JavaScript off', () => {
  it('sign-in: a wrong password shows the Persian error on the page, the username kept', async () => {
    page = await openPage({ javaScript: false });
    await page.goto(`${stack.baseUrl}/auth/sign-in`);
    await page.getByLabel('شماره موبایل یا ایمیل').fill(learner.phone.persian);
    await page.getByLabel('رمز عبور').fill('wrong-password-731');
    await Promise.all([page.waitForLoadState('load'), page.getByLabel('رمز عبور').press('Enter')]);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('نام کاربری یا رمز عبور اشتباه است');
    expect(await page.getByLabel('شماره موبایل یا ایمیل').inputValue()).toBe(learner.phone.persian);
    expect(await page.getByLabel('رمز عبور').inputValue()).toBe('');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/auth/sign-in');
    expect(await page.content()).not.toContain('wrong-password-731');
    expectNotInAddresses('wrong-password-731', learner.phone.persian, learner.phone.latin);
  });

  it('sign-up: an invalid phone shows the Persian error beside it, the names kept', async () => {
    page = await openPage({ javaScript: false });
    await page.goto(`${stack.baseUrl}/auth/sign-up`);
    await page.getByLabel('نام', { exact: true }).fill('سارا');
    await page.getByLabel('نام خانوادگی').fill('رحیمی');
    await page.getByLabel('شماره موبایل').fill('۱۲۳۴۵');
    await page.getByLabel('رمز عبور').fill('signup-secret-99');
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'دریافت کد تأیید' }).click()]);
    await expect.poll(() => page.locator('#field-phoneNumber-error').textContent()).toBe('شماره موبایل باید به شکل ۰۹xxxxxxxxx باشد');
    expect(await page.getByLabel('نام', { exact: true }).inputValue()).toBe('سارا');
    expect(await page.getByLabel('شماره موبایل').inputValue()).toBe('۱۲۳۴۵');
    expect(await page.getByLabel('رمز عبور').inputValue()).toBe('');
    expect(new URL(page.url()).search).toBe('');
    expectNotInAddresses('signup-secret-99', 'سارا', '۱۲۳۴۵');
  });

  it('contact: the message is sent and stored, the success text shown, the form cleared, no address carries it', async () => {
    page = await openPage({ javaScript: false });
    const typed = { name: 'پدرام بی‌اسکریپت', phone: '۰۹۱۲۷۷۷۶۶۵۵', text: 'پیامی که پیش از رسیدن اسکریپت‌ها فرستاده شد.' };
    await page.goto(`${stack.baseUrl}/contact-us`);
    await page.getByLabel('نام و نام خانوادگی').fill(typed.name);
    await page.getByLabel('شماره موبایل').fill(typed.phone);
    await page.getByLabel('متن پیام').fill(typed.text);
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'ارسال پیام' }).click()]);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'پیام شما' }).textContent()).toBe('پیام شما ارسال شد. همکاران ما به‌زودی با شما تماس می‌گیرند.');
    expect(await page.getByLabel('نام و نام خانوادگی').inputValue()).toBe('');
    expect(await page.getByLabel('متن پیام').inputValue()).toBe('');
    expect(page.url()).toBe(`${stack.baseUrl}/contact-us#contact-form-title`);
    expectNotInAddresses(typed.name, typed.phone, typed.text, '09127776655');

    const admin = await apiToken(stack, stack.adminPhone, stack.adminPassword);
    const stored = v.parse(
      v.array(v.object({ fullName: v.string(), phoneNumber: v.string(), message: v.string() })),
      await (await fetch(`${stack.baseUrl}/api/Contact/GetSelectList`, { headers: { authorization: `Bearer ${admin}` } })).json(),
    );
    expect(stored).toContainEqual(expect.objectContaining({ fullName: typed.name, phoneNumber: '09127776655', message: typed.text }));
  });
});

describe('on a slow phone, submitted before the islands arrive', () => {
  it('sign-in: the right password signs in, and once the scripts run the dashboard greets the learner', async () => {
    page = await openPage({ javaScript: true });
    // The page's first script (src/boot.ts) arrives; the islands that would take the form over do not.
    await page.route('**/assets/islands-*.js', (route) => route.abort());
    await page.goto(`${stack.baseUrl}/auth/sign-in`);
    expect(await page.evaluate(() => document.documentElement.dataset.appReady)).toBeUndefined();
    await page.getByLabel('شماره موبایل یا ایمیل').fill(learner.phone.persian);
    await page.getByLabel('رمز عبور').fill(learner.password);
    await page.getByLabel('رمز عبور').press('Enter');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).locator('xpath=following-sibling::p').first().textContent()).toBe(
      `سلام ${learner.firstName}، خوش آمدید`,
    );
    await expect.poll(() => page.evaluate(() => Boolean(localStorage.getItem('accessToken')))).toBe(true);
    expect(await page.locator('meta[name="session-handoff"]').count()).toBe(0);
    expectNotInAddresses(learner.password, learner.phone.persian, learner.phone.latin);
    // The answer that carried the session was replaced in history: Back does not post the form again.
    expect(methods.filter((call) => call.endsWith(' /auth/sign-in'))).toEqual(['GET /auth/sign-in', 'POST /auth/sign-in']);
    const before = methods.length;
    await page.goBack();
    expect(new URL(page.url()).pathname).toBe('/auth/sign-in');
    expect(methods.slice(before).filter((call) => call.endsWith(' /auth/sign-in'))).toEqual(['GET /auth/sign-in']);
  });

  it('contact: what was typed before the islands arrived is sent once they have, not refused as empty', async () => {
    page = await openPage({ javaScript: true });
    let arrive: () => void = () => undefined;
    const islandsArrive = new Promise<void>((resolve) => (arrive = resolve));
    await page.route('**/assets/islands-*.js', async (route) => {
      await islandsArrive;
      await route.continue();
    });
    await page.goto(`${stack.baseUrl}/contact-us`, { waitUntil: 'domcontentloaded' });
    await page.getByLabel('نام و نام خانوادگی').fill('مینا پیش‌نویس');
    await page.getByLabel('شماره موبایل').fill('۰۹۱۲۵۵۵۴۴۳۳');
    await page.getByLabel('متن پیام').fill('این را پیش از رسیدن اسکریپت‌ها نوشتم.');
    expect(await page.evaluate(() => document.documentElement.dataset.appReady)).toBeUndefined();
    arrive();
    await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true');
    await page.getByRole('button', { name: 'ارسال پیام' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'پیام شما' }).count()).toBe(1);
    expect(await page.locator('.field__error').count()).toBe(0);
    // Sent by the island (no page load): the address is still the page's own.
    expect(page.url()).toBe(`${stack.baseUrl}/contact-us`);
  });
});
