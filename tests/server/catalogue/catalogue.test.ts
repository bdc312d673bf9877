// @vitest-environment node
// The public catalogue for parents: GET /api/Public/courses with its filters (one reading in
// src/components/site/courseFilters.ts), related courses, teacher pages, and categories without
// an active course offered nowhere. Runs on the seeded data (server/seed/index.ts seedCatalogue).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, openPostgres, type DB } from '../../../server/platform/db';
import { migrateNewDatabaseTo } from '../../../server/platform/migrations';
import { migrationHistory } from '../../../server/platform/migrations/history.gen';
import { jalaliToday } from '../../../schema/rules/courseFilters';
import { databaseFor, dropDatabaseFor, usePostgres } from '../../support/postgres-db';
import { adminPassword, adminPhone, startServer, type TestServer } from '../../support/server';

interface Course {
  id: number;
  slug: string;
  title: string;
  type: 'online' | 'offline';
  priceInTomans: number;
  timeOfHolding: string | null;
  ageMin: number;
  ageMax: number;
  weeklySlots: Array<{ weekday: number; startTime: string; endTime: string }>;
  category: { slug: string; name: string };
  teacher: { slug: string; fullName: string } | null;
}
interface Row {
  id: number;
  slug: string;
}

let server: TestServer;
let admin: string;

