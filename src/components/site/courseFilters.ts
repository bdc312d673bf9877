// The category page's filters live in the URL so a filtered list can be shared and survives
// reloads; anything unrecognised in the query string is dropped rather than trusted.
import type { PublicCourse } from './types';

export const courseTypes = ['online', 'offline'] as const;
export const difficulties = ['introductory', 'advanced', 'bootcamps'] as const;
export const sortOrders = ['start', 'price-asc', 'price-desc'] as const;

export type CourseTypeFilter = (typeof courseTypes)[number];
export type DifficultyFilter = (typeof difficulties)[number];
export type SortOrder = (typeof sortOrders)[number];

export interface CourseSearch {
  type?: CourseTypeFilter;
  difficulty?: DifficultyFilter;
  sort?: SortOrder;
}

export const sortLabels: Record<SortOrder, string> = {
  start: 'نزدیک‌ترین تاریخ شروع',
  'price-asc': 'ارزان‌ترین',
  'price-desc': 'گران‌ترین',
};

function oneOf<T extends string>(options: readonly T[], value: unknown): T | undefined {
  return options.find((option) => option === value);
}

export function validateCourseSearch(search: Record<string, unknown>): CourseSearch {
  const result: CourseSearch = {};
  const type = oneOf(courseTypes, search.type);
  const difficulty = oneOf(difficulties, search.difficulty);
  const sort = oneOf(sortOrders, search.sort);
  if (type) result.type = type;
  if (difficulty) result.difficulty = difficulty;
  if (sort && sort !== 'start') result.sort = sort;
  return result;
}

function startTime(course: PublicCourse): number {
  // Courses without a date go last rather than first.
  return course.timeOfHolding ? Date.parse(course.timeOfHolding) : Number.POSITIVE_INFINITY;
}

export function filterCourses(courses: PublicCourse[], search: CourseSearch): PublicCourse[] {
  const filtered = courses.filter(
    (course) =>
      (!search.type || course.type === search.type) && (!search.difficulty || course.difficulty === search.difficulty),
  );
  const sort = search.sort ?? 'start';
  return filtered.sort((a, b) => {
    if (sort === 'price-asc') return a.priceInTomans - b.priceInTomans;
    if (sort === 'price-desc') return b.priceInTomans - a.priceInTomans;
    return startTime(a) - startTime(b);
  });
}

/** The query string of a filtered list, in the spelling the router reads back. */
export function courseSearchQuery(search: CourseSearch): string {
  const query = new URLSearchParams();
  for (const key of ['type', 'difficulty', 'sort'] as const) {
    const value = search[key];
    if (value) query.set(key, value);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}
