// Staff roles in Chromium against the real server: an administrator makes a role with the grants
// grid (orders to read and refund; courses to read without their prices), gives it to a new staff
// account on the users screen, and that person signs in to a panel drawn from their role: only
// its links in the sidebar, no price column, no button of a call the role lacks. With SHOTS_DIR
// set, the roles screen, an accountant's and a teacher's panel at 1366 and 390 px.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken, framesDrawn, launchBrowser, signIn, signInAsAdmin, startStack, told, type BrowserSession, type Stack } from './harness';

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

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser({ viewport: { width: 1366, height: 900 } });
  await signInAsAdmin(browser.page, stack);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const sidebarLinks = (page: Page) => page.locator('aside nav a').allTextContents();

/** Signs `phone` in a browser of its own and opens `path` there. */
async function staffPanel(phone: string, password: string, path: string): Promise<BrowserSession> {
  const session = await launchBrowser({ viewport: { width: 1366, height: 900 } });
  await signIn(session.page, stack, phone, password);
  await session.page.waitForURL(/\/admin/);
  await session.page.goto(`${stack.baseUrl}${path}`);
  return session;
}

describe('staff roles', () => {
  it('an administrator grants a role with the grid, gives it to a new account, and its holder sees only that', async () => {
    const { page } = browser;
    await page.goto(`${stack.baseUrl}/admin/staffRoles`);
    await page.getByRole('button', { name: 'افزودن نقش' }).click();
    const dialog = page.getByRole('dialog', { name: 'نقش تازه' });
    await dialog.getByLabel('نام نقش').fill('حسابدار آزمون');
    const grid = dialog.getByRole('group', { name: 'دسترسی‌ها' });
    const orders = grid.getByRole('group', { name: 'سفارش‌ها', exact: true });
    await orders.getByRole('checkbox', { name: 'مشاهده' }).check();
    await orders.getByRole('checkbox', { name: 'بازگشت وجه', exact: true }).check();
    const courses = grid.getByRole('group', { name: 'دوره‌ها', exact: true });
    // From the keyboard: Space on the focused box, then the field's select by its letters' order.
    await courses.getByRole('checkbox', { name: 'مشاهده' }).focus();
    await page.keyboard.press('Space');
    await courses.getByRole('combobox', { name: 'قیمت (تومان)' }).selectOption('hidden');
    await shoot(page, 'roles-grid');
    await told(page, 'نقش ساخته شد', () => dialog.getByRole('button', { name: 'ذخیره' }).click());
    await page.getByRole('row').filter({ hasText: 'حسابدار آزمون' }).waitFor();
    await shoot(page, 'roles-list');

    await page.goto(`${stack.baseUrl}/admin/users`);
    await page.getByRole('button', { name: 'افزودن کاربر' }).click();
    const form = page.getByRole('dialog', { name: 'کاربر جدید' });
    await form.getByLabel('نام', { exact: true }).fill('مینا');
    await form.getByLabel('نام خانوادگی').fill('حسابی');
    await form.getByLabel('شماره تلفن').fill('۰۹۱۲۷۷۷۶۶۵۵');
    await form.getByLabel('نقش', { exact: true }).selectOption({ label: 'کارمند' });
    await form.getByRole('combobox', { name: 'نقش کارمند' }).fill('حسابدار');
    await form.getByRole('option', { name: 'حسابدار آزمون' }).click();
    await form.getByLabel('رمز عبور').fill('mina-pass-1234');
    await told(page, 'کاربر ساخته شد', () => form.getByRole('button', { name: 'ذخیره' }).click());

    const staff = await staffPanel('09127776655', 'mina-pass-1234', '/admin/orders');
    try {
      const staffPage = staff.page;
      await staffPage.getByRole('heading', { level: 2, name: 'سفارش‌ها' }).waitFor();
      await staffPage.getByRole('row').nth(1).waitFor();
      const links = await sidebarLinks(staffPage);
      expect(links).toEqual(expect.arrayContaining(['داشبورد', 'سفارش‌ها', 'دوره‌ها', 'مدیا', 'گزارش تغییرات']));
      for (const absent of ['کاربران', 'نقش‌های کارکنان', 'ثبت‌نام‌ها', 'همیاران']) expect(links).not.toContain(absent);

      await staffPage.goto(`${stack.baseUrl}/admin/courses`);
      await staffPage.getByRole('heading', { level: 2, name: 'دوره‌ها' }).waitFor();
      await staffPage.getByRole('row').nth(1).waitFor();
      const headers = await staffPage.getByRole('columnheader').allTextContents();
      expect(headers.some((header) => header.includes('عنوان'))).toBe(true);
      expect(headers.some((header) => header.includes('قیمت'))).toBe(false);
      expect(await staffPage.getByRole('button', { name: 'افزودن دوره جدید' }).count()).toBe(0);
      expect(await staffPage.getByRole('button', { name: /^ویرایش/ }).count()).toBe(0);
      expect(await staffPage.getByRole('button', { name: /^حذف/ }).count()).toBe(0);

      // A screen the role does not grant, reached by its address, says so.
      await staffPage.goto(`${stack.baseUrl}/admin/users`);
      await staffPage.getByText('نقش شما اجازه دیدن این بخش را ندارد.').waitFor();
      expect(staff.errors).toEqual([]);
    } finally {
      await staff.close();
    }
  });

  it('shows an accountant’s and a teacher’s panel (screenshots)', async () => {
    if (!shots) return;
    const token = await apiToken(stack, stack.adminPhone, stack.adminPassword);
    const grant = (verbs: string[], more: { actions?: string[]; hidden?: string[]; readOnly?: string[]; own?: boolean } = {}) => ({
      verbs,
      actions: more.actions ?? [],
      hidden: more.hidden ?? [],
      readOnly: more.readOnly ?? [],
      own: more.own ?? false,
    });
    const accountant = await apiCall<{ id: number }>(stack, token, 'POST', '/api/StaffRole/Create', {
      name: 'حسابدار',
      description: 'سفارش‌ها و بازگشت وجه',
      grants: JSON.stringify({
        entities: {
          orders: grant(['read'], { actions: ['refund', 'manualRefund'] }),
          orderItems: grant(['read']),
          paymentAttempts: grant(['read']),
          enrollments: grant(['read']),
          courses: grant(['read'], { readOnly: ['priceInTomans', 'earlyBirdPriceInTomans'] }),
          coupons: grant(['read', 'create', 'update']),
        },
      }),
    });
    const money = ['priceInTomans', 'earlyBirdPriceInTomans'];
    const teacherRole = await apiCall<{ id: number }>(stack, token, 'POST', '/api/StaffRole/Create', {
      name: 'مدرس',
      description: 'جلسات و حضور و غیاب دوره‌های خودش',
      grants: JSON.stringify({
        entities: {
          courses: grant(['read'], { hidden: money, own: true }),
          classSessions: grant(['read'], { actions: ['roll', 'allPresent'], own: true }),
          attendance: grant(['read', 'update'], { own: true }),
          enrollments: grant(['read'], { hidden: ['amountInTomans', 'refundedInTomans', 'payment', 'reference'], own: true }),
          children: grant(['read'], { hidden: ['birthDate'] }),
        },
      }),
    });
    const teachers = await apiCall<Array<{ id: number }>>(stack, token, 'GET', '/api/Teacher/GetSelectList');
    const account = (firstName: string, phoneNumber: string, staffRoleId: number, teacherId: number) =>
      apiCall(stack, token, 'POST', '/api/User/Create', { firstName, lastName: 'آزمون', phoneNumber, emailAddress: '', role: 200, staffRoleId, teacherId, password: 'staff-pass-1234' });
    await account('بهناز', '09126665544', accountant.id, 0);
    await account('کامران', '09125554433', teacherRole.id, teachers[0]?.id ?? 0);

    const { page } = browser;
    await page.goto(`${stack.baseUrl}/admin/staffRoles`);
    await page.getByRole('row').filter({ hasText: 'مدرس' }).first().getByRole('button', { name: /^ویرایش/ }).click();
    await page.getByRole('group', { name: 'دسترسی‌ها' }).waitFor();
    await shoot(page, 'roles-edit-teacher');
    await page.keyboard.press('Escape');
    // The role's record reads its grants in words.
    await page.goto(`${stack.baseUrl}/admin/staffRoles/${teacherRole.id}`);
    await page.locator('.admin-detail-grants').getByText('جلسات کلاس‌ها: مشاهده (فقط موارد خودِ مدرس)').waitFor();
    await shoot(page, 'roles-detail-teacher');

    const asAccountant = await staffPanel('09126665544', 'staff-pass-1234', '/admin/orders');
    try {
      await asAccountant.page.getByRole('row').nth(1).waitFor();
      await shoot(asAccountant.page, 'accountant-orders');
      await asAccountant.page.goto(`${stack.baseUrl}/admin/courses`);
      await asAccountant.page.getByRole('row').nth(1).waitFor();
      await shoot(asAccountant.page, 'accountant-courses');
    } finally {
      await asAccountant.close();
    }
    const asTeacher = await staffPanel('09125554433', 'staff-pass-1234', '/admin/classSessions');
    try {
      await asTeacher.page.getByRole('row').nth(1).waitFor();
      await shoot(asTeacher.page, 'teacher-sessions');
      await asTeacher.page.goto(`${stack.baseUrl}/admin/courses`);
      await asTeacher.page.getByRole('row').nth(1).waitFor();
      await shoot(asTeacher.page, 'teacher-courses');
    } finally {
      await asTeacher.close();
    }
  });
});
