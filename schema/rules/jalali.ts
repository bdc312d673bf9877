// Jalali calendar formatting on top of jalaali-js (years -61..3177). Every number shown is in
// Persian digits. Dates travel as ISO-8601 instants and are shown in the viewer's local time.
import { isValidJalaaliDate, jalaaliMonthLength, toGregorian, toJalaali } from 'jalaali-js';
import { toPersianDigits } from './text';

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

/** Saturday first, as the Iranian week starts. */
export const jalaliWeekdayNames = ['شنبه', 'یکشنبه', 'دوشنبه', 'سه‌شنبه', 'چهارشنبه', 'پنج‌شنبه', 'جمعه'] as const;

export interface JalaliDate {
  jy: number;
  jm: number;
  jd: number;
}

export function toJalaliDate(date: Date): JalaliDate {
  return toJalaali(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

/** Local midnight of a Jalali day. */
export function fromJalaliDate({ jy, jm, jd }: JalaliDate): Date {
  const { gy, gm, gd } = toGregorian(jy, jm, jd);
  return new Date(gy, gm - 1, gd);
}

export function monthLength(jy: number, jm: number): number {
  return jalaaliMonthLength(jy, jm);
}

export function isValidJalali({ jy, jm, jd }: JalaliDate): boolean {
  return isValidJalaaliDate(jy, jm, jd);
}

/** 0 = Saturday … 6 = Friday. */
export function weekdayIndex(date: Date): number {
  return (date.getDay() + 1) % 7;
}

function parse(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** ۱۴۰۵/۰۱/۰۲ */
export function formatJalaliNumeric(value: string | Date | null | undefined): string {
  const date = parse(value);
  if (!date) return '—';
  const { jy, jm, jd } = toJalaliDate(date);
  return toPersianDigits(`${jy}/${pad(jm)}/${pad(jd)}`);
}

/** ۱۴۰۵/۰۱/۰۲ ۱۴:۳۰ */
export function formatJalaliDateTime(value: string | Date | null | undefined): string {
  const date = parse(value);
  if (!date) return '—';
  return `${formatJalaliNumeric(date)} ${toPersianDigits(`${pad(date.getHours())}:${pad(date.getMinutes())}`)}`;
}

/** ۲ فروردین ۱۴۰۵ (day, month name, year) */
export function formatJalaliLong(value: string | Date | null | undefined): string {
  const date = parse(value);
  if (!date) return '—';
  const { jy, jm, jd } = toJalaliDate(date);
  return `${toPersianDigits(jd)} ${jalaliMonthNames[jm - 1] ?? ''} ${toPersianDigits(jy)}`;
}

/** The admin header's date: weekday name and yyyy/mm/dd, from the local date. */
export function formatTodayHeader(now: Date = new Date()): string {
  return `${jalaliWeekdayNames[weekdayIndex(now)]} ${formatJalaliNumeric(now)}`;
}
