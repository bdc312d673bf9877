// The one wording of a course's weekly schedule: the course card, the course page and the
// parent's timetable all say «شنبه‌ها و دوشنبه‌ها، ساعت ۱۶:۰۰ تا ۱۷:۳۰», with the calendar's
// weekday names (schema/rules/calendar.ts).
import { jalaliWeekdayNames } from './calendar';
import { toPersianDigits } from './digits';

export interface WeeklySlot {
  /** 0 = Saturday … 6 = Friday. */
  weekday: number;
  /** 'HH:MM' */
  startTime: string;
  endTime: string;
}

/** «۱۶:۰۰ تا ۱۷:۳۰» */
export function formatHoursRange(start: string, end: string): string {
  return `${toPersianDigits(start)} تا ${toPersianDigits(end)}`;
}

/** «شنبه‌ها و دوشنبه‌ها» */
function joinDays(days: readonly number[]): string {
  const names = days.map((day) => `${jalaliWeekdayNames[day] ?? ''}‌ها`);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join('، ')} و ${names.at(-1) ?? ''}`;
}

/** One line per set of hours, Saturday first: «شنبه‌ها و دوشنبه‌ها، ساعت ۱۶:۰۰ تا ۱۷:۳۰». */
export function weeklyScheduleLines(slots: readonly WeeklySlot[]): string[] {
  const byHours = new Map<string, { start: string; end: string; days: number[] }>();
  for (const slot of [...slots].sort((a, b) => a.weekday - b.weekday || a.startTime.localeCompare(b.startTime))) {
    const key = `${slot.startTime}-${slot.endTime}`;
    const group = byHours.get(key) ?? { start: slot.startTime, end: slot.endTime, days: [] };
    if (!group.days.includes(slot.weekday)) group.days.push(slot.weekday);
    byHours.set(key, group);
  }
  return [...byHours.values()].map((g) => `${joinDays(g.days)}، ساعت ${formatHoursRange(g.start, g.end)}`);
}

/** The same in one line (a course card); '' when the course has no pattern yet. */
export function weeklyScheduleText(slots: readonly WeeklySlot[]): string {
  return weeklyScheduleLines(slots).join('؛ ');
}
