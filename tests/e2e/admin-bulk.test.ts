// Bulk work in the admin, end to end: selecting rows with click and Shift+click, one bulk delete
// with one confirmation, the report of rows kept, and importing courses from a CSV file through
// the modal (checked first, then written). With SHOTS_DIR set, screenshots of the bulk bar and
// the import report are saved there at 1366 and 390 px.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseBody } from '../support/samples';
import { apiToken, launchBrowser, signInAsAdmin, startStack, told, type BrowserSession, type Stack } from './harness';

let stack: Stack;
let token: string;
const sessions: BrowserSession[] = [];

const shotsDir = process.env.SHOTS_DIR;
async function shot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, name) });
}

beforeAll(async () => {
  stack = await startStack();
  token = await apiToken(stack, stack.adminPhone, stack.adminPassword);
});
afterAll(async () => {
  for (const session of sessions) await session.close();
  await stack?.stop();
});

async function createCourse(title: string): Promise<void> {
  const response = await fetch(`${stack.baseUrl}/api/Course/Create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(courseBody(title, {
      durationInHours: 6,
      timeOfHolding: null,
      registrationDeadline: null,
      priceInTomans: 900000,
      type: 'online',
      inActive: false,
      difficulty: '',
      techerId: 0,
      categoryId: 0,
      prerequisite: '',
      coverImage: '',
      coverVideo: '',
      description: '',
      headings: '',
    })),
  });
  expect(response.status).toBe(200);
}

async function open(width: number, height: number): Promise<Page> {
  const session = await launchBrowser({ viewport: { width, height } });
  sessions.push(session);
  await signInAsAdmin(session.page, stack);
  return session.page;
}

const goodCsv = '\ufeffعنوان دوره,مدت (ساعت),قیمت (تومان),نوع دوره,تاریخ برگزاری\r\nنجوم برای نوجوانان,۱۲,۱۵۰۰۰۰۰,آنلاین,۱۴۰۵/۰۲/۱۰\r\nشطرنج مقدماتی,8,900000,حضوری,\r\n';
const badCsv = 'عنوان دوره,مدت (ساعت),قیمت (تومان),نوع دوره,تاریخ برگزاری\nدوره‌ی درست,10,1000,آنلاین,\n,۵,1000,آنلاین,\nدوره‌ی بد,-3,1000,هیبرید,۱۴۰۵/۱۳/۴۰\n';

describe('admin bulk work (1366 px)', () => {
  let page: Page;
  const row = (text: string) => page.getByRole('row').filter({ hasText: text });

  it('selects three courses with click and Shift+click; the bar counts them in Persian digits', async () => {
    for (const title of ['گروهی الف', 'گروهی ب', 'گروهی ج']) await createCourse(title);
    page = await open(1366, 800);
    await page.goto(`${stack.baseUrl}/admin/courses`);
    await row('گروهی ج').waitFor();
    await page.getByRole('checkbox', { name: 'انتخاب «گروهی ج»' }).click();
    await page.getByRole('checkbox', { name: 'انتخاب «گروهی الف»' }).click({ modifiers: ['Shift'] });
    const bar = page.getByRole('region', { name: 'عملیات گروهی' });
    await bar.getByText('۳ مورد انتخاب شده').waitFor();
    await expect.poll(() => page.getByRole('checkbox', { name: 'انتخاب «گروهی ب»' }).isChecked()).toBe(true);
    const all = page.getByRole('checkbox', { name: 'انتخاب همه‌ی ردیف‌های نمایش‌داده‌شده' });
    await expect.poll(() => all.evaluate((box) => box instanceof HTMLInputElement && box.indeterminate)).toBe(true);
    await shot(page, 'bulk-bar-1366.png');
  });

  it('one confirmation names the count; confirming removes the rows', async () => {
    await page.getByRole('button', { name: 'حذف گروهی', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('آیا از حذف ۳ مورد از دوره‌ها مطمئن هستید؟').waitFor();
    await told(page, '۳ مورد حذف شد', () => confirm.getByRole('button', { name: 'بله، حذف شود' }).click());
    for (const title of ['گروهی الف', 'گروهی ب', 'گروهی ج']) await row(title).waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('region', { name: 'عملیات گروهی' }).count()).toBe(0);
  });

  it('rows still in use are kept and listed with the reason', async () => {
    await page.goto(`${stack.baseUrl}/admin/teachers`);
    await page.getByRole('checkbox', { name: 'انتخاب همه‌ی ردیف‌های نمایش‌داده‌شده' }).click();
    await page.getByRole('button', { name: 'حذف گروهی', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'بله، حذف شود' }).click();
    const report = page.getByRole('status').filter({ hasText: 'حذف نشد' });
    await report.waitFor();
    await expect.poll(() => report.getByText(/مورد از دوره‌ها به آن وابسته است/).count()).toBeGreaterThan(0);
    await shot(page, 'bulk-report-1366.png');
    await report.getByRole('button', { name: 'بستن گزارش' }).click();
    await report.waitFor({ state: 'detached' });
  });

  it('imports courses from a CSV file: a bad file is reported line by line and writes nothing; a good one is written', async () => {
    await page.goto(`${stack.baseUrl}/admin/courses`);
    await page.getByRole('button', { name: 'ورود از CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'ورود دوره‌ها از فایل CSV' });
    await dialog.waitFor();
    const file = dialog.getByLabel('فایل CSV');
    await file.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(badCsv) });
    await dialog.getByText('۲ ردیف خطا دارد؛ تا اصلاح نشود هیچ ردیفی ثبت نمی‌شود.').waitFor();
    const report = dialog.getByRole('table');
    await expect.poll(() => report.getByRole('row').filter({ hasText: 'عنوان دوره الزامی است' }).getByRole('cell').first().textContent()).toBe('۳');
    await expect.poll(() => report.getByRole('row').filter({ hasText: 'نوع دوره' }).getByRole('cell').first().textContent()).toBe('۴');
    await expect.poll(() => dialog.getByRole('button', { name: 'ثبت' }).isDisabled()).toBe(true);
    await shot(page, 'import-report-1366.png');

    await file.setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(goodCsv) });
    await dialog.getByText('۲ ردیف بدون خطا است و آماده‌ی ثبت است.').waitFor();
    await dialog.getByRole('button', { name: 'ثبت' }).click();
    await dialog.getByText('۲ ردیف با موفقیت ثبت شد').waitFor();
    await dialog.getByRole('button', { name: 'بستن' }).first().click();
    await dialog.waitFor({ state: 'detached' });
    await row('نجوم برای نوجوانان').waitFor();
    await row('شطرنج مقدماتی').waitFor();
    expect(await row('دوره‌ی درست').count()).toBe(0);
    await expect.poll(() => row('نجوم برای نوجوانان').getByText('۱۲ ساعت').count()).toBe(1);
  });
});

describe('admin bulk work (390 px)', () => {
  it('the bulk bar and the import report fit a phone', async () => {
    for (const title of ['گوشی یک', 'گوشی دو']) await createCourse(title);
    const page = await open(390, 844);
    await page.goto(`${stack.baseUrl}/admin/courses`);
    // By keyboard: Space picks one row, Shift+Space on another takes the range between. A list
    // still refreshing (its labels arriving on a busy machine) redraws its rows, taking the focus
    // with them: the keys wait for it to settle, and for the first pick to show.
    await page.getByRole('checkbox', { name: 'انتخاب «گوشی دو»' }).waitFor();
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    await page.getByRole('checkbox', { name: 'انتخاب «گوشی دو»' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByRole('checkbox', { name: 'انتخاب «گوشی دو»' }).isChecked()).toBe(true);
    // The third row of the list (newest first), whatever the earlier tests left there.
    await page.getByRole('rowgroup').nth(1).getByRole('checkbox').nth(2).focus();
    await page.keyboard.press('Shift+Space');
    const bar = page.getByRole('region', { name: 'عملیات گروهی' });
    await bar.getByText('۳ مورد انتخاب شده').waitFor();
    await expect.poll(() => page.getByRole('checkbox', { name: 'انتخاب «گوشی یک»' }).isChecked()).toBe(true);
    const box = await bar.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await shot(page, 'bulk-bar-390.png');
    await bar.getByRole('button', { name: 'لغو انتخاب' }).click();
    await bar.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'ورود از CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'ورود دوره‌ها از فایل CSV' });
    await dialog.getByLabel('فایل CSV').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(badCsv) });
    await dialog.getByRole('table').waitFor();
    await shot(page, 'import-report-390.png');
  });
});
