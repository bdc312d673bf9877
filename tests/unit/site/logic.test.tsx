// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { safeRedirect, validateAuthSearch } from '../../../schema/rules/forms/redirect';
import { courseSearchQuery, filterCourses, parseCourseSearch, validateCourseSearch } from '../../../schema/rules/courseFilters';
import { courseAgesText } from '../../../schema/rules/age';
import { weeklyScheduleText } from '../../../schema/rules/schedule';
import { courseHeadings } from '../../../src/components/site/courseFormat';
import type { PublicCourse } from '../../../src/components/site/types';
import { sanitizeArticleHtml } from '../../../src/components/site/ArticleBody';
import { useJsonLd, useSeo } from '../../../src/lib/seo';

afterEach(() => cleanup());

function course(overrides: Partial<PublicCourse>): PublicCourse {
  return {
    id: 1,
    slug: 'c',
    title: 'دوره',
    durationInHours: 10,
    timeOfHolding: '2030-01-01T08:00:00.000Z',
    registrationDeadline: '2029-12-25T08:00:00.000Z',
    priceInTomans: 1000,
    description: '',
    coverImage: '',
    coverVideo: '',
    headings: '',
    prerequisite: '',
    difficulty: '',
    type: 'online',
    registrationOpen: true,
    lastSessionDate: null,
    ageMin: 0,
    ageMax: 0,
    capacity: 0,
    seatsLeft: null,
    address: '',
    room: '',
    weeklySlots: [],
    category: { slug: 'robotics', name: 'رباتیک' },
    teacher: null,
    ...overrides,
  };
}

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

  it('filters by type and difficulty and sorts by start date or price', () => {
    const courses = [
      course({
        id: 1,
        type: 'online',
        difficulty: 'advanced',
        priceInTomans: 300,
        timeOfHolding: '2030-03-01T00:00:00Z',
      }),
      course({
        id: 2,
        type: 'offline',
        difficulty: 'introductory',
        priceInTomans: 100,
        timeOfHolding: '2030-01-01T00:00:00Z',
      }),
      course({ id: 3, type: 'online', difficulty: 'introductory', priceInTomans: 200, timeOfHolding: null }),
      course({
        id: 4,
        type: 'online',
        difficulty: 'introductory',
        priceInTomans: 50,
        timeOfHolding: '2030-02-01T00:00:00Z',
      }),
    ];
    expect(filterCourses(courses, {}).map((c) => c.id)).toEqual([2, 4, 1, 3]);
    expect(filterCourses(courses, { type: 'online' }).map((c) => c.id)).toEqual([4, 1, 3]);
    expect(filterCourses(courses, { difficulty: 'introductory', sort: 'price-asc' }).map((c) => c.id)).toEqual([
      4, 2, 3,
    ]);
    expect(filterCourses(courses, { sort: 'price-desc' }).map((c) => c.id)).toEqual([1, 3, 2, 4]);
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

  it('filters by age (0 = no bound), weekday, price band, start date and folded words', () => {
    const courses = [
      course({ id: 1, title: 'رباتیک کودکان', ageMin: 7, ageMax: 10, priceInTomans: 100, weeklySlots: [{ weekday: 2, startTime: '16:00', endTime: '17:00' }], timeOfHolding: '2030-01-01T00:00:00Z' }),
      course({ id: 2, title: 'پایتون', ageMin: 12, ageMax: 0, priceInTomans: 300, weeklySlots: [{ weekday: 0, startTime: '10:00', endTime: '11:00' }], timeOfHolding: '2030-02-01T00:00:00Z' }),
      course({ id: 3, title: 'می‌خواهم بسازم ۲', ageMin: 0, ageMax: 0, priceInTomans: 0, weeklySlots: [], timeOfHolding: null }),
    ];
    const ids = (search: Parameters<typeof filterCourses>[1]) => filterCourses(courses, search).map((c) => c.id);
    expect(ids({ age: 9 })).toEqual([1, 3]);
    expect(ids({ age: 15 })).toEqual([2, 3]);
    expect(ids({ day: 2 })).toEqual([1]);
    expect(ids({ priceMin: 50, priceMax: 200 })).toEqual([1]);
    expect(ids({ from: '1408-11-01' })).toEqual([2]);
    // The fixture's category is «رباتیک»: the category's name is searched too.
    expect(ids({ q: 'رباتيك' })).toEqual([1, 2, 3]);
    expect(ids({ q: 'رباتيك كودكان' })).toEqual([1]);
    expect(ids({ q: 'ميخواهم بسازم 2' })).toEqual([3]);
    expect(courseSearchQuery({ age: 9, day: 2, q: 'ربات' })).toBe('?q=%D8%B1%D8%A8%D8%A7%D8%AA&age=9&day=2');
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
