// Class schedules in Chromium against the real server: from a course's detail
// view the admin adds a weekly slot (the course already chosen in the form), sees the sessions it
// made there, and moves one from its own detail view; the public course page then shows the
// weekly pattern, the place and the moved session. With SHOTS_DIR set, the course's detail view,
// the sessions list and the public schedule at 1366 and 390 px.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { toGregorian, toJalaali } from 'jalaali-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyDayOf, academyDayStart } from '../../schema/rules/calendar';
import { jalaliMonthNames } from '../../schema/rules/calendar';
import { toLatinDigits } from '../../schema/rules/text';
import { courseBody } from '../support/samples';
import { apiCall, apiToken, framesDrawn, launchBrowser, signInAsAdmin, startStack, told, type BrowserSession, type Stack } from './harness';

const shots = process.env.SHOTS_DIR;

let stack: Stack;
let browser: BrowserSession;
let token = '';
let course = { id: 0, slug: '', categorySlug: '' };

async function shoot(page: Page, name: string, target?: Locator) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await framesDrawn(page);
    if (target) await target.screenshot({ path: `${shots}/${name}-${width}.png` });
    else await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

const inDays = (n: number) => {
  const { jy, jm, jd } = academyDayOf(Date.now());
  const { gy, gm, gd } = toGregorian(jy, jm, jd);
  const d = new Date(Date.UTC(gy, gm - 1, gd + n));
  return academyDayStart(toJalaali(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate())).toISOString();
};

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => apiCall<T>(stack, token, method, path, body);

