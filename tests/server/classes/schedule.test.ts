// @vitest-environment node
// Class schedules against the real server, SQLite or PostgreSQL: dated sessions
// made from a course's weekly pattern on Tehran days (Saturday-first weekdays) across a Jalali
// month boundary, skipping holidays; kept in sync when the dates, the slots or the holidays
// change, with moved, cancelled, hand-made and past sessions left alone; the session actions and
// their refusals; the learner's timetable and who sees a class link.
import path from 'node:path';
import { toGregorian, toJalaali, jalaaliMonthLength } from 'jalaali-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyDayOf, academyDayStart } from '../../../schema/rules/calendar';
import { openConfiguredDatabase, type DB } from '../../../server/platform/db';
import { syncCourseSessions } from '../../../server/features/classes/schedule';
import { startFakeGateway, type FakeGateway } from '../../support/fake-gateway';
import { databaseFor, usePostgres } from '../../support/postgres-db';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';

let gateway: FakeGateway;
let server: TestServer;
let db: DB;
let admin: string;

type JalaliDate = { jy: number; jm: number; jd: number };
interface Session {
  id: number;
  version: number;
  courseId: number;
  date: string | null;
  startTime: string;
  endTime: string;
  status: 'scheduled' | 'cancelled';
  movedFrom: string | null;
  note: string;
  room: string;
  origin: 'pattern' | 'manual';
}
type CourseRow = Record<string, unknown> & { id: number; version: number; slug: string; title: string; categoryId: number };

