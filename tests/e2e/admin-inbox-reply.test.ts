// The inbox that answers (schema/messages.ts): an unopened message is drawn in bold in the list;
// on its page the admin replies by SMS («پاسخ»: a channel and a text), which the server queues in
// the outbox and its worker sends to the fake SMS service; the reply is listed under «پاسخ‌ها»
// with its delivery status; «بایگانی» archives the message in one click. With SHOTS_DIR set, the
// message's page with its reply at 1366 and 390 px.
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

const sender = { fullName: 'ترانه پاسخ‌خواه', phoneNumber: '09135550101', emailAddress: 'taraneh@example.com', message: 'آیا کلاس شطرنج برای ۶ ساله‌ها هم دارید؟' };
const replyText = 'سلام، بله؛ کلاس شطرنج نوآموزان از شنبه آغاز می‌شود.';

describe('the inbox that answers', () => {
  it('shows a new message in bold, replies to it by SMS from its page, lists the reply as sent, and archives it in one click', async () => {
    const { page } = browser;
    const posted = await fetch(`${stack.baseUrl}/api/Contact`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(sender) });
    expect(posted.status).toBe(200);
    const { id } = (await posted.json()) as { id: number };

    await page.goto(`${stack.baseUrl}/admin/messages`);
    const row = page.getByRole('row').filter({ hasText: sender.fullName });
    await row.first().waitFor();
    // Newest first: the message just sent is the list's first row.
    await expect.poll(() => page.getByRole('row').nth(1).textContent()).toContain(sender.fullName);
    const weight = async () => row.first().getByRole('cell').filter({ hasText: sender.fullName }).evaluate((cell) => getComputedStyle(cell).fontWeight);
    expect(Number(await weight())).toBeGreaterThanOrEqual(700);

    await page.goto(`${stack.baseUrl}/admin/messages/${id}`);
    await page.getByRole('button', { name: 'پاسخ', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'پاسخ' });
    await dialog.waitFor();
    await dialog.getByLabel('راه ارسال').selectOption({ label: 'پیامک' });
    await dialog.getByLabel('متن پاسخ').fill(replyText);
    await told(page, 'پاسخ در صف ارسال قرار گرفت', () => dialog.getByRole('button', { name: 'ارسال پاسخ' }).click());

    // The worker sends it to the sender's phone, once.
    await expect.poll(() => stack.sms.to(sender.phoneNumber).map((m) => m.message)).toEqual([replyText]);
    await page.reload();
    const replies = page.getByRole('region', { name: /^پاسخ‌ها/ });
    const replyRow = replies.getByRole('row').filter({ hasText: 'ارسال شد' });
    await replyRow.first().waitFor();
    await expect.poll(() => replyRow.first().textContent()).toContain('پیامک');
    await page.getByText('پاسخ داده شد').first().waitFor();
    await shoot(page, 'inbox-reply');

    await told(page, 'پیام بایگانی شد', () => page.getByRole('button', { name: 'بایگانی', exact: true }).click());
    await page.getByText('بایگانی', { exact: true }).first().waitFor();
    await page.goto(`${stack.baseUrl}/admin/messages`);
    await row.first().waitFor();
    await expect.poll(() => row.first().textContent()).toContain('بایگانی');
    expect(Number(await weight())).toBeLessThan(700);
  });
});
