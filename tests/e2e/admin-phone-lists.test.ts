// Lists that show what matters, in Chromium against the real server with the seeded orders. At
// 1366 px an order's status and date are whole and clear of the sticky actions column; at 390 px
// the orders list is a column of cards (no sideways scrolling) showing the newest order's amount,
// status and date, and the filters open from «فیلترها» and work. With SHOTS_DIR set, the orders
// list, the inbox and the courses at both widths, and the open filter drawer.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatJalaliDateTime } from '../../schema/rules/calendar';
import { formatToman } from '../../schema/rules/digits';
import { orderStatusOptions } from '../../schema/orders';
import { apiCall, apiToken, framesDrawn, launchBrowser, signInAsAdmin, startStack, type BrowserSession, type Stack } from './harness';

const shots = process.env.SHOTS_DIR;

let stack: Stack;
let browser: BrowserSession;
let page: Page;
/** The newest seeded order, as the list shows it first. */
let newest = { amount: '', status: '', date: '' };

async function shoot(name: string, fullPage = false) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await framesDrawn(page);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

async function openList(key: string, width: number) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
  await page.goto(`${stack.baseUrl}/admin/${key}`);
  await page.locator('tbody tr[data-index]').first().waitFor();
  // A list still reading its labels redraws; what is measured is the settled list.
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  await framesDrawn(page);
}

const overflow = () =>
  page.evaluate(() => {
    const scroller = document.querySelector('.admin-entity-scroll');
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      list: scroller ? scroller.scrollWidth - scroller.clientWidth : -1,
    };
  });

/** A cell's text is whole (nothing cut) and its box is clear of the row's actions and inside the list's window. */
async function wholeAndClear(cell: Locator) {
  return cell.evaluate((td) => {
    const row = td.closest('tr');
    const actions = row?.querySelector('.admin-cell-actions')?.getBoundingClientRect();
    const scroller = td.closest('.admin-entity-scroll')?.getBoundingClientRect();
    const box = td.getBoundingClientRect();
    const apart = !actions || box.right <= actions.left + 0.5 || box.left >= actions.right - 0.5;
    const inside = !!scroller && box.left >= scroller.left - 0.5 && box.right <= scroller.right + 0.5;
    return { whole: td.scrollWidth <= td.clientWidth, apart, inside, text: td.textContent ?? '' };
  });
}

beforeAll(async () => {
  stack = await startStack();
  const token = await apiToken(stack, stack.adminPhone, stack.adminPassword);
  const list = await apiCall<{ items: Array<{ totalInTomans: number; status: string; createdAt: string }> }>(stack, token, 'GET', '/api/OrderRecord/GetSelectList?page=1');
  const first = list.items[0];
  if (!first) throw new Error('the seed has no orders');
  newest = {
    amount: formatToman(first.totalInTomans),
    status: orderStatusOptions.find(([value]) => value === first.status)?.[1] ?? first.status,
    date: formatJalaliDateTime(first.createdAt),
  };
  browser = await launchBrowser({ viewport: { width: 1366, height: 800 } });
  page = browser.page;
  await signInAsAdmin(page, stack);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('the orders list at 1366 px', () => {
  it('shows each order’s status and date whole, clear of the sticky actions', async () => {
    await openList('orders', 1366);
    const headers = await page.locator('thead th').allInnerTexts();
    const status = headers.findIndex((text) => text.includes('وضعیت'));
    const date = headers.findIndex((text) => text.includes('تاریخ ثبت'));
    const amount = headers.findIndex((text) => text.includes('مبلغ'));
    expect(Math.min(status, date, amount)).toBeGreaterThan(0);
    const rows = page.locator('tbody tr[data-index]');
    await expect.poll(() => rows.count()).toBeGreaterThan(3);
    for (let i = 0; i < 4; i++) {
      for (const column of [status, date, amount]) {
        const cell = await wholeAndClear(rows.nth(i).locator('td').nth(column));
        expect(cell, `row ${i + 1}, column ${headers[column]}`).toMatchObject({ whole: true, apart: true, inside: true });
      }
    }
    const first = rows.first();
    await expect.poll(() => first.locator('td').nth(status).innerText()).toBe(newest.status);
    await expect.poll(() => first.locator('td').nth(date).innerText()).toBe(newest.date);
    await shoot('orders-1366');
  });

  it('shows the inbox’s statuses whole', async () => {
    await openList('messages', 1366);
    const headers = await page.locator('thead th').allInnerTexts();
    const status = headers.findIndex((text) => text.includes('وضعیت'));
    const rows = page.locator('tbody tr[data-index]');
    for (let i = 0; i < (await rows.count()); i++) {
      expect(await wholeAndClear(rows.nth(i).locator('td').nth(status))).toMatchObject({ whole: true, apart: true, inside: true });
    }
    await shoot('inbox-1366');
    await openList('courses', 1366);
    await shoot('courses-1366');
  });
});

describe('the orders list at 390 px', () => {
  it('is a column of cards with the order’s amount, status and date, nothing scrolling sideways', async () => {
    await openList('orders', 390);
    expect(await overflow()).toEqual({ page: 0, list: 0 });
    const card = page.locator('tbody tr[data-index]').first();
    const cells = card.getByRole('cell');
    await expect.poll(() => cells.allInnerTexts()).toEqual([expect.any(String), `مبلغ: ${newest.amount}`, `وضعیت: ${newest.status}`, `تاریخ ثبت: ${newest.date}`, expect.any(String)]);
    for (const text of [newest.amount, newest.status, newest.date]) {
      const value = cells.filter({ hasText: text }).first();
      expect(await value.isVisible()).toBe(true);
      const box = await value.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      expect(await wholeAndClear(value)).toMatchObject({ whole: true, inside: true });
    }
    // The row's actions are one tap away.
    await card.getByRole('button', { name: /^عملیات: / }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'مشاهده' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await shoot('orders-390');
  });

  it('folds the filters behind «فیلترها», which opens them and counts those on', async () => {
    const toggle = page.getByRole('button', { name: 'فیلترها' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByLabel('وضعیت').isVisible()).toBe(false);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await shoot('orders-filters-open-390', true);
    await page.getByLabel('وضعیت').selectOption({ label: 'پرداخت شده' });
    await page.waitForURL(/f\.status=paid/);
    await page.getByRole('button', { name: 'فیلترها (۱)' }).waitFor();
    await expect.poll(async () => new Set((await page.locator('tbody tr[data-index]').allInnerTexts()).map((text) => text.includes('وضعیت: پرداخت شده')))).toEqual(new Set([true]));
    await expect.poll(overflow).toEqual({ page: 0, list: 0 });
    await openList('messages', 390);
    expect(await overflow()).toEqual({ page: 0, list: 0 });
    await shoot('inbox-390');
    await openList('courses', 390);
    expect(await overflow()).toEqual({ page: 0, list: 0 });
    await shoot('courses-390');
    expect(browser.errors).toEqual([]);
  });
});
