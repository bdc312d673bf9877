// A refund the gateway refuses, in Chromium against the real server: the admin presses
// «بازگشت وجه» on a paid order, reads the gateway's refusal in the same dialog with the offer to
// record the refund by hand, fills the amount, the day it was paid back (a day to come is refused)
// and the card-to-card reference, and finds the order refunded with that day and reference. The
// order is named by its parent and tracking code, never by a bare number. With SHOTS_DIR set, the
// refusal and the manual form at 1366 and 390 px.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundAmountTexts } from '../../schema/orders';
import { academyDayOf, formatJalaliLong, formatJalaliNumeric } from '../../schema/rules/calendar';
import { formatToman, toLatinDigits } from '../../schema/rules/digits';
import { apiCall, apiSignUp, framesDrawn, launchBrowser, signInAsAdmin, startStack, told, type BrowserSession, type Stack } from './harness';
import { uniqueMobile } from './site-helpers';
import { sampleChild } from '../support/samples';

const shots = process.env.SHOTS_DIR;
let stack: Stack;
let browser: BrowserSession;
let orderId: number;
let price: number;

async function shoot(page: Page, dialog: Locator, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await framesDrawn(page);
    await dialog.screenshot({ path: `${shots}/${name}-${width}.png` });
    await page.screenshot({ path: `${shots}/${name}-page-${width}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

const day = 86_400_000;
/** A day typed as the admin would, `1405/09/08`, in Latin digits. */
const typed = (instant: number) => {
  const { jy, jm, jd } = academyDayOf(instant);
  return `${jy}/${String(jm).padStart(2, '0')}/${String(jd).padStart(2, '0')}`;
};

beforeAll(async () => {
  stack = await startStack({ gatewayRefunds: true });
  // A parent buys a course through the gateway, so its refund goes back through it.
  const signedUp = await apiSignUp(stack, { firstName: 'سپیده', lastName: 'بازگشتی', phoneNumber: uniqueMobile().latin, password: 'learner-pass-123' });
  const token = v.parse(v.object({ accessToken: v.string() }), await signedUp.json()).accessToken;
  const { courses } = await apiCall<{ courses: Array<{ id: number; priceInTomans: number; registrationOpen: boolean; seatsLeft: number | null }> }>(stack, token, 'GET', '/api/Public/courses');
  const course = courses.find((c) => c.registrationOpen && c.seatsLeft !== 0 && c.priceInTomans > 0);
  if (!course) throw new Error('the seed needs an open paid course');
  price = course.priceInTomans;
  const child = await apiCall<{ id: number }>(stack, token, 'POST', '/api/Children/Create', { firstName: 'نیلا', lastName: 'بازگشتی', ...sampleChild });
  await apiCall(stack, token, 'POST', '/api/Cart/Add', { courseId: course.id, childId: child.id });
  const checkout = await apiCall<{ orderId: number; paymentUrl: string }>(stack, token, 'POST', '/api/Orders/Checkout');
  orderId = checkout.orderId;
  await fetch(`${checkout.paymentUrl}/pay`, { method: 'POST', redirect: 'manual' });
  const authority = decodeURIComponent(new URL(checkout.paymentUrl).pathname.split('/').pop() ?? '');
  const paid = await apiCall<{ status: string }>(stack, token, 'GET', `/api/Payment/Verify?Authority=${encodeURIComponent(authority)}&Status=OK`);
  expect(paid.status).toBe('paid');
  browser = await launchBrowser({ viewport: { width: 1366, height: 900 } });
  await signInAsAdmin(browser.page, stack);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('a refund the gateway refuses', () => {
  it('offers the manual record in the same dialog, takes its amount, day and reference, and the order is refunded', async () => {
    const { page } = browser;
    stack.gateway.failRefunds = true;
    await page.goto(`${stack.baseUrl}/admin/orders/${orderId}`);
    await page.getByRole('heading', { name: /تراکنش‌های درگاه/ }).waitFor();
    await page.getByRole('button', { name: 'بازگشت وجه' }).first().click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(refundAmountTexts.toPay(price)).waitFor();
    // Named by its parent (and the gateway's tracking code), not «۳۱۰» or «رکورد شماره».
    await expect.poll(() => confirm.locator('.admin-confirm-subject').textContent()).toContain('سپیده بازگشتی');
    await confirm.getByRole('button', { name: 'بازگشت وجه' }).click();

    const refused = page.getByRole('alertdialog', { name: 'بازگشت وجه ناموفق بود' });
    await refused.getByText('درگاه پرداخت بازگشت وجه را نپذیرفت').waitFor();
    await expect.poll(() => refused.textContent()).toContain('«ثبت بازگشت دستی» ثبت کنید');
    await expect.poll(() => refused.locator('.admin-confirm-subject').textContent()).toContain('سپیده بازگشتی');
    await shoot(page, refused, 'refund-refused');
    await refused.getByRole('button', { name: 'ثبت بازگشت دستی' }).click();

    const manual = page.getByRole('alertdialog', { name: 'ثبت بازگشت دستی' });
    const amount = manual.getByLabel('مبلغ بازگشت‌داده‌شده (تومان)');
    const date = manual.getByLabel('تاریخ بازگشت وجه');
    // Starts at what the order may pay back, on today.
    await expect.poll(async () => toLatinDigits(await amount.inputValue()).replace(/\D/g, '')).toBe(String(price));
    await expect.poll(() => date.inputValue()).toBe(formatJalaliNumeric(new Date()));
    // A day to come is refused under the field.
    await date.fill(typed(Date.now() + 2 * day));
    await date.press('Tab');
    await manual.getByRole('button', { name: 'ثبت بازگشت دستی' }).click();
    await manual.getByRole('alert').filter({ hasText: 'تاریخ بازگشت وجه نمی‌تواند در آینده باشد' }).waitFor();
    const yesterday = Date.now() - day;
    await date.fill(typed(yesterday));
    await date.press('Tab');
    await manual.getByLabel('شماره پیگیری کارت‌به‌کارت یا توضیح').fill('کارت ۵۵۴۴');
    await expect.poll(() => manual.getByRole('alert').allInnerTexts()).toEqual([]);
    await shoot(page, manual, 'refund-manual-form');

    const toast = await told(page, 'بازگشت دستی وجه ثبت شد', () => manual.getByRole('button', { name: 'ثبت بازگشت دستی' }).click());
    expect(toast).toContain(refundAmountTexts.paid(price));
    stack.gateway.failRefunds = false;
    await page.getByText('بازپرداخت شده').first().waitFor();
    await page.getByText('بازگشت وجه دستی').first().waitFor();
    const main = page.locator('main');
    await expect.poll(() => main.textContent()).toContain('کارت ۵۵۴۴');
    await expect.poll(() => main.textContent()).toContain(`تاریخ بازپرداخت${formatJalaliLong(new Date(yesterday))}`);
    await expect.poll(() => main.textContent()).toContain(formatToman(price));
    expect(browser.errors).toEqual([]);
  });
});
