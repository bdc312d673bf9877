// The one age rule of schema/rules/age.ts: whole years on the course's first day, bounds of 0 = none.
import { describe, expect, it } from 'vitest';
import { ageMisfit, ageOn, ageRangeText, ageWarningText } from '../../../schema/rules/age';

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
