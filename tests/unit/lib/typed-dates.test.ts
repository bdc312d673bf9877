import { afterEach, describe, expect, it } from 'vitest';
import { academyDayStart, parseDayKey, presetDays, readJalaliDay, type DayPreset } from '../../../schema/rules/calendar';

describe('readJalaliDay: the one reading of a typed Jalali day', () => {
  it.each([
    ['۱۴۰۶/۰۱/۱۵', 'Persian digits'],
    ['١٤٠٦/٠١/١٥', 'Arabic digits'],
    ['1406/01/15', 'Latin digits'],
    ['1406-1-15', 'dashes, no leading zeros'],
    ['۱۴۰۶-۰۱-۱۵', 'Persian digits with dashes'],
    [' 1406 / 01 / 15 ', 'stray spaces'],
    ['\u200f۱۴۰۶/۰۱/۱۵\u200e', 'direction marks pasted along'],
    ['۱۴۰۶٫۰۱٫۱۵', 'the Persian keypad separator'],
  ])('reads %s (%s)', (text) => {
    expect(readJalaliDay(text)).toEqual({ day: { jy: 1406, jm: 1, jd: 15 } });
  });

  it('answers null for nothing typed', () => {
    expect(readJalaliDay('')).toBeNull();
    expect(readJalaliDay('   ')).toBeNull();
  });

  it('knows the leap years: 30 Esfand exists in 1403 and 1408, not in 1404', () => {
    expect(readJalaliDay('1403/12/30')).toEqual({ day: { jy: 1403, jm: 12, jd: 30 } });
    expect(readJalaliDay('۱۴۰۸/۱۲/۳۰')).toEqual({ day: { jy: 1408, jm: 12, jd: 30 } });
    expect(readJalaliDay('1404/12/30')).toEqual({ error: 'روز ۳۰ در اسفند ۱۴۰۴ نیست؛ این ماه ۲۹ روز دارد' });
    expect(readJalaliDay('1403/12/31')).toEqual({ error: 'روز ۳۱ در اسفند ۱۴۰۳ نیست؛ این ماه ۳۰ روز دارد' });
  });

  it('says in Persian what is wrong with a date that is not a day', () => {
    expect(readJalaliDay('1406/13/01')).toEqual({ error: 'ماه باید از ۱ تا ۱۲ باشد' });
    expect(readJalaliDay('۱۴۰۶/۰۰/۱۰')).toEqual({ error: 'ماه باید از ۱ تا ۱۲ باشد' });
    expect(readJalaliDay('1406/07/31')).toEqual({ error: 'روز ۳۱ در مهر ۱۴۰۶ نیست؛ این ماه ۳۰ روز دارد' });
    expect(readJalaliDay('1406/01/00')).toEqual({ error: 'روز ۰ در فروردین ۱۴۰۶ نیست؛ این ماه ۳۱ روز دارد' });
    expect(readJalaliDay('2026/03/05')).toEqual({ error: 'سال ۲۰۲۶ میلادی است؛ تاریخ شمسی بنویسید، مانند ۱۴۰۶/۰۱/۱۵' });
    for (const shape of ['14060115', '15/01/1406', '1406/01', '۱۴۰۶ فروردین ۱۵', 'abc', '06/01/15', '1406//01/15']) {
      expect(readJalaliDay(shape)).toEqual({ error: 'تاریخ را به شکل ۱۴۰۶/۰۱/۱۵ بنویسید' });
    }
  });

  it('is what parseDayKey (the URL spelling) reads too', () => {
    expect(parseDayKey('1405-01-02')).toEqual({ jy: 1405, jm: 1, jd: 2 });
    expect(parseDayKey('1404-12-30')).toBeNull();
  });
});

const machineZone = process.env.TZ;
afterEach(() => {
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
});

// Half an hour into 1 Farvardin 1405, a Saturday in Tehran: still Friday 20 March in UTC and in
// Los Angeles, and still Esfand on any calendar read in the machine's own zone.
const nowruz = academyDayStart({ jy: 1405, jm: 1, jd: 1 }).getTime() + 30 * 60_000;
// Wednesday 15 Mehr 1405, late evening in Tehran (still the afternoon of the 14th in Los Angeles).
const midMehr = academyDayStart({ jy: 1405, jm: 7, jd: 15 }).getTime() + 23 * 3_600_000;

describe.each(['UTC', 'America/Los_Angeles', 'Asia/Tehran'])('the date filter presets on a machine set to %s', (zone) => {
  const range = (preset: DayPreset, now: number) => {
    process.env.TZ = zone;
    return presetDays(preset, now);
  };

  it('counts from the academy day, the week from Saturday, months as Jalali months', () => {
    expect(range('today', nowruz)).toEqual({ from: { jy: 1405, jm: 1, jd: 1 }, to: { jy: 1405, jm: 1, jd: 1 } });
    expect(range('week', nowruz)).toEqual({ from: { jy: 1405, jm: 1, jd: 1 }, to: { jy: 1405, jm: 1, jd: 7 } });
    expect(range('month', nowruz)).toEqual({ from: { jy: 1405, jm: 1, jd: 1 }, to: { jy: 1405, jm: 1, jd: 31 } });
    expect(range('lastMonth', nowruz)).toEqual({ from: { jy: 1404, jm: 12, jd: 1 }, to: { jy: 1404, jm: 12, jd: 29 } });
  });

  it('takes a mid-week day back to its Saturday, across a month boundary when it must', () => {
    expect(range('today', midMehr)).toEqual({ from: { jy: 1405, jm: 7, jd: 15 }, to: { jy: 1405, jm: 7, jd: 15 } });
    expect(range('week', midMehr)).toEqual({ from: { jy: 1405, jm: 7, jd: 11 }, to: { jy: 1405, jm: 7, jd: 17 } });
    expect(range('month', midMehr)).toEqual({ from: { jy: 1405, jm: 7, jd: 1 }, to: { jy: 1405, jm: 7, jd: 30 } });
    expect(range('lastMonth', midMehr)).toEqual({ from: { jy: 1405, jm: 6, jd: 1 }, to: { jy: 1405, jm: 6, jd: 31 } });
    // 2 Farvardin 1406: its week reaches back into Esfand of the year before.
    const farvardin2 = academyDayStart({ jy: 1406, jm: 1, jd: 2 }).getTime() + 3_600_000;
    const week = range('week', farvardin2);
    expect(week.from.jm).toBe(12);
    expect(week.from.jy).toBe(1405);
  });
});
