// The sample schedules: weekly slots, the next official holiday, a moved and a cancelled
// session, and a course that has met with its roll taken.
import type { Transaction } from 'kysely';
import { type Database } from '../platform/db';
import { dayOf, syncCourseSessions } from '../features/classes/port';
import { academyDayOf, academyDayStart, dayKey, weekdayOfDay, weekdayIndex } from '../../schema/rules/calendar';
import { toGregorian, toJalaali } from 'jalaali-js';
import { company } from '../../schema/rules/company';

/** Per seeded course (by title): ages, weekly slots (0 = Saturday) and, in person, the room; online, the class link. */
const schedules: ReadonlyArray<{ title: string; ages: readonly [number, number]; slots: ReadonlyArray<readonly [number, string, string]>; room?: string; link?: string }> = [
  { title: 'رباتیک مقدماتی با لگو', ages: [8, 11], slots: [[0, '16:00', '17:30'], [2, '16:00', '17:30']], room: 'کارگاه رباتیک ۱' },
  { title: 'ساخت ربات با آردوینو', ages: [12, 15], slots: [[1, '17:00', '19:00'], [3, '17:00', '19:00']], room: 'کارگاه رباتیک ۲' },
  { title: 'بوت‌کمپ تابستانی رباتیک', ages: [10, 14], slots: [[0, '09:00', '12:00'], [1, '09:00', '12:00'], [2, '09:00', '12:00'], [3, '09:00', '12:00']], room: 'سالن اصلی' },
  { title: 'اسکرچ برای کودکان', ages: [6, 8], slots: [[2, '17:00', '18:00'], [4, '17:00', '18:00']], link: 'https://meet.academy.example/scratch-kids' },
  { title: 'پایتون برای نوجوانان', ages: [12, 15], slots: [[0, '18:00', '19:30'], [3, '18:00', '19:30']], link: 'https://meet.academy.example/python-teens' },
  { title: 'ساخت وب‌سایت با HTML و CSS', ages: [11, 15], slots: [[5, '10:00', '12:00']], link: 'https://meet.academy.example/web-basics' },
  { title: 'طراحی بازی با اسکرچ', ages: [8, 11], slots: [[2, '16:00', '17:30']], link: 'https://meet.academy.example/scratch-games' },
  { title: 'بازی‌سازی سه‌بعدی با یونیتی', ages: [13, 17], slots: [[5, '14:00', '17:00']], room: 'کلاس ۳' },
  { title: 'هوش مصنوعی برای کودکان', ages: [9, 12], slots: [[1, '16:30', '17:30'], [4, '16:30', '17:30']], link: 'https://meet.academy.example/ai-kids' },
  { title: 'یادگیری ماشین با پایتون', ages: [14, 18], slots: [[0, '19:00', '20:30'], [2, '19:00', '20:30']], link: 'https://meet.academy.example/ml-python' },
  { title: 'بوت‌کمپ هوش مصنوعی نوجوانان', ages: [15, 18], slots: [], link: 'https://meet.academy.example/ai-bootcamp' },
  { title: 'الکترونیک مقدماتی', ages: [9, 12], slots: [[3, '16:00', '17:30'], [5, '10:00', '11:30']], room: 'آزمایشگاه الکترونیک' },
  { title: 'اینترنت اشیا با ESP32', ages: [13, 16], slots: [[4, '17:00', '19:00']], room: 'آزمایشگاه الکترونیک' },
];

/** Iran's official holidays on fixed solar days (month, day, occasion). */
const fixedHolidays: ReadonlyArray<readonly [number, number, string]> = [
  [1, 1, 'عید نوروز'],
  [1, 2, 'عید نوروز'],
  [1, 3, 'عید نوروز'],
  [1, 4, 'عید نوروز'],
  [1, 12, 'روز جمهوری اسلامی'],
  [1, 13, 'روز طبیعت'],
  [3, 14, 'رحلت امام خمینی'],
  [3, 15, 'قیام ۱۵ خرداد'],
  [11, 22, 'پیروزی انقلاب اسلامی'],
  [12, 29, 'ملی شدن صنعت نفت'],
];

