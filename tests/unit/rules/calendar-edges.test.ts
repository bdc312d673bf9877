// The academy calendar at its edges: the days it can name at all, «after today», ages in whole
// years, steps of days, typed years that are not Jalali, and a dash for what is no date.
import { describe, expect, it } from 'vitest';
import {
  academyDayStart,
  academyToday,
  addDays,
  dateParts,
  dayPresetLabels,
  formatAcademyTime,
  formatJalaliDateTime,
  formatJalaliLong,
  formatJalaliNumeric,
  isAfterToday,
  isJalaliNamable,
  isValidJalali,
  jalaliMonthNames,
  jalaliWeekdayNames,
  nextDay,
  readJalaliDay,
  wholeYearsBetween,
} from '../../../schema/rules/calendar';

const start = (jy: number, jm: number, jd: number) => academyDayStart({ jy, jm, jd }).getTime();

describe('the days the calendar can name', () => {
  it('from Farvardin of year -61 to Esfand of 3177, a day inside each end', () => {
    expect(isJalaliNamable(start(1405, 1, 1))).toBe(true);
    expect(isJalaliNamable(Date.UTC(3799, 2, 19))).toBe(false);
    expect(isJalaliNamable(Date.UTC(-700, 0, 1))).toBe(false);
    const first = start(-61, 1, 2) + 3.5 * 3_600_000;
    expect(isJalaliNamable(first)).toBe(true);
    expect(isJalaliNamable(first - 86_400_000)).toBe(false);
    const last = start(3177, 12, 28) + 3.5 * 3_600_000;
    expect(isJalaliNamable(last)).toBe(true);
    expect(isJalaliNamable(last + 86_400_000)).toBe(false);
  });
});

describe('today and after', () => {
  const now = start(1405, 1, 10) + 12 * 3_600_000;

  it('today is the start of the academy day, however late it is', () => {
    expect(academyToday(now)).toBe(academyDayStart({ jy: 1405, jm: 1, jd: 10 }).toISOString());
  });

  it('a day after today is ahead; today and earlier are not, nor what is no date', () => {
    expect(isAfterToday(new Date(start(1405, 1, 11)).toISOString(), now)).toBe(true);
    expect(isAfterToday(new Date(start(1405, 1, 10) + 23 * 3_600_000).toISOString(), now)).toBe(false);
    expect(isAfterToday(new Date(start(1405, 1, 9)).toISOString(), now)).toBe(false);
    expect(isAfterToday('not a date', now)).toBe(false);
    expect(isAfterToday('4000-01-01T00:00:00.000Z', now)).toBe(false);
  });
});

describe('whole years', () => {
  it('a year is complete on the anniversary, not the day before', () => {
    // Mid-morning in Tehran, so each instant is plainly on its Gregorian day there.
    const born = Date.UTC(2016, 7, 1, 8);
    expect(wholeYearsBetween(born, Date.UTC(2025, 7, 1, 8))).toBe(9);
    expect(wholeYearsBetween(born, Date.UTC(2025, 6, 31, 8))).toBe(8);
    // Same month, an earlier day: not yet.
    expect(wholeYearsBetween(Date.UTC(2016, 5, 20, 8), Date.UTC(2025, 5, 19, 8))).toBe(8);
    expect(wholeYearsBetween(Date.UTC(2016, 5, 20, 8), Date.UTC(2025, 4, 25, 8))).toBe(8);
    expect(wholeYearsBetween(Date.UTC(2016, 5, 20, 8), Date.UTC(2025, 6, 1, 8))).toBe(9);
  });
});

describe('steps and checks of days', () => {
  it('steps forward and back across months and years', () => {
    expect(addDays({ jy: 1404, jm: 12, jd: 29 }, 1)).toEqual({ jy: 1405, jm: 1, jd: 1 });
    expect(addDays({ jy: 1405, jm: 1, jd: 1 }, -1)).toEqual({ jy: 1404, jm: 12, jd: 29 });
    expect(nextDay({ jy: 1405, jm: 1, jd: 5 })).toEqual({ jy: 1405, jm: 1, jd: 6 });
    expect(nextDay({ jy: 1405, jm: 6, jd: 31 })).toEqual({ jy: 1405, jm: 7, jd: 1 });
    expect(nextDay({ jy: 1405, jm: 7, jd: 30 })).toEqual({ jy: 1405, jm: 8, jd: 1 });
  });

  it('knows which days exist', () => {
    expect(isValidJalali({ jy: 1403, jm: 12, jd: 30 })).toBe(true);
    expect(isValidJalali({ jy: 1404, jm: 12, jd: 30 })).toBe(false);
  });

  it('a typed year before 1000 is not a Jalali year of the academy', () => {
    expect(readJalaliDay('0999/01/01')).toEqual({ error: 'تاریخ را به شکل ۱۴۰۶/۰۱/۱۵ بنویسید' });
    expect(readJalaliDay('1000/01/01')).toEqual({ day: { jy: 1000, jm: 1, jd: 1 } });
    expect(readJalaliDay('1699/01/01')).toEqual({ day: { jy: 1699, jm: 1, jd: 1 } });
    expect(readJalaliDay('1700/01/01')).toEqual({ error: 'سال ۱۷۰۰ میلادی است؛ تاریخ شمسی بنویسید، مانند ۱۴۰۶/۰۱/۱۵' });
    expect(readJalaliDay('1406/12/01')).toEqual({ day: { jy: 1406, jm: 12, jd: 1 } });
    expect(readJalaliDay('1406/1/31')).toEqual({ day: { jy: 1406, jm: 1, jd: 31 } });
  });

  it('reads the parts of a typed day, its marks and embeddings left out', () => {
    expect(dateParts('\u202b۱۴۰۶/۱/۲\u202c')).toEqual([1406, 1, 2]);
    expect(dateParts('\u2066 1406 . 01 . 02 \u2069')).toEqual([1406, 1, 2]);
    expect(dateParts('x1406/01/02')).toBeNull();
    expect(dateParts('1406/01/023')).toBeNull();
  });
});

describe('what is shown', () => {
  it('a dash for nothing, an empty text or what is no date', () => {
    for (const value of [null, undefined, '', 'never']) {
      expect(formatAcademyTime(value)).toBe('—');
      expect(formatJalaliDateTime(value)).toBe('—');
      expect(formatJalaliLong(value)).toBe('—');
      expect(formatJalaliNumeric(value)).toBe('—');
    }
  });

  it('the hour and minute on the academy clock, padded', () => {
    expect(formatAcademyTime(new Date(start(1405, 1, 1) + (9 * 60 + 5) * 60_000))).toBe('۰۹:۰۵');
  });

  it('the names of the months, the weekdays and the presets', () => {
    expect(jalaliMonthNames).toEqual(['فروردین', 'اردیبهشت', 'خرداد', 'تیر', 'مرداد', 'شهریور', 'مهر', 'آبان', 'آذر', 'دی', 'بهمن', 'اسفند']);
    expect(jalaliWeekdayNames).toEqual(['شنبه', 'یکشنبه', 'دوشنبه', 'سه‌شنبه', 'چهارشنبه', 'پنج‌شنبه', 'جمعه']);
    expect(dayPresetLabels).toEqual({ today: 'امروز', week: 'این هفته', month: 'این ماه', lastMonth: 'ماه قبل' });
  });
});
