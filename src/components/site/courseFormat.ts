import { weekdayLabels } from '../../../schema/labels';
import { formatPersianNumber, toPersianDigits } from '../../../schema/rules/text';
import type { PublicCourse } from './types';

export { courseTypeLabels, difficultyLabels, weekdayLabels } from '../../../schema/labels';

export function formatHours(hours: number): string {
  return `${formatPersianNumber(hours)} ساعت`;
}

export function courseHeadings(course: Pick<PublicCourse, 'headings'>): string[] {
  return course.headings
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*[-*•\d.)]+\s*/, '').trim())
    .filter((line) => line.length > 0);
}

export const registrationClosedText = 'مهلت ثبت‌نام به پایان رسیده است';

/** «۷ تا ۱۰ سال», «از ۷ سال», «تا ۱۰ سال», or «همه سنین» (0 is no bound). */
export function formatAgeRange({ ageMin, ageMax }: Pick<PublicCourse, 'ageMin' | 'ageMax'>): string {
  if (ageMin > 0 && ageMax > 0) return ageMin === ageMax ? `${toPersianDigits(ageMin)} سال` : `${toPersianDigits(ageMin)} تا ${toPersianDigits(ageMax)} سال`;
  if (ageMin > 0) return `از ${toPersianDigits(ageMin)} سال`;
  if (ageMax > 0) return `تا ${toPersianDigits(ageMax)} سال`;
  return 'همه سنین';
}

const timeRange = (slot: PublicCourse['weeklySlots'][number]) => `${toPersianDigits(slot.startTime)} تا ${toPersianDigits(slot.endTime)}`;

/**
 * The weekly pattern in a line: «شنبه و دوشنبه، ۱۶:۰۰ تا ۱۷:۳۰» when every day keeps the same
 * hours, else each day with its own; '' when the course has no pattern yet.
 */
export function formatWeeklySlots(slots: PublicCourse['weeklySlots']): string {
  if (slots.length === 0) return '';
  const days = (list: typeof slots) => [...new Set(list.map((slot) => weekdayLabels[slot.weekday] ?? ''))].join(' و ');
  const hours = new Set(slots.map(timeRange));
  if (hours.size === 1) return `${days(slots)}، ${timeRange(slots[0] ?? { weekday: 0, startTime: '', endTime: '' })}`;
  return slots.map((slot) => `${weekdayLabels[slot.weekday] ?? ''} ${timeRange(slot)}`).join('؛ ');
}