/**
 * Ages, place and weekly slots of the sample courses, their sessions made by the same sync the
 * panel runs (server/features/classes/schedule.ts) from the course's start until its hours are taught, around the
 * next official holiday; and in «رباتیک مقدماتی با لگو» a moved session, a cancelled one and a
 * make-up session added by hand, so every case of the schedule shows.
 */
export async function seedSchedule(trx: Transaction<Database>, courseIds: ReadonlyMap<string, number>): Promise<void> {
  const addDays = (d: { jy: number; jm: number; jd: number }, n: number) => {
    const { gy, gm, gd } = toGregorian(d.jy, d.jm, d.jd);
    const g = new Date(Date.UTC(gy, gm - 1, gd + n));
    return toJalaali(g.getUTCFullYear(), g.getUTCMonth() + 1, g.getUTCDate());
  };
  const today = dayOf(new Date().toISOString());
  if (!today) return;
  // The next official holiday from a week on: within the courses' terms when one comes soon.
  const soonest = dayKey(addDays(today, 7));
  const holiday = [today.jy, today.jy + 1]
    .flatMap((jy) => fixedHolidays.map(([jm, jd, title]) => ({ day: { jy, jm, jd }, title })))
    .find((h) => dayKey(h.day) >= soonest);
  if (holiday) await trx.insertInto('holidays').values({ date: academyDayStart(holiday.day).toISOString(), title: holiday.title }).execute();

  for (const plan of schedules) {
    const id = courseIds.get(plan.title);
    if (id === undefined) continue;
    const course = await trx.selectFrom('courses').select(['timeOfHolding', 'durationInHours', 'type']).where('id', '=', id).executeTakeFirstOrThrow();
    const start = dayOf(course.timeOfHolding);
    // As many sessions as the course's hours take, counted from its start on its weekdays.
    const hoursOf = ([, from, to]: readonly [number, string, string]) => {
      const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
      return (minutes(to) - minutes(from)) / 60;
    };
    let lastSessionDate: string | null = null;
    if (start && plan.slots.length > 0) {
      let taught = 0;
      let day = start;
      for (let i = 0; i < 400 && taught < Number(course.durationInHours); i++, day = addDays(day, 1)) {
        for (const slot of plan.slots) if (slot[0] === weekdayOfDay(day)) taught += hoursOf(slot);
        if (taught >= Number(course.durationInHours)) break;
      }
      lastSessionDate = academyDayStart(day).toISOString();
    }
    await trx
      .updateTable('courses')
      .set({
        ageMin: plan.ages[0],
        ageMax: plan.ages[1],
        lastSessionDate,
        // In person at the academy itself: its one address (schema/rules/company.ts).
        address: plan.room ? company.address : '',
        room: plan.room ?? '',
        classLink: plan.link ?? '',
      })
      .where('id', '=', id)
      .execute();
    if (plan.slots.length > 0) {
      await trx
        .insertInto('course_slots')
        .values(plan.slots.map(([weekday, startTime, endTime]) => ({ courseId: id, weekday, startTime, endTime })))
        .execute();
    }
    await syncCourseSessions(trx, id);
  }

  const lego = courseIds.get('رباتیک مقدماتی با لگو');
  if (lego === undefined) return;
  const sessions = await trx.selectFrom('class_sessions').selectAll().where('courseId', '=', lego).orderBy('date').execute();
  const [, , toMove, toCancel] = sessions;
  if (!toMove || !toCancel) return;
  const movedDay = dayOf(toMove.date);
  if (movedDay) {
    await trx
      .updateTable('class_sessions')
      .set((eb) => ({
        movedFrom: toMove.date,
        date: academyDayStart(addDays(movedDay, 1)).toISOString(),
        startTime: '17:00',
        endTime: '18:30',
        note: 'به دلیل برگزاری مسابقه رباتیک دانش‌آموزی، این جلسه یک روز بعد برگزار می‌شود',
        version: eb('version', '+', 1),
      }))
      .where('id', '=', toMove.id)
      .execute();
  }
  await trx
    .updateTable('class_sessions')
    .set((eb) => ({ status: 'cancelled', note: 'به دلیل بیماری مدرس لغو شد؛ جلسه جبرانی پنج‌شنبه برگزار می‌شود', version: eb('version', '+', 1) }))
    .where('id', '=', toCancel.id)
    .execute();
  const cancelledDay = dayOf(toCancel.date);
  if (cancelledDay) {
    // The make-up session: the Thursday after the cancelled one, added by hand.
    let makeUp = addDays(cancelledDay, 1);
    while (weekdayOfDay(makeUp) !== 5) makeUp = addDays(makeUp, 1);
    await trx
      .insertInto('class_sessions')
      .values({ courseId: lego, date: academyDayStart(makeUp).toISOString(), startTime: '10:00', endTime: '11:30', status: 'scheduled', movedFrom: null, room: '', note: 'جلسه جبرانی', origin: 'manual' })
      .execute();
  }
}