const key = ({ jy, jm, jd }: JalaliDate) => `${jy}-${String(jm).padStart(2, '0')}-${String(jd).padStart(2, '0')}`;
const addDays = (day: JalaliDate, n: number): JalaliDate => {
  const { gy, gm, gd } = toGregorian(day.jy, day.jm, day.jd);
  const d = new Date(Date.UTC(gy, gm - 1, gd + n));
  return toJalaali(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
};
/** Saturday = 0, by the Gregorian calendar's own weekday (independent of the server's code). */
const satFirst = (day: JalaliDate) => {
  const { gy, gm, gd } = toGregorian(day.jy, day.jm, day.jd);
  return (new Date(Date.UTC(gy, gm - 1, gd)).getUTCDay() + 1) % 7;
};
const at = (day: JalaliDate) => academyDayStart(day).toISOString();
const dayOfIso = (iso: string | null) => (iso === null ? '' : key(academyDayOf(Date.parse(iso))));
const today = () => academyDayOf(Date.now());

// A course window starting next week, across the end of a Jalali month.
const soon = addDays(today(), 10);
const monthEndAhead = { jy: soon.jy, jm: soon.jm, jd: jalaaliMonthLength(soon.jy, soon.jm) };
const windowStart = addDays(monthEndAhead, -13);
const windowEnd = addDays(monthEndAhead, 14);

const sessionsOf = async (courseId: number) => {
  const all = await server.call<Session[]>('GET', '/api/ClassSession/GetSelectList', { token: admin });
  expect(all.status).toBe(200);
  return all.body.filter((s) => s.courseId === courseId).sort((a, b) => dayOfIso(a.date).localeCompare(dayOfIso(b.date)) || a.startTime.localeCompare(b.startTime));
};
const summary = (sessions: readonly Session[]) => sessions.map((s) => `${dayOfIso(s.date)} ${s.startTime}`);

let template: CourseRow;
/** The holiday the first test enters (a Monday of the window), kept for the rest. */
let holidayDay = '';
async function newCourse(title: string, extra: Record<string, unknown> = {}): Promise<CourseRow> {
  const answer = await server.call<CourseRow>('POST', '/api/Course/Create', {
    token: admin,
    body: { ...template, title, timeOfHolding: at(windowStart), lastSessionDate: at(windowEnd), registrationDeadline: null, inActive: false, ...extra },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}
async function addSlot(courseId: number, weekday: number, startTime = '16:00', endTime = '17:30') {
  const answer = await server.call<{ id: number; version: number }>('POST', '/api/CourseSlot/Create', { token: admin, body: { courseId, weekday, startTime, endTime } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}
async function action(call: 'Move' | 'Cancel' | 'Reinstate', body: Record<string, unknown>) {
  return server.call<{ record: Session; message?: string }>('POST', `/api/ClassSession/${call}`, { token: admin, body });
}
/** The pattern's days in the window from `from` on: weekdays given, holidays left out. */
function patternDays(weekdays: readonly number[], skip: readonly string[] = [], from: JalaliDate = windowStart, to: JalaliDate = windowEnd): string[] {
  const out: string[] = [];
  for (let d = from; key(d) <= key(to); d = addDays(d, 1)) if (weekdays.includes(satFirst(d)) && !skip.includes(key(d))) out.push(key(d));
  return out;
}

beforeAll(async () => {
  gateway = await startFakeGateway();
  server = await startServer({ paymentGatewayUrl: gateway.url });
  admin = await server.signIn(adminPhone, adminPassword);
  db = openConfiguredDatabase({
    databaseUrl: usePostgres ? await databaseFor(server.dataDir) : undefined,
    databaseFile: path.join(server.dataDir, 'academy.sqlite'),
  });
  const courses = await server.call<CourseRow[]>('GET', '/api/Course/GetSelectList', { token: admin });
  const first = courses.body[0];
  if (!first) throw new Error('no seeded course');
  template = first;
});
afterAll(async () => {
  await db.destroy();
  await server.close();
  await gateway.close();
});

describe('making sessions from the weekly pattern', () => {
  it('makes a session on every Saturday and Monday of the window, across the Jalali month boundary, skipping holidays', async () => {
    const course = await newCourse('زمان‌بندی: ساخت جلسات');
    expect(await sessionsOf(course.id)).toEqual([]);
    holidayDay = patternDays([2])[1] ?? '';
    const [hy, hm, hd] = holidayDay.split('-').map(Number);
    const holiday = await server.call<{ id: number; version: number }>('POST', '/api/Holiday/Create', {
      token: admin,
      body: { date: at({ jy: hy ?? 0, jm: hm ?? 0, jd: hd ?? 0 }), endDate: null, title: 'تعطیل آزمایشی' },
    });
    expect(holiday.status).toBe(200);

    await addSlot(course.id, 0);
    await addSlot(course.id, 2, '17:00', '18:30');
    const sessions = await sessionsOf(course.id);
    const expected = [...patternDays([0]).map((d) => `${d} 16:00`), ...patternDays([2], [holidayDay]).map((d) => `${d} 17:00`)].sort();
    expect(summary(sessions)).toEqual(expected);
    // Both sides of the month's end, and every one made by the pattern, scheduled.
    expect(new Set(sessions.map((s) => dayOfIso(s.date).slice(0, 7))).size).toBe(2);
    expect(sessions.every((s) => s.origin === 'pattern' && s.status === 'scheduled' && s.movedFrom === null)).toBe(true);
    expect(sessions.every((s) => satFirst(academyDayOf(Date.parse(s.date ?? ''))) === (s.startTime === '16:00' ? 0 : 2))).toBe(true);
    expect(summary(sessions)).not.toContain(`${holidayDay} 17:00`);

    // The holiday removed: its Monday comes back; entered again: it goes.
    expect((await server.call('DELETE', '/api/Holiday/Delete', { token: admin, body: { id: holiday.body.id } })).status).toBe(200);
    expect(summary(await sessionsOf(course.id))).toContain(`${holidayDay} 17:00`);
    const again = await server.call('POST', '/api/Holiday/Create', { token: admin, body: { date: at({ jy: hy ?? 0, jm: hm ?? 0, jd: hd ?? 0 }), endDate: null, title: 'تعطیل آزمایشی' } });
    expect(again.status).toBe(200);
    expect(summary(await sessionsOf(course.id))).toEqual(expected);
  });

  it('starts a course on its first session: a start with no class that day moves to the first class day, as the public page shows it, and stays there when a form saves the old day again', async () => {
    const friday = addDays(windowStart, (6 - satFirst(windowStart) + 7) % 7);
    const saturday = key(addDays(friday, 1));
    const course = await newCourse('زمان‌بندی: شروع با نخستین جلسه', { timeOfHolding: at(friday) });
    for (const weekday of [0, 2]) await addSlot(course.id, weekday);
    const startOf = async () => dayOfIso(String((await server.call<CourseRow[]>('GET', '/api/Course/GetSelectList', { token: admin })).body.find((c) => c.id === course.id)?.timeOfHolding));
    expect(await startOf()).toBe(saturday);
    expect(dayOfIso((await server.call<{ timeOfHolding: string }>('GET', '/api/Public/courses/{slug}', { params: { slug: course.slug } })).body.timeOfHolding)).toBe(saturday);
    expect(dayOfIso((await server.call<Array<{ date: string }>>('GET', '/api/Public/courses/{slug}/sessions', { params: { slug: course.slug } })).body[0]?.date ?? null)).toBe(saturday);
    expect((await server.call('PUT', '/api/Course/Update', { token: admin, body: { ...course, version: undefined, timeOfHolding: at(friday) } })).status).toBe(200);
    expect(await startOf()).toBe(saturday);
  });

  it('follows the course dates: a shorter window drops the sessions after it, a longer one adds them', async () => {
    const course = await newCourse('زمان‌بندی: تاریخ‌ها');
    await addSlot(course.id, 1);
    const full = patternDays([1]);
    expect(summary(await sessionsOf(course.id))).toEqual(full.map((d) => `${d} 16:00`));
    const shorterEnd = addDays(windowEnd, -8);
    const fresh = (await server.call<CourseRow[]>('GET', '/api/Course/GetSelectList', { token: admin })).body.find((c) => c.id === course.id);
    const shorter = await server.call('PUT', '/api/Course/Update', { token: admin, body: { ...fresh, lastSessionDate: at(shorterEnd) } });
    expect(shorter.status).toBe(200);
    expect(summary(await sessionsOf(course.id))).toEqual(patternDays([1], [], windowStart, shorterEnd).map((d) => `${d} 16:00`));
    const shortened = (await server.call<CourseRow[]>('GET', '/api/Course/GetSelectList', { token: admin })).body.find((c) => c.id === course.id);
    expect((await server.call('PUT', '/api/Course/Update', { token: admin, body: { ...shortened, lastSessionDate: at(windowEnd) } })).status).toBe(200);
    expect(summary(await sessionsOf(course.id))).toEqual(full.map((d) => `${d} 16:00`));
    // A title edit leaves the sessions as they are (same ids).
    const before = (await sessionsOf(course.id)).map((s) => s.id);
    const row = (await server.call<CourseRow[]>('GET', '/api/Course/GetSelectList', { token: admin })).body.find((c) => c.id === course.id);
    expect((await server.call('PUT', '/api/Course/Update', { token: admin, body: { ...row, title: 'زمان‌بندی: تاریخ‌ها (نو)' } })).status).toBe(200);
    expect((await sessionsOf(course.id)).map((s) => s.id)).toEqual(before);
  });
});

describe('a course’s detail view', () => {
  it('lists its slots by weekday and its sessions by date (the schemas’ relatedOrder)', async () => {
    const course = await newCourse('زمان‌بندی: جزئیات');
    await addSlot(course.id, 4);
    await addSlot(course.id, 0);
    const detail = await server.call<{ related: Array<{ entity: string; items: Array<{ date?: string; weekday?: number }> }> }>('GET', '/api/Admin/{entity}/{id}', {
      token: admin,
      params: { entity: 'courses', id: String(course.id) },
    });
    expect(detail.status).toBe(200);
    const slots = detail.body.related.find((g) => g.entity === 'courseSlots')?.items ?? [];
    expect(slots.map((s) => s.weekday)).toEqual([0, 4]);
    const dates = (detail.body.related.find((g) => g.entity === 'classSessions')?.items ?? []).map((s) => s.date ?? '');
    expect(dates.length).toBeGreaterThan(4);
    expect([...dates].sort()).toEqual(dates);
    // The sessions list (a page of it, as the panel asks) reads as a timetable too: its defaultOrder.
    const page = await server.call<{ items: Array<{ date: string }> }>('GET', '/api/ClassSession/GetSelectList', { token: admin, query: { page: '1', pageSize: '100' } });
    expect(page.status).toBe(200);
    const listed = page.body.items.map((s) => s.date);
    expect(listed.length).toBeGreaterThan(4);
    expect([...listed].sort()).toEqual(listed);
  });
});

describe('keeping exceptions through a sync', () => {
  it('moves the untouched sessions to a changed slot, keeping moved, cancelled and hand-made ones, with no second session on a moved day', async () => {
    const course = await newCourse('زمان‌بندی: استثناها');
    const slot = await addSlot(course.id, 2);
    const made = await sessionsOf(course.id);
    const [toMove, toCancel, plain] = made;
    if (!toMove || !toCancel || !plain) throw new Error('too few sessions');

    const newDay = addDays(academyDayOf(Date.parse(toMove.date ?? '')), 1);
    const moved = await action('Move', { id: toMove.id, version: toMove.version, date: at(newDay), startTime: '10:00', endTime: '11:30', note: 'جابه‌جایی آزمایشی' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.record).toMatchObject({ movedFrom: toMove.date, startTime: '10:00', endTime: '11:30', note: 'جابه‌جایی آزمایشی', status: 'scheduled' });
    expect(dayOfIso(moved.body.record.date)).toBe(key(newDay));
    // A second move keeps the day the pattern planned.
    const movedAgain = await action('Move', { id: toMove.id, date: at(addDays(newDay, 1)), startTime: '10:00', endTime: '11:30', note: '' });
    expect(movedAgain.body.record.movedFrom).toBe(toMove.date);

    const cancelled = await action('Cancel', { id: toCancel.id, note: 'بیماری مدرس' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.record).toMatchObject({ status: 'cancelled', note: 'بیماری مدرس' });
    expect((await action('Cancel', { id: toCancel.id, note: 'دوباره' })).status).toBe(409);
    expect((await action('Move', { id: toCancel.id, date: at(newDay), startTime: '10:00', endTime: '11:00', note: '' })).body.message).toContain('لغو');

    const manual = await server.call<Session>('POST', '/api/ClassSession/Create', {
      token: admin,
      body: { courseId: course.id, date: at(addDays(windowStart, 3)), startTime: '12:00', endTime: '13:00', status: 'scheduled', room: '', note: 'جلسه جبرانی' },
    });
    expect(manual.status).toBe(200);
    expect(manual.body.origin).toBe('manual');

    // The Monday slot moves to 18:00.
    const changed = await server.call('PUT', '/api/CourseSlot/Update', { token: admin, body: { id: slot.id, courseId: course.id, weekday: 2, startTime: '18:00', endTime: '19:30' } });
    expect(changed.status).toBe(200);
    const after = await sessionsOf(course.id);
    const byId = new Map(after.map((s) => [s.id, s]));
    expect(byId.get(toMove.id)?.startTime).toBe('10:00');
    expect(byId.get(toCancel.id)).toMatchObject({ status: 'cancelled', startTime: '16:00' });
    expect(byId.get(manual.body.id)).toMatchObject({ startTime: '12:00', origin: 'manual' });
    expect(byId.has(plain.id)).toBe(false);
    const patternMondays = after.filter((s) => s.origin === 'pattern' && s.id !== toMove.id && s.id !== toCancel.id);
    expect(patternMondays.every((s) => s.startTime === '18:00')).toBe(true);
    // The moved and the cancelled sessions' planned Mondays get no new session.
    const plannedDays = [dayOfIso(toMove.date), dayOfIso(toCancel.date)];
    expect(patternMondays.filter((s) => plannedDays.includes(dayOfIso(s.date)))).toEqual([]);
    expect(patternMondays.length).toBe(patternDays([2], [holidayDay]).length - 2);

    // Deleting the slot removes the untouched ones only.
    expect((await server.call('DELETE', '/api/CourseSlot/Delete', { token: admin, body: { id: slot.id } })).status).toBe(200);
    expect((await sessionsOf(course.id)).map((s) => s.id).sort()).toEqual([toMove.id, toCancel.id, manual.body.id].sort());

    // Reinstated, the cancelled one is scheduled again and still the admin's.
    const reinstated = await action('Reinstate', { id: toCancel.id });
    expect(reinstated.body.record.status).toBe('scheduled');
    expect((await action('Reinstate', { id: toCancel.id })).status).toBe(409);
  });

  it('leaves past sessions alone and refuses to move one; the course action answers the counts', async () => {
    const course = await newCourse('زمان‌بندی: گذشته', { timeOfHolding: at(addDays(today(), -20)), lastSessionDate: at(addDays(today(), 20)) });
    await addSlot(course.id, 3);
    // As if the course had been synced three weeks ago: its sessions since then are past now.
    await db.transaction().execute((trx) => syncCourseSessions(trx, course.id, Date.now() - 20 * 86_400_000));
    const all = await sessionsOf(course.id);
    const past = all.filter((s) => dayOfIso(s.date) < key(today()));
    expect(past.length).toBeGreaterThanOrEqual(2);
    const [pastOne] = past;
    if (!pastOne) throw new Error('no past session');

    const refused = await action('Move', { id: pastOne.id, date: at(addDays(today(), 2)), startTime: '10:00', endTime: '11:00', note: '' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('این جلسه گذشته است و جابه‌جا نمی‌شود');
    const future = all.find((s) => dayOfIso(s.date) > key(today()));
    if (!future) throw new Error('no future session');
    const intoPast = await action('Move', { id: future.id, date: at(addDays(today(), -1)), startTime: '10:00', endTime: '11:00', note: '' });
    expect(intoPast.status).toBe(409);
    const backwards = await action('Move', { id: future.id, date: at(addDays(today(), 3)), startTime: '11:00', endTime: '10:00', note: '' });
    expect(backwards.status).toBe(400);

    const resync = await server.call<{ record: CourseRow; notice: string }>('POST', '/api/Course/ResyncSessions', { token: admin, body: { id: course.id } });
    expect(resync.status).toBe(200);
    expect(resync.body.notice).toBe(
      `جلسه‌ها با برنامه هفتگی هماهنگ شد: ۰ جلسه ساخته شد، ۰ جلسه حذف شد و ${past.length.toLocaleString('fa-IR')} جلسه (جابه‌جا‌شده، لغو‌شده، دستی یا گذشته) دست نخورد`,
    );
    expect((await sessionsOf(course.id)).map((s) => s.id)).toEqual(all.map((s) => s.id));

    // A shorter course keeps its past sessions even where they now fall outside it.
    const row = (await server.call<CourseRow[]>('GET', '/api/Course/GetSelectList', { token: admin })).body.find((c) => c.id === course.id);
    const shorter = await server.call('PUT', '/api/Course/Update', { token: admin, body: { ...row, timeOfHolding: at(addDays(today(), 1)), registrationDeadline: null } });
    expect(shorter.status).toBe(200);
    const kept = await sessionsOf(course.id);
    expect(kept.filter((s) => dayOfIso(s.date) < key(today())).map((s) => s.id)).toEqual(past.map((s) => s.id));
  });

  it('is audited like every action', async () => {
    const course = await newCourse('زمان‌بندی: ممیزی');
    await addSlot(course.id, 4);
    const [first] = await sessionsOf(course.id);
    if (!first) throw new Error('no session');
    expect((await action('Cancel', { id: first.id, note: 'آزمون ممیزی' })).status).toBe(200);
    const log = await server.call<{ items: Array<{ entity: string; recordId: number; action: string }> }>('GET', '/api/Admin/audit', {
      token: admin,
      query: { entity: 'classSessions', recordId: String(first.id) },
    });
    expect(log.status).toBe(200);
    expect(log.body.items.some((e) => e.entity === 'classSessions' && e.recordId === first.id && e.action === 'update')).toBe(true);
  });
});

describe('the write hooks on every generic path', () => {
  it('syncs after a bulk delete and an audit revert as after a single write', async () => {
    const course = await newCourse('زمان‌بندی: مسیرها');
    const slot = await addSlot(course.id, 6, '10:00', '11:00');
    const fridays = patternDays([6]).length;
    expect((await sessionsOf(course.id)).length).toBe(fridays);

    const bulk = await server.call<{ deleted: number }>('POST', '/api/Admin/{entity}/bulk-delete', { token: admin, params: { entity: 'courseSlots' }, body: { ids: [slot.id] } });
    expect(bulk.body.deleted).toBe(1);
    expect(await sessionsOf(course.id)).toEqual([]);

    // A single delete undone from the audit log brings the slot back, and its sessions with it.
    const again = await addSlot(course.id, 6, '10:00', '11:00');
    expect((await sessionsOf(course.id)).length).toBe(fridays);
    expect((await server.call('DELETE', '/api/CourseSlot/Delete', { token: admin, body: { id: again.id } })).status).toBe(200);
    expect(await sessionsOf(course.id)).toEqual([]);
    const log = await server.call<{ items: Array<{ id: number }> }>('GET', '/api/Admin/audit', { token: admin, query: { entity: 'courseSlots', recordId: String(again.id), action: 'delete' } });
    const entry = log.body.items[0];
    if (!entry) throw new Error('no audit entry');
    expect((await server.call('POST', '/api/Admin/audit/{id}/revert', { token: admin, params: { id: String(entry.id) } })).status).toBe(200);
    expect((await sessionsOf(course.id)).length).toBe(fridays);
  });
});

describe('the learner timetable and the class link', () => {
  it('lists each child’s sessions from today, sorted; the class link only to the enrolled child’s parent of an online course, never publicly', async () => {
    const link = 'https://meet.example.com/academy-test-class';
    const online = await newCourse('زمان‌بندی: آنلاین', { type: 'online', classLink: link, priceInTomans: 1000, address: '', room: '' });
    const inPerson = await newCourse('زمان‌بندی: حضوری', { type: 'offline', classLink: 'https://meet.example.com/not-for-offline', priceInTomans: 1000, address: 'تهران، خیابان آزادی', room: 'کلاس ۳' });
    await addSlot(online.id, 0);
    await addSlot(inPerson.id, 5, '09:00', '10:30');

    const parent = await signUpLearner(server, '09370000101');
    const other = await signUpLearner(server, '09370000102');
    const child = (await server.call<{ id: number }>('POST', '/api/Children/Create', { token: parent, body: { firstName: 'سارا', lastName: 'زمانی', birthDate: '2016-03-20T00:00:00.000Z', grade: 'سوم' } })).body.id;
    const sibling = (await server.call<{ id: number }>('POST', '/api/Children/Create', { token: parent, body: { firstName: 'علی', lastName: 'زمانی', birthDate: '2015-03-20T00:00:00.000Z', grade: 'چهارم' } })).body.id;
    for (const courseId of [online.id, inPerson.id]) {
      expect((await server.call('POST', '/api/Cart/Add', { token: parent, body: { courseId, childId: child } })).status).toBe(200);
    }
    const checkout = await server.call<{ paymentUrl: string }>('POST', '/api/Orders/Checkout', { token: parent });
    const pay = await fetch(`${checkout.body.paymentUrl}/pay`, { method: 'POST', redirect: 'manual' });
    const callback = new URL(pay.headers.get('location') ?? '');
    const verify = await server.call<{ status: string }>('GET', '/api/Payment/Verify', {
      token: parent,
      query: { Authority: callback.searchParams.get('Authority') ?? '', Status: callback.searchParams.get('Status') ?? '' },
    });
    expect(verify.body.status).toBe('paid');

    const schedule = await server.call<{ children: Array<{ childId: number; childName: string; sessions: Array<Record<string, unknown> & { courseId: number; date: string; startTime: string }> }> }>('GET', '/api/Learner/Schedule', { token: parent });
    expect(schedule.status).toBe(200);
    const timetable = { body: schedule.body.children };
    expect(timetable.body.map((c) => c.childId)).toEqual([child, sibling]);
    const mine = timetable.body[0]?.sessions ?? [];
    expect(timetable.body[1]?.sessions).toEqual([]);
    expect(mine.length).toBe(patternDays([0]).length + patternDays([5]).length);
    const order = mine.map((s) => `${dayOfIso(s.date)} ${s.startTime}`);
    expect([...order].sort()).toEqual(order);
    expect(mine.filter((s) => s.courseId === online.id).every((s) => s.classLink === link && s.address === '')).toBe(true);
    expect(mine.filter((s) => s.courseId === inPerson.id).every((s) => s.classLink === null && s.address === 'تهران، خیابان آزادی' && s.room === 'کلاس ۳')).toBe(true);

    // Another parent sees none of it; signed out, the call is refused.
    const theirs = await server.call<{ children: unknown[] }>('GET', '/api/Learner/Schedule', { token: other });
    expect(theirs.body.children).toEqual([]);
    expect((await server.call('GET', '/api/Learner/Schedule')).status).toBe(401);

    // The enrolment cancelled: the link goes with it.
    const enrolments = await server.call<Array<{ id: number; childId: number; courseId: number }>>('GET', '/api/EnrollmentRecord/GetSelectList', { token: admin });
    const onlineEnrolment = enrolments.body.find((e) => e.childId === child && e.courseId === online.id);
    if (!onlineEnrolment) throw new Error('no enrolment');
    expect((await server.call('POST', '/api/EnrollmentRecord/Cancel', { token: admin, body: { id: onlineEnrolment.id, refund: 'keep' } })).status).toBe(200);
    const afterCancel = await server.call<{ children: Array<{ sessions: Array<{ courseId: number; classLink: string | null }> }> }>('GET', '/api/Learner/Schedule', { token: parent });
    expect(afterCancel.body.children[0]?.sessions.some((s) => s.courseId === online.id)).toBe(false);
    expect(JSON.stringify(afterCancel.body)).not.toContain(link);

    // Public answers never carry a class link.
    const publicCourse = await server.call('GET', '/api/Public/courses/{slug}', { params: { slug: online.slug } });
    const publicSessions = await server.call<unknown[]>('GET', '/api/Public/courses/{slug}/sessions', { params: { slug: online.slug } });
    expect(publicSessions.status).toBe(200);
    expect(publicSessions.body.length).toBe(patternDays([0]).length);
    const everyPublic = [
      publicCourse.text,
      publicSessions.text,
      (await server.call('GET', '/api/Public/courses')).text,
      (await server.call('GET', '/api/Public/categories')).text,
      (await server.call('GET', '/api/Public/courses/{slug}/sessions', { params: { slug: inPerson.slug } })).text,
    ];
    for (const text of everyPublic) {
      expect(text).not.toContain('meet.example.com');
      expect(text).not.toContain('classLink');
    }
    expect((await server.call('GET', '/api/Public/courses/{slug}/sessions', { params: { slug: 'no-such-course' } })).status).toBe(404);
  });
});
