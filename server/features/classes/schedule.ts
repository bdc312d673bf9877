// Class schedules: a course's dated sessions made from its weekly pattern
// (course_slots) between its first and last session dates, Tehran calendar days, Saturday-first
// weekdays, skipping the academy's holidays; the learner's timetable; a course's public sessions.
//
// Sync rule, the same on every path that changes what the sessions come from (a course's dates,
// its slots, the holidays; see server/engine/behaviours.ts) and on the course action «ساخت دوباره جلسات»:
// only UNTOUCHED pattern sessions from today (Tehran) on are added or removed — origin 'pattern',
// status scheduled, never moved and never edited since made (version 1). Everything else stays as
// it is: hand-made sessions, moved, cancelled or edited ones, and every session of a past day. A
// pattern session an admin touched still stands for its planned day (movedFrom, else its date),
// so the pattern makes no second session on that day.
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import * as v from 'valibot';
import type { components } from '../../../codegen/openapi.gen';
import { academyDayOf, academyDayStart, dayKey, formatJalaliLong, weekdayOfDay, type JalaliDate } from '../../../schema/rules/calendar';
import type { Database, DB, Row } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import { selectForUpdate } from '../../engine/integrity';
import { publicTexts } from '../catalogue/port';
import { parse, type Register } from '../../platform/http';
import { toPersianDigits } from '../../../schema/rules/text';
import { changedIn, idsOf, plugIn } from '../../engine/behaviours';

type Schemas = components['schemas'];
type Trx = Transaction<Database>;

/** The Tehran Jalali day of a stored instant; null when absent or unreadable. */
export function dayOf(value: string | null | undefined): JalaliDate | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : academyDayOf(ms);
}
const keyOf = (value: string | null | undefined) => {
  const day = dayOf(value);
  return day ? dayKey(day) : null;
};

/** Jalali days from `first` to `last` inclusive (at most ~3 years: a typo'd year makes no flood). */
function* daysBetween(first: JalaliDate, last: JalaliDate): Generator<JalaliDate> {
  let ms = academyDayStart(first).getTime();
  const end = dayKey(last);
  for (let i = 0; i < 1100; i++) {
    // Noon of the day: a day is always 24 hours in Tehran now, but noon never lands on a boundary.
    const day = academyDayOf(ms + 12 * 3_600_000);
    if (dayKey(day) > end) return;
    yield day;
    ms += 24 * 3_600_000;
  }
}

export const scheduleTexts = {
  synced: (c: SyncCounts) =>
    `جلسه‌ها با برنامه هفتگی هماهنگ شد: ${toPersianDigits(c.made)} جلسه ساخته شد، ${toPersianDigits(c.removed)} جلسه حذف شد و ${toPersianDigits(c.kept)} جلسه (جابه‌جا‌شده، لغو‌شده، دستی یا گذشته) دست نخورد`,
  pastSession: 'این جلسه گذشته است و جابه‌جا نمی‌شود',
  cancelledSession: 'جلسه لغو‌شده جابه‌جا نمی‌شود؛ نخست آن را دوباره برگزار کنید',
  noDate: 'تاریخ تازه جلسه را انتخاب کنید',
  newDatePast: 'جلسه را نمی‌توان به روزی در گذشته برد',
  timesOrder: 'ساعت شروع باید پیش از ساعت پایان باشد',
} as const;

export interface SyncCounts {
  /** Pattern sessions added. */
  made: number;
  /** Untouched future pattern sessions the pattern no longer has. */
  removed: number;
  /** Sessions left as they were because they are hand-made, moved, cancelled, edited or past. */
  kept: number;
  /** Untouched pattern sessions the pattern still has. */
  unchanged: number;
}

/** A holiday's first and last Tehran days (one day without an end, or with one before its start). */
export function holidaySpan(date: unknown, endDate: unknown): readonly [JalaliDate, JalaliDate] | null {
  const first = dayOf(typeof date === 'string' ? date : null);
  if (!first) return null;
  const last = dayOf(typeof endDate === 'string' ? endDate : null);
  return [first, last && dayKey(last) > dayKey(first) ? last : first];
}

/** Every holiday's Tehran days. */
async function holidayKeys(trx: Trx): Promise<Set<string>> {
  const rows = await trx.selectFrom('holidays').select(['date', 'endDate']).execute();
  const keys = new Set<string>();
  for (const row of rows) {
    const span = holidaySpan(row.date, row.endDate);
    if (span) for (const day of daysBetween(...span)) keys.add(dayKey(day));
  }
  return keys;
}

