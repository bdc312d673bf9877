// The one age rule of schema/rules/age.ts: whole years on the course's first day, bounds of 0 = none.
import { afterEach, describe, expect, it } from 'vitest';
import { ageMisfit, ageOn, ageRangeText, ageWarningText } from '../../../schema/rules/age';
import { academyDayStart } from '../../../schema/rules/calendar';

const local = (y: number, m: number, d: number) => new Date(y, m - 1, d).toISOString();

describe('ageOn', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn(local(2016, 3, 20), local(2025, 3, 19))).toBe(8);
    expect(ageOn(local(2016, 3, 20), local(2025, 3, 20))).toBe(9);
    expect(ageOn(local(2016, 3, 20), local(2025, 12, 1))).toBe(9);
    expect(ageOn('not a date', local(2025, 1, 1))).toBeNull();
  });
});

describe('ageMisfit', () => {
  const course = { ageMin: 9, ageMax: 12, timeOfHolding: local(2026, 9, 23) };
  it('measures the age on the course start, not today', () => {
    // 8 today (2026-01-01), 9 on the start day: it fits.
    expect(ageMisfit(local(2017, 6, 1), course, new Date(2026, 0, 1))).toBeNull();
    expect(ageMisfit(local(2019, 6, 1), course)).toEqual({ age: 7, ageMin: 9, ageMax: 12 });
    expect(ageMisfit(local(2012, 6, 1), course)).toEqual({ age: 14, ageMin: 9, ageMax: 12 });
  });
  it('uses today when the course has no start, and treats 0 as no bound', () => {
    const today = new Date(2026, 0, 1);
    expect(ageMisfit(local(2020, 1, 1), { ageMin: 7, ageMax: 0, timeOfHolding: null }, today)).toEqual({ age: 6, ageMin: 7, ageMax: 0 });
    expect(ageMisfit(local(2000, 1, 1), { ageMin: 7, ageMax: 0, timeOfHolding: null }, today)).toBeNull();
    expect(ageMisfit(local(2020, 1, 1), { ageMin: 0, ageMax: 0, timeOfHolding: null }, today)).toBeNull();
    expect(ageMisfit(null, course)).toBeNull();
  });
  it('words the warning in Persian', () => {
    expect(ageWarningText('سارا', { age: 7, ageMin: 9, ageMax: 12 })).toBe('این دوره برای سنین ۹ تا ۱۲ سال است؛ سن سارا در شروع دوره ۷ سال است');
    expect(ageRangeText({ ageMin: 7, ageMax: 0 })).toBe('۷ سال به بالا');
    expect(ageRangeText({ ageMin: 0, ageMax: 12 })).toBe('تا ۱۲ سال');
  });
});

const machineZone = process.env.TZ;
afterEach(() => {
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
});

describe.each(['Asia/Tehran', 'UTC', 'America/Los_Angeles'])('an age read on a machine set to %s', (zone) => {
  it('counts academy days: born 1394/12/11, 9 on a course starting 1403/12/11', () => {
    process.env.TZ = zone;
    // Stored as the Tehran midnights 2016-02-29T20:30Z and 2025-02-28T20:30Z: in UTC the 29th of
    // February and the 28th, one day short of a birthday that in Tehran has come.
    const born = academyDayStart({ jy: 1394, jm: 12, jd: 11 }).toISOString();
    const start = academyDayStart({ jy: 1403, jm: 12, jd: 11 }).toISOString();
    expect(ageOn(born, start)).toBe(9);
    expect(ageMisfit(born, { ageMin: 9, ageMax: 12, timeOfHolding: start })).toBeNull();
    expect(ageMisfit(born, { ageMin: 10, ageMax: 12, timeOfHolding: start })).toEqual({ age: 9, ageMin: 10, ageMax: 12 });
    expect(ageOn(born, academyDayStart({ jy: 1403, jm: 12, jd: 10 }))).toBe(8);
  });
});
