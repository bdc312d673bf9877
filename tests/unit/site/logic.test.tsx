// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { safeRedirect, validateAuthSearch } from '../../../schema/rules/forms/redirect';
import { courseSearchQuery, parseCourseSearch, validateCourseSearch, validatePageSearch } from '../../../schema/rules/courseFilters';
import { courseAgesText } from '../../../schema/rules/age';
import { weeklyScheduleText } from '../../../schema/rules/schedule';
import { pageWindow } from '../../../src/components/site/CoursePager';
import { courseHeadings } from '../../../src/components/site/courseFormat';
import { sanitizeArticleHtml } from '../../../src/components/site/ArticleBody';
import { useJsonLd, useSeo } from '../../../src/lib/seo';

afterEach(() => cleanup());

describe('category filters in the URL', () => {
  it('keeps only known values', () => {
    expect(validateCourseSearch({ type: 'online', difficulty: 'advanced', sort: 'price-asc' })).toEqual({
      type: 'online',
      difficulty: 'advanced',
      sort: 'price-asc',
    });
    expect(validateCourseSearch({ type: 'x', difficulty: 3, sort: '<script>' })).toEqual({});
    // The default order is left out of the URL.
    expect(validateCourseSearch({ sort: 'start' })).toEqual({});
  });
});

describe('catalogue filters in the URL (one reading for the page and the API)', () => {
  it('reads ages, days, prices and Jalali start dates in any digits, and names what it cannot read', () => {
    expect(parseCourseSearch({ age: 9, day: '۲', priceMax: '٣٠٠٠٠٠٠', from: '۱۴۰۵/۹/۱', q: '  ربات  ' })).toEqual({
      search: { age: 9, day: 2, priceMax: 3_000_000, from: '1405-09-01', q: 'ربات' },
      errors: {},
    });
    const bad = parseCourseSearch({ age: '40', day: 'دوشنبه', from: '1405-12-31', colour: 'blue' });
    expect(bad.search).toEqual({});
    expect(Object.keys(bad.errors).sort()).toEqual(['age', 'day', 'from', 'unknown']);
    expect(parseCourseSearch({ priceMin: 5, priceMax: 1 }).errors.priceOrder).toBe('حداقل قیمت از حداکثر قیمت بیشتر است');
    // The page drops what it cannot read; an empty value is no filter.
    expect(validateCourseSearch({ age: '', day: '3', type: 'hybrid' })).toEqual({ day: 3 });
  });

  it('reads the page number, the first page being no page at all, and writes it into the address', () => {
    expect(parseCourseSearch({ page: '۳' })).toEqual({ search: { page: 3 }, errors: {} });
    expect(parseCourseSearch({ page: '1' })).toEqual({ search: {}, errors: {} });
    for (const page of ['0', '-2', '1.5', 'دو', '1000001']) expect(parseCourseSearch({ page }).errors.page).toBe('شماره صفحه باید عددی صحیح و مثبت باشد');
    expect(validateCourseSearch({ page: 'x', age: 9 })).toEqual({ age: 9 });
    expect(courseSearchQuery({ age: 9, page: 2 })).toBe('?age=9&page=2');
    expect(validatePageSearch({ page: 4, age: 9 })).toEqual({ page: 4 });
    expect(courseSearchQuery({ age: 9, day: 2, q: 'ربات' })).toBe('?q=%D8%B1%D8%A8%D8%A7%D8%AA&age=9&day=2');
  });

  it('links the first and last pages and two either side of the current, with gaps between', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(6, 4167)).toEqual([1, null, 4, 5, 6, 7, 8, null, 4167]);
    expect(pageWindow(4167, 4167)).toEqual([1, null, 4165, 4166, 4167]);
  });

  it('writes ages and weekly slots in Persian', () => {
    expect(courseAgesText({ ageMin: 7, ageMax: 10 })).toBe('۷ تا ۱۰ سال');
    expect(courseAgesText({ ageMin: 12, ageMax: 0 })).toBe('۱۲ سال به بالا');
    expect(courseAgesText({ ageMin: 0, ageMax: 0 })).toBe('همه سنین');
    const slot = (weekday: number, startTime: string, endTime: string) => ({ weekday, startTime, endTime });
    expect(weeklyScheduleText([slot(0, '16:00', '17:30'), slot(2, '16:00', '17:30')])).toBe('شنبه‌ها و دوشنبه‌ها، ساعت ۱۶:۰۰ تا ۱۷:۳۰');
    expect(weeklyScheduleText([slot(0, '10:00', '11:30'), slot(3, '17:00', '18:30')])).toBe('شنبه‌ها، ساعت ۱۰:۰۰ تا ۱۱:۳۰؛ سه‌شنبه‌ها، ساعت ۱۷:۰۰ تا ۱۸:۳۰');
    expect(weeklyScheduleText([])).toBe('');
  });
});

describe('syllabus', () => {
  it('is one heading per non-empty line, list markers dropped', () => {
    expect(courseHeadings({ headings: '- آشنایی با بردها\n\n2. حسگرها\r\n  پروژه پایانی  ' })).toEqual([
      'آشنایی با بردها',
      'حسگرها',
      'پروژه پایانی',
    ]);
  });
});

describe('sign-in redirect', () => {
  it('accepts only same-site paths', () => {
    expect(safeRedirect('/categories/robotics/arduino?x=1')).toBe('/categories/robotics/arduino?x=1');
    expect(safeRedirect('https://evil.example/')).toBeUndefined();
    expect(safeRedirect('//evil.example/')).toBeUndefined();
    expect(safeRedirect('/\\evil.example')).toBeUndefined();
    expect(safeRedirect('javascript:alert(1)')).toBeUndefined();
    expect(safeRedirect(42)).toBeUndefined();
    expect(validateAuthSearch({ redirect: '//evil' })).toEqual({});
  });
});

describe('article HTML', () => {
  it('is sanitised again on render', () => {
    const html = sanitizeArticleHtml(
      '<p onclick="x()">متن<img src=x onerror="alert(1)"></p><script>alert(1)</script><a href="https://a.example" target="_blank">پیوند</a><a href="javascript:alert(1)">بد</a>',
    );
    expect(html).not.toMatch(/onclick|onerror|<script|javascript:/);
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('target="_blank"');
  });
});

describe('search-engine helpers', () => {
  function Page({ title, data }: { title: string; data: Record<string, unknown> | null }) {
    useSeo({ title, description: `توضیح ${title}` });
    useJsonLd(data);
    return null;
  }

  it('sets the title, the meta description and a JSON-LD block that goes with the page', () => {
    const { rerender, unmount } = render(<Page title="رباتیک" data={{ '@type': 'Course', name: '</script>' }} />);
    expect(document.title).toBe('رباتیک | آکادمی آینده‌سازان');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('توضیح رباتیک');
    const script = document.head.querySelector('script[type="application/ld+json"]');
    expect(script?.textContent).toContain('\\u003c/script>');
    const parsed: unknown = JSON.parse(script?.textContent ?? 'null');
    expect(parsed).toEqual({ '@type': 'Course', name: '</script>' });
    rerender(<Page title="مقالات" data={null} />);
    expect(document.title).toBe('مقالات | آکادمی آینده‌سازان');
    expect(document.head.querySelector('script[type="application/ld+json"]')).toBeNull();
    unmount();
  });
});
