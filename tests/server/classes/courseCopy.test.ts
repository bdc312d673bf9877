// @vitest-environment node
// «کپی برای ترم بعد» against the real server, SQLite or PostgreSQL: the copy's dates all moved by
// the same number of days (to the given first day, or by default to the first day after the
// course ends on its starting weekday), its weekly pattern, teachers, assistants and category
// kept, its sessions the pattern's own, no enrolments, inactive, a fresh slug; the answer names it.
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyDayOf, academyDayStart, addDays, dayKey, weekdayOfDay, type JalaliDate } from '../../../schema/rules/calendar';
import { openConfiguredDatabase, type DB } from '../../../server/platform/db';
import { databaseFor, usePostgres } from '../../support/postgres-db';
import { adminPassword, adminPhone, startServer, type TestServer } from '../../support/server';

type CourseRow = Record<string, unknown> & { id: number; version: number; slug: string; title: string; inActive: boolean };
interface Session { courseId: number; date: string | null; startTime: string; origin: string }

let server: TestServer;
let db: DB;
let admin: string;
let template: CourseRow;
let teachers: number[] = [];

const at = (day: JalaliDate) => academyDayStart(day).toISOString();
const dayOfIso = (iso: unknown) => (typeof iso === 'string' ? dayKey(academyDayOf(Date.parse(iso))) : '');
const start = addDays(academyDayOf(Date.now()), 20);
const end = addDays(start, 27);

