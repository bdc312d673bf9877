// The academy's calendar in browsers set to three zones: a holiday stored as its Tehran day and a
// course's sessions show the same Jalali day and weekday in Tehran, UTC and Los Angeles, every
// time shows on the academy's clock, and a day picked in a browser far from Tehran is stored as
// the same instant the server writes for that day.
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyDayOf, academyDayStart, nextDay } from '../../schema/rules/calendar';
import { courseBody } from '../support/samples';
import { apiCall, apiToken, launchBrowser, signInAsAdmin, startStack, type Stack } from './harness';

const zones = ['Asia/Tehran', 'UTC', 'America/Los_Angeles'] as const;

let stack: Stack;
let token = '';
let coursePath = '';
// A day a year on, so the holiday and its session never fall in the past while the test runs.
const thisYear = academyDayOf(Date.now()).jy;
const holiday = { jy: thisYear + 1, jm: 11, jd: 22 };
const holidayTitle = 'روز آزمون تقویم';

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => apiCall<T>(stack, token, method, path, body);

beforeAll(async () => {
  stack = await startStack();
  token = await apiToken(stack, stack.adminPhone, stack.adminPassword);
  await api('POST', '/api/Holiday/Create', { date: academyDayStart(holiday).toISOString(), endDate: null, title: holidayTitle });
  const categories = await api<Array<{ id: number; slug: string }>>('GET', '/api/Category/GetSelectList');
  const category = categories[0];
  if (!category) throw new Error('no category');
  // A course whose first session is the day after the holiday, at 08:00 Tehran: 04:30 UTC and
  // the evening before in Los Angeles, where a browser's own clock would name the wrong day.
  const firstDay = nextDay(holiday);
  const created = await api<{ id: number; slug: string }>(
    'POST',
    '/api/Course/Create',
    courseBody('دوره آزمون تقویم', {
      timeOfHolding: new Date(academyDayStart(firstDay).getTime() + 8 * 3_600_000).toISOString(),
      categoryId: category.id,
      inActive: false,
    }),
  );
  coursePath = `/categories/${category.slug}/${created.slug}`;
});

afterAll(async () => {
  await stack?.stop();
});

describe('one academy day in every browser zone', () => {
  it('shows a stored day, a start time and today the same in Tehran, UTC and Los Angeles', async () => {
    const holidayDay = `۲۲ بهمن ${(holiday.jy).toLocaleString('fa-IR', { useGrouping: false })}`;
    const firstDay = `۲۳ بهمن ${holiday.jy.toLocaleString('fa-IR', { useGrouping: false })}`;
    const shown = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ');
    for (const zone of zones) {
      const session = await launchBrowser({ timezoneId: zone });
      try {
        const { page } = session;
        await signInAsAdmin(page, stack);
        await page.goto(`${stack.baseUrl}/admin/holidays`);
        const row = page.getByRole('row').filter({ hasText: holidayTitle });
        await expect.poll(() => shown(row), { message: zone }).toContain(holidayDay);
        await page.goto(`${stack.baseUrl}${coursePath}`);
        await expect.poll(() => shown(page.locator('main')), { message: zone }).toContain(firstDay);
        expect(session.errors).toEqual([]);
      } finally {
        await session.close();
      }
    }
  });

  it('stores a day picked in a Los Angeles browser as the academy day the server writes', async () => {
    const session = await launchBrowser({ timezoneId: 'America/Los_Angeles' });
    try {
      const { page } = session;
      await signInAsAdmin(page, stack);
      await page.goto(`${stack.baseUrl}/admin/holidays`);
      await page.getByRole('button', { name: 'افزودن تعطیلی' }).click();
      const dialog = page.getByRole('dialog').first();
      await dialog.getByLabel('مناسبت').fill('روز برگزیده در لس‌آنجلس');
      await dialog.getByLabel('از تاریخ').click();
      // The picker opens on the academy's month of today; day 20 of it.
      await page.locator('.jdp-grid .jdp-day', { hasText: /^۲۰$/ }).click();
      await dialog.getByRole('button', { name: 'ذخیره' }).click();
      // A day with classes is asked about first (the sessions it cancels); a day without saves at once.
      const cancelSessions = page.getByRole('button', { name: 'ثبت تعطیلی و لغو جلسه‌ها' });
      await expect.poll(async () => {
        if (await cancelSessions.isVisible()) await cancelSessions.click();
        const list = await api<{ items: Array<{ title: string; date: string | null }> }>('GET', '/api/Holiday/GetSelectList?page=1&pageSize=100');
        return list.items.find((item) => item.title === 'روز برگزیده در لس‌آنجلس')?.date ?? null;
      }).toBe(academyDayStart({ ...academyDayOf(Date.now()), jd: 20 }).toISOString());
      expect(session.errors).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