/**
 * A course starts on the day of its first weekly session: a start the pattern holds no session on
 * (a day without a class, a holiday) moves, in place, to the first day from it that does, keeping
 * its time of day; the range the pattern fills starts there too. Every path that changes the
 * sessions' sources runs it (through the sync), so the start shown and the first session agree.
 * A start already past is history and stays; so does one with no class day before the last session.
 * The version stays: the start is derived, and the admin's own save that moved it must stay
 * undoable.
 */
async function startOnFirstSession(
  trx: Trx,
  course: Row,
  first: JalaliDate,
  last: JalaliDate,
  pattern: { today: string; holidays: ReadonlySet<string>; weekdays: ReadonlySet<number> },
): Promise<JalaliDate> {
  if (dayKey(first) < pattern.today) return first;
  for (const day of daysBetween(first, last)) {
    if (!pattern.weekdays.has(weekdayOfDay(day)) || pattern.holidays.has(dayKey(day))) continue;
    if (dayKey(day) === dayKey(first)) return first;
    const timeOfDay = Date.parse(String(course.timeOfHolding)) - academyDayStart(first).getTime();
    const timeOfHolding = new Date(academyDayStart(day).getTime() + timeOfDay).toISOString();
    await trx.updateTable('courses').set({ timeOfHolding }).where('id', '=', Number(course.id)).execute();
    return day;
  }
  return first;
}

/**
 * Brings the course's future pattern sessions in line with its slots, dates and the holidays,
 * inside the caller's transaction (the course row is locked, so two syncs of one course queue).
 */
export async function syncCourseSessions(trx: Trx, courseId: number, now = Date.now()): Promise<SyncCounts> {
  const counts: SyncCounts = { made: 0, removed: 0, kept: 0, unchanged: 0 };
  const course = await selectForUpdate(trx, 'courses', courseId);
  if (!course) return counts;
  const today = dayKey(academyDayOf(now));
  let first = dayOf(typeof course.timeOfHolding === 'string' ? course.timeOfHolding : null);
  const last = dayOf(typeof course.lastSessionDate === 'string' ? course.lastSessionDate : null);
  const slots = await trx.selectFrom('course_slots').select(['weekday', 'startTime', 'endTime']).where('courseId', '=', courseId).execute();

  const expected = new Map<string, { day: JalaliDate; startTime: string; endTime: string }>();
  if (first && last && slots.length > 0) {
    const holidays = await holidayKeys(trx);
    first = await startOnFirstSession(trx, course, first, last, { today, holidays, weekdays: new Set(slots.map((slot) => Number(slot.weekday))) });
    for (const day of daysBetween(first, last)) {
      const key = dayKey(day);
      if (key < today || holidays.has(key)) continue;
      const weekday = weekdayOfDay(day);
      for (const slot of slots) {
        if (Number(slot.weekday) === weekday) expected.set(`${key} ${slot.startTime} ${slot.endTime}`, { day, startTime: slot.startTime, endTime: slot.endTime });
      }
    }
  }

  const sessions = await trx.selectFrom('class_sessions').selectAll().where('courseId', '=', courseId).orderBy('id').execute();
  const present = new Set<string>();
  const coveredDays = new Set<string>();
  const doomed: number[] = [];
  for (const session of sessions) {
    const key = keyOf(session.date);
    const untouched = session.origin === 'pattern' && session.status === 'scheduled' && session.movedFrom === null && Number(session.version) === 1;
    if (key === null || key < today || !untouched) {
      counts.kept++;
      const planned = session.origin === 'pattern' ? (keyOf(session.movedFrom) ?? key) : null;
      if (planned !== null) coveredDays.add(planned);
      continue;
    }
    const slotKey = `${key} ${session.startTime} ${session.endTime}`;
    if (expected.has(slotKey) && !present.has(slotKey)) {
      present.add(slotKey);
      counts.unchanged++;
    } else {
      doomed.push(session.id);
    }
  }
  if (doomed.length > 0) {
    await trx.deleteFrom('class_sessions').where('id', 'in', doomed).execute();
    counts.removed = doomed.length;
  }
  const made = [...expected]
    .filter(([slotKey, { day }]) => !present.has(slotKey) && !coveredDays.has(dayKey(day)))
    .map(([, { day, startTime, endTime }]) => ({
      courseId,
      date: academyDayStart(day).toISOString(),
      startTime,
      endTime,
      status: 'scheduled' as const,
      movedFrom: null,
      room: '',
      note: '',
      origin: 'pattern' as const,
    }));
  for (let i = 0; i < made.length; i += 200) await trx.insertInto('class_sessions').values(made.slice(i, i + 200)).execute();
  counts.made = made.length;
  return counts;
}