async function newCourse(title: string): Promise<CourseRow> {
  const made = await server.call<CourseRow>('POST', '/api/Course/Create', {
    token: admin,
    body: {
      ...template, title, inActive: false,
      timeOfHolding: at(start), lastSessionDate: at(end), registrationDeadline: at(addDays(start, -3)), earlyBirdUntil: at(addDays(start, -10)),
      techerId: teachers[0] ?? null, assistantTeacherIds: teachers.slice(1, 3),
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  for (const weekday of [weekdayOfDay(start), (weekdayOfDay(start) + 2) % 7]) {
    const slot = await server.call('POST', '/api/CourseSlot/Create', { token: admin, body: { courseId: made.body.id, weekday, startTime: '16:00', endTime: '17:30' } });
    expect(slot.status, JSON.stringify(slot.body)).toBe(200);
  }
  return made.body;
}
const copy = (course: CourseRow, startsOn: string | null) =>
  server.call<{ record: CourseRow; opens?: number; message?: string }>('POST', '/api/Course/CopyForNextTerm', { token: admin, body: { id: course.id, version: course.version, startsOn } });
const courseById = async (id: number) => {
  const all = await server.call<CourseRow[]>('GET', '/api/Course/GetSelectList', { token: admin });
  const found = all.body.find((c) => c.id === id);
  if (!found) throw new Error(`no course ${id}`);
  return found;
};
const sessionDays = async (courseId: number) => {
  const all = await server.call<Session[]>('GET', '/api/ClassSession/GetSelectList', { token: admin });
  return all.body.filter((s) => s.courseId === courseId).map((s) => dayOfIso(s.date)).sort();
};

beforeAll(async () => {
  server = await startServer();
  admin = await server.signIn(adminPhone, adminPassword);
  db = openConfiguredDatabase({ databaseUrl: usePostgres ? await databaseFor(server.dataDir) : undefined, databaseFile: path.join(server.dataDir, 'academy.sqlite') });
  const courses = await server.call<CourseRow[]>('GET', '/api/Course/GetSelectList', { token: admin });
  const first = courses.body[0];
  if (!first) throw new Error('no seeded course');
  template = first;
  const listed = await server.call<Array<{ id: number }>>('GET', '/api/Teacher/GetSelectList', { token: admin });
  teachers = listed.body.map((t) => t.id).slice(0, 3);
});
afterAll(async () => {
  await db.destroy();
  await server.close();
});

describe('copying a course for the next term', () => {
  it('moves every date by the same days to the given first day, keeps the pattern and the links, starts empty and inactive', async () => {
    const course = await newCourse('کپی: پایتون پاییز');
    const enrolled = await sql<{ n: number | string }>`select count(*) as n from enrollments`.execute(db);
    // Six weeks on: the same weekday (a first day off the pattern would move to the next class day).
    const newStart = addDays(start, 42);
    const answer = await copy(course, at(newStart));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const id = answer.body.opens ?? 0;
    expect(id).toBeGreaterThan(course.id);
    const made = await courseById(id);
    const shift = 42;
    expect(dayOfIso(made.timeOfHolding)).toBe(dayKey(newStart));
    expect(dayOfIso(made.lastSessionDate)).toBe(dayKey(addDays(end, shift)));
    expect(dayOfIso(made.registrationDeadline)).toBe(dayKey(addDays(start, shift - 3)));
    expect(dayOfIso(made.earlyBirdUntil)).toBe(dayKey(addDays(start, shift - 10)));
    expect(made.inActive).toBe(true);
    expect(made.slug).not.toBe(course.slug);
    expect(made.title).toContain('کپی: پایتون پاییز');
    expect(made.title).not.toBe(course.title);
    for (const name of ['techerId', 'assistantTeacherIds', 'categoryId', 'priceInTomans', 'capacity', 'description']) expect(made[name], name).toEqual(course[name]);

    const slots = await sql<{ weekday: number; startTime: string }>`select weekday, "startTime" from course_slots where "courseId" = ${id} order by weekday`.execute(db);
    const originalSlots = await sql<{ weekday: number; startTime: string }>`select weekday, "startTime" from course_slots where "courseId" = ${course.id} order by weekday`.execute(db);
    expect(slots.rows.map((s) => [Number(s.weekday), s.startTime])).toEqual(originalSlots.rows.map((s) => [Number(s.weekday), s.startTime]));
    // The pattern's sessions, each the original's day moved by the same shift.
    const original = await sessionDays(course.id);
    expect(original.length).toBeGreaterThan(4);
    expect(await sessionDays(id)).toEqual(original.map((d) => {
      const [jy = 0, jm = 0, jd = 0] = d.split('-').map(Number);
      return dayKey(addDays({ jy, jm, jd }, shift));
    }));
    const mine = await sql<{ n: number | string }>`select count(*) as n from enrollments where "courseId" = ${id}`.execute(db);
    expect(Number(mine.rows[0]?.n)).toBe(0);
    const after = await sql<{ n: number | string }>`select count(*) as n from enrollments`.execute(db);
    expect(Number(after.rows[0]?.n)).toBe(Number(enrolled.rows[0]?.n));
    // Not on the public site until it is made active.
    expect((await server.call('GET', '/api/Public/courses/{slug}', { params: { slug: made.slug } })).status).toBe(404);
  });

  it('starts on the weekday the course began on (by default the first after its end); refuses an earlier start', async () => {
    const course = await newCourse('کپی: رباتیک');
    const answer = await copy(course, null);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const made = await courseById(answer.body.opens ?? 0);
    const first = academyDayOf(Date.parse(String(made.timeOfHolding)));
    expect(weekdayOfDay(first)).toBe(weekdayOfDay(start));
    expect(dayKey(first) > dayKey(end)).toBe(true);
    expect(dayKey(addDays(first, -7)) <= dayKey(end)).toBe(true);

    // A given day off the course's weekday moves on to it: the pattern lands as before.
    const offDay = await copy(await courseById(course.id), at(addDays(end, 10)));
    expect(offDay.status, JSON.stringify(offDay.body)).toBe(200);
    const moved = academyDayOf(Date.parse(String((await courseById(offDay.body.opens ?? 0)).timeOfHolding)));
    expect(weekdayOfDay(moved)).toBe(weekdayOfDay(start));
    expect(dayKey(moved) >= dayKey(addDays(end, 10)) && dayKey(moved) < dayKey(addDays(end, 17))).toBe(true);

    const current = await courseById(course.id);
    const early = await copy(current, at(addDays(start, -1)));
    expect(early.status).toBe(400);
    expect(early.body.message).toContain('پس از آغاز');
  });
});
