import { afterEach, describe, expect, it } from 'vitest';
import {
  academyClock,
  academyDayOf,
  academyDayStart,
  dayKey,
  formatJalaliDateTime,
  formatJalaliLong,
  formatJalaliNumeric,
  formatTodayHeader,
  monthLength,
  nextDay,
  parseDayKey,
  weekdayIndex,
  weekdayOfDay,
} from '../../../schema/rules/calendar';

const machineZone = process.env.TZ;
afterEach(() => {
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
});

describe.each(['Asia/Tehran', 'UTC', 'America/Los_Angeles'])('the academy calendar on a machine set to %s', (zone) => {
  it('names the Tehran day of a stored day start, not the machine\'s', () => {
    process.env.TZ = zone;
    const bahman22 = academyDayStart({ jy: 1404, jm: 11, jd: 22 });
    expect(bahman22.toISOString()).toBe('2026-02-10T20:30:00.000Z');
    expect(formatJalaliLong(bahman22)).toBe('۲۲ بهمن ۱۴۰۴');
    expect(formatJalaliNumeric(bahman22.toISOString())).toBe('۱۴۰۴/۱۱/۲۲');
    const dey7 = academyDayStart({ jy: 1405, jm: 10, jd: 7 });
    expect(weekdayIndex(dey7)).toBe(2);
    expect(formatTodayHeader(dey7)).toBe('دوشنبه ۱۴۰۵/۱۰/۰۷');
  });
  it('shows times on the academy clock', () => {
    process.env.TZ = zone;
    expect(formatJalaliDateTime('2026-03-22T05:35:00.000Z')).toBe('۱۴۰۵/۰۱/۰۲ ۰۹:۰۵');
    expect(academyClock(Date.parse('2026-03-21T20:29:00.000Z'))).toEqual({ hour: 23, minute: 59 });
    expect(academyDayOf(Date.parse('2026-03-21T20:29:00.000Z'))).toEqual({ jy: 1405, jm: 1, jd: 1 });
    expect(academyDayOf(Date.parse('2026-03-21T20:30:00.000Z'))).toEqual({ jy: 1405, jm: 1, jd: 2 });
  });
});

describe('academy days', () => {
  it('converts both ways at Tehran midnight', () => {
    const nowruz = academyDayStart({ jy: 1405, jm: 1, jd: 1 });
    expect(nowruz.toISOString()).toBe('2026-03-20T20:30:00.000Z');
    expect(academyDayOf(nowruz)).toEqual({ jy: 1405, jm: 1, jd: 1 });
  });
  it('keeps Tehran\'s former summer time in old dates', () => {
    // 1 Tir 1400 was +04:30.
    expect(academyDayStart({ jy: 1400, jm: 4, jd: 1 }).toISOString()).toBe('2021-06-21T19:30:00.000Z');
  });
  it('writes and reads day keys, steps to the next day across a year', () => {
    expect(dayKey({ jy: 1405, jm: 1, jd: 2 })).toBe('1405-01-02');
    expect(parseDayKey('1405/1/2')).toEqual({ jy: 1405, jm: 1, jd: 2 });
    expect(parseDayKey('1404-12-30')).toBeNull();
    expect(nextDay({ jy: 1404, jm: 12, jd: 29 })).toEqual({ jy: 1405, jm: 1, jd: 1 });
    expect(weekdayOfDay({ jy: 1405, jm: 8, jd: 30 })).toBe(0);
  });
  it('writes day, month name and year; a dash for missing or invalid dates', () => {
    expect(formatJalaliLong(academyDayStart({ jy: 1405, jm: 8, jd: 30 }))).toBe('۳۰ آبان ۱۴۰۵');
    expect(formatJalaliLong(null)).toBe('—');
    expect(formatJalaliNumeric('not a date')).toBe('—');
  });
  it('knows month lengths, Esfand of leap years included', () => {
    expect(monthLength(1405, 1)).toBe(31);
    expect(monthLength(1405, 7)).toBe(30);
    expect(monthLength(1403, 12)).toBe(30);
    expect(monthLength(1404, 12)).toBe(29);
  });
});
