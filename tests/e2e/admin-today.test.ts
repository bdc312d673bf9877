// The operator's day end to end: the sidebar in its groups with the daily screens in view of an
// 800 px window (a drawer on a phone), and the dashboard opening on today, each figure a link to
// what it counts and each session to its register, before the charts.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyDayOf, academyDayStart, dayKey } from '../../schema/rules/calendar';
import { adminPassword, adminPhone, apiCall, apiToken, framesDrawn, launchBrowser, signInAsAdmin, startStack, type BrowserSession, type Stack } from './harness';

const shots = process.env.SHOTS_DIR;
const headings = ['فروش', 'کلاس‌ها', 'افراد', 'محتوا', 'سیستم'];

let stack: Stack;
let session: BrowserSession;
let page: Page;
let sessionId = 0;
let courseTitle = '';

async function shoot(name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  // The drawer slides in: shot once it is still.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
  await framesDrawn(page);
  await page.screenshot({ path: `${shots}/${name}.png` });
}

beforeAll(async () => {
  stack = await startStack();
  session = await launchBrowser({ viewport: { width: 1366, height: 800 } });
  page = session.page;
  await signInAsAdmin(page, stack);
  const token = await apiToken(stack, adminPhone, adminPassword);
  const courses = await apiCall<Array<{ id: number; title: string }>>(stack, token, 'GET', '/api/Course/GetSelectList');
  const course = courses[0];
  if (!course) throw new Error('the seed has no course');
  courseTitle = course.title;
  const today = academyDayStart(academyDayOf(Date.now())).toISOString();
  const made = await apiCall<{ id: number }>(stack, token, 'POST', '/api/ClassSession/Create', {
    courseId: course.id,
    date: today,
    startTime: '21:45',
    endTime: '22:00',
    status: 'scheduled',
    room: '',
    note: '',
  });
  sessionId = made.id;
});

afterAll(async () => {
  await session?.close();
  await stack?.stop();
});

describe("the operator's day", () => {
  it('groups the sidebar under Persian headings with «سفارش‌ها» in view of an 800 px window', async () => {
    await page.goto(`${stack.baseUrl}/admin/dashboard`);
    const nav = page.getByRole('navigation');
    for (const title of headings) await nav.getByRole('list', { name: title, exact: true }).waitFor();
    const orders = page.getByRole('list', { name: 'فروش' }).getByRole('link', { name: 'سفارش‌ها' });
    const box = await orders.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.y ?? 800) + (box?.height ?? 0)).toBeLessThan(200);
    // The messages, with their count, are in view too: the first link of «افراد».
    const messages = page.getByRole('list', { name: 'افراد' }).getByRole('link').first();
    await expect.poll(() => messages.textContent()).toContain('پیام‌های تماس');
    const messagesBox = await messages.boundingBox();
    expect((messagesBox?.y ?? 800) + (messagesBox?.height ?? 0)).toBeLessThanOrEqual(800);
    // The rest is a scroll of the sidebar away, the page staying where it is.
    await page.locator('aside').evaluate((aside) => aside.scrollTo({ top: aside.scrollHeight }));
    const last = page.getByRole('list', { name: 'سیستم', exact: true }).getByRole('link').last();
    await expect.poll(() => last.textContent()).toBe('نقش‌های کارکنان');
    await expect.poll(() => last.isVisible()).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await shoot('sidebar-end-1366');
  });

  it('opens the dashboard on today, before the charts, each figure a link', async () => {
    await page.goto(`${stack.baseUrl}/admin/dashboard`);
    const today = page.getByRole('region', { name: 'امروز', exact: true });
    await today.waitFor();
    const canvas = page.locator('canvas[role="img"]').first();
    await canvas.waitFor();
    const [todayBox, chartBox] = [await today.boundingBox(), await canvas.boundingBox()];
    expect(todayBox?.y ?? 0).toBeLessThan(chartBox?.y ?? 0);
    // The figures in Persian digits, and the session made for today with its register.
    expect(await today.locator('dl').textContent()).not.toMatch(/[0-9]/);
    const row = today.getByRole('listitem').filter({ hasText: '۲۱:۴۵ تا ۲۲:۰۰' });
    await expect.poll(() => row.textContent()).toContain(courseTitle);
    await shoot('today-dashboard-1366');
    await row.getByRole('link', { name: `حضور و غیاب: ${courseTitle}` }).click();
    await page.waitForURL(new RegExp(`/admin/classSessions/${sessionId}$`));
    // Paid today: the orders list on today's paid orders, a filter the list itself offers.
    await page.goto(`${stack.baseUrl}/admin/dashboard`);
    await today.getByRole('link').first().click();
    await page.waitForURL(/\/admin\/orders\?/);
    const url = new URL(page.url());
    const day = dayKey(academyDayOf(Date.now()));
    expect(url.searchParams.get('f.paidAt')).toBe(`${day}..${day}`);
    expect(url.searchParams.get('f.status')).toBe('paid');
    await page.getByRole('table').waitFor();
    expect(await page.getByText('خطا در دریافت فهرست').count()).toBe(0);
    expect(session.errors).toEqual([]);
  });

  it('on a 390 px phone the groups are in the drawer and today fits the width', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${stack.baseUrl}/admin/dashboard`);
      await page.getByRole('region', { name: 'امروز', exact: true }).waitFor();
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shoot('today-dashboard-390');
      await page.getByRole('button', { name: /منو/ }).click();
      const sales = page.getByRole('list', { name: 'فروش' });
      await sales.getByRole('link', { name: 'سفارش‌ها' }).waitFor({ state: 'visible' });
      await shoot('sidebar-drawer-390');
      await sales.getByRole('link', { name: 'سفارش‌ها' }).click();
      await page.waitForURL(/\/admin\/orders$/);
      await expect.poll(() => sales.getByRole('link', { name: 'سفارش‌ها' }).isVisible()).toBe(false);
    } finally {
      await page.setViewportSize({ width: 1366, height: 800 });
    }
  });
});
