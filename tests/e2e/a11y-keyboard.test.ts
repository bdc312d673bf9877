// Three of an operator's tasks with the keyboard alone, in Chromium against the real server: no
// mouse event is sent (only page.keyboard; the page counts pointer presses and must see none).
// Each page starts with the «پرش به محتوای اصلی» link; the focused control shows a ring; Escape
// closes a dialog; focus is back on the control that opened it after each dialog; and the
// calendar's arrows follow right-to-left (→ is the day before). With SHOTS_DIR set, the skip link
// and a focus ring at 1366 and 390 px.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipLinkText } from '../../src/components/site/SkipLink';
import { courseBody } from '../support/samples';
import { apiCall, apiToken, framesDrawn, launchBrowser, signInAsAdmin, startStack, told, type BrowserSession, type Stack } from './harness';

declare global {
  interface Window {
    /** Pointer presses the page has seen (counted by the test's init script). */
    academyPointerPresses?: number;
    /** Frames drawn with focus on the page itself once it had been given back (bodyFrames). */
    academyBodyFrames?: { count: number; stop: boolean };
  }
}

const shots = process.env.SHOTS_DIR;
const courseTitle = 'رباتیک مقدماتی صفحه‌کلید';
let stack: Stack;
let session: BrowserSession;
let page: Page;
let courseId: number;

beforeAll(async () => {
  stack = await startStack();
  const token = await apiToken(stack, stack.adminPhone, stack.adminPassword);
  courseId = (await apiCall<{ id: number }>(stack, token, 'POST', '/api/Course/Create', courseBody(courseTitle))).id;
  session = await launchBrowser({ viewport: { width: 1366, height: 900 } });
  page = session.page;
  await signInAsAdmin(page, stack);
  // Every document of the test counts the pointer presses it sees: the tasks must need none.
  await session.context.addInitScript({ content: `window.academyPointerPresses = 0; for (const type of ['pointerdown', 'mousedown']) addEventListener(type, () => { window.academyPointerPresses += 1; }, true);` });
});

afterAll(async () => {
  await session?.close();
  await stack?.stop();
});

interface Focused {
  name: string;
  focusKey: string | null;
  inDialog: boolean;
  ring: boolean;
  id: string;
}

/** What has focus: its accessible name as the page gives it, and whether a ring shows. */
const focused = (): Promise<Focused> =>
  page.evaluate(() => {
    const element = document.activeElement instanceof HTMLElement ? document.activeElement : document.body;
    // The text a screen reader reads: what is hidden from it (a sort arrow) and a wrapped
    // field's own options left out.
    const said = (node: Node): string =>
      node instanceof Element
        ? node.getAttribute('aria-hidden') === 'true' || ['SELECT', 'INPUT', 'TEXTAREA'].includes(node.tagName)
          ? ''
          : [...node.childNodes].map(said).join('')
        : (node.textContent ?? '');
    const label = element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement ? element.labels?.[0] : null;
    const labelled = label ? said(label) : null;
    const style = getComputedStyle(element);
    return {
      name: (element.getAttribute('aria-label') ?? labelled ?? said(element)).trim(),
      focusKey: element.getAttribute('data-focus-key'),
      inDialog: element.closest('[role="dialog"], [role="alertdialog"]') !== null,
      ring: style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2,
      id: element.id,
    };
  });

/**
 * Counts, frame by frame from now, the frames drawn with focus on the page itself after it was
 * given back: a dialog's closing (the library hands focus back a moment later) is not counted,
 * a button going from under the focus is.
 */
