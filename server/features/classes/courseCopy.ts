// A course's «کپی برای ترم بعد»: the same course again from a new first day — every date of it
// moved by the same number of days, its weekly pattern, teachers, assistants and category kept —
// made inactive, so the site does not show it until an admin has checked it. Its sessions are
// the schedule sync's (the copy's slots are written through the engine like any other); its
// enrolments, waiting list and attendance start empty. The action runner locks and audits the
// original; the copy is created as any admin create is (audited, write hooks, a free slug).
import { sql } from 'kysely';
import { registry } from '../../../schema/registry.gen';
import { academyDayStart, addDays, formatJalaliNumeric, weekdayOfDay, type JalaliDate } from '../../../schema/rules/calendar';
import { freshSlug, insertRecord } from '../../engine/crud';
import { plugIn, type ActionHandler } from '../../engine/behaviours';
import { nowIso, type Row } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import { dayOf } from './schedule';

export const courseCopyTexts = {
  noStart: 'این دوره تاریخ برگزاری ندارد؛ نخست تاریخ برگزاری آن را وارد کنید',
  notLater: 'آغاز ترم تازه باید پس از آغاز همین دوره باشد',
  titled: (title: string, start: string) => `${title} (ترم ${start})`,
} as const;

const dayMs = 86_400_000;
const daysFrom = (from: JalaliDate, to: JalaliDate) => Math.round((academyDayStart(to).getTime() - academyDayStart(from).getTime()) / dayMs);

/** The instant `days` academy days later, at the same academy clock time. */
function shifted(value: unknown, days: number): unknown {
  if (typeof value !== 'string') return value;
  const day = dayOf(value);
  if (!day) return value;
  const start = academyDayStart(day).getTime();
  return new Date(academyDayStart(addDays(day, days)).getTime() + (Date.parse(value) - start)).toISOString();
}

/**
 * The copy's first day: the given day, else the day after the course ends, moved on to the weekday
 * the course began on, so every date moves by whole weeks and the weekly pattern lands as before.
 */
export function nextTermStart(first: JalaliDate, last: JalaliDate, given: JalaliDate | null): JalaliDate {
  let day = given ?? addDays(last, 1);
  while (weekdayOfDay(day) !== weekdayOfDay(first)) day = addDays(day, 1);
  return day;
}

const copyForNextTerm: ActionHandler = async ({ trx, record, input, actor }) => {
  const courses = registry.courses;
  const first = dayOf(typeof record.timeOfHolding === 'string' ? record.timeOfHolding : null);
  if (!first) throw new HttpError(400, courseCopyTexts.noStart);
  const last = dayOf(typeof record.lastSessionDate === 'string' ? record.lastSessionDate : null) ?? first;
  const given = typeof input.startsOn === 'string' ? dayOf(input.startsOn) : null;
  const start = nextTermStart(first, last, given);
  const days = daysFrom(first, start);
  if (days <= 0) throw new HttpError(400, courseCopyTexts.notLater);

  const values: Row = {};
  for (const [name, field] of Object.entries(courses.allFields)) {
    values[name] = field.input === 'jalaliDate' ? shifted(record[name], days) : record[name];
  }
  values.title = courseCopyTexts.titled(String(record.title), formatJalaliNumeric(academyDayStart(start)));
  values.inActive = 1;
  values.createdAt = nowIso();
  values.slug = await freshSlug(trx, courses, String(values.title));
  const copy = await insertRecord(trx, courses, actor, values);

  const slots = registry.courseSlots;
  const pattern = await sql<Row>`select * from ${sql.table(slots.table)} where ${sql.ref('courseId')} = ${Number(record.id)} order by ${sql.ref('id')}`.execute(trx);
  for (const slot of pattern.rows) {
    const made: Row = {};
    for (const name of Object.keys(slots.allFields)) made[name] = slot[name];
    made.courseId = Number(copy.id);
    await insertRecord(trx, slots, actor, made);
  }
  return { set: {}, opens: Number(copy.id) };
};

export function plugInCourseCopy(): void {
  plugIn('courses', { actions: { copyForNextTerm } });
}
