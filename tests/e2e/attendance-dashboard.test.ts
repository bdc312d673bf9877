// Attendance and the parent's view in Chromium against the real server: the admin takes a
// session's roll in place (one child absent, «همه حاضر» for the rest); the parent then sees the
// child's next session, weekly timetable and attendance, edits their profile (a new mobile needs
// the password), and is warned before adding a child outside a course's ages. Sessions and the
// enrolment are plain inserts (making sessions is the schedule's work). With SHOTS_DIR set, each
// screen at 1366 and 390 px.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/platform/db';
import { apiSignUp, apiToken, framesDrawn, launchBrowser, signIn, signInAsAdmin, startStack, type BrowserSession, type Stack } from './harness';

const shots = process.env.SHOTS_DIR;
const parentPhone = '09124445566';
const parentPassword = 'parent-pass-123';

let stack: Stack;
let admin: BrowserSession;
let parent: BrowserSession;
const ids = { course: 0, session: 0, child: 0, youngChild: 0, agedCourse: 0 };
let agedCoursePath = '';

async function shoot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await framesDrawn(page);
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    // Nothing wider than the phone: no sideways scrolling.
    if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** A POST with the learner's token; answers the new record's id. */
async function createdId(path: string, token: string, body: unknown): Promise<number> {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer: unknown = await response.json();
  if (!response.ok || typeof answer !== 'object' || answer === null || !('id' in answer) || typeof answer.id !== 'number') {
    throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
  }
  return answer.id;
}

