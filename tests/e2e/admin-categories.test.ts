// The categories screen end to end: the real server and the built SPA in Chromium, driven by
// role and visible text as an administrator would.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signInAsAdmin, startStack, told, type BrowserSession, type Stack } from './harness';

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

describe('admin categories', () => {
  it('shows the screen inside the admin shell', async () => {
    await page.goto(`${stack.baseUrl}/admin/categories`);
    await page.getByRole('heading', { name: 'مدیریت دسته‌بندی‌ها' }).waitFor();
    await expect.poll(() => page.getByText('پنل مدیریت').first().isVisible()).toBe(true);
    const active = page.getByRole('link', { name: 'دسته بندی دوره‌ها' });
    await expect.poll(() => active.getAttribute('aria-current')).toBe('page');
    await page.getByRole('columnheader', { name: /شناسه/ }).waitFor();
  });

  it('creates a category through the modal', async () => {
    await page.getByRole('button', { name: 'افزودن دسته‌بندی جدید' }).click();
    const dialog = page.getByRole('dialog', { name: 'افزودن دسته‌بندی' });
    await dialog.waitFor();
    // An empty name is refused in the form, with its message under the field.
    await dialog.getByRole('button', { name: 'ذخیره' }).click();
    await dialog.getByText('نام الزامی است').waitFor();
    await dialog.getByLabel('نام', { exact: true }).fill('دسته آزمایشی');
    await dialog.getByLabel('لینک تصویر').click();
    const library = page.getByRole('dialog', { name: 'انتخاب تصویر از کتابخانه' });
    await library.getByRole('searchbox').fill('category-ai');
    await library.getByRole('button', { name: /category-ai/ }).first().click();
    await library.waitFor({ state: 'detached' });
    await dialog.getByRole('img', { name: /پیش‌نمایش/ }).waitFor();
    await told(page, 'دسته‌بندی با موفقیت ایجاد شد', () => dialog.getByRole('button', { name: 'ذخیره' }).click());
    await dialog.waitFor({ state: 'detached' });
    await row('دسته آزمایشی').waitFor();
    await expect.poll(() => row('دسته آزمایشی').getByText('خیر').isVisible()).toBe(true);
    // The library's file name was stored; the table shows its 160 px copy.
    const image = row('دسته آزمایشی').getByRole('img');
    await expect.poll(() => image.getAttribute('src')).toBe('/api/File/image/category-ai.webp?w=160');
  });

  it('edits it', async () => {
    await row('دسته آزمایشی').getByRole('button', { name: 'ویرایش' }).click();
    const dialog = page.getByRole('dialog', { name: 'ویرایش دسته‌بندی' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel('نام', { exact: true }).inputValue()).toBe('دسته آزمایشی');
    await dialog.getByLabel('نام', { exact: true }).fill('دسته ویرایش‌شده');
    await dialog.getByLabel('غیرفعال').check();
    await told(page, 'دسته‌بندی با موفقیت ویرایش شد', () => dialog.getByRole('button', { name: 'ذخیره' }).click());
    await row('دسته ویرایش‌شده').waitFor();
    await expect.poll(() => row('دسته ویرایش‌شده').getByText('بله').isVisible()).toBe(true);
  });

  it('asks before deleting; declining keeps the row, confirming removes it', async () => {
    await row('دسته ویرایش‌شده').getByRole('button', { name: 'حذف' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('آیا از حذف این دسته‌بندی مطمئن هستید؟').waitFor();
    await confirm.getByRole('button', { name: 'انصراف' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await row('دسته ویرایش‌شده').count()).toBe(1);

    await row('دسته ویرایش‌شده').getByRole('button', { name: 'حذف' }).click();
    await told(page, 'دسته‌بندی با موفقیت حذف شد', () => page.getByRole('alertdialog').getByRole('button', { name: 'بله، حذف شود' }).click());
    await row('دسته ویرایش‌شده').waitFor({ state: 'detached' });
  });

  it('filters the table with the search box', async () => {
    const search = page.getByRole('searchbox', { name: 'جستجو' });
    await search.fill('چیزی که نیست');
    await page.getByText('هیچ داده‌ای موجود نیست').waitFor();
    await search.fill('');
  });

  it('keeps session errors out of the page', () => {
    expect(session.errors).toEqual([]);
  });
});