/**
 * A course that has met: its weekly slot (when the schedule left it none), three past sessions
 * with their roll taken (one absence, one excused) and two to come, one of them moved, so the
 * session screens, the roll and the parent's timetable show real data on `npm start`.
 */
export async function seedRoll(trx: Transaction<Database>, adminId: number, courseId: number): Promise<void> {
  const midnight = academyDayStart(academyDayOf(Date.now()));
  const dayAt = (offset: number) => new Date(midnight.getTime() + offset * 86_400_000).toISOString();
  const weekday = weekdayIndex(midnight);
  const hasSlots = await trx.selectFrom('course_slots').select('id').where('courseId', '=', courseId).executeTakeFirst();
  if (!hasSlots) await trx.insertInto('course_slots').values({ courseId, weekday, startTime: '16:00', endTime: '17:30' }).execute();
  // The seeded courses all start soon, so the sessions already held are the introductory
  // workshops before the term (hand-made); the two to come are added only when the weekly
  // pattern made none.
  const hasSessions = await trx.selectFrom('class_sessions').select('id').where('courseId', '=', courseId).executeTakeFirst();
  const plan = [
    { offset: -21, movedFrom: null, marks: ['present', 'present'] },
    { offset: -14, movedFrom: null, marks: ['absent', 'present'] },
    { offset: -7, movedFrom: null, marks: ['excused', 'present'] },
    ...(hasSessions
      ? []
      : [
          { offset: 8, movedFrom: dayAt(7), marks: [] },
          { offset: 14, movedFrom: null, marks: [] },
        ]),
  ] as const;
  const enrolled = await trx.selectFrom('enrollments').select(['id', 'childId']).where('courseId', '=', courseId).where('status', '=', 'active').orderBy('id').execute();
  for (const session of plan) {
    const { id } = await trx
      .insertInto('class_sessions')
      .values({
        courseId,
        date: dayAt(session.offset),
        startTime: '16:00',
        endTime: '17:30',
        status: 'scheduled',
        movedFrom: session.movedFrom,
        room: '',
        note: session.movedFrom ? 'به‌جای جلسه تعطیل رسمی' : session.offset < 0 && hasSessions ? 'کارگاه آشنایی پیش از شروع دوره' : '',
        origin: 'manual',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (session.marks.length === 0) continue;
    const takenAt = new Date(midnight.getTime() + session.offset * 86_400_000 + 17 * 3_600_000).toISOString();
    const rows = enrolled.map((e, i) => ({
      sessionId: id,
      childId: e.childId,
      enrollmentId: e.id,
      status: session.marks[i % session.marks.length] ?? 'present',
      note: '',
      takenBy: adminId,
      takenAt,
    }));
    if (rows.length > 0) await trx.insertInto('attendance').values(rows).execute();
  }
}