beforeAll(async () => {
  stack = await startStack();
  await apiSignUp(stack, { firstName: 'مریم', lastName: 'والدی', phoneNumber: parentPhone, emailAddress: '', password: parentPassword });
  const token = await apiToken(stack, parentPhone, parentPassword);
  ids.child = await createdId('/api/Children/Create', token, { firstName: 'سارا', lastName: 'والدی', birthDate: '2016-05-01T00:00:00.000Z', grade: 'چهارم دبستان' });
  const db = openDatabase(join(stack.dataDir, 'academy.sqlite'));
  try {
    // The seed's course that has met (server/seed/index.ts seedRoll): made online, with a link.
    const course = await db.selectFrom('class_sessions').select('courseId').orderBy('id').executeTakeFirstOrThrow();
    ids.course = course.courseId;
    await db.updateTable('courses').set({ type: 'online', classLink: 'https://meet.example/robotics' }).where('id', '=', ids.course).execute();
    await db.insertInto('enrollments').values({ childId: ids.child, courseId: ids.course, orderId: null, enrolledAt: new Date().toISOString() }).execute();
    const yesterday = new Date();
    yesterday.setHours(0, 0, 0, 0);
    yesterday.setDate(yesterday.getDate() - 1);
    ids.session = (
      await db
        .insertInto('class_sessions')
        .values({ courseId: ids.course, date: yesterday.toISOString(), startTime: '16:00', endTime: '17:30', status: 'scheduled', movedFrom: null, room: '', note: '' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    // A course for 9 to 12 year olds, open for registration, that Sara (7 at its start) is too young for.
    const start = new Date();
    start.setMonth(start.getMonth() + 1);
    const aged = await db
      .selectFrom('courses')
      .innerJoin('categories', 'categories.id', 'courses.categoryId')
      .select(['courses.id', 'courses.slug', 'categories.slug as categorySlug'])
      .where('courses.inActive', '=', 0)
      .where('categories.inActive', '=', 0)
      .where('courses.id', '<>', ids.course)
      .orderBy('courses.id')
      .executeTakeFirstOrThrow();
    ids.agedCourse = aged.id;
    agedCoursePath = `/categories/${encodeURIComponent(aged.categorySlug)}/${encodeURIComponent(aged.slug)}`;
    await db.updateTable('courses').set({ ageMin: 9, ageMax: 12, timeOfHolding: start.toISOString(), registrationDeadline: null }).where('id', '=', aged.id).execute();
    const born = new Date(start);
    born.setFullYear(born.getFullYear() - 7);
    ids.youngChild = await createdId('/api/Children/Create', token, { firstName: 'نازنین', lastName: 'والدی', birthDate: born.toISOString(), grade: 'اول دبستان' });
  } finally {
    await db.destroy();
  }
  admin = await launchBrowser({ viewport: { width: 1366, height: 900 } });
  await signInAsAdmin(admin.page, stack);
});

afterAll(async () => {
  await admin?.close();
  await parent?.close();
  await stack?.stop();
});

describe('taking the roll', () => {
  it('the admin opens the roll, marks one child absent in place and the rest present', async () => {
    const { page } = admin;
    await page.goto(`${stack.baseUrl}/admin/classSessions/${ids.session}`);
    await page.getByRole('button', { name: 'حضور و غیاب', exact: true }).click();
    // A result, not a secret: a toast says it (the counts under it) and the register is on screen;
    // no one-time dialog stands in front of it.
    await page.getByText('فهرست حضور و غیاب آماده شد').waitFor();
    await page.getByText(/فرزند به فهرست افزوده شد/).first().waitFor();
    const sara = page.getByRole('combobox', { name: 'حضور: سارا' });
    await sara.waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await page.getByText('این متن فقط همین یک بار نشان داده می‌شود', { exact: false }).count()).toBe(0);
    await sara.selectOption({ label: 'غایب' });
    await page.getByText('ذخیره شد').first().waitFor();
    await shoot(page, 'admin-session-roll');

    await page.getByRole('button', { name: 'همه حاضر' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'همه حاضر' });
    await confirm.getByRole('button', { name: 'همه حاضر' }).click();
    await page.getByText('حضور همه ثبت شد').first().waitFor();
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);
    // Sara stays absent; every other child of the roll is present, once the roll read again shows it.
    const statuses = () =>
      page
        .getByRole('combobox', { name: /^حضور: / })
        .evaluateAll((selects) =>
          selects.map((select) => (select instanceof HTMLSelectElement ? `${select.getAttribute('aria-label') ?? ''}=${select.selectedOptions[0]?.textContent ?? ''}` : '')),
        );
    await expect.poll(async () => (await statuses()).filter((s) => !s.startsWith('حضور: سارا والدی=') && !s.endsWith('=حاضر'))).toEqual([]);
    expect(await statuses()).toContain('حضور: سارا والدی=غایب');
    await shoot(page, 'admin-session-roll-done');
  });
});

describe('the parent’s view', () => {
  it('shows the next session with the class link, the weekly timetable and the attendance', async () => {
    parent = await launchBrowser({ viewport: { width: 1366, height: 900 } });
    const { page } = parent;
    await signIn(page, stack, parentPhone, parentPassword);
    await page.goto(`${stack.baseUrl}/dashboard/classes`);
    const sara = page.getByRole('region', { name: 'سارا والدی' });
    const next = sara.getByRole('region', { name: 'جلسه بعد' });
    await next.waitFor();
    await expect.poll(() => next.textContent()).toMatch(/[۰-۹]+ [آ-ی]+ ۱۴[۰-۹]{2}/);
    await expect.poll(() => next.textContent()).toContain('۱۶:۰۰ تا ۱۷:۳۰');
    await expect.poll(() => next.getByRole('link', { name: 'ورود به کلاس آنلاین' }).getAttribute('href')).toBe('https://meet.example/robotics');
    const week = sara.getByRole('region', { name: 'برنامه هفتگی' });
    await expect.poll(() => week.textContent()).toContain('شنبه');
    await expect.poll(() => week.textContent()).toContain('آنلاین');
    const attendance = sara.getByRole('region', { name: 'حضور و غیاب' });
    await expect.poll(() => attendance.textContent()).toContain('غایب: ۱');
    await attendance.getByText('۱ جلسه ثبت‌شده').click();
    await shoot(page, 'parent-classes');
    // The younger child has no course yet.
    await expect.poll(() => page.getByRole('region', { name: 'نازنین والدی' }).textContent()).toContain('ثبت‌نام فعال ندارد');
  });

  it('edits the profile; a new mobile needs the current password', async () => {
    const { page } = parent;
    await page.goto(`${stack.baseUrl}/dashboard/profile`);
    const form = page.getByRole('form', { name: 'حساب کاربری' });
    await form.getByLabel('نام', { exact: true }).fill('مریم‌السادات');
    await form.getByLabel('شماره موبایل').fill('۰۹۱۲۴۴۴۵۵۹۹');
    await form.getByRole('button', { name: 'ذخیره تغییرات' }).click();
    await expect.poll(() => form.textContent()).toContain('برای تغییر شماره موبایل یا ایمیل لازم است');
    await shoot(page, 'parent-profile');
    await form.getByLabel('رمز عبور فعلی').fill(parentPassword);
    await form.getByRole('button', { name: 'ذخیره تغییرات' }).click();
    await form.getByText('اطلاعات حساب ذخیره شد.').waitFor();
    await expect.poll(() => form.getByLabel('شماره موبایل').inputValue()).toBe('09124445599');
    await expect.poll(() => form.getByRole('link', { name: 'تغییر رمز عبور' }).getAttribute('href')).toBe('/dashboard/security');
  });

  it('warns before adding a child outside the course’s ages, and adds once the parent confirms', async () => {
    const { page } = parent;
    await page.goto(`${stack.baseUrl}${agedCoursePath}`);
    await page.getByLabel('ثبت‌نام برای کدام فرزند؟').selectOption({ label: 'نازنین والدی' });
    const warning = page.getByText('این دوره برای سنین ۹ تا ۱۲ سال است؛ سن نازنین در شروع دوره ۷ سال است');
    await warning.waitFor();
    await page.getByRole('button', { name: 'افزودن به سبد خرید' }).click();
    await page.getByText('برای ادامه، تأیید کنید که از محدوده سنی دوره آگاهید.').waitFor();
    await shoot(page, 'age-warning');
    await page.getByLabel('می‌دانم و با این حال ثبت‌نام می‌کنم').check();
    await page.getByRole('button', { name: 'افزودن به سبد خرید' }).click();
    await page.getByText('دوره به سبد خرید اضافه شد.').waitFor();
    await page.goto(`${stack.baseUrl}/dashboard/cart`);
    await page.getByText('سن نازنین در شروع دوره ۷ سال است').waitFor();
    await shoot(page, 'cart-age-warning');
  });
});