beforeAll(async () => {
  // A stand-in for the built site, so page addresses answer with their real statuses.
  const dist = mkdtempSync(path.join(tmpdir(), 'academy-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="fa" dir="rtl"><body><div id="root"></div></body></html>');
  server = await startServer({ distDir: dist });
  admin = await server.signIn(adminPhone, adminPassword);
});
afterAll(async () => {
  await server.close();
});

const list = async (query: Record<string, string> = {}) => {
  const answer = await server.call<{ courses: Course[]; total: number }>('GET', '/api/Public/courses', { query });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  // The seed's catalogue fits in one page.
  expect(answer.body.courses.length).toBe(answer.body.total);
  return answer.body.courses;
};
const titles = (courses: Course[]) => courses.map((c) => c.title).sort();
const fits = (c: Course, age: number) => (c.ageMin === 0 || c.ageMin <= age) && (c.ageMax === 0 || age <= c.ageMax);

const courseBody = (title: string, categoryId: number, extra: Record<string, unknown> = {}) => ({
  title,
  durationInHours: 10,
  timeOfHolding: null,
  lastSessionDate: null,
  registrationDeadline: null,
  priceInTomans: 1_000_000,
  earlyBirdPriceInTomans: 0,
  earlyBirdUntil: null,
  type: 'online',
  inActive: false,
  difficulty: '',
  techerId: 0,
  categoryId,
  prerequisite: '',
  ageMin: 0,
  ageMax: 0,
  capacity: 0,
  address: '',
  room: '',
  classLink: '',
  coverImage: '',
  coverVideo: '',
  description: '',
  headings: '',
  ...extra,
});

describe('filters', () => {
  it('lists every active course with no filter, and each filter narrows it as it says', async () => {
    const all = await list();
    expect(all.length).toBe(12);

    const nine = await list({ age: '9' });
    expect(titles(nine)).toEqual(titles(all.filter((c) => fits(c, 9))));
    expect(nine.length).toBeGreaterThan(0);
    expect(nine.length).toBeLessThan(all.length);

    const monday = await list({ day: '2' });
    expect(titles(monday)).toEqual(titles(all.filter((c) => c.weeklySlots.some((s) => s.weekday === 2))));

    const offline = await list({ type: 'offline' });
    expect(offline.length).toBeGreaterThan(0);
    expect(offline.every((c) => c.type === 'offline')).toBe(true);
    expect(offline.length + (await list({ type: 'online' })).length).toBe(all.length);

    const category = all[0]?.category.slug ?? '';
    const ofCategory = await list({ category });
    expect(titles(ofCategory)).toEqual(titles(all.filter((c) => c.category.slug === category)));

    const cheap = await list({ priceMax: '2000000' });
    expect(titles(cheap)).toEqual(titles(all.filter((c) => c.priceInTomans <= 2_000_000)));
    const band = await list({ priceMin: '2000000', priceMax: '3000000' });
    expect(titles(band)).toEqual(titles(all.filter((c) => c.priceInTomans >= 2_000_000 && c.priceInTomans <= 3_000_000)));

    const today = jalaliToday();
    const [jy = 0, jm = 0] = today.split('-').map(Number);
    const nextMonth = jm === 12 ? `${jy + 1}-01-01` : `${jy}-${String(jm + 1).padStart(2, '0')}-01`;
    const later = await list({ from: nextMonth });
    expect(later.length).toBeLessThan(all.length);
    const firstOfNextMonth = later.length ? Math.min(...later.map((c) => Date.parse(c.timeOfHolding ?? ''))) : Infinity;
    const excluded = all.filter((c) => !later.some((l) => l.id === c.id));
    expect(excluded.every((c) => c.timeOfHolding === null || Date.parse(c.timeOfHolding) < firstOfNextMonth)).toBe(true);
  });

  it('combines filters: a 9-year-old on Mondays, in person, up to 3,000,000 tomans', async () => {
    const all = await list();
    const found = await list({ age: '9', day: '2', type: 'offline', priceMax: '3000000' });
    const expected = all.filter(
      (c) => fits(c, 9) && c.weeklySlots.some((s) => s.weekday === 2) && c.type === 'offline' && c.priceInTomans <= 3_000_000,
    );
    expect(titles(found)).toEqual(titles(expected));
    expect(found.map((c) => c.title)).toContain('رباتیک مقدماتی با لگو');
    const mondayNine = await list({ age: '9', day: '2' });
    // The seed's Monday classes for 8–11 (server/seed/index.ts seedSchedule): one in person, one online.
    expect(titles(mondayNine)).toEqual(['رباتیک مقدماتی با لگو', 'طراحی بازی با اسکرچ'].sort());
    // Sorted by price when asked, soonest first otherwise.
    const byPrice = await list({ age: '9', sort: 'price-asc' });
    expect(byPrice.map((c) => c.priceInTomans)).toEqual([...byPrice.map((c) => c.priceInTomans)].sort((a, b) => a - b));
  });

  it('reads numbers in Persian and Arabic digits, and empty values as no filter', async () => {
    expect(titles(await list({ age: '۹', day: '٢' }))).toEqual(titles(await list({ age: '9', day: '2' })));
    expect((await list({ age: '', day: '', q: '', type: '' })).length).toBe(12);
  });

  it('answers an unreadable or unknown parameter with a Persian 400', async () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ age: 'نه' }, /سن کودک/],
      [{ age: '0' }, /سن کودک/],
      [{ age: '40' }, /سن کودک/],
      [{ day: '7' }, /روز هفته/],
      [{ type: 'hybrid' }, /نوع برگزاری/],
      [{ priceMax: '-5' }, /حداکثر قیمت/],
      [{ priceMin: '3000000', priceMax: '1000' }, /حداقل قیمت از حداکثر/],
      [{ from: '1405-13-01' }, /تاریخ شروع/],
      [{ from: 'tomorrow' }, /تاریخ شروع/],
      [{ q: 'ا'.repeat(101) }, /جستجو/],
      [{ sort: 'random' }, /ترتیب/],
      [{ colour: 'blue' }, /ناشناخته/],
    ];
    for (const [query, message] of cases) {
      const answer = await server.call<{ message: string }>('GET', '/api/Public/courses', { query });
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    const twice = await fetch(`${server.url}/api/Public/courses?age=9&age=10`);
    expect(twice.status).toBe(400);
    expect(((await twice.json()) as { message: string }).message).toMatch(/سن کودک/);
  });
});