const countBodyFrames = () =>
  page.evaluate(() => {
    const frames = { count: 0, stop: false };
    window.academyBodyFrames = frames;
    let given = false;
    const tick = () => {
      const lost = !document.activeElement || document.activeElement === document.body;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) given = false;
      else if (!lost) given = true;
      else if (given) frames.count += 1;
      if (!frames.stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });

/** Presses Tab (Shift+Tab with `back`) until the focused control's name passes `wanted`. */
async function tabTo(wanted: (name: string) => boolean, back = false): Promise<Focused> {
  for (let presses = 0; presses < 150; presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await focused();
    if (wanted(now.name)) return now;
  }
  throw new Error(`Tab never reached the control wanted; last: ${(await focused()).name}`);
}

const named = (text: string) => (name: string) => name === text;
const startsWith = (text: string) => (name: string) => name.startsWith(text);

/**
 * The page at 1366 and 390 px. A phone-wide list draws other controls (cards, one «⋯» per row)
 * and an open calendar was placed for the wide screen: those are shot at 1366 only (`wideOnly`).
 */
async function shoot(name: string, wideOnly = false): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const width of wideOnly ? [1366] : [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await framesDrawn(page);
    await page.screenshot({ path: `${shots}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** Opens a screen by its address, and checks its first Tab stop is the skip link, which works. */
async function openAndSkip(path: string, heading: string, shot = true): Promise<void> {
  await page.goto(`${stack.baseUrl}${path}`);
  await page.getByRole('heading', { name: heading }).first().waitFor();
  await page.keyboard.press('Tab');
  const skip = await focused();
  expect(skip.name).toBe(skipLinkText);
  expect(skip.ring).toBe(true);
  if (shot) await shoot(`skip-link-${path.split(/[/?]/)[2] ?? 'page'}`);
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await focused()).id).toBe('admin-content');
}

describe('the keyboard alone', () => {
  it('finds a paid order, opens it and refunds it', async () => {
    await openAndSkip('/admin/orders?f.status=paid', 'سفارش‌ها و پرداخت‌ها');
    // A column sorted from its header says so to a screen reader (aria-sort), not by an arrow alone.
    const amount = page.getByRole('columnheader', { name: /مبلغ/ });
    expect(await amount.getAttribute('aria-sort')).toBeNull();
    await tabTo(named('مبلغ'));
    await page.keyboard.press('Enter');
    await expect.poll(() => amount.getAttribute('aria-sort')).toBe('ascending');
    await page.keyboard.press('Enter');
    await expect.poll(() => amount.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(async () => (await focused()).name).toBe('مبلغ');
    const view = await tabTo(startsWith('مشاهده '));
    expect(view.ring).toBe(true);
    await shoot('focus-ring-row-link', true);
    expect(view.name).toMatch(/^مشاهده /);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /تراکنش‌های درگاه/ }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/orders\/\d+$/);
    await tabTo(named('بازگشت وجه'));
    // Escape closes the question and leaves focus where it was.
    await page.keyboard.press('Enter');
    const question = page.getByRole('alertdialog');
    await question.waitFor();
    await expect.poll(async () => (await focused()).inDialog).toBe(true);
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused()).name).toBe('بازگشت وجه');
    await page.keyboard.press('Enter');
    await question.waitFor();
    const confirm = await tabTo(named('بازگشت وجه'));
    expect(confirm.inDialog).toBe(true);
    await countBodyFrames();
    await told(page, 'وجه سفارش بازگردانده شد', () => page.keyboard.press('Enter'));
    await page.getByText('بازپرداخت شده').first().waitFor();
    // The refund button is gone with the refund: focus lands on the detail view's heading (the
    // order's name), never for a frame on the page itself (a screen reader would start over from
    // the top), however late the order is read again.
    await page.getByRole('button', { name: 'بازگشت وجه' }).waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused()).id).toBe('admin-detail-title');
    expect(await page.evaluate(() => {
      const frames = window.academyBodyFrames;
      if (frames) frames.stop = true;
      return frames?.count;
    })).toBe(0);
  });

  it('finds a course and edits its title, focus back on its edit button after each dialog', async () => {
    await openAndSkip('/admin/courses', 'مدیریت دوره‌ها');
    await tabTo(named('جستجو'));
    await page.keyboard.type('صفحه‌کلید');
    await page.getByRole('row').filter({ hasText: courseTitle }).waitFor();
    const edit = `ویرایش ${courseTitle}`;
    await tabTo(named(edit));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'ذخیره' }).waitFor();
    // The dialog opens on its first field; Escape closes it, focus back on the button.
    await expect.poll(async () => (await focused()).name).toBe('عنوان دوره');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused()).name).toBe(edit);

    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused()).name).toBe('عنوان دوره');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(`${courseTitle} ۲`);
    await tabTo(named('ذخیره'));
    // The notice is said as it appears: an alert inside the toasts' live region, named in Persian.
    // Watched for from before the save: a toast stays two seconds, which a busy machine can miss.
    const said = page.waitForFunction(() =>
      [...document.querySelectorAll('section.Toastify[aria-live="polite"][aria-label="اعلان‌ها (Alt+T)"] [role="alert"]')].some((alert) =>
        alert.textContent?.includes('ویرایش شد'),
      ),
    );
    await told(page, 'ویرایش شد', () => page.keyboard.press('Enter'));
    await said;
    await dialog.waitFor({ state: 'detached' });
    // The list has read the row again: focus is on the same row's edit button, now named anew.
    await expect.poll(async () => (await focused()).focusKey).toBe(`courses:${courseId}:edit`);
    await expect.poll(async () => (await focused()).name).toBe(`ویرایش ${courseTitle} ۲`);
  });

  it('adds a class session: picks the course by typing and the day from the calendar with arrows that run right to left', async () => {
    await openAndSkip('/admin/classSessions', 'جلسات کلاس‌ها');
    await tabTo(named('افزودن جلسه'));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'ذخیره' }).waitFor();

    // A reference: typed, chosen with ↓ and Enter.
    const course = await tabTo(named('دوره'), false);
    expect(course.inDialog).toBe(true);
    await page.keyboard.type('صفحه‌کلید');
    await dialog.getByRole('option', { name: new RegExp(courseTitle) }).first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByRole('combobox', { name: 'دوره' }).inputValue()).toContain(courseTitle);

    // A day: ↓ opens the calendar on today; → is the day before, ← the day after (right to left).
    await tabTo(named('تاریخ جلسه'));
    await page.keyboard.press('ArrowDown');
    const calendar = dialog.getByRole('dialog', { name: /[۰-۹]{4}/ });
    await calendar.waitFor();
    await expect.poll(async () => (await focused()).name).toMatch(/^[۰-۹]+ \S+ [۰-۹]{4}، \S+$/);
    const today = (await focused()).name;
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await focused()).name).not.toBe(today);
    const before = (await focused()).name;
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await focused()).name).toBe(today);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await focused()).name).not.toBe(today);
    const after = (await focused()).name;
    expect(new Set([today, before, after]).size).toBe(3);
    // Escape closes the calendar only, back on its field; the form stays open.
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused()).name).toBe('تاریخ جلسه');
    expect(await dialog.count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    await calendar.waitFor();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await focused()).name).toBe(after);
    await shoot('focus-ring-calendar-day', true);
    await page.keyboard.press('Enter');
    await calendar.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused()).name).toBe('تاریخ جلسه');
    await expect.poll(() => dialog.getByRole('combobox', { name: 'تاریخ جلسه' }).inputValue()).toMatch(/^[۰-۹]{4}\/[۰-۹]{2}\/[۰-۹]{2}$/);

    // The hours: a closed list takes ↓ as the next option.
    await tabTo(named('ساعت شروع'));
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
    await tabTo(named('ساعت پایان'));
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowDown');
    await tabTo(named('ذخیره'));
    await told(page, 'افزوده شد', () => page.keyboard.press('Enter'));
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused()).name).toBe('افزودن جلسه');
    expect(await page.evaluate(() => window.academyPointerPresses)).toBe(0);
  });

  it.runIf(shots)('shows the ring on a phone-wide list too (screenshots only)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openAndSkip('/admin/courses', 'مدیریت دوره‌ها', false);
    const menu = await tabTo(startsWith('عملیات: '));
    expect(menu.ring).toBe(true);
    await framesDrawn(page);
    await page.screenshot({ path: `${shots}/focus-ring-row-menu-390.png` });
    await page.setViewportSize({ width: 1366, height: 900 });
  });
});
