// The next term in minutes, against the real server in a browser: «کپی برای ترم بعد» on a course
// asks for the new first day (typed as a Jalali date), makes the copy and opens it, inactive, with
// its weekly pattern; a Nowruz holiday entered once as a range lists the sessions it cancels and
// saves only when the admin confirms. Screenshots at 1366 and 390 px go to SHOTS_DIR when it is set.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyDayOf, academyDayStart, type JalaliDate } from '../../schema/rules/calendar';
import { courseBody } from '../support/samples';
import { apiCall, apiToken, framesDrawn, launchBrowser, signInAsAdmin, startStack, told, type BrowserSession, type Stack } from './harness';

let stack: Stack;
let session: BrowserSession;
let page: Page;
let token = '';
let courseId = 0;
const courseTitle = 'پایتون نوروزی آزمون';
// A course across the next Nowruz: from mid-Esfand to the end of Farvardin.
const nextYear = academyDayOf(Date.now()).jy + 1;
const at = (day: JalaliDate) => academyDayStart(day).toISOString();

const api = <T>(method: string, url: string, body?: unknown): Promise<T> => apiCall<T>(stack, token, method, url, body);
const sessionsOf = async (id: number) => (await api<Array<{ courseId: number }>>('GET', '/api/ClassSession/GetSelectList')).filter((s) => s.courseId === id).length;

async function shoot(name: string): Promise<void> {
  const shots = process.env.SHOTS_DIR;
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await framesDrawn(page);
  await page.screenshot({ path: path.join(shots, `${name}-${page.viewportSize()?.width ?? 0}.png`) });
}
async function shootBoth(name: string): Promise<void> {
  await shoot(name);
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(name);
  await page.setViewportSize({ width: 1366, height: 800 });
}

beforeAll(async () => {
  stack = await startStack();
  token = await apiToken(stack, stack.adminPhone, stack.adminPassword);
  const course = await api<{ id: number }>('POST', '/api/Course/Create', courseBody(courseTitle, {
    timeOfHolding: at({ jy: nextYear - 1, jm: 12, jd: 9 }),
    lastSessionDate: at({ jy: nextYear, jm: 1, jd: 31 }),
    inActive: false,
  }));
  courseId = course.id;
  for (const weekday of [0, 2]) await api('POST', '/api/CourseSlot/Create', { courseId, weekday, startTime: '16:00', endTime: '17:30' });
  session = await launchBrowser({ viewport: { width: 1366, height: 800 } });
  page = session.page;
  await signInAsAdmin(page, stack);
});

afterAll(async () => {
  await session?.close();
  await stack?.stop();
});

describe('the next term', () => {
  it('copies a course from a typed first day and opens the copy, inactive, with its weekly pattern', async () => {
    await page.goto(`${stack.baseUrl}/admin/courses/${courseId}`);
    await page.getByRole('button', { name: 'کپی برای ترم بعد' }).click();
    const dialog = page.getByRole('alertdialog');
    const start = dialog.getByLabel('تاریخ نخستین جلسه ترم تازه');
    await start.fill(`${nextYear}/03/02`);
    await start.press('Enter');
    await start.blur();
    await shootBoth('next-term-copy-dialog');
    const before = page.url();
    await told(page, 'کپی دوره برای ترم بعد ساخته شد', () => dialog.getByRole('button', { name: 'ساخت کپی' }).click());
    await page.waitForURL((url) => url.toString() !== before && /\/admin\/courses\/\d+$/.test(url.pathname));
    const copyId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(copyId).toBeGreaterThan(courseId);
    await page.getByRole('heading', { name: new RegExp(`${courseTitle} \\(ترم`) }).waitFor();
    await page.getByText('غیرفعال').first().waitFor();
    // Its sessions are the schedule's own, from the copied weekly pattern.
    expect(await sessionsOf(copyId)).toBeGreaterThan(4);
    await shootBoth('next-term-copied-draft');
  });

  it('enters Nowruz once as a range, listing the sessions it cancels before saving', async () => {
    const sessionsBefore = await sessionsOf(courseId);
    await page.goto(`${stack.baseUrl}/admin/holidays`);
    await page.getByRole('button', { name: 'افزودن تعطیلی' }).click();
    const form = page.locator('form.admin-form');
    await form.waitFor();
    for (const [label, value] of [['از تاریخ', `${nextYear}/01/01`], ['تا تاریخ', `${nextYear}/01/13`]] as const) {
      const field = form.getByLabel(label, { exact: true });
      await field.fill(value);
      await field.press('Enter');
      await field.blur();
    }
    await form.getByLabel('مناسبت').fill('نوروز');
    await form.getByRole('button', { name: 'ذخیره' }).click();
    const preview = page.getByRole('alertdialog').filter({ hasText: 'این جلسه‌ها لغو می‌شوند' });
    await preview.waitFor();
    const lines = await preview.locator('.admin-preview-list li').allTextContents();
    const mine = lines.filter((line) => line.endsWith(`: ${courseTitle}`));
    // Saturdays and Mondays of 1–13 Farvardin: three or four of each.
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect(mine.every((line) => line.includes('فروردین'))).toBe(true);
    // Nothing is cancelled while the admin reads the list.
    expect(await sessionsOf(courseId)).toBe(sessionsBefore);
    await shootBoth('holiday-range-preview');
    await told(page, 'تعطیلی افزوده شد', () => preview.getByRole('button', { name: 'ثبت تعطیلی و لغو جلسه‌ها' }).click());
    expect(await sessionsOf(courseId)).toBe(sessionsBefore - mine.length);
  });
});
