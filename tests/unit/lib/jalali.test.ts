import { describe, expect, it } from 'vitest';
import {
  formatJalaliDateTime,
  formatJalaliLong,
  formatJalaliNumeric,
  formatTodayHeader,
  fromJalaliDate,
  monthLength,
  toJalaliDate,
  weekdayIndex,
} from '../../../schema/rules/jalali';

describe('Jalali formatting', () => {
  it('converts local dates both ways', () => {
    const nowruz = new Date(2026, 2, 21);
    expect(toJalaliDate(nowruz)).toEqual({ jy: 1405, jm: 1, jd: 1 });
    expect(fromJalaliDate({ jy: 1405, jm: 1, jd: 1 }).getTime()).toBe(nowruz.getTime());
  });
  it('pads month and day and uses Persian digits', () => {
    expect(formatJalaliNumeric(new Date(2026, 2, 22))).toBe('۱۴۰۵/۰۱/۰۲');
    expect(formatJalaliDateTime(new Date(2026, 2, 22, 9, 5))).toBe('۱۴۰۵/۰۱/۰۲ ۰۹:۰۵');
  });
  it('writes day, month name and year', () => {
    expect(formatJalaliLong(new Date(2026, 10, 21))).toBe('۳۰ آبان ۱۴۰۵');
  });
  it('shows a dash for missing or invalid dates', () => {
    expect(formatJalaliLong(null)).toBe('—');
    expect(formatJalaliNumeric('not a date')).toBe('—');
  });
  it('starts the week on Saturday and names the weekday in the header', () => {
    const saturday = new Date(2026, 10, 21);
    expect(weekdayIndex(saturday)).toBe(0);
    expect(formatTodayHeader(saturday)).toBe('شنبه ۱۴۰۵/۰۸/۳۰');
  });
  it('knows month lengths, Esfand of leap years included', () => {
    expect(monthLength(1405, 1)).toBe(31);
    expect(monthLength(1405, 7)).toBe(30);
    expect(monthLength(1403, 12)).toBe(30);
    expect(monthLength(1404, 12)).toBe(29);
  });
});