describe('order and bounds, in the database', () => {
  it('sorts soonest first with undated courses last, or by price either way, and reads 0 as no age bound', async () => {
    const category = await server.call<Row>('POST', '/api/Category/Create', { token: admin, body: { name: 'دسته ترتیب', inActive: false, coverImage: '' } });
    const made: number[] = [];
    const make = async (title: string, extra: Record<string, unknown>) => {
      const created = await server.call<Row>('POST', '/api/Course/Create', { token: admin, body: courseBody(title, category.body.id, extra) });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      made.push(created.body.id);
    };
    try {
      await make('ترتیب یک', { type: 'online', difficulty: 'advanced', priceInTomans: 300_000, timeOfHolding: '2030-03-01T00:00:00.000Z', ageMin: 7, ageMax: 10 });
      await make('ترتیب دو', { type: 'offline', difficulty: 'introductory', priceInTomans: 100_000, timeOfHolding: '2030-01-01T00:00:00.000Z', ageMin: 12, ageMax: 0 });
      await make('ترتیب سه', { type: 'online', difficulty: 'introductory', priceInTomans: 200_000, timeOfHolding: null });
      await make('ترتیب چهار', { type: 'online', difficulty: 'introductory', priceInTomans: 50_000, timeOfHolding: '2030-02-01T00:00:00.000Z', ageMax: 6 });
      const order = async (query: Record<string, string>) => (await list({ category: category.body.slug, ...query })).map((c) => c.title.split(' ')[1]);
      expect(await order({})).toEqual(['دو', 'چهار', 'یک', 'سه']);
      expect(await order({ type: 'online' })).toEqual(['چهار', 'یک', 'سه']);
      expect(await order({ difficulty: 'introductory', sort: 'price-asc' })).toEqual(['چهار', 'دو', 'سه']);
      expect(await order({ sort: 'price-desc' })).toEqual(['یک', 'سه', 'دو', 'چهار']);
      expect(await order({ age: '9' })).toEqual(['یک', 'سه']);
      expect(await order({ age: '15' })).toEqual(['دو', 'سه']);
      // The category's name is searched too.
      expect(await order({ q: 'دسته ترتيب' })).toEqual(['دو', 'چهار', 'یک', 'سه']);
    } finally {
      for (const id of made) await server.call('DELETE', '/api/Course/Delete', { token: admin, body: { id } });
    }
  });
});

describe('Persian-aware search', () => {
  it('folds ي/ك, ZWNJ, spaces and digits as the admin search does', async () => {
    const categories = await server.call<Row[]>('GET', '/api/Public/categories');
    const categoryId = categories.body[0]?.id ?? 0;
    const created = await server.call<Row>('POST', '/api/Course/Create', {
      token: admin,
      body: courseBody('کارگاه می‌خواهم ربات بسازم ۲', categoryId),
    });
    expect(created.status).toBe(200);
    try {
      for (const q of ['كارگاه', 'ميخواهم', 'می خواهم', 'می‌خواهم', 'بسازم 2', 'بسازم ٢', 'ربات بسازم ۲']) {
        const found = await list({ q });
        expect(found.map((c) => c.title), q).toContain('کارگاه می‌خواهم ربات بسازم ۲');
      }
      // Searches the category and the teacher too.
      const seededTeacher = (await list()).find((c) => c.teacher)?.teacher;
      const byTeacher = await list({ q: seededTeacher?.fullName.replace(/ی/g, 'ي') ?? '' });
      expect(byTeacher.length).toBeGreaterThan(0);
      expect(byTeacher.every((c) => c.teacher?.slug === seededTeacher?.slug)).toBe(true);
      expect(await list({ q: 'هیچ‌چیز-چنین-نیست' })).toEqual([]);
    } finally {
      await server.call('DELETE', '/api/Course/Delete', { token: admin, body: { id: created.body.id } });
    }
  });
});

