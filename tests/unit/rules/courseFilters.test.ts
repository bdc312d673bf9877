// The catalogue's filters as the address spells them: one reading for the router (which drops what
// it cannot read) and the API (which answers it with a Persian 400), and the spelling back.
import { describe, expect, it } from 'vitest';
import {
  courseApiQuery,
  courseSearchQuery,
  courseSearchTexts,
  hasFilters,
  jalaliDayStart,
  jalaliToday,
  parseCourseSearch,
  validateCourseSearch,
  validatePageSearch,
} from '../../../schema/rules/courseFilters';
import { academyDayStart } from '../../../schema/rules/calendar';

describe('reading the filters', () => {
  it('reads every filter, in any digits, numbers from the router and strings from the server', () => {
    const raw = { q: '  ربات   ساز ', age: '۹', category: ' robotics ', type: 'online', day: 0, priceMin: '0', priceMax: '٣٠٠٠', from: '1405/9/1', difficulty: 'advanced', sort: 'price-desc', page: 2 };
    expect(parseCourseSearch(raw)).toEqual({
      search: { q: 'ربات ساز', age: 9, category: 'robotics', type: 'online', day: 0, priceMin: 0, priceMax: 3000, from: '1405-09-01', difficulty: 'advanced', sort: 'price-desc', page: 2 },
      errors: {},
    });
  });

  it('an empty value is no filter, and the defaults are left out', () => {
    expect(parseCourseSearch({ q: '', age: null, category: undefined, sort: 'start', page: '1', type: '' })).toEqual({ search: {}, errors: {} });
    expect(parseCourseSearch({ q: '   ' })).toEqual({ search: {}, errors: {} });
  });

  it('each unreadable value is told by its own Persian message', () => {
    const { search, errors } = parseCourseSearch({
      q: 'ب'.repeat(101),
      age: '19',
      category: ' ',
      type: 'hybrid',
      day: '7',
      priceMin: '-1',
      priceMax: '1.5',
      from: '1405-12-30',
      difficulty: 'expert',
      sort: 'name',
      page: '0',
    });
    expect(search).toEqual({});
    expect(errors).toEqual({
      q: 'عبارت جستجو حداکثر ۱۰۰ نویسه است',
      age: 'سن کودک باید عددی بین ۱ تا ۱۸ باشد',
      category: 'دسته‌بندی نامعتبر است',
      type: 'نوع برگزاری نامعتبر است',
      day: 'روز هفته نامعتبر است',
      priceMin: 'حداقل قیمت باید عددی صحیح و نامنفی باشد',
      priceMax: 'حداکثر قیمت باید عددی صحیح و نامنفی باشد',
      from: 'تاریخ شروع باید تاریخی شمسی مانند ۱۴۰۵/۰۹/۰۱ باشد',
      difficulty: 'سطح دوره نامعتبر است',
      sort: 'ترتیب نامعتبر است',
      page: 'شماره صفحه باید عددی صحیح و مثبت باشد',
    });
  });

  it('holds each number to its range, both ends included', () => {
    expect(parseCourseSearch({ age: '1' }).search.age).toBe(1);
    expect(parseCourseSearch({ age: '18' }).search.age).toBe(18);
    expect(parseCourseSearch({ age: '0' }).errors.age).toBe(courseSearchTexts.age);
    expect(parseCourseSearch({ day: '6' }).search.day).toBe(6);
    expect(parseCourseSearch({ priceMax: '1000000000' }).search.priceMax).toBe(1_000_000_000);
    expect(parseCourseSearch({ priceMax: '1000000001' }).errors.priceMax).toBe(courseSearchTexts.priceMax);
    expect(parseCourseSearch({ page: '1000000' }).search.page).toBe(1_000_000);
    // Twelve digits at most are read as a number at all; a longer run is not a number here.
    expect(parseCourseSearch({ priceMin: '0000000000001' }).errors.priceMin).toBe(courseSearchTexts.priceMin);
    expect(parseCourseSearch({ priceMin: '000000000001' }).search.priceMin).toBe(1);
    expect(parseCourseSearch({ age: Number.POSITIVE_INFINITY }).errors.age).toBe(courseSearchTexts.age);
    expect(parseCourseSearch({ age: true }).errors.age).toBe(courseSearchTexts.age);
    expect(parseCourseSearch({ age: ' 9 ' }).search.age).toBe(9);
  });

  it('a search of exactly 100 characters is read, and a category of up to 200', () => {
    expect(parseCourseSearch({ q: 'ب'.repeat(100) }).search.q).toHaveLength(100);
    expect(parseCourseSearch({ category: 'c'.repeat(200) }).search.category).toHaveLength(200);
    expect(parseCourseSearch({ category: 'c'.repeat(201) }).errors.category).toBe(courseSearchTexts.category);
    expect(parseCourseSearch({ category: 12 }).search.category).toBe('12');
    expect(parseCourseSearch({ category: ['a'] }).errors.category).toBe(courseSearchTexts.category);
  });

  it('reads a day with slashes or dashes, padded, only when the calendar has it', () => {
    expect(parseCourseSearch({ from: '۱۴۰۳-۱۲-۳۰' }).search.from).toBe('1403-12-30');
    expect(parseCourseSearch({ from: '1405/01/02' }).search.from).toBe('1405-01-02');
    for (const from of ['1405-13-01', '05-01-02', '1405.01.02', '1405-01-02x']) expect(parseCourseSearch({ from }).errors.from).toBe(courseSearchTexts.from);
  });

  it('a lowest price above the highest is an error of the pair, and neither is kept', () => {
    expect(parseCourseSearch({ priceMin: '5', priceMax: '1', age: '9' })).toEqual({ search: { age: 9 }, errors: { priceOrder: 'حداقل قیمت از حداکثر قیمت بیشتر است' } });
    expect(parseCourseSearch({ priceMin: '5', priceMax: '5' }).search).toEqual({ priceMin: 5, priceMax: 5 });
    expect(parseCourseSearch({ priceMin: '5' }).search).toEqual({ priceMin: 5 });
  });

  it('an unknown parameter is told once; the router keeps what it can read', () => {
    expect(parseCourseSearch({ colour: 'blue', age: '9' })).toEqual({ search: { age: 9 }, errors: { unknown: 'پارامتر ناشناخته در نشانی' } });
    expect(validateCourseSearch({ colour: 'blue', age: '40', day: '3' })).toEqual({ day: 3 });
  });

  it('a list without filters reads its page alone', () => {
    expect(validatePageSearch({ page: '۴', age: '9' })).toEqual({ page: 4 });
    expect(validatePageSearch({ page: '1' })).toEqual({});
    expect(validatePageSearch({ page: 'x' })).toEqual({});
    expect(validatePageSearch({})).toEqual({});
  });
});

