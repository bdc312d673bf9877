// The other entity screens end to end: courses (date picker and reference selects; assistant
// teachers, a many-to-many field: picked as chips, shown by name in the list and as links on the
// detail view, filtered by one teacher, one removed with its chip's button, the change logged by
// name), teachers, articles
// (rich-text editor), users (role edit patched in place, local delete), and the shell.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignUp, framesDrawn, launchBrowser, signInAsAdmin, startStack, told, type BrowserSession, type Stack } from './harness';

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

async function confirmDelete(text: string, question: string, toast: string) {
  await row(text).getByRole('button', { name: 'حذف' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByText(question).waitFor();
  await told(page, toast, () => confirm.getByRole('button', { name: 'بله، حذف شود' }).click());
  await row(text).waitFor({ state: 'detached' });
}

/** The course list's add form, open, with its title typed. */
async function openCourseAdd(title: string) {
  await page.goto(`${stack.baseUrl}/admin/courses`);
  await page.getByRole('button', { name: 'افزودن دوره جدید' }).click();
  const dialog = page.getByRole('dialog', { name: 'افزودن دوره جدید' });
  await dialog.waitFor();
  await dialog.getByLabel('عنوان دوره').fill(title);
  return dialog;
}

describe('admin shell', () => {
  it('redirects /admin to the dashboard and lists the sidebar in its groups, daily screens first', async () => {
    await page.goto(`${stack.baseUrl}/admin`);
    await page.waitForURL(/\/admin\/dashboard$/);
    await page.getByRole('link', { name: 'داشبورد' }).waitFor();
    // A link's text is its screen's name; an entity's count (navBadge), Persian digits and its
    // title for screen readers, follows it and is left out here.
    const links = async () => (await page.getByRole('navigation').getByRole('link').allTextContents()).map((text) => text.replace(/[۰-۹٬]+.*$/, ''));
    // Each screen's place is declared in its schema file (nav) or on its route (staticData).
    await expect.poll(async () => (await links()).map((t) => t.replace(/\u200c/g, ''))).toEqual(
      [
        'داشبورد',
        ...['سفارش‌ها', 'ثبت‌نام‌ها', 'فهرست انتظار', 'کدهای تخفیف', 'تخفیف خواهر و برادر'],
        ...['جلسات کلاس‌ها', 'حضور و غیاب', 'دوره‌ها', 'تعطیلات', 'دسته بندی دوره‌ها'],
        ...['پیام‌های تماس', 'کاربران', 'فرزندان', 'همیاران'],
        ...['مقالات', 'مدیا'],
        ...['پیام‌های ارسالی', 'ایمیل', 'گزارش تغییرات', 'سابقه ورود', 'نقش‌های کارکنان'],
      ].map((t) => t.replace(/\u200c/g, '')),
    );
    await expect.poll(() => page.getByText(/[۰-۹]{4}\/[۰-۹]{2}\/[۰-۹]{2}/).first().isVisible()).toBe(true);
  });
});

describe('contact messages (an entity added by its schema file alone)', () => {
  it('lists a message sent through the public contact form and deletes it after confirmation', async () => {
    const sent = await fetch(`${stack.baseUrl}/api/Contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fullName: 'نرگس کاظمی', phoneNumber: '۰۹۱۲۷۶۵۴۳۲۱', message: 'ساعت کلاس‌های رباتیک چه زمانی است؟' }),
    });
    expect(sent.status).toBe(200);
    await page.goto(`${stack.baseUrl}/admin/messages`);
    await page.getByRole('heading', { name: 'پیام‌های تماس با ما' }).first().waitFor();
    const row = page.getByRole('row').filter({ hasText: 'نرگس کاظمی' });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('۰۹۱۲۷۶۵۴۳۲۱');
    await row.getByRole('button', { name: 'حذف' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('آیا از حذف این پیام مطمئن هستید؟').waitFor();
    await told(page, 'پیام با موفقیت حذف شد', () => confirm.getByRole('button', { name: /بله/ }).click());
    await row.waitFor({ state: 'detached' });
  });

  it('shows the not-found page for an admin path that is no entity', async () => {
    await page.goto(`${stack.baseUrl}/admin/no-such-entity`);
    await page.getByText('صفحه‌ای که دنبالش بودید پیدا نشد').first().waitFor();
  });
});

describe('admin courses', () => {
  it('adds a course with the date picker and the reference selects', async () => {
    const dialog = await openCourseAdd('دوره آزمایشی مرورگر');
    await dialog.getByLabel('مدت (ساعت)').fill('۲۰');
    await dialog.getByLabel('قیمت (تومان)').fill('۱۲۳۴۵۶۷');
    await dialog.getByLabel('نوع دوره').selectOption({ label: 'حضوری' });
    await dialog.getByLabel('تاریخ برگزاری').click();
    await dialog.getByRole('button', { name: 'ماه بعد' }).click();
    await dialog.getByRole('gridcell').getByRole('button', { name: /^۱۵ / }).click();
    await expect.poll(() => dialog.getByLabel('تاریخ برگزاری').inputValue()).toMatch(/\/۱۵$/);
    // The reference pickers are comboboxes: the first record after «none».
    for (const label of ['مدرس', 'دسته‌بندی']) {
      const picker = dialog.getByRole('combobox', { name: label, exact: true });
      await picker.click();
      await dialog.getByRole('listbox', { name: label, exact: true }).getByRole('option').nth(1).click();
      await expect.poll(() => picker.inputValue()).not.toBe('');
    }
    await told(page, 'دوره با موفقیت ایجاد شد', () => dialog.getByRole('button', { name: 'ذخیره' }).click());
    // Rows are virtualised: a new row at the end of a long list is found by searching.
    await page.getByRole('searchbox', { name: 'جستجو' }).fill('آزمایشی');
    await row('دوره آزمایشی مرورگر').waitFor();
    await expect.poll(() => row('دوره آزمایشی مرورگر').getByText('۱٬۲۳۴٬۵۶۷ تومان').isVisible()).toBe(true);
    await expect.poll(() => row('دوره آزمایشی مرورگر').getByText('۲۰ ساعت').isVisible()).toBe(true);
    await expect.poll(() => row('دوره آزمایشی مرورگر').getByText(/^۱۵ /).isVisible()).toBe(true);
  });

  it('edits it, then deletes it after confirmation', async () => {
    // The public catalogue is served from memory (server/features/catalogue/pageCache.ts): the save must show on the
    // very next request of a page kept just before it.
    const catalogue = async () => (await fetch(`${stack.baseUrl}/categories`, { headers: { accept: 'text/html' } })).text();
    expect(await catalogue()).toContain('دوره آزمایشی مرورگر');
    expect(await catalogue()).toContain('دوره آزمایشی مرورگر');
    await row('دوره آزمایشی مرورگر').getByRole('button', { name: 'ویرایش' }).click();
    const dialog = page.getByRole('dialog', { name: 'ویرایش دوره' });
    await dialog.getByLabel('وضعیت دوره').selectOption({ label: 'غیرفعال' });
    await told(page, 'دوره با موفقیت ویرایش شد', () => dialog.getByRole('button', { name: 'ذخیره' }).click());
    await row('دوره آزمایشی مرورگر').getByText('غیرفعال').waitFor();
    expect(await catalogue()).not.toContain('دوره آزمایشی مرورگر');
    await confirmDelete('دوره آزمایشی مرورگر', 'آیا از حذف دوره مطمئن هستید؟', 'دوره با موفقیت حذف شد');
  });
});

describe('admin course dates', () => {
  it('shows the date order message under the deadline as soon as the dates cross, and saves once they do not', async () => {
    const dialog = await openCourseAdd('دوره مهلت آزمایشی');
    await dialog.getByLabel('نوع دوره').selectOption({ label: 'حضوری' });
    const pick = async (label: string, monthsAhead: number, day: string) => {
      await dialog.getByLabel(label, { exact: true }).click();
      for (let i = 0; i < monthsAhead; i++) await dialog.getByRole('button', { name: 'ماه بعد' }).click();
      await dialog.getByRole('gridcell').getByRole('button', { name: new RegExp(`^${day} `) }).click();
    };
    await pick('تاریخ برگزاری', 1, '۱۵');
    await pick('مهلت ثبت‌نام', 2, '۱۰');
    const message = dialog.getByText('مهلت ثبت‌نام نمی‌تواند بعد از تاریخ برگزاری باشد');
    await message.waitFor();
    await expect.poll(() => dialog.getByLabel('مهلت ثبت‌نام', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/course-deadline-after-start.png` });
    // Moving the start later clears the message on the deadline without touching it.
    await pick('تاریخ برگزاری', 3, '۱۵');
    await message.waitFor({ state: 'detached' });
    await told(page, 'دوره با موفقیت ایجاد شد', () => dialog.getByRole('button', { name: 'ذخیره' }).click());
  });
});

describe('a course’s assistant teachers', () => {
  it('are picked as chips, listed by name, linked from the detail view, filtered by, and removed', async () => {
    const dialog = await openCourseAdd('دوره با دستیاران مرورگر');
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
    const offered = dialog.getByRole('listbox', { name: 'مدرسان دستیار' }).getByRole('option');
    await offered.first().waitFor();
    await expect.poll(() => offered.allTextContents()).not.toContain(names[0]);
    await page.keyboard.press('Escape');
    await told(page, 'دوره با موفقیت ایجاد شد', () => dialog.getByRole('button', { name: 'ذخیره' }).click());

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
    await told(page, 'دوره با موفقیت ویرایش شد', () => edit.getByRole('button', { name: 'ذخیره' }).click());
    // A course's save reloads its row (the server derives some of its fields), so the toast can
    // come before the detail view is drawn again: the removed name is waited out, not counted.
    await fields.getByRole('link', { name: names[0], exact: true }).waitFor({ state: 'detached' });
    await fields.getByRole('link', { name: names[1], exact: true }).waitFor();

    // The change log tells the teachers before and after by name, as the detail view does.
    await page.goto(`${stack.baseUrl}/admin/audit?entity=courses&action=update`);
    const change = page.locator('.audit-entry').filter({ hasText: 'دوره با دستیاران مرورگر' }).first();
    for (const name of names) await change.locator('.audit-before').getByText(name).waitFor();
    await change.locator('.audit-after').getByText(names[1] ?? '', { exact: true }).waitFor();
  });
});

describe('admin teachers', () => {
  it('adds, edits and deletes a teacher', async () => {
    await page.goto(`${stack.baseUrl}/admin/teachers`);
    await page.getByRole('button', { name: 'افزودن همیار جدید' }).click();
    const dialog = page.getByRole('dialog', { name: 'افزودن همیار' });
    await dialog.getByLabel('نام', { exact: true }).fill('همیار آزمایشی');
    await dialog.getByLabel('مهارت').fill('رباتیک');
    await dialog.getByLabel('توضیحات').fill('مدرس رباتیک');
    await dialog.getByRole('button', { name: 'ذخیره' }).click();
    await dialog.getByText('لینک تصویر الزامی است').waitFor();
    await dialog.getByLabel('لینک تصویر').click();
    const library = page.getByRole('dialog', { name: 'انتخاب تصویر از کتابخانه' });
    await library.getByRole('searchbox').fill('course-2');
    await library.getByRole('button', { name: /course-2/ }).first().click();
    await library.waitFor({ state: 'detached' });
    await told(page, 'مدرس با موفقیت ایجاد شد', () => dialog.getByRole('button', { name: 'ذخیره' }).click());
    await row('همیار آزمایشی').getByRole('button', { name: 'ویرایش' }).click();
    const edit = page.getByRole('dialog', { name: 'ویرایش همیار' });
    await edit.getByLabel('مهارت').fill('پایتون');
    await told(page, 'مدرس با موفقیت ویرایش شد', () => edit.getByRole('button', { name: 'ذخیره' }).click());
    await row('همیار آزمایشی').getByText('پایتون').waitFor();
    await confirmDelete('همیار آزمایشی', 'آیا از حذف این مدرس مطمئن هستید؟', 'مدرس با موفقیت حذف شد');
  });
});

describe('admin articles', () => {
  it('keeps the form still while the editor’s code arrives: «ذخیره» stays under the pointer, at desk and phone width', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const editorCode = /\/assets\/RichTextEditor-[\w-]+\.js$/;
    await page.route(editorCode, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto(`${stack.baseUrl}/admin/articles`);
      await page.getByRole('button', { name: 'افزودن مقاله جدید' }).click();
      const dialog = page.getByRole('dialog', { name: 'افزودن مقاله' });
      const save = dialog.getByRole('button', { name: 'ذخیره' });
      await dialog.locator('.admin-field').filter({ hasText: 'متن مقاله' }).getByText('در حال بارگذاری').waitFor();
      const waiting: Record<number, number> = {};
      for (const width of [1366, 700, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await framesDrawn(page);
        waiting[width] = (await save.boundingBox())?.y ?? NaN;
      }
      release();
      await dialog.getByRole('textbox', { name: 'متن مقاله' }).waitFor();
      for (const width of [390, 700, 1366]) {
        await page.setViewportSize({ width, height: 900 });
        await framesDrawn(page);
        expect(Math.abs(((await save.boundingBox())?.y ?? NaN) - (waiting[width] ?? NaN))).toBeLessThan(1);
      }
      await dialog.getByRole('button', { name: 'انصراف' }).click();
      await dialog.waitFor({ state: 'detached' });
    } finally {
      release();
      await page.unroute(editorCode);
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('adds an article with the rich-text editor, edits and deletes it', async () => {
    await page.goto(`${stack.baseUrl}/admin/articles`);
    await page.getByRole('button', { name: 'افزودن مقاله جدید' }).click();
    const dialog = page.getByRole('dialog', { name: 'افزودن مقاله' });
    await dialog.getByLabel('نویسنده').fill('نویسنده آزمایشی');
    await dialog.getByLabel('عنوان', { exact: true }).fill('مقاله آزمایشی');
    const editor = dialog.getByRole('textbox', { name: 'متن مقاله' });
    await editor.click();
    await page.keyboard.type('این متن بدنه یک مقاله آزمایشی است که باید در جدول کوتاه شود تا پنجاه نویسه بیشتر نشود.');
    await told(page, 'مقاله با موفقیت ایجاد شد', () => dialog.getByRole('button', { name: 'ذخیره' }).click());
    await row('مقاله آزمایشی').getByText(/…$/).waitFor();
    await row('مقاله آزمایشی').getByRole('button', { name: 'ویرایش' }).click();
    const edit = page.getByRole('dialog', { name: 'ویرایش مقاله' });
    await edit.getByLabel('نویسنده').fill('نویسنده دوم');
    await told(page, 'مقاله با موفقیت ویرایش شد', () => edit.getByRole('button', { name: 'ذخیره' }).click());
    await row('نویسنده دوم').waitFor();
    await confirmDelete('مقاله آزمایشی', 'آیا از حذف این مقاله مطمئن هستید؟', 'مقاله با موفقیت حذف شد');
  });
});

describe('admin users', () => {
  it('edits a user role, patched in place, and deletes the user', async () => {
    // A learner to work on, registered through the public API.
    const phone = '09351234567';
    const signUp = await apiSignUp(stack, { firstName: 'کاربر', lastName: 'آزمایشی', phoneNumber: phone, password: 'Learner-Password-1' });
    expect(signUp.ok).toBe(true);
    await page.goto(`${stack.baseUrl}/admin/users`);
    await row('کاربر آزمایشی').waitFor();
    await expect.poll(() => row('کاربر آزمایشی').getByText('۰۹۳۵۱۲۳۴۵۶۷').isVisible()).toBe(true);
    await row('کاربر آزمایشی').getByRole('button', { name: 'ویرایش' }).click();
    const dialog = page.getByRole('dialog', { name: 'ویرایش کاربر' });
    expect(await dialog.getByLabel('ایمیل').getAttribute('type')).toBe('email');
    await dialog.getByLabel('ایمیل').fill('tester@example.com');
    await dialog.getByLabel('نقش', { exact: true }).selectOption({ label: 'مدیر سیستم' });
    await told(page, 'اطلاعات کاربر با موفقیت ویرایش شد', () => dialog.getByRole('button', { name: 'ذخیره' }).click());
    await row('کاربر آزمایشی').getByText('مدیر سیستم').waitFor();
    await row('کاربر آزمایشی').getByText('tester@example.com').waitFor();
    await confirmDelete('کاربر آزمایشی', 'آیا مطمئنی که می‌خوای این کاربر حذف بشه؟', 'کاربر با موفقیت حذف شد');
  });

  it('logs out to /auth', async () => {
    await page.getByRole('button', { name: 'خروج' }).click();
    await page.waitForURL(/\/auth/);
    await expect.poll(() => page.evaluate(() => localStorage.length)).toBe(0);
  });
});