/** Syncs every course whose sessions a holiday over these spans of days could change (a holiday's write). */
export async function syncCoursesAround(trx: Trx, spans: ReadonlyArray<readonly [JalaliDate, JalaliDate]>, now = Date.now()): Promise<void> {
  const keys = spans.map(([from, to]) => [dayKey(from), dayKey(to)] as const);
  if (keys.length === 0) return;
  const courses = await trx.selectFrom('courses').select(['id', 'timeOfHolding', 'lastSessionDate']).execute();
  for (const course of courses) {
    const first = keyOf(course.timeOfHolding);
    const last = keyOf(course.lastSessionDate);
    if (first === null || last === null) continue;
    if (keys.some(([from, to]) => from <= last && to >= first)) await syncCourseSessions(trx, course.id, now);
  }
}

/**
 * The sessions a holiday over `span` would take away: the untouched pattern sessions from today
 * on, on its days, which the sync removes (moved, cancelled, edited and hand-made ones stay).
 */
export async function sessionsOnHoliday(trx: Trx, span: readonly [JalaliDate, JalaliDate], now = Date.now()) {
  const today = dayKey(academyDayOf(now));
  const from = dayKey(span[0]);
  const to = dayKey(span[1]);
  // A day's margin in the query (stored instants are Tehran midnights); the exact cut in Tehran days.
  const rows = await trx
    .selectFrom('class_sessions')
    .innerJoin('courses', 'courses.id', 'class_sessions.courseId')
    .select(['class_sessions.id', 'class_sessions.date', 'class_sessions.startTime', 'class_sessions.endTime', 'courses.title'])
    .where('class_sessions.origin', '=', 'pattern')
    .where('class_sessions.status', '=', 'scheduled')
    .where('class_sessions.movedFrom', 'is', null)
    .where('class_sessions.version', '=', 1)
    .where('class_sessions.date', '>=', new Date(academyDayStart(span[0]).getTime() - 86_400_000).toISOString())
    .where('class_sessions.date', '<=', new Date(academyDayStart(span[1]).getTime() + 86_400_000).toISOString())
    .execute();
  return rows
    .flatMap((row) => {
      const key = keyOf(row.date);
      return key !== null && key >= today && key >= from && key <= to ? [{ ...row, key }] : [];
    })
    .sort((a, b) => a.key.localeCompare(b.key) || a.startTime.localeCompare(b.startTime) || a.title.localeCompare(b.title));
}

// ── Reading: the learner's timetable, a course's public sessions ─────────────────────────────

const sessionStatus = (value: string): Schemas['TimetableSession']['status'] => (value === 'cancelled' ? 'cancelled' : 'scheduled');

/** Sessions of these courses on days from today (Tehran) on, by date and start time. */
async function upcomingSessions(db: DB, courseIds: readonly number[], now: number) {
  if (courseIds.length === 0) return [];
  const today = dayKey(academyDayOf(now));
  // A day's margin in the query (stored instants are Tehran midnights); the exact cut in Tehran days.
  const rows = await db
    .selectFrom('class_sessions')
    .selectAll()
    .where('courseId', 'in', courseIds)
    .where('date', '>=', new Date(now - 2 * 86_400_000).toISOString())
    .execute();
  return rows
    .flatMap((row) => {
      const key = keyOf(row.date);
      return key !== null && key >= today && row.date !== null ? [{ ...row, date: row.date, key }] : [];
    })
    .sort((a, b) => (a.key === b.key ? a.startTime.localeCompare(b.startTime) || a.id - b.id : a.key < b.key ? -1 : 1));
}

