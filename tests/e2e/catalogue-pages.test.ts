// The catalogue in pages, in Chromium against the real server with 100 more courses than the
// seed: /categories shows one page of cards and links to the others that a browser follows
// without scripts; with them, a filter chosen on a later page starts its list from the first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCourses, openBenchDatabase } from '../../scripts/bench/bulk';
import { launchBrowser, startStack, type Stack } from './harness';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
  const db = openBenchDatabase(stack.dataDir);
  await insertCourses(db, 100, 'paged');
  await db.destroy();
});
afterAll(async () => {
  await stack?.stop();
});

const pagerName = 'صفحه‌های فهرست دوره‌ها';

describe('the catalogue in pages', () => {
  it('links every page of the list, and the links work before any script', async () => {
    const session = await launchBrowser({ viewport: { width: 390, height: 844 } });
    const context = await session.browser.newContext({ javaScriptEnabled: false, locale: 'fa-IR', viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(`${stack.baseUrl}/categories`);
      // 12 seeded + 90 of the 100 added (every tenth is inactive) = 102: five pages of 24.
      await expect.poll(() => page.getByRole('status').textContent()).toBe('۱۰۲ دوره');
      const pager = page.getByRole('navigation', { name: pagerName });
      await expect.poll(() => pager.getByText('صفحه ۱ از ۵').count()).toBe(1);
      const titles = () => page.locator('.course-card .card__title').allTextContents();
      await expect.poll(async () => (await titles()).length).toBe(24);
      const first = await titles();
      await pager.getByRole('link', { name: 'صفحه بعد' }).click();
      await page.waitForURL((url) => url.search === '?page=2');
      // The second page once it has replaced the first: 24 courses, none of them shown before.
      await expect.poll(async () => {
        const second = await titles();
        return { shown: second.length, repeated: second.filter((title) => first.includes(title)) };
      }).toEqual({ shown: 24, repeated: [] });
      await page.getByRole('navigation', { name: pagerName }).getByRole('link', { name: 'صفحه ۵' }).click();
      await page.waitForURL((url) => url.search === '?page=5');
      await expect.poll(() => page.locator('.course-card').count()).toBe(102 - 4 * 24);
      await expect.poll(() => page.getByRole('navigation', { name: pagerName }).locator('[aria-current="page"]').textContent()).toBe('۵');
      // Nothing wider than a phone.
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    } finally {
      await context.close();
      await session.close();
    }
  });

  it('starts a newly filtered list from its first page', async () => {
    const session = await launchBrowser({ viewport: { width: 1366, height: 900 } });
    try {
      const { page } = session;
      await page.goto(`${stack.baseUrl}/categories?page=3`);
      await page.getByLabel('نوع برگزاری').selectOption('offline');
      await page.waitForURL((url) => url.searchParams.get('type') === 'offline');
      expect(new URL(page.url()).searchParams.get('page')).toBeNull();
      await expect.poll(() => page.getByRole('navigation', { name: pagerName }).locator('[aria-current="page"]').textContent()).toBe('۱');
    } finally {
      await session.close();
    }
  });
});
