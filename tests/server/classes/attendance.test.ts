// @vitest-environment node
// Attendance and the parent's view, against the real server on SQLite or
// PostgreSQL: a session's roll holds the children actively enrolled in its course, each mark is a
// versioned, audited update; a parent reads only their own children's timetable, next session,
// attendance and class links; profile edits follow the sign-up rules, and moving a sign-in
// identifier needs the current password. Sessions, slots and enrolments are plain inserts: making
// sessions from the weekly pattern is the schedule's work.
import { courseBody, sampleChild } from '../../support/samples';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConfiguredDatabase, type DB } from '../../../server/platform/db';
import { databaseFor, usePostgres } from '../../support/postgres-db';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';

let server: TestServer;
let db: DB;
let admin: string;
let parentA: string;
let parentB: string;
const ids = { online: 0, inPerson: 0, sara: 0, reza: 0, nima: 0, cancelledChild: 0, session: 0, pastSession: 0, cancelledSession: 0 };

interface AttendanceRow {
  id: number;
  version: number;
  childId: number;
  sessionId: number;
  status: string;
  takenBy: number;
  takenAt: string | null;
}
interface Schedule {
  children: Array<{
    childId: number;
    childName: string;
    nextSession: { sessionId: number; title: string; type: string; classLink?: string; room: string; moved: boolean } | null;
    courses: Array<{
      courseId: number;
      type: string;
      classLink?: string;
      slots: Array<{ weekday: number; startTime: string }>;
      attendance: { present: number; absent: number; excused: number };
      records: Array<{ sessionId: number; status: string }>;
    }>;
  }>;
}

const day = (offset: number) => {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() + offset);
  return d.toISOString();
};

async function childOf(token: string, firstName: string, birthDate: string = sampleChild.birthDate): Promise<number> {
  const answer = await server.call<{ id: number }>('POST', '/api/Children/Create', { token, body: { firstName, lastName: 'آزمون', birthDate, grade: sampleChild.grade } });
  expect(answer.status).toBe(200);
  return answer.body.id;
}

const rollOf = async (sessionId: number) =>
  (await server.call<{ items: AttendanceRow[] }>('GET', '/api/Attendance/GetSelectList', { token: admin, query: { page: '1', pageSize: '100', 'f.sessionId': String(sessionId) } })).body.items;

