// The academy's calendar: Jalali days as they fall in Tehran, whatever the zone of the machine
// reading them. A date-only value (a holiday, a session's day, a birth date) is stored as the
// instant its academy day starts, and every instant is shown on the academy's clock, so a parent
// abroad, an admin's laptop set to UTC and the server all name the same day and the same hour.
// Every number shown is in Persian digits. jalaali-js covers years -61..3177.
import { d2j, isValidJalaaliDate, j2d, jalaaliMonthLength, toGregorian, toJalaali } from 'jalaali-js';
import { toLatinDigits, toPersianDigits } from './text';

export const academyTimeZone = 'Asia/Tehran';

export const jalaliMonthNames = [
  'فروردین',
  'اردیبهشت',
  'خرداد',
  'تیر',
  'مرداد',
  'شهریور',
  'مهر',
  'آبان',
  'آذر',
  'دی',
  'بهمن',
  'اسفند',
] as const;

/**
 * Saturday first, as the Iranian week starts: the one list of weekday names (a course's weekly
 * slots store the index, 0 = شنبه), Thursday spelled with its zero-width non-joiner.
 */
export const jalaliWeekdayNames = ['شنبه', 'یکشنبه', 'دوشنبه', 'سه‌شنبه', 'چهارشنبه', 'پنج‌شنبه', 'جمعه'] as const;

export interface JalaliDate {
  jy: number;
  jm: number;
  jd: number;
}

