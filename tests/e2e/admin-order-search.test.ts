// Finding a parent's order the way the parent describes it, in Chromium against the real server:
// the orders list searched by the seed parent's phone typed in Persian digits (found through the
// learner the order refers to, the schema's searchThrough), then by the child's name, and the
// learner filter naming parents in full. With SHOTS_DIR set, the searched list at 1366 and 390 px.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { framesDrawn, launchBrowser, signInAsAdmin, startStack, type BrowserSession, type Stack } from './harness';

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

/** The body rows' texts once the list shows the view of `q`: every row holds `expected`. */
async function searched(page: Page, q: string, expected: string): Promise<string[]> {
  const box = page.locator('.admin-list-toolbar .admin-search');
  await box.fill(q);
  await page.waitForURL((url) => url.searchParams.get('q') === q);
  await page.waitForFunction((text) => {
    const rows = Array.from(document.querySelectorAll('tbody tr[data-index]'));
    return rows.length > 0 && rows.every((row) => row.textContent?.includes(text));
  }, expected);
  return page.locator('tbody tr[data-index]').allTextContents();
}

describe('orders found as a parent describes them', () => {
  it("finds the seed parent's orders by phone in Persian digits, and by the child's name", async () => {
    const { page } = browser;
    await page.goto(`${stack.baseUrl}/admin/orders`);
    await page.getByRole('heading', { name: 'سفارش‌ها و پرداخت‌ها' }).waitFor();
    // The learner filter names each parent in full.
    const learner = page.getByLabel('فراگیر');
    await expect.poll(() => learner.locator('option').allTextContents()).toContain('رضا موسوی');
    await page.locator('tbody tr[data-index]').first().waitFor();
    const everyOrder = await page.locator('tbody tr[data-index]').count();

    // Rezā Mousavi (09122222222) paid for Nikā; Elhām Jafari's orders are not his.
    const byPhone = await searched(page, '۰۹۱۲۲۲۲۲۲۲۲', 'نیکا');
    expect(byPhone.length).toBeGreaterThan(0);
    expect(byPhone.length).toBeLessThan(everyOrder);
    for (const row of byPhone) expect(row).not.toContain('سینا');
    await shoot(page, 'orders-search-phone');

    const byChild = await searched(page, 'سینا', 'سینا');
    for (const row of byChild) expect(row).not.toContain('نیکا');
  });
});