beforeAll(async () => {
  server = await startServer();
  db = openConfiguredDatabase({
    databaseUrl: usePostgres ? await databaseFor(server.dataDir) : undefined,
    databaseFile: path.join(server.dataDir, 'academy.sqlite'),
  });
  admin = await server.signIn(adminPhone, adminPassword);
  parentA = await signUpLearner(server, '09350000001');
  parentB = await signUpLearner(server, '09350000002');
  // Two courses of its own, with no timetable yet (the seed gives every course one).
  const category = await db.selectFrom('categories').select('id').where('inActive', '=', 0).orderBy('id').executeTakeFirstOrThrow();
  const made = async (title: string) =>
    (
      await server.call<{ id: number }>('POST', '/api/Course/Create', {
        token: admin,
        body: courseBody(title, { categoryId: category.id, priceInTomans: 900_000, durationInHours: 12, timeOfHolding: new Date(Date.now() + 20 * 86_400_000).toISOString() }),
      })
    ).body;
  const first = await made('دوره آزمون حضور آنلاین');
  const second = await made('دوره آزمون حضور حضوری');
  ids.online = first.id;
  ids.inPerson = second.id;
  await db.updateTable('courses').set({ type: 'online', classLink: 'https://meet.example/online-class' }).where('id', '=', ids.online).execute();
  await db.updateTable('courses').set({ type: 'offline', classLink: 'https://meet.example/never-shown', address: 'تهران، خیابان آزادی', room: 'کلاس ۲' }).where('id', '=', ids.inPerson).execute();
  ids.sara = await childOf(parentA, 'سارا');
  ids.reza = await childOf(parentA, 'رضا');
  ids.cancelledChild = await childOf(parentA, 'مینا');
  ids.nima = await childOf(parentB, 'نیما');
  const now = new Date().toISOString();
  await db
    .insertInto('enrollments')
    .values([
      { childId: ids.sara, courseId: ids.online, orderId: null, enrolledAt: now, status: 'active', cancelledAt: null },
      { childId: ids.reza, courseId: ids.inPerson, orderId: null, enrolledAt: now, status: 'active', cancelledAt: null },
      { childId: ids.nima, courseId: ids.online, orderId: null, enrolledAt: now, status: 'active', cancelledAt: null },
      { childId: ids.cancelledChild, courseId: ids.online, orderId: null, enrolledAt: now, status: 'cancelled', cancelledAt: now },
    ])
    .execute();
  await db
    .insertInto('course_slots')
    .values([
      { courseId: ids.online, weekday: 0, startTime: '16:00', endTime: '17:30' },
      { courseId: ids.online, weekday: 2, startTime: '16:00', endTime: '17:30' },
      { courseId: ids.inPerson, weekday: 4, startTime: '10:00', endTime: '11:30' },
    ])
    .execute();
  const session = (courseId: number, date: string, status: 'scheduled' | 'cancelled' = 'scheduled', movedFrom: string | null = null) =>
    db
      .insertInto('class_sessions')
      .values({ courseId, date, startTime: '16:00', endTime: '17:30', status, movedFrom, room: '', note: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
  ids.pastSession = (await session(ids.online, day(-7))).id;
  ids.cancelledSession = (await session(ids.online, day(1), 'cancelled')).id;
  ids.session = (await session(ids.online, day(2), 'scheduled', day(1))).id;
  await session(ids.inPerson, day(3));
});
afterAll(async () => {
  await db.destroy();
  await server.close();
});

describe('taking the roll', () => {
  it('makes rows for the children actively enrolled in the course only, once', async () => {
    const rolled = await server.call<{ record: { id: number }; notice?: string }>('POST', '/api/ClassSession/Roll', { token: admin, body: { id: ids.pastSession } });
    expect(rolled.status).toBe(200);
    // The seed's learners may be enrolled in the course too: the roster is whoever is active.
    const active = await db.selectFrom('enrollments').select('childId').where('courseId', '=', ids.online).where('status', '=', 'active').execute();
    expect(active.map((e) => e.childId)).toEqual(expect.arrayContaining([ids.sara, ids.nima]));
    expect(rolled.body.notice).toContain(`${active.length.toLocaleString('fa-IR')} فرزند به فهرست افزوده شد`);
    const rows = await rollOf(ids.pastSession);
    expect(rows.map((r) => r.childId).sort((a, b) => a - b)).toEqual(active.map((e) => e.childId).sort((a, b) => a - b));
    expect(rows.some((r) => r.childId === ids.cancelledChild)).toBe(false);
    expect(rows.every((r) => r.status === 'unmarked' && r.takenAt === null)).toBe(true);
    // Again: nothing added, nothing doubled.
    await server.call('POST', '/api/ClassSession/Roll', { token: admin, body: { id: ids.pastSession } });
    expect((await rollOf(ids.pastSession)).length).toBe(active.length);
    // A cancelled session takes no roll.
    const refused = await server.call<{ message: string }>('POST', '/api/ClassSession/Roll', { token: admin, body: { id: ids.cancelledSession } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('برای جلسه لغوشده حضور و غیاب گرفته نمی‌شود');
    // Only admins take it.
    expect((await server.call('POST', '/api/ClassSession/Roll', { token: parentA, body: { id: ids.pastSession } })).status).toBe(403);
  });

  it('marks one child with the row’s version, stamps who and when, audits it, and refuses a stale version', async () => {
    const rows = await rollOf(ids.pastSession);
    const sara = rows.find((r) => r.childId === ids.sara);
    if (!sara) throw new Error('no row');
    const marked = await server.call<AttendanceRow>('PUT', '/api/Attendance/Update', { token: admin, body: { id: sara.id, version: sara.version, status: 'absent', note: 'سرماخوردگی' } });
    expect(marked.status).toBe(200);
    expect(marked.body.status).toBe('absent');
    expect(marked.body.version).toBe(sara.version + 1);
    expect(marked.body.takenBy).toBeGreaterThan(0);
    expect(marked.body.takenAt).not.toBeNull();
    const stale = await server.call<{ conflict?: unknown }>('PUT', '/api/Attendance/Update', { token: admin, body: { id: sara.id, version: sara.version, status: 'present', note: '' } });
    expect(stale.status).toBe(409);
    expect(stale.body.conflict).toBeDefined();
    const badStatus = await server.call('PUT', '/api/Attendance/Update', { token: admin, body: { id: sara.id, version: marked.body.version, status: 'late', note: '' } });
    expect(badStatus.status).toBe(400);
    const audit = await server.call<{ items: Array<{ action: string }> }>('GET', '/api/Admin/audit', { token: admin, query: { entity: 'attendance', recordId: String(sara.id) } });
    expect(audit.body.items.map((e) => e.action)).toEqual(['update', 'create']);
    expect((await server.call('PUT', '/api/Attendance/Update', { token: parentA, body: { id: sara.id, status: 'present', note: '' } })).status).toBe(403);
  });

  it('«همه حاضر» marks the unmarked children present and keeps the marked ones', async () => {
    const done = await server.call<{ notice?: string }>('POST', '/api/ClassSession/AllPresent', { token: admin, body: { id: ids.pastSession } });
    expect(done.status).toBe(200);
    const rows = await rollOf(ids.pastSession);
    expect(done.body.notice).toBe(`${(rows.length - 1).toLocaleString('fa-IR')} فرزند حاضر ثبت شد`);
    expect(rows.find((r) => r.childId === ids.sara)?.status).toBe('absent');
    expect(rows.filter((r) => r.childId !== ids.sara).every((r) => r.status === 'present')).toBe(true);
  });

  it('refuses deleting a session that has a roll', async () => {
    const refused = await server.call('DELETE', '/api/ClassSession/Delete', { token: admin, body: { id: ids.pastSession } });
    expect(refused.status).toBe(409);
  });
});

describe('the parent’s view', () => {
  it('shows each child’s timetable, next session and attendance, and only their own children', async () => {
    const answer = await server.call<Schedule>('GET', '/api/Learner/Schedule', { token: parentA });
    expect(answer.status).toBe(200);
    expect(answer.body.children.map((c) => c.childId)).toEqual([ids.sara, ids.reza, ids.cancelledChild]);
    const [sara, reza, mina] = answer.body.children;
    expect(sara?.courses.map((c) => c.courseId)).toEqual([ids.online]);
    expect(sara?.courses[0]?.slots.map((s) => s.weekday)).toEqual([0, 2]);
    expect(sara?.courses[0]?.attendance).toEqual({ present: 0, absent: 1, excused: 0 });
    expect(sara?.courses[0]?.records.map((r) => r.sessionId)).toEqual([ids.pastSession]);
    // The cancelled session of tomorrow is skipped; the next one was moved.
    expect(sara?.nextSession?.sessionId).toBe(ids.session);
    expect(sara?.nextSession?.moved).toBe(true);
    expect(reza?.nextSession?.room).toBe('کلاس ۲');
    // A cancelled enrolment is no timetable.
    expect(mina?.courses).toEqual([]);
    expect(mina?.nextSession).toBeNull();
    const other = await server.call<Schedule>('GET', '/api/Learner/Schedule', { token: parentB });
    expect(other.body.children.map((c) => c.childId)).toEqual([ids.nima]);
    expect(other.body.children[0]?.courses[0]?.attendance).toEqual({ present: 1, absent: 0, excused: 0 });
    expect((await server.call('GET', '/api/Learner/Schedule')).status).toBe(401);
  });

  it('gives the class link of online courses to the parents of enrolled children only', async () => {
    const answer = await server.call<Schedule>('GET', '/api/Learner/Schedule', { token: parentA });
    const [sara, reza] = answer.body.children;
    expect(sara?.courses[0]?.classLink).toBe('https://meet.example/online-class');
    expect(sara?.nextSession?.classLink).toBe('https://meet.example/online-class');
    // An in-person course's link (even if one is stored) is never sent.
    expect(reza?.courses[0]?.classLink).toBeUndefined();
    expect(JSON.stringify(answer.body)).not.toContain('never-shown');
    // Nor is any link in the public catalogue.
    const publicCourses = await server.call('GET', '/api/Public/courses');
    expect(publicCourses.text).not.toContain('meet.example');
  });
});

describe('profile editing', () => {
  const profile = (token: string, body: Record<string, string>) => server.call<{ message?: string; phoneNumber?: string; emailAddress?: string }>('PUT', '/api/Learner/Profile', { token, body });

  it('saves the name and a normalised email, and refuses a duplicate with 409', async () => {
    const mine = await profile(parentA, { firstName: 'مریم', lastName: 'کاظمی', phoneNumber: '09350000001', emailAddress: ' Maryam@Example.COM ', currentPassword: 'learner-pass-123' });
    expect(mine.status).toBe(200);
    expect(mine.body.emailAddress).toBe('maryam@example.com');
    const me = await server.call<{ firstName: string }>('GET', '/api/Me', { token: parentA });
    expect(me.body.firstName).toBe('مریم');
    const sameEmail = await profile(parentB, { firstName: 'ب', lastName: 'ب', phoneNumber: '09350000002', emailAddress: 'MARYAM@example.com', currentPassword: 'learner-pass-123' });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe('این ایمیل قبلاً ثبت شده است');
    const samePhone = await profile(parentB, { firstName: 'ب', lastName: 'ب', phoneNumber: '۰۹۳۵۰۰۰۰۰۰۱', emailAddress: '', currentPassword: 'learner-pass-123' });
    expect(samePhone.status).toBe(409);
    expect(samePhone.body.message).toBe('این شماره موبایل قبلاً ثبت شده است');
    const badPhone = await profile(parentB, { firstName: 'ب', lastName: 'ب', phoneNumber: '12345', emailAddress: '' });
    expect(badPhone.status).toBe(400);
  });

  it('changes the sign-in number only with the current password', async () => {
    const body = { firstName: 'نگار', lastName: 'آزمایشی', phoneNumber: '۰۹۳۵۰۰۰۰۰۰۹', emailAddress: '' };
    const none = await profile(parentB, body);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('برای تغییر شماره موبایل یا ایمیل، رمز عبور فعلی را وارد کنید');
    const wrong = await profile(parentB, { ...body, currentPassword: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('رمز عبور فعلی درست نیست');
    const right = await profile(parentB, { ...body, currentPassword: 'learner-pass-123' });
    expect(right.status).toBe(200);
    expect(right.body.phoneNumber).toBe('09350000009');
    // The new number signs in; a name change alone needs no password.
    await server.signIn('09350000009', 'learner-pass-123');
    expect((await profile(parentB, { ...body, firstName: 'نگارین' })).status).toBe(200);
  });

  it('saved as it is, writes nothing: no new version and no audit entry in front of an admin’s undo', async () => {
    const me = await server.call<{ id: number }>('GET', '/api/Me', { token: parentB });
    const entries = async () =>
      (await server.call<{ items: Array<{ id: number }> }>('GET', '/api/Admin/audit', { token: admin, query: { entity: 'users', recordId: String(me.body.id) } })).body.items.map((e) => e.id);
    const before = await entries();
    const same = { firstName: 'نگارین', lastName: 'آزمایشی', phoneNumber: '09350000009', emailAddress: '' };
    expect((await profile(parentB, same)).status).toBe(200);
    expect(await entries()).toEqual(before);
  });
});

describe('ages in the cart', () => {
  it('warns (and does not refuse) when the child’s age on the course start is outside its range', async () => {
    const start = new Date();
    start.setMonth(start.getMonth() + 2);
    const course = await db
      .selectFrom('courses')
      .innerJoin('categories', 'categories.id', 'courses.categoryId')
      .select('courses.id')
      .where('courses.inActive', '=', 0)
      .where('categories.inActive', '=', 0)
      .where('courses.id', 'not in', [ids.online, ids.inPerson])
      // Unlimited seats: a full course refuses the cart before any age is read (server/features/commerce/seats.ts).
      .where('courses.capacity', '=', 0)
      .where((eb) => eb.or([eb('courses.registrationDeadline', 'is', null), eb('courses.registrationDeadline', '>', new Date().toISOString())]))
      .orderBy('courses.id')
      .executeTakeFirstOrThrow();
    await db.updateTable('courses').set({ ageMin: 9, ageMax: 12, timeOfHolding: start.toISOString() }).where('id', '=', course.id).execute();
    const born = new Date(start);
    born.setFullYear(born.getFullYear() - 7);
    const young = await childOf(parentA, 'سارینا', born.toISOString());
    const added = await server.call<{ items: Array<{ childId: number; ageWarning?: string }> }>('POST', '/api/Cart/Add', { token: parentA, body: { courseId: course.id, childId: young } });
    expect(added.status).toBe(200);
    expect(added.body.items.find((i) => i.childId === young)?.ageWarning).toBe('این دوره برای سنین ۹ تا ۱۲ سال است؛ سن سارینا در شروع دوره ۷ سال است');
    const fitting = await childOf(parentA, 'آرش', new Date(born.getFullYear() - 3, 0, 1).toISOString());
    const fine = await server.call<{ items: Array<{ childId: number; ageWarning?: string }> }>('POST', '/api/Cart/Add', { token: parentA, body: { courseId: course.id, childId: fitting } });
    expect(fine.body.items.find((i) => i.childId === fitting)?.ageWarning).toBeUndefined();
  });
});