const academyParts = new Intl.DateTimeFormat('en-US', {
  timeZone: academyTimeZone,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/** The academy's wall clock at an instant, written as if it were UTC (for offset arithmetic). */
function academyWallClock(ms: number): number {
  const parts: Record<string, number> = {};
  for (const part of academyParts.formatToParts(new Date(ms))) parts[part.type] = Number(part.value);
  return Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0);
}

const millis = (instant: Date | number) => (typeof instant === 'number' ? instant : instant.getTime());

// The instants the Jalali calendar (jalaali-js) can name, a day inside each end so Tehran's offset
// never carries one across: Farvardin of year -61 to Esfand of year 3177.
const firstNamable = (() => {
  const { gy, gm, gd } = toGregorian(-61, 1, 2);
  return Date.UTC(gy, gm - 1, gd);
})();
const lastNamable = (() => {
  const { gy, gm, gd } = toGregorian(3177, 12, 28);
  return Date.UTC(gy, gm - 1, gd);
})();

/** Whether an instant falls on a day the Jalali calendar can name (a date beyond it cannot be shown). */
export const isJalaliNamable = (instant: number): boolean => instant >= firstNamable && instant <= lastNamable;

/** The academy day an instant falls on. */
export function academyDayOf(instant: Date | number): JalaliDate {
  const wall = new Date(academyWallClock(millis(instant)));
  return toJalaali(wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate());
}

/** The instant an academy day starts (Tehran's midnight): how a date-only value is stored. */
export function academyDayStart({ jy, jm, jd }: JalaliDate): Date {
  const { gy, gm, gd } = toGregorian(jy, jm, jd);
  const wall = Date.UTC(gy, gm - 1, gd);
  let instant = wall - 3.5 * 3_600_000;
  // Twice: the offset at the first guess may differ from the one at midnight (former summer time).
  for (let i = 0; i < 2; i++) instant = wall - (academyWallClock(instant) - instant);
  return new Date(instant);
}

/** The instant today's academy day started: a date field's «today», stored as any picked day is. */
export const academyToday = (now: Date | number = Date.now()): string => academyDayStart(academyDayOf(now)).toISOString();

/** Whether a stored date falls on an academy day after today's (a day, not a moment: today is never ahead). */
export function isAfterToday(value: string, now: Date | number = Date.now()): boolean {
  const instant = Date.parse(value);
  return !Number.isNaN(instant) && isJalaliNamable(instant) && dayKey(academyDayOf(instant)) > dayKey(academyDayOf(now));
}

/** The hour and minute on the academy's clock. */
export function academyClock(instant: Date | number): { hour: number; minute: number } {
  const wall = new Date(academyWallClock(millis(instant)));
  return { hour: wall.getUTCHours(), minute: wall.getUTCMinutes() };
}

/**
 * Whole years from one academy day to another (a child's age on a course's first day): both
 * instants are read as the Tehran days they fall on, so every browser and the server count the
 * same; a year is complete on the day's Gregorian anniversary, as before the days were Tehran's.
 */
export function wholeYearsBetween(from: Date | number, to: Date | number): number {
  const gregorian = ({ jy, jm, jd }: JalaliDate) => toGregorian(jy, jm, jd);
  const a = gregorian(academyDayOf(from));
  const b = gregorian(academyDayOf(to));
  const beforeAnniversary = b.gm < a.gm || (b.gm === a.gm && b.gd < a.gd);
  return b.gy - a.gy - (beforeAnniversary ? 1 : 0);
}

/** 0 = Saturday … 6 = Friday, of a Jalali day (no zone involved: a day is a day). */
export function weekdayOfDay({ jy, jm, jd }: JalaliDate): number {
  const { gy, gm, gd } = toGregorian(jy, jm, jd);
  return (new Date(Date.UTC(gy, gm - 1, gd)).getUTCDay() + 1) % 7;
}

/** 0 = Saturday … 6 = Friday, of the academy day an instant falls on. */
export function weekdayIndex(instant: Date | number): number {
  return weekdayOfDay(academyDayOf(instant));
}

export function nextDay({ jy, jm, jd }: JalaliDate): JalaliDate {
  if (jd < jalaaliMonthLength(jy, jm)) return { jy, jm, jd: jd + 1 };
  return jm < 12 ? { jy, jm: jm + 1, jd: 1 } : { jy: jy + 1, jm: 1, jd: 1 };
}

export function monthLength(jy: number, jm: number): number {
  return jalaaliMonthLength(jy, jm);
}

export function isValidJalali({ jy, jm, jd }: JalaliDate): boolean {
  return isValidJalaaliDate(jy, jm, jd);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `1405-01-02`: a day as a key, a query value or a filter's spelling. */
export const dayKey = ({ jy, jm, jd }: JalaliDate) => `${jy}-${pad(jm)}-${pad(jd)}`;

/** A four-digit year from here on is a Gregorian one (2026/03/05), never a Jalali year typed. */
export const firstGregorianYear = 1700;

export const dayTexts = {
  shape: 'تاریخ را به شکل ۱۴۰۶/۰۱/۱۵ بنویسید',
  gregorian: (year: number) => `سال ${toPersianDigits(year)} میلادی است؛ تاریخ شمسی بنویسید، مانند ۱۴۰۶/۰۱/۱۵`,
  month: 'ماه باید از ۱ تا ۱۲ باشد',
  day: ({ jy, jm, jd }: JalaliDate, length: number) =>
    `روز ${toPersianDigits(jd)} در ${jalaliMonthNames[jm - 1] ?? ''} ${toPersianDigits(jy)} نیست؛ این ماه ${toPersianDigits(length)} روز دارد`,
} as const;

/**
 * The year, month and day numbers of a date as people type it: four-digit year first, in
 * Persian, Arabic or Latin digits, separated by `/`, `-` or `.` (the Persian keypad's «٫» too),
 * with stray spaces and direction marks pasted along ignored. Null for any other shape.
 */
export function dateParts(text: string): [number, number, number] | null {
  const plain = toLatinDigits(text.replace(/[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g, '')).trim();
  const match = /^(\d{4})\s*[/\-.\u066b]\s*(\d{1,2})\s*[/\-.\u066b]\s*(\d{1,2})$/.exec(plain);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

export type DayReading = { day: JalaliDate; error?: undefined } | { day?: undefined; error: string };

/**
 * The one reading of a typed Jalali day (۱۴۰۶/۰۱/۱۵, 1406-1-15), for the admin's inputs and
 * every server route that takes one: the day, or what is wrong with it in Persian; null when
 * nothing was typed.
 */
export function readJalaliDay(text: string): DayReading | null {
  if (text.trim() === '') return null;
  const parts = dateParts(text);
  if (!parts) return { error: dayTexts.shape };
  const [jy, jm, jd] = parts;
  if (jy >= firstGregorianYear) return { error: dayTexts.gregorian(jy) };
  if (jy < 1000) return { error: dayTexts.shape };
  if (jm < 1 || jm > 12) return { error: dayTexts.month };
  const length = monthLength(jy, jm);
  if (jd < 1 || jd > length) return { error: dayTexts.day({ jy, jm, jd }, length) };
  return { day: { jy, jm, jd } };
}

/** `1405-01-02` or `۱۴۰۵/۱/۲` back to a valid day; null otherwise. */
export function parseDayKey(text: string): JalaliDate | null {
  return readJalaliDay(text)?.day ?? null;
}

/** The day `days` after (or before) a day. */
export function addDays({ jy, jm, jd }: JalaliDate, days: number): JalaliDate {
  return d2j(j2d(jy, jm, jd) + days);
}

/** The ranges a date filter offers in one click, on academy days. */
export const dayPresets = ['today', 'week', 'month', 'lastMonth'] as const;
export type DayPreset = (typeof dayPresets)[number];

export const dayPresetLabels: Record<DayPreset, string> = {
  today: 'امروز',
  week: 'این هفته',
  month: 'این ماه',
  lastMonth: 'ماه قبل',
};

/**
 * A preset's first and last day around the academy's today, whatever the zone of the machine
 * asking: the week runs Saturday to Friday, a month is a Jalali month.
 */
export function presetDays(preset: DayPreset, now: Date | number = Date.now()): { from: JalaliDate; to: JalaliDate } {
  const today = academyDayOf(now);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'week': {
      const from = addDays(today, -weekdayOfDay(today));
      return { from, to: addDays(from, 6) };
    }
    case 'month':
      return { from: { ...today, jd: 1 }, to: { ...today, jd: monthLength(today.jy, today.jm) } };
    case 'lastMonth': {
      const jy = today.jm === 1 ? today.jy - 1 : today.jy;
      const jm = today.jm === 1 ? 12 : today.jm - 1;
      return { from: { jy, jm, jd: 1 }, to: { jy, jm, jd: monthLength(jy, jm) } };
    }
  }
}

function parse(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** ۱۴۰۵/۰۱/۰۲ */
export function formatJalaliNumeric(value: string | Date | null | undefined): string {
  const date = parse(value);
  if (!date) return '—';
  const { jy, jm, jd } = academyDayOf(date);
  return toPersianDigits(`${jy}/${pad(jm)}/${pad(jd)}`);
}

/** ۱۴:۳۰ on the academy's clock. */
export function formatAcademyTime(value: string | Date | null | undefined): string {
  const date = parse(value);
  if (!date) return '—';
  const { hour, minute } = academyClock(date);
  return toPersianDigits(`${pad(hour)}:${pad(minute)}`);
}

/** ۱۴۰۵/۰۱/۰۲ ۱۴:۳۰ */
export function formatJalaliDateTime(value: string | Date | null | undefined): string {
  const date = parse(value);
  if (!date) return '—';
  return `${formatJalaliNumeric(date)} ${formatAcademyTime(date)}`;
}

/** ۲ فروردین ۱۴۰۵ (day, month name, year) */
export function formatJalaliLong(value: string | Date | null | undefined): string {
  const date = parse(value);
  if (!date) return '—';
  const { jy, jm, jd } = academyDayOf(date);
  return `${toPersianDigits(jd)} ${jalaliMonthNames[jm - 1] ?? ''} ${toPersianDigits(jy)}`;
}

/** The admin header's date: the academy day's weekday name and yyyy/mm/dd. */
export function formatTodayHeader(now: Date = new Date()): string {
  return `${jalaliWeekdayNames[weekdayIndex(now)]} ${formatJalaliNumeric(now)}`;
}
