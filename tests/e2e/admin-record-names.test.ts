// Records named by their labels in Chromium against the real server: an enrolment's «لغو ثبت‌نام»
// and «انتقال به دوره دیگر» dialogs and the cancel's toast name its child and course, never
// «رکورد شماره»; its detail page is titled by that name and links to its own history, the audit log narrowed to it, whose
// entries name it too; an attendance mark's audit entry names the child. With SHOTS_DIR set, the
// cancel dialog, the detail page and the narrowed log at 1366 and 390 px.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPersianDigits } from '../../schema/rules/text';
import { adminPassword, adminPhone, apiCall, apiToken, framesDrawn, launchBrowser, signInAsAdmin, startStack, told, type BrowserSession, type Stack } from './harness';

const shots = process.env.SHOTS_DIR;

let stack: Stack;
let browser: BrowserSession;
let token: string;

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

/** The server's name for a record, as the labels call gives it (the one labeller). */
async function labelOf(entity: string, id: number): Promise<string> {
  const { labels } = await apiCall<{ labels: Record<string, string> }>(stack, token, 'GET', `/api/Admin/${entity}/labels?ids=${id}`);
  const label = labels[String(id)];
  if (!label) throw new Error(`no label for ${entity} ${id}`);
  return toPersianDigits(label);
}

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser({ viewport: { width: 1366, height: 900 } });
  await signInAsAdmin(browser.page, stack);
  token = await apiToken(stack, adminPhone, adminPassword);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('an enrolment named by its child and course', () => {
  let id = 0;
  let name = '';

  it('names it in the move and cancel dialogs', async () => {
    const { page } = browser;
    await page.goto(`${stack.baseUrl}/admin/enrollments?f.status=active&sort=id`);
    const row = page.locator('tbody tr').first();
    const href = (await row.getByRole('link', { name: 'مشاهده' }).getAttribute('href')) ?? '';
    id = Number(href.split('/').at(-1));
    name = await labelOf('enrollments', id);

    await row.getByRole('button', { name: 'انتقال به دوره دیگر' }).click();
    const move = page.getByRole('alertdialog', { name: 'انتقال به دوره دیگر' });
    await move.getByText(name).waitFor();
    expect(await move.textContent()).not.toContain('رکورد شماره');
    await move.getByRole('button', { name: 'انصراف' }).click();
    await move.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: 'لغو ثبت‌نام' }).click();
    const cancel = page.getByRole('alertdialog', { name: 'لغو ثبت‌نام' });
    await cancel.getByText(name).waitFor();
    expect(await cancel.textContent()).not.toContain('رکورد شماره');
    await cancel.getByLabel('بازگشت وجه').selectOption({ label: 'خیر، وجهی بازگردانده نشود' });
    await shoot(page, 'enrolment-cancel-named');
    // The toast names it as the dialog did.
    expect(await told(page, 'ثبت‌نام لغو شد', () => cancel.getByRole('button', { name: 'لغو ثبت‌نام' }).click())).toContain(`«${name}»`);
    await cancel.waitFor({ state: 'detached' });
  });

  it('titles its page by that name and links to its own history', async () => {
    const { page } = browser;
    await page.goto(`${stack.baseUrl}/admin/enrollments/${id}`);
    await page.getByRole('heading', { level: 2, name }).waitFor();
    const history = page.getByRole('link', { name: 'تاریخچه تغییرات این رکورد' });
    expect(await history.getAttribute('href')).toBe(`/admin/audit?entity=enrollments&recordId=${id}`);
    await shoot(page, 'enrolment-detail-history-link');

    await history.click();
    await page.waitForURL(new RegExp(`/admin/audit\\?entity=enrollments&recordId=${id}$`));
    await page.getByText(`فقط تغییرات ${name}`).waitFor();
    // Its cancel, named as the dialog named it; no other record's changes.
    const entries = page.locator('.audit-entry-record');
    await entries.first().filter({ hasText: name }).waitFor();
    for (const text of await entries.allInnerTexts()) expect(text).toBe(`ثبت‌نام‌ها: ${name}`);
    await shoot(page, 'enrolment-history');
  });
});

describe('attendance in the audit log', () => {
  it('names the child whose mark changed', async () => {
    const { page } = browser;
    const { items } = await apiCall<{ items: Array<{ id: number; version: number; childId: number }> }>(
      stack,
      token,
      'GET',
      '/api/Attendance/GetSelectList?page=1&pageSize=1',
    );
    const mark = items[0];
    if (!mark) throw new Error('the seed has no roll');
    await apiCall(stack, token, 'PUT', '/api/Attendance/Update', { id: mark.id, version: mark.version, status: 'excused', note: 'بیمار' });
    const child = await labelOf('children', mark.childId);
    await page.goto(`${stack.baseUrl}/admin/attendance/${mark.id}`);
    await page.getByRole('link', { name: 'تاریخچه تغییرات این رکورد' }).click();
    await page.waitForURL(/\/admin\/audit\?entity=attendance/);
    await page.locator('.audit-entry-record').first().filter({ hasText: `حضور و غیاب: ${child}` }).waitFor();
    expect(await page.locator('.audit-list').textContent()).not.toContain('رکورد شماره');
  });
});
