// Orders and rosters in Chromium against the real server: the admin
// filters the seeded orders by status and by a Jalali date range, opens a paid order with its
// items and gateway attempts, refunds it (no refund token: recorded as a manual refund) and sees
// its status change; then opens a course's roster from its detail view and exports it as CSV.
// With SHOTS_DIR set, each screen at 1366 and 390 px.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyDayOf } from '../../schema/rules/calendar';
import { downloadedText, framesDrawn, launchBrowser, signInAsAdmin, startStack, told, type BrowserSession, type Stack } from './harness';

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

const jalaliDaysAgo = (days: number) => {
  const { jy, jm, jd } = academyDayOf(new Date(Date.now() - days * 86_400_000));
  return `${jy}-${String(jm).padStart(2, '0')}-${String(jd).padStart(2, '0')}`;
};

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser({ viewport: { width: 1366, height: 900 } });
  await signInAsAdmin(browser.page, stack);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('orders', () => {
  it('filters by status and by a Jalali date range', async () => {
    const { page } = browser;
    await page.goto(`${stack.baseUrl}/admin/orders`);
    await page.getByRole('heading', { name: 'سفارش‌ها و پرداخت‌ها' }).waitFor();
    await page.getByLabel('وضعیت').selectOption({ label: 'پرداخت شده' });
    await page.waitForURL(/f\.status=paid/);
    await page.getByRole('row').filter({ hasText: 'پرداخت شده' }).first().waitFor();
    await shoot(page, 'orders-paid');

    // The seed's paid orders are 3, 7 and 12 days old: from ten days ago, two.
    await page.goto(`${stack.baseUrl}/admin/orders?f.status=paid&f.createdAt=${jalaliDaysAgo(10)}..`);
    await page.getByText('۲ ردیف').first().waitFor();
    const rows = page.locator('tbody tr').filter({ hasText: 'پرداخت شده' });
    await expect.poll(() => rows.count()).toBe(2);
    await shoot(page, 'orders-range');

    // The range's «از» picker shows the day the URL holds, in Jalali and Persian digits.
    const range = page.getByRole('group', { name: 'تاریخ ثبت' });
    const from = jalaliDaysAgo(10).replace(/-/g, '/').replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] ?? d);
    await expect.poll(() => range.getByLabel('از').inputValue()).toContain(from.slice(1));
    await page.getByRole('button', { name: 'پاک کردن فیلترها' }).click();
    await page.waitForURL((url) => !url.search.includes('f.createdAt'));
  });

  it('opens a paid order with its items and attempts, refunds it and sees the status change', async () => {
    const { page } = browser;
    await page.goto(`${stack.baseUrl}/admin/orders?f.status=paid&sort=createdAt`);
    const row = page.locator('tbody tr').filter({ hasText: 'پرداخت شده' }).first();
    const href = await row.getByRole('link', { name: 'مشاهده' }).getAttribute('href');
    expect(href).toMatch(/^\/admin\/orders\/\d+$/);
    await page.goto(`${stack.baseUrl}${href ?? ''}`);
    await page.getByRole('heading', { name: /تراکنش‌های درگاه/ }).waitFor();
    await page.getByRole('heading', { name: /اقلام سفارش/ }).waitFor();
    await expect.poll(() => page.locator('main').textContent()).toContain('تأیید پرداخت');
    // A paid order offers one refund: the manual one only follows a gateway refund left unanswered.
    await page.getByRole('button', { name: 'بازگشت وجه' }).first().waitFor();
    expect(await page.getByRole('button', { name: 'ثبت بازگشت دستی' }).count()).toBe(0);
    await shoot(page, 'order-detail');

    await page.getByRole('button', { name: 'بازگشت وجه' }).first().click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    // The dialog says the amount it pays back, and the toast the amount paid: the same figure.
    const amount = /مبلغ بازگشت: ([۰-۹٬]+ تومان)/.exec((await dialog.textContent()) ?? '')?.[1];
    expect(amount).toBeDefined();
    await shoot(page, 'order-refund-confirm');
    const toast = await told(page, 'وجه سفارش بازگردانده شد', () => dialog.getByRole('button', { name: 'بازگشت وجه' }).click());
    expect(toast).toContain(`${amount ?? ''} به پرداخت‌کننده بازگردانده شد`);
    await page.getByText('بازپرداخت شده').first().waitFor();
    // The manual refund is now among the attempts, and the button is gone.
    await page.getByText('بازگشت وجه دستی').first().waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'بازگشت وجه' }).count()).toBe(0);
    await shoot(page, 'order-refunded');
  });
});

