// A child's age against a course's age range, one rule for the parent's add-to-cart island, the
// dashboard and the server's cart answer. Ages are whole years on the course's first day (its
// `timeOfHolding`; today when it has none), counted on academy days (schema/rules/calendar.ts), so
// a parent abroad and the server's cart answer agree. A range bound of 0 means none
// (schema/courses.ts ageMin/ageMax). The one wording of a course's age range is here too.
import { wholeYearsBetween } from './calendar';
import { formatPersianNumber } from './digits';

export interface AgeRange {
  ageMin: number;
  ageMax: number;
  timeOfHolding: string | null;
}

/** A child's age that falls outside the course's range: what the warning says. */
export interface AgeMisfit {
  age: number;
  ageMin: number;
  ageMax: number;
}

const day = (value: string | Date): Date | null => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** Whole years from `birthDate` to `on`; null when either is not a date. */
export function ageOn(birthDate: string | Date, on: string | Date): number | null {
  const born = day(birthDate);
  const at = day(on);
  if (!born || !at) return null;
  return wholeYearsBetween(born, at);
}

/**
 * The misfit of a child (its birth date) for a course, or null when the age fits, the course has
 * no range, or the birth date is unknown (nothing to warn about).
 */
export function ageMisfit(birthDate: string | null, course: AgeRange, today: Date = new Date()): AgeMisfit | null {
  if (!birthDate || (course.ageMin <= 0 && course.ageMax <= 0)) return null;
  const start = course.timeOfHolding ? (day(course.timeOfHolding) ?? today) : today;
  const age = ageOn(birthDate, start);
  if (age === null) return null;
  const tooYoung = course.ageMin > 0 && age < course.ageMin;
  const tooOld = course.ageMax > 0 && age > course.ageMax;
  return tooYoung || tooOld ? { age, ageMin: course.ageMin, ageMax: course.ageMax } : null;
}

/** «۹ تا ۱۲ سال», «۹ سال به بالا», «تا ۱۲ سال»; '' when the course has no range. */
export function ageRangeText({ ageMin, ageMax }: Pick<AgeRange, 'ageMin' | 'ageMax'>): string {
  const n = formatPersianNumber;
  if (ageMin > 0 && ageMax > 0) return ageMin === ageMax ? `${n(ageMin)} سال` : `${n(ageMin)} تا ${n(ageMax)} سال`;
  if (ageMin > 0) return `${n(ageMin)} سال به بالا`;
  if (ageMax > 0) return `تا ${n(ageMax)} سال`;
  return '';
}

/** A course's ages on its card and page: the range, or «همه سنین» when it has none. */
export function courseAgesText(range: Pick<AgeRange, 'ageMin' | 'ageMax'>): string {
  return ageRangeText(range) || allAgesText;
}

export const allAgesText = 'همه سنین';

/** «این دوره برای سنین ۹ تا ۱۲ سال است؛ سن سارا در شروع دوره ۷ سال است» */
export function ageWarningText(childFirstName: string, misfit: AgeMisfit): string {
  return `این دوره برای سنین ${ageRangeText(misfit)} است؛ سن ${childFirstName} در شروع دوره ${formatPersianNumber(misfit.age)} سال است`;
}
