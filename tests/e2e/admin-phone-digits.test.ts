// In Chromium against the real server.
// Digits: every text node of the public pages and the admin screens is scanned for Latin digits
// outside Latin words, e-mail addresses and URLs; an article's prose, code and numbered list.
// The admin at 390 px: phone numbers whole, row actions in reach, the date picker on screen,
// dialogs opening on their first field and giving focus back to their opener.
// With SHOTS_DIR set, the courses and users lists and a form with its date picker open, at 1366
// and 390 px.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, launchBrowser, signInAsAdmin, startStack, type BrowserSession, type Stack } from './harness';

const shots = process.env.SHOTS_DIR;

let stack: Stack;
let browser: BrowserSession;
let token = '';
let articleSlug = '';

const withId = v.object({ id: v.number(), slug: v.optional(v.string()) });

async function create(path: string, body: Record<string, unknown>) {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json();
  if (!response.ok) throw new Error(`${path} → ${response.status} ${JSON.stringify(json)}`);
  return v.parse(withId, json);
}

/**
 * The text nodes that show a Latin digit a reader should see in Persian: every word that holds a
 * Latin letter or an @ (a Latin word, an e-mail address, a URL, a file name) is set aside, and so
 * is code, what the admin is typing, and anything hidden.
 */
async function latinDigitsShown(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const skipped = new Set(['SCRIPT', 'STYLE', 'CODE', 'PRE', 'KBD', 'SAMP', 'TEXTAREA', 'NOSCRIPT', 'TEMPLATE']);
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest([...skipped].join(','))) continue;
      if (parent.closest('[hidden], [aria-hidden="true"]')) continue;
      const text = node.textContent ?? '';
      const rest = text
        .split(/\s+/)
        .filter((word) => !/[A-Za-z@]/.test(word))
        .join(' ');
      if (/[0-9]/.test(rest)) found.push(text.trim());
    }
    return found;
  });
}

