// An enrolment taken by hand, against the real server in a browser: on a course's page the roster's
// add button opens the enrolment's form with the course chosen; the admin picks a seeded child,
// card to card with its tracking number and the amount, saves, is told, and the child is in the
// roster, bought by a paid order recorded by hand. Screenshots of the dialog at 1366 and 390 px go
// to SHOTS_DIR when it is set.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseBody } from '../support/samples';
import { apiCall, apiToken, framesDrawn, launchBrowser, signInAsAdmin, startStack, told, type BrowserSession, type Stack } from './harness';

let stack: Stack;
let session: BrowserSession;
let page: Page;
let token = '';
let courseId = 0;
let child = { id: 0, firstName: '', lastName: '' };
const courseTitle = 'رباتیک دستی آزمون';

const api = <T>(method: string, url: string, body?: unknown): Promise<T> => apiCall<T>(stack, token, method, url, body);

async function shoot(name: string): Promise<void> {
  const shots = process.env.SHOTS_DIR;
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await framesDrawn(page);
  await page.screenshot({ path: path.join(shots, `${name}-${page.viewportSize()?.width ?? 0}.png`) });
}
async function shootBoth(name: string): Promise<void> {
  await shoot(name);
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(name);
  await page.setViewportSize({ width: 1366, height: 800 });
}

beforeAll(async () => {
  stack = await startStack();
  token = await apiToken(stack, stack.adminPhone, stack.adminPassword);
  courseId = (await api<{ id: number }>('POST', '/api/Course/Create', courseBody(courseTitle, { priceInTomans: 600_000, capacity: 12, inActive: false }))).id;
  const children = await api<Array<{ id: number; firstName: string; lastName: string }>>('GET', '/api/Child/GetSelectList');
  const first = children[0];
  if (!first) throw new Error('the seed has no child');
  child = first;
  session = await launchBrowser({ viewport: { width: 1366, height: 800 } });
  page = session.page;
  await signInAsAdmin(page, stack);
});

afterAll(async () => {
  await session?.close();
  await stack?.stop();
});

describe('an enrolment taken by hand', () => {
  it('enrols a child from the course page, paid card to card, and shows them in its roster', async () => {
    await page.goto(`${stack.baseUrl}/admin/courses/${courseId}`);
    await page.getByRole('heading', { name: courseTitle }).waitFor();
    await page.getByRole('button', { name: 'افزودن ثبت‌نام' }).click();
    const dialog = page.getByRole('dialog', { name: 'ثبت‌نام دستی' });
    const form = dialog.locator('form.admin-form');
    await form.waitFor();
    // The course is the page's.
    await expect.poll(() => form.getByRole('combobox', { name: 'دوره' }).inputValue()).toBe(courseTitle);
    const picker = form.getByRole('combobox', { name: 'فرزند' });
    await picker.fill(child.firstName);
    await dialog.getByRole('option', { name: `${child.firstName} ${child.lastName}` }).first().click();
    await form.getByLabel('روش پرداخت').selectOption({ label: 'کارت به کارت' });
    await form.getByLabel('مبلغ دریافتی (تومان)').fill('۵۵۰۰۰۰');
    await form.getByLabel('شماره پیگیری یا توضیح').fill('۷۷۸۸۹۹');
    await shootBoth('manual-enrolment-dialog');
    await told(page, 'ثبت‌نام انجام شد', () => form.getByRole('button', { name: 'ذخیره' }).click());
    await dialog.waitFor({ state: 'hidden' });

    const roster = page.getByRole('region', { name: /ثبت‌نام‌ها/ });
    await roster.getByRole('link', { name: `${child.firstName} ${child.lastName} ${courseTitle}` }).waitFor();
    await roster.getByText('ثبت دستی، کارت به کارت ۷۷۸۸۹۹').waitFor();
    await shootBoth('manual-enrolment-roster');
    const orders = await api<Array<{ id: number; status: string; paymentMethod: string; totalInTomans: number }>>('GET', '/api/OrderRecord/GetSelectList');
    expect(orders.find((o) => o.paymentMethod === 'cardToCard')).toMatchObject({ status: 'paid', totalInTomans: 550_000 });
  });

  it('enrols a family that calls for the first time, adding its parent and child from the pickers', async () => {
    await page.goto(`${stack.baseUrl}/admin/enrollments`);
    await page.getByRole('button', { name: 'ثبت‌نام دستی' }).click();
    const enrolment = page.getByRole('dialog', { name: 'ثبت‌نام دستی' });
    await enrolment.locator('form.admin-form').waitFor();
    await enrolment.getByRole('button', { name: 'افزودن فرزند تازه' }).click();

    const childForm = page.getByRole('dialog', { name: 'فرزند تازه' });
    await childForm.locator('form.admin-form').waitFor();
    await childForm.getByRole('button', { name: 'افزودن کاربر تازه' }).click();
    const parentForm = page.getByRole('dialog', { name: 'کاربر جدید' });
    await parentForm.locator('form.admin-form').waitFor();
    await parentForm.getByLabel('نام', { exact: true }).fill('شیرین');
    await parentForm.getByLabel('نام خانوادگی').fill('تلفنی');
    await parentForm.getByLabel('شماره تلفن').fill('۰۹۱۲۷۷۷۶۶۵۵');
    await told(page, 'کاربر ساخته شد', () => parentForm.getByRole('button', { name: 'ذخیره' }).click());
    await parentForm.waitFor({ state: 'hidden' });
    await expect.poll(() => childForm.getByRole('combobox', { name: 'والد' }).inputValue()).toBe('شیرین تلفنی');

    await childForm.getByLabel('نام', { exact: true }).fill('آوا');
    await childForm.getByLabel('نام خانوادگی').fill('تلفنی');
    const birthDate = childForm.getByLabel('تاریخ تولد');
    await birthDate.fill('1397/02/10');
    await birthDate.press('Enter');
    await birthDate.blur();
    await childForm.getByLabel('پایه تحصیلی').fill('اول دبستان');
    await shootBoth('manual-enrolment-new-child');
    await told(page, 'فرزند افزوده شد', () => childForm.getByRole('button', { name: 'ذخیره' }).click());
    await childForm.waitFor({ state: 'hidden' });
    await expect.poll(() => enrolment.getByRole('combobox', { name: 'فرزند' }).inputValue()).toBe('آوا تلفنی');

    const course = enrolment.getByRole('combobox', { name: 'دوره' });
    await course.fill(courseTitle);
    await enrolment.getByRole('option', { name: courseTitle }).click();
    await enrolment.getByLabel('روش پرداخت').selectOption({ label: 'نقدی' });
    await enrolment.getByLabel('مبلغ دریافتی (تومان)').fill('600000');
    await told(page, 'ثبت‌نام انجام شد', () => enrolment.getByRole('button', { name: 'ذخیره' }).click());
    await enrolment.waitFor({ state: 'hidden' });
    // The new child's own page lists the enrolment, bought by the parent's order.
    const made = (await api<Array<{ id: number; firstName: string; userId: number }>>('GET', '/api/Child/GetSelectList')).find((c) => c.firstName === 'آوا');
    expect(made).toBeDefined();
    await page.goto(`${stack.baseUrl}/admin/children/${made?.id ?? 0}`);
    await page.getByRole('region', { name: /ثبت‌نام‌ها/ }).getByRole('link', { name: `آوا تلفنی ${courseTitle}` }).waitFor();
    await page.getByRole('link', { name: 'شیرین تلفنی' }).first().waitFor();
  });
});
