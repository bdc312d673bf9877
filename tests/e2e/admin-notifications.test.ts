// The admin's «پیام‌های ارسالی» (schema/notifications.ts): every message the academy sent parents
// with its delivery status as a coloured badge, filtered by status, and «ارسال دوباره» on a failed
// one, which the server's worker then sends (into its log: no SMS provider is configured). With
// SHOTS_DIR set, the list at 1366 and 390 px.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signInAsAdmin, startStack, told, type BrowserSession, type Stack } from './harness';

const shots = process.env.SHOTS_DIR;
let stack: Stack;
let browser: BrowserSession;

async function shoot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

beforeAll(async () => {
  stack = await startStack({ env: { NOTIFICATION_POLL_SECONDS: '0.5' } });
  browser = await launchBrowser({ viewport: { width: 1366, height: 900 } });
  await signInAsAdmin(browser.page, stack);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('the messages sent to parents', () => {
  it('lists each message with its status, filters the failed ones, and sends one again', async () => {
    const { page } = browser;
    await page.goto(`${stack.baseUrl}/admin/notifications`);
    await page.getByRole('heading', { name: 'پیام‌های ارسالی به والدین' }).first().waitFor();
    await expect.poll(() => page.getByRole('navigation').getByRole('link', { name: 'پیام‌های ارسالی', exact: true }).count()).toBe(1);
    const sent = page.getByRole('row').filter({ hasText: 'ارسال شد' });
    await sent.filter({ hasText: 'ثبت‌نام قطعی' }).first().waitFor();
    await sent.filter({ hasText: 'پیشنهاد صندلی' }).first().waitFor();
    // Persian digits in the table (the phone, the attempts, the dates).
    expect(await page.getByRole('table').textContent()).not.toMatch(/[0-9]/);
    await shoot(page, 'notifications-list');

    await page.goto(`${stack.baseUrl}/admin/notifications?f.status=failed`);
    const failed = page.getByRole('row').filter({ hasText: 'ناموفق' }).filter({ has: page.getByRole('button', { name: 'ارسال دوباره' }) });
    await failed.first().waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'ارسال شد' }).count()).toBe(0);
    const phone = (await failed.first().textContent()) ?? '';
    await shoot(page, 'notifications-failed');
    const smsBefore = stack.sms.messages.length;
    const logBefore = stack.output().length;
    await failed.first().getByRole('button', { name: 'ارسال دوباره' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'ارسال دوباره' });
    await dialog.waitFor();
    await told(page, 'پیام دوباره در صف ارسال قرار گرفت', () => dialog.getByRole('button', { name: 'دوباره بفرست' }).click());

    // The worker sends it — an SMS reaches the fake Kavenegar service, an e-mail the server log
    // (no SMTP server in these tests) — and no failed message is left.
    await expect
      .poll(() => stack.sms.messages.length > smsBefore || /E-mail to \S+: /.test(stack.output().slice(logBefore)))
      .toBe(true);
    await page.goto(`${stack.baseUrl}/admin/notifications?f.status=failed`);
    await page.getByText('۰ ردیف', { exact: true }).waitFor();
    await page.goto(`${stack.baseUrl}/admin/notifications?f.status=sent`);
    await page.getByRole('row').filter({ hasText: 'ارسال شد' }).first().waitFor();
    expect(phone).not.toBe('');
    await shoot(page, 'notifications-after-resend');
  });
});
