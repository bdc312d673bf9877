// Dates an operator can type, against the real server in a browser set to Los Angeles: a course's
// date typed in Persian digits is saved as that academy day; a day that does not exist is refused
// under its field with the text kept; the picker opens on its value's month; a list's date filter
// narrows to today or last month in one click, counted on Tehran's days. Screenshots at 1366 and
// 390 px go to SHOTS_DIR when it is set.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyDayOf, academyDayStart, presetDays } from '../../schema/rules/calendar';
import { courseBody } from '../support/samples';
import { apiCall, apiToken, framesDrawn, launchBrowser, signInAsAdmin, startStack, type BrowserSession, type Stack } from './harness';

let stack: Stack;
let session: BrowserSession;
let page: Page;
let token = '';
const courseTitle = 'دوره تاریخ تایپی';
const todayTitle = 'تعطیلی امروز آزمون';
const lastMonthTitle = 'تعطیلی ماه قبل آزمون';

const api = <T>(method: string, url: string, body?: unknown): Promise<T> => apiCall<T>(stack, token, method, url, body);

async function shoot(name: string): Promise<void> {
  const shots = process.env.SHOTS_DIR;
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await framesDrawn(page);
  await page.screenshot({ path: path.join(shots, `${name}-${page.viewportSize()?.width ?? 0}.png`) });
}

beforeAll(async () => {
  stack = await startStack();
  token = await apiToken(stack, stack.adminPhone, stack.adminPassword);
  await api('POST', '/api/Course/Create', courseBody(courseTitle, { timeOfHolding: academyDayStart({ jy: 1405, jm: 1, jd: 21 }).toISOString(), inActive: false }));
  const { from: lastMonth } = presetDays('lastMonth');
  await api('POST', '/api/Holiday/Create', { date: academyDayStart(academyDayOf(Date.now())).toISOString(), endDate: null, title: todayTitle });
  await api('POST', '/api/Holiday/Create', { date: academyDayStart({ ...lastMonth, jd: 10 }).toISOString(), endDate: null, title: lastMonthTitle });
  session = await launchBrowser({ viewport: { width: 1366, height: 900 }, timezoneId: 'America/Los_Angeles' });
  page = session.page;
  await signInAsAdmin(page, stack);
});

afterAll(async () => {
  await session?.close();
  await stack?.stop();
});

describe('dates typed and filtered in the admin', () => {
  it('types a course’s last session date: refuses 30 Esfand of a common year, saves ۱۴۰۵/۰۳/۱۵', async () => {
    await page.goto(`${stack.baseUrl}/admin/courses?q=${encodeURIComponent(courseTitle)}`);
    await page.getByRole('row').filter({ hasText: courseTitle }).getByRole('button', { name: 'ویرایش' }).click();
    const form = page.locator('form.admin-form');
    await form.waitFor();
    // The picker opens on the month of the value it holds.
    const start = form.getByLabel('تاریخ برگزاری');
    await start.click();
    await expect.poll(() => page.locator('.jdp-popup .jdp-title').textContent()).toBe('فروردین ۱۴۰۵');
    await page.keyboard.press('Escape');
    await page.locator('.jdp-popup').waitFor({ state: 'detached' });

    const last = form.getByLabel('تاریخ آخرین جلسه');
    await last.fill('1405/12/30');
    await last.press('Enter');
    await last.blur();
    const message = 'تاریخ آخرین جلسه: روز ۳۰ در اسفند ۱۴۰۵ نیست؛ این ماه ۲۹ روز دارد';
    await form.getByRole('alert').filter({ hasText: message }).waitFor();
    await expect.poll(() => last.inputValue()).toBe('1405/12/30');
    await expect.poll(() => last.getAttribute('aria-invalid')).toBe('true');
    // Saving is refused while the date cannot be read: the form stays with what was typed.
    await form.getByRole('button', { name: 'ذخیره' }).click();
    await form.getByRole('alert').filter({ hasText: message }).waitFor();
    await expect.poll(() => last.inputValue()).toBe('1405/12/30');
    await last.scrollIntoViewIfNeeded();
    await shoot('date-typed-invalid');
    await page.setViewportSize({ width: 390, height: 844 });
    await last.scrollIntoViewIfNeeded();
    await shoot('date-typed-invalid');
    await page.setViewportSize({ width: 1366, height: 900 });

    await last.fill('۱۴۰۵/۰۳/۱۵');
    await last.press('Tab');
    await expect.poll(() => form.getByRole('alert').allInnerTexts()).toEqual([]);
    await expect.poll(() => last.inputValue()).toBe('۱۴۰۵/۰۳/۱۵');
    await last.click();
    await expect.poll(() => page.locator('.jdp-popup .jdp-title').textContent()).toBe('خرداد ۱۴۰۵');
    await shoot('date-typed');
    await page.keyboard.press('Escape');
    await page.locator('.jdp-popup').waitFor({ state: 'detached' });
    // On a phone the popup is placed afresh when it opens.
    await page.setViewportSize({ width: 390, height: 844 });
    await last.scrollIntoViewIfNeeded();
    await last.click();
    await page.locator('.jdp-popup').waitFor();
    await shoot('date-typed');
    await page.keyboard.press('Escape');
    await page.locator('.jdp-popup').waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1366, height: 900 });
    await form.getByRole('button', { name: 'ذخیره' }).click();
    await form.waitFor({ state: 'detached' });
    await expect
      .poll(async () => {
        const list = await api<{ items: Array<{ title: string; lastSessionDate: string | null }> }>('GET', `/api/Course/GetSelectList?page=1&q=${encodeURIComponent(courseTitle)}`);
        return list.items.find((item) => item.title === courseTitle)?.lastSessionDate ?? null;
      })
      .toBe(academyDayStart({ jy: 1405, jm: 3, jd: 15 }).toISOString());
    expect(session.errors).toEqual([]);
  });

  it('narrows the holidays to today and to last month with one click each, on Tehran’s days', async () => {
    await page.goto(`${stack.baseUrl}/admin/holidays`);
    const rows = () => page.locator('.admin-entity-table tbody').innerText();
    await expect.poll(rows).toContain(lastMonthTitle);
    const filter = page.getByRole('group', { name: 'تاریخ' });
    await filter.getByRole('button', { name: 'امروز' }).click();
    await expect.poll(rows).not.toContain(lastMonthTitle);
    await expect.poll(rows).toContain(todayTitle);
    await expect.poll(() => filter.getByRole('button', { name: 'امروز' }).getAttribute('aria-pressed')).toBe('true');
    const today = academyDayOf(Date.now());
    await expect.poll(() => filter.getByRole('combobox').first().inputValue()).toBe(`${today.jy}/${String(today.jm).padStart(2, '0')}/${String(today.jd).padStart(2, '0')}`.replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] ?? d));
    await shoot('date-preset-today');

    await filter.getByRole('button', { name: 'ماه قبل' }).click();
    await expect.poll(rows).not.toContain(todayTitle);
    await expect.poll(rows).toContain(lastMonthTitle);
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone the filters fold behind «فیلترها (۱)».
    await page.getByRole('button', { name: /^فیلترها/ }).click();
    await filter.scrollIntoViewIfNeeded();
    await shoot('date-preset-last-month');
    await page.setViewportSize({ width: 1366, height: 900 });
    await shoot('date-preset-last-month');
    // The keyboard reaches the presets and presses one.
    await filter.getByRole('button', { name: 'امروز' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(rows).not.toContain(lastMonthTitle);
    expect(session.errors).toEqual([]);
  });
});
