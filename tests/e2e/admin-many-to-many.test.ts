// A many-to-many field in the browser against the real server: a course's assistant teachers
// picked as chips in the form, shown by name in the list and as links on the detail view,
// filtered by one teacher, and one removed again with its chip's button.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signInAsAdmin, startStack, type BrowserSession, type Stack } from './harness';

let stack: Stack;
let session: BrowserSession;
let page: Page;

beforeAll(async () => {
  stack = await startStack();
  session = await launchBrowser();
  page = session.page;
  await signInAsAdmin(page, stack);
});

afterAll(async () => {
  await session?.close();
  await stack?.stop();
});

const row = (text: string) => page.getByRole('row').filter({ hasText: text });

describe('a course’s assistant teachers', () => {
  it('are picked as chips, listed by name, linked from the detail view, filtered by, and removed', async () => {
    await page.goto(`${stack.baseUrl}/admin/courses`);
    await page.getByRole('button', { name: 'افزودن دوره جدید' }).click();
    const dialog = page.getByRole('dialog', { name: 'افزودن دوره جدید' });
    await dialog.waitFor();
    await dialog.getByLabel('عنوان دوره').fill('دوره با دستیاران مرورگر');
    await dialog.getByLabel('نوع دوره').selectOption({ label: 'آنلاین' });
    const adder = dialog.getByRole('combobox', { name: 'مدرسان دستیار' });
    const chosen = dialog.getByRole('list', { name: 'مدرسان دستیار: انتخاب‌شده‌ها' });
    const names: string[] = [];
    for (let i = 0; i < 2; i++) {
      await adder.click();
      const option = dialog.getByRole('listbox', { name: 'مدرسان دستیار' }).getByRole('option').first();
      names.push((await option.textContent()) ?? '');
      await option.click();
      await chosen.getByText(names[i] ?? '').waitFor();
    }
    // A name chosen is no longer offered.
    await adder.click();
    expect(await dialog.getByRole('listbox', { name: 'مدرسان دستیار' }).getByRole('option').allTextContents()).not.toContain(names[0]);
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'ذخیره' }).click();
    await page.getByText('دوره با موفقیت ایجاد شد').waitFor();

    await page.getByRole('searchbox', { name: 'جستجو' }).fill('دستیاران مرورگر');
    await row('دوره با دستیاران مرورگر').getByText(`${names[0]}، ${names[1]}`).waitFor();

    // Filtered by the second teacher: the course is among the rows linked to them.
    await page.getByLabel('مدرسان دستیار').selectOption({ label: names[1] ?? '' });
    await page.waitForURL(/f\.assistantTeacherIds=/);
    await row('دوره با دستیاران مرورگر').waitFor();

    await row('دوره با دستیاران مرورگر').getByRole('link', { name: 'مشاهده' }).click();
    await page.getByRole('heading', { level: 2, name: 'دوره با دستیاران مرورگر' }).waitFor();
    const fields = page.locator('dl.admin-detail-fields');
    for (const name of names) await fields.getByRole('link', { name }).waitFor();

    await page.getByRole('button', { name: 'ویرایش' }).first().click();
    const edit = page.getByRole('dialog', { name: 'ویرایش دوره' });
    await edit.getByRole('button', { name: `حذف ${names[0]}` }).click();
    await edit.getByRole('button', { name: 'ذخیره' }).click();
    await page.getByText('دوره با موفقیت ویرایش شد').waitFor();
    await fields.getByRole('link', { name: names[1] }).waitFor();
    expect(await fields.getByRole('link', { name: names[0] }).count()).toBe(0);
  });
});
