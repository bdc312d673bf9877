// Bulk edit end to end (the courses schema declares `bulkEdit: ['categoryId', 'inActive']`):
// select courses, «ویرایش گروهی», pick the category with the form's own picker, one confirmation
// naming field, count and value, the toast, the rows changed; coupons, whose rule refuses a row,
// and the report of it. With SHOTS_DIR set, the bar, the dialogs and the report are saved there
// at 1366 and 390 px.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankRecord } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
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

async function post<T>(call: string, body: unknown): Promise<T> {
  const response = await fetch(`${stack.baseUrl}/api/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const answer: T = await response.json();
  return answer;
}
const createCourse = (title: string) => post<{ id: number }>('Course/Create', courseBody(title, { durationInHours: 6, priceInTomans: 900000 }));

async function open(width: number, height: number): Promise<Page> {
  const session = await launchBrowser({ viewport: { width, height } });
  sessions.push(session);
  await signInAsAdmin(session.page, stack);
  return session.page;
}

describe('admin bulk edit', () => {
  it('sets the category of the chosen courses: one confirmation, a toast, the rows changed', async () => {
    await post('Category/Create', { name: 'نجوم گروهی', inActive: false, coverImage: '' });
    for (const title of ['ویرایش گروهی الف', 'ویرایش گروهی ب', 'ویرایش گروهی ج']) await createCourse(title);
    const page = await open(1366, 800);
    const row = (text: string) => page.getByRole('row').filter({ hasText: text });
    await page.goto(`${stack.baseUrl}/admin/courses`);
    await row('ویرایش گروهی ج').waitFor();
    await page.getByRole('checkbox', { name: 'انتخاب «ویرایش گروهی ج»' }).click();
    await page.getByRole('checkbox', { name: 'انتخاب «ویرایش گروهی الف»' }).click({ modifiers: ['Shift'] });
    const bar = page.getByRole('region', { name: 'عملیات گروهی' });
    await bar.getByText('۳ مورد انتخاب شده').waitFor();
    await shot(page, 'bar-1366.png');

    await bar.getByRole('button', { name: 'ویرایش گروهی' }).click();
    const dialog = page.getByRole('dialog', { name: 'ویرایش گروهی ۳ مورد از دوره‌ها' });
    await dialog.waitFor();
    await dialog.getByLabel('چه چیزی تغییر کند').selectOption({ label: 'دسته‌بندی' });
    const picker = dialog.getByRole('combobox', { name: 'دسته‌بندی', exact: true });
    await picker.click();
    await picker.fill('نجوم گروهی');
    await dialog.getByRole('listbox', { name: 'دسته‌بندی', exact: true }).getByRole('option', { name: 'نجوم گروهی' }).click();
    await shot(page, 'dialog-1366.png');
    await dialog.getByRole('button', { name: 'ادامه' }).click();

    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('دسته‌بندی ۳ دوره به «نجوم گروهی» تغییر کند؟').waitFor();
    await shot(page, 'confirm-1366.png');
    await told(page, 'دسته‌بندی ۳ دوره به «نجوم گروهی» تغییر کرد', () => confirm.getByRole('button', { name: 'تغییر بده' }).click());
    for (const title of ['ویرایش گروهی الف', 'ویرایش گروهی ب', 'ویرایش گروهی ج']) {
      await row(title).getByText('نجوم گروهی').waitFor();
    }
    await expect.poll(() => bar.count()).toBe(0);
  });

  it('coupons are selectable too; a row a rule refuses is listed in the report with the reason', async () => {
    await post('Category/Create', { name: 'کدنویسی گروهی', inActive: false, coverImage: '' });
    const course = await createCourse('دوره‌ی کد تخفیف گروهی');
    const coupon = (code: string, courseId: number) =>
      post('Coupon/Create', { ...blankRecord(registry.coupons), code, kind: 'percent', percent: 10, courseId });
    await coupon('GROUP-FREE', 0);
    await coupon('GROUP-TIED', course.id);
    const page = await open(1366, 800);
    await page.goto(`${stack.baseUrl}/admin/coupons`);
    await page.getByRole('checkbox', { name: 'انتخاب «GROUP-FREE»' }).click();
    await page.getByRole('checkbox', { name: 'انتخاب «GROUP-TIED»' }).click();
    await page.getByRole('region', { name: 'عملیات گروهی' }).getByRole('button', { name: 'ویرایش گروهی' }).click();
    const dialog = page.getByRole('dialog', { name: 'ویرایش گروهی ۲ مورد از کدهای تخفیف' });
    await dialog.getByLabel('چه چیزی تغییر کند').selectOption({ label: 'دسته‌بندی' });
    const picker = dialog.getByRole('combobox', { name: 'دسته‌بندی', exact: true });
    await picker.click();
    await picker.fill('کدنویسی گروهی');
    await dialog.getByRole('listbox', { name: 'دسته‌بندی', exact: true }).getByRole('option', { name: 'کدنویسی گروهی' }).click();
    await dialog.getByRole('button', { name: 'ادامه' }).click();
    const confirm = page.getByRole('alertdialog');
    await told(page, 'دسته‌بندی ۱ کد تخفیف به «کدنویسی گروهی» تغییر کرد', () => confirm.getByRole('button', { name: 'تغییر بده' }).click());
    const report = page.getByRole('status').filter({ hasText: 'ویرایش نشد' });
    await report.getByText('۱ مورد ویرایش نشد').waitFor();
    expect(await report.getByText('GROUP-TIED').count()).toBe(1);
    expect(await report.getByText('کد تخفیف یا برای یک دوره است یا برای یک دسته‌بندی').count()).toBe(1);
    await shot(page, 'report-1366.png');
  });

  it('fits a phone: the bar, the dialog with its field, the confirmation', async () => {
    for (const title of ['گروهی گوشی یک', 'گروهی گوشی دو']) await createCourse(title);
    const page = await open(390, 844);
    await page.goto(`${stack.baseUrl}/admin/courses`);
    await page.getByRole('checkbox', { name: 'انتخاب «گروهی گوشی یک»' }).click();
    await page.getByRole('checkbox', { name: 'انتخاب «گروهی گوشی دو»' }).click();
    const bar = page.getByRole('region', { name: 'عملیات گروهی' });
    await bar.getByText('۲ مورد انتخاب شده').waitFor();
    await bar.scrollIntoViewIfNeeded();
    await shot(page, 'bar-390.png');
    // Nothing of the bar runs past the screen's edge.
    const box = await bar.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);

    await bar.getByRole('button', { name: 'ویرایش گروهی' }).click();
    const dialog = page.getByRole('dialog', { name: 'ویرایش گروهی ۲ مورد از دوره‌ها' });
    await dialog.waitFor();
    await dialog.getByLabel('چه چیزی تغییر کند').selectOption({ label: 'وضعیت دوره' });
    await dialog.getByLabel('وضعیت دوره', { exact: true }).selectOption({ label: 'غیرفعال' });
    await shot(page, 'dialog-390.png');
    await dialog.getByRole('button', { name: 'ادامه' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('وضعیت دوره ۲ دوره به «غیرفعال» تغییر کند؟').waitFor();
    await shot(page, 'confirm-390.png');
    await told(page, 'وضعیت دوره ۲ دوره به «غیرفعال» تغییر کرد', () => confirm.getByRole('button', { name: 'تغییر بده' }).click());
  });
});
