// The academy's calendar: Jalali days as they fall in Tehran, whatever the zone of the machine
// reading them. A date-only value (a holiday, a session's day, a birth date) is stored as the
// instant its academy day starts, and every instant is shown on the academy's clock, so a parent
// abroad, an admin's laptop set to UTC and the server all name the same day and the same hour.
// Every number shown is in Persian digits. jalaali-js covers years -61..3177.
import { isValidJalaaliDate, jalaaliMonthLength, toGregorian, toJalaali } from 'jalaali-js';
import { toPersianDigits } from './text';

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

/** `1405-01-02` or `1405/1/2` (Latin digits) back to a valid day; null otherwise. */
export function parseDayKey(text: string): JalaliDate | null {
  const match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text.trim());
  if (!match) return null;
  const day = { jy: Number(match[1]), jm: Number(match[2]), jd: Number(match[3]) };
  return isValidJalali(day) ? day : null;
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
