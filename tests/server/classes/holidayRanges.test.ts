// @vitest-environment node
// Holidays as ranges against the real server, SQLite or PostgreSQL: one entry from–to (inclusive)
// cancels exactly the untouched pattern sessions on its days, and its preview, asked before the
// save, lists those sessions and changes nothing; a holiday without an end date is its one day;
// a range shortened gives its days back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyDayOf, academyDayStart, addDays, dayKey, weekdayOfDay, type JalaliDate } from '../../../schema/rules/calendar';
import { adminPassword, adminPhone, startServer, type TestServer } from '../../support/server';

type CourseRow = Record<string, unknown> & { id: number; version: number; title: string };
interface Session { id: number; courseId: number; date: string | null; startTime: string }

let server: TestServer;
let admin: string;
let template: CourseRow;

const at = (day: JalaliDate) => academyDayStart(day).toISOString();
const dayOfIso = (iso: unknown) => (typeof iso === 'string' ? dayKey(academyDayOf(Date.parse(iso))) : '');
const start = addDays(academyDayOf(Date.now()), 30);
const end = addDays(start, 34);

async function courseWithSessions(title: string): Promise<CourseRow> {
  const made = await server.call<CourseRow>('POST', '/api/Course/Create', {
    token: admin,
    body: { ...template, title, inActive: false, timeOfHolding: at(start), lastSessionDate: at(end), registrationDeadline: null, earlyBirdUntil: null },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  for (const weekday of [weekdayOfDay(start), (weekdayOfDay(start) + 3) % 7]) {
    const slot = await server.call('POST', '/api/CourseSlot/Create', { token: admin, body: { courseId: made.body.id, weekday, startTime: '16:00', endTime: '17:30' } });
    expect(slot.status, JSON.stringify(slot.body)).toBe(200);
  }
  return made.body;
}
const sessionsOf = async (courseId: number) => {
  const all = await server.call<Session[]>('GET', '/api/ClassSession/GetSelectList', { token: admin });
  return all.body.filter((s) => s.courseId === courseId).sort((a, b) => dayOfIso(a.date).localeCompare(dayOfIso(b.date)));
};
const preview = (body: Record<string, unknown>) => server.call<{ lines: string[]; message?: string }>('POST', '/api/Holiday/PreviewSave', { token: admin, body });

beforeAll(async () => {
  server = await startServer();
  admin = await server.signIn(adminPhone, adminPassword);
  const courses = await server.call<CourseRow[]>('GET', '/api/Course/GetSelectList', { token: admin });
  const first = courses.body[0];
  if (!first) throw new Error('no seeded course');
  template = first;
});
afterAll(async () => {
  await server.close();
});

describe('a holiday over a range of days', () => {
  it('previews exactly the sessions on its days without touching them, then cancels exactly those', async () => {
    const course = await courseWithSessions('تعطیلات: بازه نوروز');
    const before = await sessionsOf(course.id);
    const from = addDays(start, 7);
    const to = addDays(start, 19);
    const inside = before.filter((s) => dayOfIso(s.date) >= dayKey(from) && dayOfIso(s.date) <= dayKey(to));
    expect(inside.length).toBeGreaterThanOrEqual(3);
    expect(before.length).toBeGreaterThan(inside.length);

    const body = { date: at(from), endDate: at(to), title: 'نوروز آزمایشی' };
    const asked = await preview(body);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const mine = asked.body.lines.filter((line) => line.endsWith(`: ${course.title}`));
    expect(mine).toHaveLength(inside.length);
    expect(mine.every((line) => line.includes('۱۶:۰۰'))).toBe(true);
    // Asking changed nothing.
    expect((await sessionsOf(course.id)).map((s) => s.id)).toEqual(before.map((s) => s.id));

    const made = await server.call<{ id: number; version: number }>('POST', '/api/Holiday/Create', { token: admin, body });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const after = await sessionsOf(course.id);
    expect(after.map((s) => s.id)).toEqual(before.filter((s) => !inside.includes(s)).map((s) => s.id));
    // Once saved, nothing is left on those days for another preview to list.
    expect((await preview(body)).body.lines.filter((line) => line.endsWith(`: ${course.title}`))).toEqual([]);

    // Shortened to its first day: the other days' sessions come back.
    const shortened = await server.call('PUT', '/api/Holiday/Update', { token: admin, body: { id: made.body.id, version: made.body.version, date: at(from), endDate: null, title: 'نوروز آزمایشی' } });
    expect(shortened.status, JSON.stringify(shortened.body)).toBe(200);
    const back = (await sessionsOf(course.id)).map((s) => dayOfIso(s.date));
    expect(back).toEqual(before.map((s) => dayOfIso(s.date)).filter((d) => d !== dayKey(from)));
  });

  it('refuses an end before the start with the form\'s own message', async () => {
    const answer = await preview({ date: at(addDays(start, 5)), endDate: at(start), title: 'وارونه' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('از تاریخ');
  });
});
