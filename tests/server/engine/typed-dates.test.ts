// @vitest-environment node
// The server reads a Jalali day with the calendar's one reader wherever it takes one: a list's
// date filter, the money report's range, a CSV cell and a date field's check all accept any
// digits and `/` or `-`, and all say in Persian why a day does not exist.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldSchema } from '../../../schema/define';
import { registry } from '../../../schema/registry.gen';
import { academyDayStart } from '../../../schema/rules/calendar';
import { parseDateCell } from '../../../server/engine/csvImport';
import { parseDateRange } from '../../../server/engine/listQuery';
import { moneyRange } from '../../../server/features/commerce/dashboardMoney';

const refusal = (run: () => unknown): { status: number; message: string } | null => {
  try {
    run();
    return null;
  } catch (error) {
    const status = typeof error === 'object' && error !== null && 'statusCode' in error ? Number(error.statusCode) : 500;
    return { status, message: error instanceof Error ? error.message : String(error) };
  }
};

describe('a list’s date range filter', () => {
  it('reads the days in any digits and with either separator', () => {
    const expected = {
      from: academyDayStart({ jy: 1403, jm: 12, jd: 1 }).toISOString(),
      to: academyDayStart({ jy: 1404, jm: 1, jd: 1 }).toISOString(),
    };
    expect(parseDateRange('date', '1403-12-01..1403-12-30')).toEqual(expected);
    expect(parseDateRange('date', '۱۴۰۳/۱۲/۰۱..۱۴۰۳/۱۲/۳۰')).toEqual(expected);
    expect(parseDateRange('date', '١٤٠٣/١٢/١..')).toEqual({ from: expected.from, to: null });
  });

  it('refuses a day that does not exist with a 400 that says why', () => {
    expect(refusal(() => parseDateRange('date', '1404-12-30..'))).toEqual({
      status: 400,
      message: 'بازه تاریخ «date» نامعتبر است؛ به شکل ۱۴۰۳-۰۱-۰۱..۱۴۰۳-۰۱-۳۱ (روز ۳۰ در اسفند ۱۴۰۴ نیست؛ این ماه ۲۹ روز دارد)',
    });
    expect(refusal(() => parseDateRange('date', '..1406/13/01'))?.message).toContain('ماه باید از ۱ تا ۱۲ باشد');
    for (const bad of ['..', 'yesterday', '1403-02-01..1403-01-01', '1403-01-01']) expect(refusal(() => parseDateRange('date', bad))?.status, bad).toBe(400);
  });
});

describe('the money report’s range', () => {
  it('reads typed days and refuses one that does not exist, naming which end', () => {
    expect(moneyRange({ from: '۱۴۰۳/۱۲/۳۰', to: '1404-01-15' })).toEqual({ from: { jy: 1403, jm: 12, jd: 30 }, to: { jy: 1404, jm: 1, jd: 15 } });
    expect(refusal(() => moneyRange({ from: '1404/12/30', to: '1405/01/15' }))).toEqual({ status: 400, message: 'تاریخ شروع: روز ۳۰ در اسفند ۱۴۰۴ نیست؛ این ماه ۲۹ روز دارد' });
  });
});

describe('a CSV date cell', () => {
  it('reads a Jalali day in any digits, a Gregorian one by its year, and nothing that does not exist', () => {
    expect(parseDateCell('۱۴۰۳/۱۲/۳۰')).toBe(academyDayStart({ jy: 1403, jm: 12, jd: 30 }).toISOString());
    expect(parseDateCell('1404.12.30')).toBeUndefined();
    expect(parseDateCell('2026-03-21')).toBe(academyDayStart({ jy: 1405, jm: 1, jd: 1 }).toISOString());
  });
});

describe('a date field’s check (the form’s and the API’s)', () => {
  it('names what is wrong with a typed date it was handed', () => {
    const date = registry.holidays.fields.date;
    if (!date) throw new Error('no date field');
    const messages = (value: unknown) => (v.safeParse(fieldSchema(date), value).issues ?? []).map((issue) => issue.message).slice(0, 1);
    expect(messages('1403/12/31')).toEqual(['از تاریخ: روز ۳۱ در اسفند ۱۴۰۳ نیست؛ این ماه ۳۰ روز دارد']);
    expect(messages('فردا')).toEqual(['از تاریخ: تاریخ را به شکل ۱۴۰۶/۰۱/۱۵ بنویسید']);
    expect(messages('2026-02-30T00:00:00.000Z')).toEqual(['از تاریخ تاریخ معتبری نیست']);
    expect(messages(academyDayStart({ jy: 1403, jm: 12, jd: 30 }).toISOString())).toEqual([]);
  });
});