beforeAll(async () => {
  stack = await startStack();
  token = await apiToken(stack, stack.adminPhone, stack.adminPassword);
  const categories = await api<Array<{ id: number; slug: string }>>('GET', '/api/Category/GetSelectList');
  const category = categories[0];
  if (!category) throw new Error('no category');
  const created = await api<{ id: number; slug: string }>('POST', '/api/Course/Create', courseBody('کلاس زمان‌بندی مرورگر', {
    durationInHours: 12,
    timeOfHolding: inDays(2),
    lastSessionDate: inDays(30),
    registrationDeadline: null,
    priceInTomans: 1_000_000,
    type: 'offline',
    inActive: false,
    difficulty: '',
    techerId: 0,
    categoryId: category.id,
    prerequisite: '',
    ageMin: 8,
    ageMax: 11,
    capacity: 12,
    address: 'تهران، خیابان انقلاب، پلاک ۱۰',
    room: 'کلاس ۴',
    classLink: 'https://meet.example.com/never-public',
    coverImage: '',
    coverVideo: '',
    description: 'دوره‌ای برای آزمودن برنامه کلاس‌ها.',
    headings: '',
  }));
  course = { id: created.id, slug: created.slug, categorySlug: category.slug };
  browser = await launchBrowser({ viewport: { width: 1366, height: 900 } });
  await signInAsAdmin(browser.page, stack);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('a course’s schedule in the panel', () => {
  it('adds a weekly slot from the course’s detail view, the course already chosen, and shows the sessions it made by date', async () => {
    const { page } = browser;
    await page.goto(`${stack.baseUrl}/admin/courses/${course.id}`);
    await page.getByRole('heading', { name: 'کلاس زمان‌بندی مرورگر' }).waitFor();
    const slots = page.getByRole('region', { name: /^برنامه هفتگی/ });
    await slots.getByText('موردی ثبت نشده است').waitFor();
    await slots.getByRole('button', { name: 'افزودن روز کلاس' }).click();
    const dialog = page.getByRole('dialog', { name: 'افزودن روز کلاس' });
    await dialog.waitFor();
    // The picker shows the course's title once its label has been read.
    await expect.poll(() => dialog.getByRole('combobox', { name: 'دوره' }).inputValue()).toBe('کلاس زمان‌بندی مرورگر');
    await dialog.getByLabel('روز هفته').selectOption({ label: 'دوشنبه' });
    await dialog.getByLabel('ساعت شروع').selectOption({ label: '۱۶:۰۰' });
    await dialog.getByLabel('ساعت پایان').selectOption({ label: '۱۷:۳۰' });
    await told(page, 'روز کلاس افزوده شد', () => dialog.getByRole('button', { name: 'ذخیره' }).click());
    await dialog.waitFor({ state: 'detached' });

    // The group reads again: the slot, and four or five Mondays made into sessions, soonest first.
    await slots.getByRole('link', { name: 'دوشنبه ۱۶:۰۰' }).waitFor();
    const sessions = page.getByRole('region', { name: /^جلسات کلاس‌ها/ });
    await sessions.getByRole('row').nth(1).waitFor();
    const sessionLabels = () => sessions.getByRole('row').locator('td:first-child').allTextContents();
    await expect.poll(async () => (await sessionLabels()).length).toBeGreaterThanOrEqual(4);
    const labels = await sessionLabels();
    expect(labels.every((label) => label.endsWith('۱۶:۰۰'))).toBe(true);
    // «۹ آذر ۱۴۰۵ ۱۶:۰۰» read back as a date: Persian digits do not sort as text («۹» after «۱۶»).
    const dayOf = (label: string) => {
      const [day = '', month = '', year = ''] = toLatinDigits(label).split(' ');
      return Number(year) * 10_000 + jalaliMonthNames.findIndex((name) => name === month) * 100 + Number(day);
    };
    const days = labels.map(dayOf);
    expect([...days].sort((a, b) => a - b)).toEqual(days);
    await expect.poll(() => sessions.textContent()).toContain('برنامه هفتگی');
    await shoot(page, 'course-detail');
  });

  it('moves a session from its detail view: the planned date is kept and the list shows it moved', async () => {
    const { page } = browser;
    const sessions = page.getByRole('region', { name: /^جلسات کلاس‌ها/ });
    const href = await sessions.getByRole('row').nth(1).getByRole('link').first().getAttribute('href');
    expect(href).toMatch(/^\/admin\/classSessions\/\d+$/);
    await page.goto(`${stack.baseUrl}${href ?? ''}`);
    await page.getByRole('button', { name: 'جابه‌جایی جلسه' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'جابه‌جایی جلسه' });
    await dialog.waitFor();
    await dialog.getByLabel('تاریخ تازه').click();
    await dialog.getByRole('button', { name: 'ماه بعد' }).click();
    await dialog.getByRole('gridcell').getByRole('button', { name: /^۱۵ / }).click();
    await dialog.getByLabel('ساعت شروع').selectOption({ label: '۱۰:۰۰' });
    await dialog.getByLabel('ساعت پایان').selectOption({ label: '۱۱:۳۰' });
    await dialog.getByLabel('توضیح برای فراگیران').fill('به دلیل اردوی علمی');
    await told(page, 'جلسه جابه‌جا شد', () => dialog.getByRole('button', { name: 'جابه‌جا کن' }).click());
    const movedFrom = page.locator('dt', { hasText: 'تاریخ اصلی (جابه‌جا شده از)' }).locator('xpath=following-sibling::dd');
    await expect.poll(async () => (await movedFrom.textContent()) ?? '').toMatch(/[۰-۹]{4}$/);

    await page.goto(`${stack.baseUrl}/admin/classSessions?f.courseId=${course.id}`);
    await page.getByRole('cell', { name: 'به دلیل اردوی علمی' }).waitFor();
    await shoot(page, 'sessions-list');
  });
});

describe('the course page', () => {
  it('shows the weekly pattern, the place, and the moved and cancelled sessions, never the class link', async () => {
    const { page } = browser;
    // One more exception: the last Monday cancelled with its reason.
    const all = await api<Array<{ id: number; courseId: number; date: string; status: string; movedFrom: string | null }>>('GET', '/api/ClassSession/GetSelectList');
    const last = all.filter((s) => s.courseId === course.id && s.movedFrom === null).sort((a, b) => a.date.localeCompare(b.date)).at(-1);
    if (!last) throw new Error('no session');
    await api('POST', '/api/ClassSession/Cancel', { id: last.id, note: 'تعطیلی پیش‌بینی‌نشده' });

    await page.goto(`${stack.baseUrl}/categories/${course.categorySlug}/${course.slug}`);
    const section = page.locator('section.course-schedule');
    await section.waitFor();
    const text = (await section.textContent()) ?? '';
    expect(text).toContain('دوشنبه‌ها، ساعت ۱۶:۰۰ تا ۱۷:۳۰');
    expect(text).toContain('تهران، خیابان انقلاب، پلاک ۱۰');
    expect(text).toContain('کلاس ۴');
    expect(text).toContain('جابه‌جا شده');
    expect(text).toContain('به دلیل اردوی علمی');
    expect(text).toContain('تعطیلی پیش‌بینی‌نشده');
    expect(await section.locator('.schedule-session--cancelled s').count()).toBeGreaterThanOrEqual(1);
    expect(await page.content()).not.toContain('never-public');
    await shoot(page, 'public-schedule', section);

    // The seeded in-person course with a moved, a cancelled and a make-up session.
    const seeded = await api<Array<{ title: string; slug: string; categoryId: number }>>('GET', '/api/Course/GetSelectList');
    const lego = seeded.find((c) => c.title === 'رباتیک مقدماتی با لگو');
    const categories = await api<Array<{ id: number; slug: string }>>('GET', '/api/Category/GetSelectList');
    const legoCategory = categories.find((c) => c.id === lego?.categoryId);
    if (!lego || !legoCategory) throw new Error('no seeded course');
    await page.goto(`${stack.baseUrl}/categories/${legoCategory.slug}/${lego.slug}`);
    const legoSection = page.locator('section.course-schedule');
    await expect.poll(() => legoSection.textContent()).toContain('شنبه‌ها و دوشنبه‌ها، ساعت ۱۶:۰۰ تا ۱۷:۳۰');
    await shoot(page, 'public-schedule-seeded', legoSection);
  });
});