describe('what is offered', () => {
  it('leaves out inactive courses, courses of inactive categories and categories without an active course', async () => {
    const empty = await server.call<Row>('POST', '/api/Category/Create', { token: admin, body: { name: 'دسته خالی', inActive: false, coverImage: '' } });
    const hidden = await server.call<Row>('POST', '/api/Category/Create', { token: admin, body: { name: 'دسته پنهان', inActive: true, coverImage: '' } });
    const asleep = await server.call<Row>('POST', '/api/Category/Create', { token: admin, body: { name: 'دسته خفته', inActive: false, coverImage: '' } });
    expect([empty.status, hidden.status, asleep.status]).toEqual([200, 200, 200]);
    const inHidden = await server.call<Row>('POST', '/api/Course/Create', { token: admin, body: courseBody('دوره دسته پنهان', hidden.body.id) });
    const inactive = await server.call<Row>('POST', '/api/Course/Create', {
      token: admin,
      body: courseBody('دوره غیرفعال', asleep.body.id, { inActive: true }),
    });
    expect([inHidden.status, inactive.status]).toEqual([200, 200]);

    const all = await list();
    expect(all.map((c) => c.title)).not.toContain('دوره دسته پنهان');
    expect(all.map((c) => c.title)).not.toContain('دوره غیرفعال');
    expect((await list({ category: hidden.body.slug })).length).toBe(0);

    const categories = await server.call<Array<Row & { courseCount: number }>>('GET', '/api/Public/categories');
    const slugs = categories.body.map((c) => c.slug);
    for (const slug of [empty.body.slug, hidden.body.slug, asleep.body.slug]) {
      expect(slugs).not.toContain(slug);
      const page = await server.call('GET', '/api/Public/categories/{slug}', { params: { slug } });
      expect(page.status).toBe(404);
      const html = await fetch(`${server.url}/categories/${encodeURIComponent(slug)}`, { headers: { Accept: 'text/html' } });
      expect(html.status).toBe(404);
      await html.arrayBuffer();
    }
    expect(categories.body.every((c) => c.courseCount > 0)).toBe(true);
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).not.toContain(encodeURIComponent(empty.body.slug));
    expect(sitemap).not.toContain(encodeURIComponent(asleep.body.slug));

    // Its first active course puts the category back everywhere.
    const woken = await server.call<Row>('POST', '/api/Course/Create', { token: admin, body: courseBody('دوره بیدار', asleep.body.id) });
    expect(woken.status).toBe(200);
    const again = await server.call<Row[]>('GET', '/api/Public/categories');
    expect(again.body.map((c) => c.slug)).toContain(asleep.body.slug);
    expect((await server.call('GET', '/api/Public/categories/{slug}', { params: { slug: asleep.body.slug } })).status).toBe(200);
    for (const id of [inHidden.body.id, inactive.body.id, woken.body.id]) {
      await server.call('DELETE', '/api/Course/Delete', { token: admin, body: { id } });
    }
  });
});