describe('a course’s roster', () => {
  it('is on the course’s detail view, with the parent’s phone, and exports as CSV', async () => {
    const { page } = browser;
    // An active enrolment's detail view links to its course.
    await page.goto(`${stack.baseUrl}/admin/enrollments?f.status=active`);
    const enrolmentHref = await page.locator('tbody tr').first().getByRole('link', { name: 'مشاهده' }).getAttribute('href');
    await page.goto(`${stack.baseUrl}${enrolmentHref ?? ''}`);
    const courseHref = await page.locator('main a[href^="/admin/courses/"]').first().getAttribute('href');
    expect(courseHref).toMatch(/^\/admin\/courses\/\d+$/);
    await page.goto(`${stack.baseUrl}${courseHref ?? ''}`);
    const roster = page.getByRole('region', { name: /ثبت‌نام‌ها/ });
    await roster.getByRole('columnheader', { name: 'تلفن والد' }).waitFor();
    await roster.getByText(/۰۹۱۲/).first().waitFor();
    await shoot(page, 'course-roster');

    await roster.getByRole('link', { name: /در فهرست/ }).click();
    await page.waitForURL(/\/admin\/enrollments\?f\.courseId=\d+/);
    await page.locator('tbody tr').first().waitFor();
    await shoot(page, 'roster-list');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'دریافت فایل اکسل (CSV)' }).click()]);
    const text = await downloadedText(download);
    expect(text.startsWith('\ufeffشناسه,فرزند,والد,تلفن والد,سن,دوره')).toBe(true);
    // Phones in Latin digits, as an SMS panel or a spreadsheet matches them.
    expect(text).toMatch(/,0912\d{7},/);
  });

  it('moves a child to another course and cancels an enrolment, asking the refund question first', async () => {
    const { page } = browser;
    await page.goto(`${stack.baseUrl}/admin/enrollments?f.status=active`);
    const row = page.locator('tbody tr').first();
    await row.waitFor();
    const headers = (await page.locator('thead th').allInnerTexts()).map((text) => text.trim());
    const courseColumn = headers.findIndex((text) => text.startsWith('دوره'));
    const courseCell = row.locator('td').nth(courseColumn);
    // Named once the list has read the courses' labels: until then the cell shows the course's id.
    await expect.poll(async () => (await courseCell.innerText()).trim()).not.toMatch(/^[۰-۹]+$/);
    // The row's course as the table shows it (a long title is cut with «…»: compare its start).
    const course = (await courseCell.innerText()).replace(/\s+/g, ' ').replace(/…$/, '').trim();
    await row.getByRole('button', { name: 'انتقال به دوره دیگر' }).click();
    const move = page.getByRole('alertdialog', { name: 'انتقال به دوره دیگر' });
    const picker = move.getByRole('combobox', { name: 'دوره مقصد' });
    await picker.click();
    const options = move.getByRole('listbox', { name: 'دوره مقصد' }).getByRole('option');
    await options.nth(1).waitFor();
    // Any course but the one it is in (and not «none», the first option).
    const names = (await options.allInnerTexts()).map((text) => text.trim());
    const target = names.slice(1).find((name) => name !== '' && !name.startsWith(course));
    if (!target) throw new Error('no other course to move to');
    await move.getByRole('option', { name: target, exact: true }).click();
    await shoot(page, 'enrolment-move');
    await told(page, 'فرزند به دوره مقصد منتقل شد', () => move.getByRole('button', { name: 'انتقال', exact: true }).click());

    await page.goto(`${stack.baseUrl}/admin/enrollments?f.status=active`);
    await page.locator('tbody tr').first().getByRole('button', { name: 'لغو ثبت‌نام' }).click();
    const cancel = page.getByRole('alertdialog', { name: 'لغو ثبت‌نام' });
    // The refund question has no default: confirming unanswered shows the message under it.
    await cancel.getByRole('button', { name: 'لغو ثبت‌نام' }).click();
    await cancel.getByText('بازگشت وجه را از فهرست انتخاب کنید').waitFor();
    await cancel.getByLabel('بازگشت وجه').selectOption({ label: 'خیر، وجهی بازگردانده نشود' });
    await cancel.getByText('بازگشت وجه را از فهرست انتخاب کنید').waitFor({ state: 'detached' });
    await shoot(page, 'enrolment-cancel');
    await told(page, 'ثبت‌نام لغو شد', () => cancel.getByRole('button', { name: 'لغو ثبت‌نام' }).click());
    await cancel.waitFor({ state: 'detached' });
  });
});