async function shoot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}.png` });
}

beforeAll(async () => {
  stack = await startStack();
  token = await apiToken(stack, stack.adminPhone, stack.adminPassword);
  const article = await create('/api/Article/Create', {
    name: 'ساخت ربات با ESP32 در 3 جلسه',
    author: 'مریم احمدی',
    body:
      '<p>در 3 جلسه با ESP32 کار می‌کنیم؛ هر جلسه 2.5 ساعت و هزینه 1,250,000 تومان. پرسش‌ها: admin2@example.com</p>' +
      '<ol><li>گام اول</li><li>گام دوم</li></ol><pre><code>for i in range(10):\n    print(i)</code></pre>',
    image: '',
  });
  articleSlug = article.slug ?? '';
  browser = await launchBrowser({ viewport: { width: 1366, height: 900 } });
  await signInAsAdmin(browser.page, stack);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('digits shown Persian, data kept as written', () => {
  it('the public pages show no Latin digit outside Latin words, e-mails and URLs', async () => {
    const { page } = browser;
    const paths = ['/', '/categories', '/categories?age=9', '/teachers', '/articles', `/articles/${encodeURIComponent(articleSlug)}`, '/about-us', '/contact-us'];
    // A course page too: the first course the catalogue links to.
    await page.goto(`${stack.baseUrl}/categories`);
    const course = await page.locator('a[href^="/categories/"][href*="/"]').evaluateAll((links) =>
      links.map((a) => a.getAttribute('href') ?? '').find((href) => href.split('/').length === 4),
    );
    if (course) paths.push(course);
    const found: Record<string, string[]> = {};
    for (const path of paths) {
      await page.goto(`${stack.baseUrl}${path}`);
      const shown = await latinDigitsShown(page);
      if (shown.length > 0) found[path] = shown;
    }
    expect(found).toEqual({});
  });

  it('an article’s prose is Persian, its code and Latin words are not, its list counts in Persian', async () => {
    const { page } = browser;
    await page.goto(`${stack.baseUrl}/articles/${encodeURIComponent(articleSlug)}`);
    const body = page.locator('.article-body');
    const prose = (await body.locator('p').first().textContent()) ?? '';
    expect(prose).toContain('در ۳ جلسه با ESP32');
    expect(prose).toContain('۲٫۵ ساعت');
    expect(prose).toContain('۱٬۲۵۰٬۰۰۰ تومان');
    expect(prose).toContain('admin2@example.com');
    expect(await body.locator('code').textContent()).toContain('range(10)');
    expect(await body.locator('ol').evaluate((ol) => getComputedStyle(ol).listStyleType)).toBe('persian');
    await body.locator('ol').scrollIntoViewIfNeeded();
    await shoot(page, 'article-digits-1366');
    // The title keeps its Latin word and converts its count.
    expect(await page.locator('h1').first().textContent()).toContain('ESP32 در ۳ جلسه');

    // The editor numbers its list the same way, and edits the stored text (Latin digits) as it is.
    await page.goto(`${stack.baseUrl}/admin/articles`);
    await page.getByRole('row').filter({ hasText: 'ESP32' }).getByRole('button', { name: 'ویرایش' }).click();
    const editor = page.locator('.rte-content');
    await editor.locator('ol').waitFor();
    expect(await editor.locator('ol').evaluate((ol) => getComputedStyle(ol).listStyleType)).toBe('persian');
    expect(await editor.locator('p').first().textContent()).toContain('در 3 جلسه');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('the admin screens show no Latin digit outside Latin words, e-mails and URLs', async () => {
    const { page } = browser;
    const found: Record<string, string[]> = {};
    for (const key of ['courses', 'users', 'messages', 'children', 'articles', 'audit']) {
      await page.goto(`${stack.baseUrl}/admin/${key}`);
      await page.getByRole('row').nth(1).waitFor();
      const shown = await latinDigitsShown(page);
      if (shown.length > 0) found[key] = shown;
    }
    expect(found).toEqual({});
    await page.goto(`${stack.baseUrl}/admin`);
    await page.locator('.admin-screen-title, h1, h2').first().waitFor();
    expect(await latinDigitsShown(page)).toEqual([]);
  });
});

describe('the admin on a phone (390 px)', () => {
  const focusedKey = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-focus-key') ?? document.activeElement?.tagName ?? null);

  it('keeps phone numbers on one line and each row’s actions on screen', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${stack.baseUrl}/admin/users`);
    await page.getByRole('row').nth(1).waitFor();
    await shoot(page, 'users-1366');
    // Whole on a wide screen too: no phone cell is cut with an ellipsis.
    const cut = () =>
      page.locator('.admin-cell-phone').evaluateAll((phones) =>
        phones.filter((phone) => {
          const clip = phone.closest('.admin-cell-clip');
          return clip instanceof HTMLElement && clip.scrollWidth > clip.clientWidth;
        }).map((phone) => phone.textContent),
      );
    await expect.poll(cut).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    const menu = page.getByRole('button', { name: /^عملیات: / }).first();
    await menu.waitFor();
    await shoot(page, 'users-390');
    const phone = page.locator('.admin-cell-phone').first();
    const { height, lineHeight, text } = await phone.evaluate((el) => ({
      height: el.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(el).lineHeight),
      text: el.textContent ?? '',
    }));
    expect(text).toMatch(/^[۰-۹]{11}$/);
    expect(height).toBeLessThan(lineHeight * 1.5);
    // Scrolled sideways to either end, the actions button stays inside the screen.
    const scroller = page.locator('.admin-entity-scroll');
    for (const to of [-10_000, 10_000]) {
      await scroller.evaluate((el, x) => el.scrollTo({ left: x }), to);
      await menu.scrollIntoViewIfNeeded();
      const box = await menu.boundingBox();
      expect(box).not.toBeNull();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    }
  });

  it('opens forms on their first field, keeps the date picker on screen, gives focus back after cancel and save', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${stack.baseUrl}/admin/courses`);
    const menu = page.getByRole('button', { name: /^عملیات: / }).first();
    await menu.waitFor();
    await shoot(page, 'courses-390');
    const menuKey = await menu.getAttribute('data-focus-key');
    let sheetShot = false;
    const openEdit = async () => {
      // A list refreshing in the background redraws its rows; the tap waits for it to settle.
      await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
      await menu.click();
      await page.getByRole('dialog').waitFor();
      if (!sheetShot) await shoot(page, 'courses-actions-sheet-390');
      sheetShot = true;
      await page.getByRole('dialog').getByRole('button', { name: 'ویرایش' }).click();
      await page.locator('form.admin-form').waitFor();
      await page.waitForFunction(() => document.activeElement?.closest('form.admin-form') !== null);
    };

    await openEdit();
    const firstFieldId = await page.locator('form.admin-form').evaluate((form) => form.querySelector('input')?.id);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(firstFieldId);
    const picker = page.locator('.jdp-input').first();
    await picker.scrollIntoViewIfNeeded();
    await picker.click();
    const popup = page.locator('.jdp-popup');
    await popup.waitFor();
    await shoot(page, 'course-form-date-picker-390');
    const box = await popup.boundingBox();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 1000)).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'انصراف' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => focusedKey(page)).toBe(menuKey);

    await openEdit();
    await page.getByRole('button', { name: 'ذخیره' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => focusedKey(page)).toBe(menuKey);
  });

  it('gives focus to the screen after a delete took the opener’s row, and to the opener at 1366 px', async () => {
    const { page } = browser;
    const doomed = await create('/api/Category/Create', { name: 'دسته موقت حذف', inActive: false, coverImage: '' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${stack.baseUrl}/admin/categories`);
    const menu = page.locator(`[data-focus-key="categories:${doomed.id}:menu"]`);
    await menu.scrollIntoViewIfNeeded();
    await menu.click();
    await page.getByRole('dialog').getByRole('button', { name: 'حذف' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    // A question without fields opens on its safe answer.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('انصراف');
    await confirm.getByRole('button', { name: 'حذف' }).click();
    await confirm.waitFor({ state: 'detached' });
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-focus-home') ?? false)).toBe(true);

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${stack.baseUrl}/admin/courses`);
    const add = page.getByRole('button', { name: 'افزودن دوره جدید' });
    await add.click();
    await page.locator('form.admin-form').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('form') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('افزودن دوره جدید');
    await shoot(page, 'courses-1366');
    const edit = page.getByRole('row').nth(1).getByRole('button', { name: 'ویرایش' });
    const editKey = await edit.getAttribute('data-focus-key');
    await edit.click();
    await page.locator('.jdp-input').first().click();
    await page.locator('.jdp-popup').waitFor();
    await shoot(page, 'course-form-date-picker-1366');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'انصراف' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => focusedKey(page)).toBe(editKey);
  });
});