describe('related courses', () => {
  it('answers up to four others: same category first, then the nearest ages, never itself', async () => {
    const all = await list();
    for (const course of all.slice(0, 4)) {
      const answer = await server.call<Course[]>('GET', '/api/Public/courses/{slug}/related', { params: { slug: course.slug } });
      expect(answer.status).toBe(200);
      const related = answer.body;
      expect(related.length).toBe(4);
      expect(related.map((c) => c.id)).not.toContain(course.id);
      const same = all.filter((c) => c.id !== course.id && c.category.slug === course.category.slug);
      const head = related.slice(0, Math.min(4, same.length));
      expect(head.every((c) => c.category.slug === course.category.slug)).toBe(true);
    }
    const missing = await server.call<{ message: string }>('GET', '/api/Public/courses/{slug}/related', { params: { slug: 'no-such-course' } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('دوره مورد نظر یافت نشد');
  });
});

describe('teachers', () => {
  it('lists teachers with active courses and answers a teacher page with their active courses', async () => {
    const teachers = await server.call<Array<Row & { fullName: string; courseCount: number }>>('GET', '/api/Public/teachers');
    expect(teachers.status).toBe(200);
    expect(teachers.body.length).toBeGreaterThan(0);
    const all = await list();
    for (const teacher of teachers.body) {
      expect(teacher.slug).not.toBe('');
      const page = await server.call<{ teacher: Row & { fullName: string }; courses: { courses: Course[]; total: number } }>('GET', '/api/Public/teachers/{slug}', {
        params: { slug: teacher.slug },
      });
      expect(page.status).toBe(200);
      expect(page.body.teacher.fullName).toBe(teacher.fullName);
      expect(page.body.courses.courses.length).toBe(teacher.courseCount);
      expect(page.body.courses.total).toBe(teacher.courseCount);
      expect(titles(page.body.courses.courses)).toEqual(titles(all.filter((c) => c.teacher?.slug === teacher.slug)));
      const html = await fetch(`${server.url}/teachers/${encodeURIComponent(teacher.slug)}`, { headers: { Accept: 'text/html' } });
      expect(html.status).toBe(200);
      await html.arrayBuffer();
    }
    const missing = await server.call<{ message: string }>('GET', '/api/Public/teachers/{slug}', { params: { slug: 'no-such-teacher' } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('مدرس مورد نظر یافت نشد');
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    // /courses is only a way to /categories (the spec's route table): not a page of the sitemap.
    expect(sitemap).not.toContain('<loc>http://academy.test/courses</loc>');
    expect(sitemap).toContain('<loc>http://academy.test/categories</loc>');
    expect(sitemap).toContain('<loc>http://academy.test/teachers</loc>');
    expect(sitemap).toContain(`<loc>http://academy.test/teachers/${encodeURIComponent(teachers.body[0]?.slug ?? '')}</loc>`);
  });

  it('gives a new teacher a slug from the name, numbered when taken', async () => {
    const body = { fullName: 'مدرس آزمون', skill: 'ریاضی', descirption: 'شرح', coverImage: 'course-1.webp' };
    const first = await server.call<Row>('POST', '/api/Teacher/Create', { token: admin, body });
    const second = await server.call<Row>('POST', '/api/Teacher/Create', { token: admin, body });
    expect([first.body.slug, second.body.slug]).toEqual(['مدرس-آزمون', 'مدرس-آزمون-2']);
    // A teacher without an active course still has a page, saying so; the index leaves them out.
    expect((await server.call('GET', '/api/Public/teachers/{slug}', { params: { slug: first.body.slug } })).status).toBe(200);
    const index = await server.call<Row[]>('GET', '/api/Public/teachers');
    expect(index.body.map((t) => t.slug)).not.toContain(first.body.slug);
    for (const id of [first.body.id, second.body.id]) await server.call('DELETE', '/api/Teacher/Delete', { token: admin, body: { id } });
  });
});

describe('addresses', () => {
  it('moves /courses and /categories/courses to /categories (the search there), with their query, and answers unknown teachers 404', async () => {
    const page = await fetch(`${server.url}/categories?age=9`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    await page.arrayBuffer();
    for (const [from, to] of [
      ['/courses', '/categories'],
      ['/courses?age=9&day=2', '/categories?age=9&day=2'],
      ['/categories/courses', '/categories'],
      ['/categories/courses?age=9&day=2', '/categories?age=9&day=2'],
    ]) {
      const moved = await fetch(`${server.url}${from}`, { headers: { Accept: 'text/html' }, redirect: 'manual' });
      expect(moved.status, from).toBe(301);
      expect(moved.headers.get('location'), from).toBe(to);
      await moved.arrayBuffer();
    }
    const unknown = await fetch(`${server.url}/teachers/no-such-teacher`, { headers: { Accept: 'text/html' } });
    expect(unknown.status).toBe(404);
    await unknown.arrayBuffer();
  });
});

describe('teacher slugs for rows made before them', () => {
  it('the generated migration fills each existing teacher a distinct slug before the unique index', async () => {
    const index = migrationHistory.findIndex((m) => 'generated' in m && m.generated.steps.some((s) => s.op === 'addColumn' && s.table === 'teachers' && s.column === 'slug'));
    const before = migrationHistory[index - 1]?.name;
    if (!before) throw new Error('no migration adds the teachers slug');
    const dir = mkdtempSync(path.join(tmpdir(), 'academy-slugs-'));
    const db: DB = usePostgres ? openPostgres(await databaseFor(dir), 2) : openDatabase(path.join(dir, 'academy.db'));
    try {
      expect(await migrateNewDatabaseTo(db, before)).toBeUndefined();
      // These rows predate the slug column, which the table's type has: they are written raw.
      for (const fullName of ['مریم احمدی', 'مریم احمدی', 'Ali Rezaei', '!!!']) {
        await sql`insert into ${sql.table('teachers')} (${sql.ref('fullName')}, ${sql.ref('skill')}, ${sql.ref('descirption')}, ${sql.ref('coverImage')}) values (${fullName}, ${'s'}, ${'d'}, ${''})`.execute(db);
      }
      await migrate(db);
      const rows = await db.selectFrom('teachers').select(['fullName', 'slug']).orderBy('id').execute();
      expect(rows.map((r) => r.slug)).toEqual(['مریم-احمدی', 'مریم-احمدی-2', 'ali-rezaei', 'teachers']);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
      if (usePostgres) await dropDatabaseFor(dir);
    }
  });
});
