// The dashboard end to end: one request for the counters, then the chart canvas; chart.js is
// loaded on this route only.
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

describe('admin dashboard', () => {
  async function countDashboardCalls(open: () => Promise<void>): Promise<string[]> {
    // Start from a settled screen that is not the dashboard, so no earlier request is in flight.
    await page.goto(`${stack.baseUrl}/admin/users`);
    await page.getByRole('table').waitFor();
    const calls: string[] = [];
    const listener = (request: { url(): string; method(): string }) => {
      if (request.url().includes('/api/User/GetDashboardData')) calls.push(request.method());
    };
    page.on('request', listener);
    try {
      await open();
      await page.getByRole('heading', { name: 'داشبورد مدیریت' }).waitFor();
      const canvas = page.locator('canvas[role="img"]');
      await canvas.waitFor();
      const box = await canvas.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThan(800);
      // Let any late duplicate request show itself.
      await page.waitForTimeout(1500);
    } finally {
      page.off('request', listener);
    }
    return calls;
  }

  it('asks for the counters exactly once on a fresh load and draws the chart', async () => {
    const calls = await countDashboardCalls(() => page.goto(`${stack.baseUrl}/admin/dashboard`).then(() => undefined));
    expect(calls).toEqual(['GET']);
    expect(await page.getByText('دریافت اطلاعات با مشکل مواجه شد').count()).toBe(0);
    expect(session.errors).toEqual([]);
  });

  it('asks exactly once when reached from the sidebar (hover preloading included)', async () => {
    const calls = await countDashboardCalls(async () => {
      const link = page.getByRole('navigation').getByRole('link', { name: 'داشبورد' });
      await link.hover();
      await page.waitForTimeout(300);
      await link.click();
    });
    expect(calls).toEqual(['GET']);
  });

  it('shows the red error text when the counters cannot be loaded', async () => {
    await page.route('**/api/User/GetDashboardData', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x"}' }),
    );
    try {
      await page.goto(`${stack.baseUrl}/admin/dashboard`);
      const failure = page.getByText('دریافت اطلاعات با مشکل مواجه شد');
      await failure.waitFor();
      const colour = await failure.evaluate((el) => getComputedStyle(el).color);
      const [r = 0, g = 0, b = 0] = (colour.match(/\d+/g) ?? []).map(Number);
      expect(r).toBeGreaterThan(150);
      expect(g).toBeLessThan(100);
      expect(b).toBeLessThan(100);
      expect(await page.locator('canvas').count()).toBe(0);
    } finally {
      await page.unroute('**/api/User/GetDashboardData');
    }
  });

  it('does not load chart.js on other admin screens', async () => {
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.url().endsWith('.js')) {
        const body = await response.text().catch(() => '');
        if (body.includes('easeOutBounce')) scripts.push(response.url());
      }
    });
    await page.goto(`${stack.baseUrl}/admin/users`);
    await page.getByRole('table').waitFor();
    await page.waitForTimeout(500);
    expect(scripts).toEqual([]);
  });
});