describe('spelling the filters back', () => {
  it('writes the keys in the address order, leaving out what is not set', () => {
    expect(courseSearchQuery({ page: 2, sort: 'price-asc', age: 9, q: '' })).toBe('?age=9&sort=price-asc&page=2');
    expect(courseSearchQuery({})).toBe('');
    expect(courseSearchQuery({ day: 0 })).toBe('?day=0');
  });

  it('a search has filters when anything but its order and page is set', () => {
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ sort: 'price-asc', page: 3 })).toBe(false);
    expect(hasFilters({ day: 0 })).toBe(true);
    expect(hasFilters({ q: 'x' })).toBe(true);
  });

  it('the API takes every value as a string', () => {
    expect(courseApiQuery({ q: 'ربات', age: 9, category: 'robotics', type: 'offline', day: 0, priceMin: 0, priceMax: 10, from: '1405-01-02', difficulty: 'bootcamps', sort: 'price-asc', page: 3 })).toEqual({
      q: 'ربات',
      age: '9',
      category: 'robotics',
      type: 'offline',
      day: '0',
      priceMin: '0',
      priceMax: '10',
      from: '1405-01-02',
      difficulty: 'bootcamps',
      sort: 'price-asc',
      page: '3',
    });
    expect(courseApiQuery({})).toEqual({ q: undefined, age: undefined, category: undefined, type: undefined, day: undefined, priceMin: undefined, priceMax: undefined, from: undefined, difficulty: undefined, sort: undefined, page: undefined });
  });
});

describe('days of the filter', () => {
  it('a day starts at the academy midnight; an unreadable one is no instant', () => {
    expect(jalaliDayStart('1405-01-02')).toBe(academyDayStart({ jy: 1405, jm: 1, jd: 2 }).getTime());
    expect(jalaliDayStart('1404-12-30')).toBeNaN();
  });

  it('today is the academy day, spelled as the filter spells it', () => {
    // 20:45 UTC on 20 March 2026 is a quarter past midnight of 1 Farvardin 1405 in Tehran.
    expect(jalaliToday(new Date('2026-03-20T20:45:00.000Z'))).toBe('1405-01-01');
    expect(jalaliToday(new Date('2026-03-20T20:15:00.000Z'))).toBe('1404-12-29');
  });
});