/** Each child's sessions from today on; read by the learner's schedule (server/features/identity/family.ts). */
export async function timetableOf(db: DB, userId: number, now = Date.now()): Promise<Array<{ childId: number; childName: string; sessions: Schemas['TimetableSession'][] }>> {
  const children = await db.selectFrom('children').select(['id', 'firstName', 'lastName']).where('userId', '=', userId).orderBy('id').execute();
  if (children.length === 0) return [];
  const enrolments = await db
    .selectFrom('enrollments')
    .select(['childId', 'courseId'])
    .where('childId', 'in', children.map((c) => c.id))
    .where('status', '=', 'active')
    .execute();
  const courseIds = [...new Set(enrolments.map((e) => e.courseId))];
  const courses = courseIds.length
    ? await db
        .selectFrom('courses')
        .leftJoin('categories', 'categories.id', 'courses.categoryId')
        .select(['courses.id', 'courses.title', 'courses.slug', 'courses.type', 'courses.address', 'courses.room', 'courses.classLink', 'categories.slug as categorySlug'])
        .where('courses.id', 'in', courseIds)
        .execute()
    : [];
  const courseById = new Map(courses.map((c) => [c.id, c]));
  const sessions = await upcomingSessions(db, courseIds, now);
  return children.map((child) => {
    const own = new Set(enrolments.filter((e) => e.childId === child.id).map((e) => e.courseId));
    return {
      childId: child.id,
      childName: `${child.firstName} ${child.lastName}`.trim(),
      sessions: sessions.flatMap((s): Schemas['TimetableSession'][] => {
        const course = courseById.get(s.courseId);
        if (!own.has(s.courseId) || !course) return [];
        const type = course.type;
        return [
          {
            id: s.id,
            courseId: course.id,
            courseTitle: course.title,
            courseSlug: course.slug,
            categorySlug: course.categorySlug ?? '',
            type,
            date: s.date,
            startTime: s.startTime,
            endTime: s.endTime,
            status: sessionStatus(s.status),
            movedFrom: s.movedFrom,
            note: s.note,
            address: type === 'offline' ? course.address : '',
            room: type === 'offline' ? s.room || course.room : '',
            // Only here, to a parent of a child actively enrolled (the query above), for online courses.
            classLink: type === 'online' && course.classLink !== '' ? course.classLink : null,
          },
        ];
      }),
    };
  });
}

const slugParams = v.object({
  slug: v.pipe(v.string('نشانی نامعتبر است'), v.minLength(1, 'نشانی نامعتبر است'), v.maxLength(200, 'نشانی نامعتبر است')),
});

/** An active course's sessions from today on, as anyone may see them (never the class link). */
export async function publicSessionsOf(db: DB, slug: string, now = Date.now()): Promise<Schemas['PublicSession'][] | null> {
  const course = await db
    .selectFrom('courses')
    .innerJoin('categories', 'categories.id', 'courses.categoryId')
    .select(['courses.id', 'courses.type', 'courses.room'])
    .where('courses.slug', '=', slug)
    .where('courses.inActive', '=', 0)
    .where('categories.inActive', '=', 0)
    .executeTakeFirst();
  if (!course) return null;
  const offline = course.type === 'offline';
  return (await upcomingSessions(db, [course.id], now)).map((s) => ({
    date: s.date,
    startTime: s.startTime,
    endTime: s.endTime,
    status: sessionStatus(s.status),
    movedFrom: s.movedFrom,
    note: s.note,
    room: offline ? s.room || course.room : '',
  }));
}

export function registerSchedule(register: Register, db: DB): void {
  register('GET /api/Public/courses/{slug}/sessions', 'public', publicCourseSessions);

  async function publicCourseSessions(request: FastifyRequest) {
    const { slug } = parse(slugParams, request.params);
    const sessions = await publicSessionsOf(db, slug);
    if (!sessions) throw new HttpError(404, publicTexts.courseNotFound);
    return sessions;
  }
}

/**
 * A course's pattern sessions follow its dates, its weekly slots and the holidays; other edits of
 * a course (its title, its price) leave them alone.
 */
export function plugInSchedule(): void {
  plugIn('courses', {
    afterWrite: async (trx, changes) => {
      const affected = changes.filter((c) => c.after !== null && changedIn(c, ['timeOfHolding', 'lastSessionDate']));
      for (const id of idsOf(affected.map((c) => c.after?.id))) await syncCourseSessions(trx, id);
    },
  });
  plugIn('courseSlots', {
    afterWrite: async (trx, changes) => {
      for (const id of idsOf(changes.flatMap((c) => [c.before?.courseId, c.after?.courseId]))) await syncCourseSessions(trx, id);
    },
  });
  plugIn('holidays', {
    // The sessions a holiday's save cancels, listed in its form before it is saved.
    previewSave: async (trx, _before, after) => {
      const span = holidaySpan(after.date, after.endDate);
      if (!span) return [];
      const sessions = await sessionsOnHoliday(trx, span);
      // The day first and the course last: a title ending in Latin (ESP32) would otherwise pull the day's digits into its run.
      return sessions.map((s) => `${formatJalaliLong(s.date)}، ساعت ${toPersianDigits(s.startTime)} تا ${toPersianDigits(s.endTime)}: ${s.title}`);
    },
    afterWrite: async (trx, changes) => {
      const spans = changes.filter((c) => changedIn(c, ['date', 'endDate'])).flatMap((c) => [c.before, c.after]);
      await syncCoursesAround(trx, spans.flatMap((row) => {
        const span = row ? holidaySpan(row.date, row.endDate) : null;
        return span ? [span] : [];
      }));
    },
  });
}
