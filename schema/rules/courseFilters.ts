// The catalogue's filters (the all-courses page and each category page) live in the URL so a
// filtered list can be shared and survives reloads. One reading of the query string for the
// browser and the server: the page drops what it cannot read, the API answers it with a Persian
// 400 (server/features/catalogue/courseList.ts), and the server filters, sorts and pages in SQL,
// so a catalogue of any size answers with one bounded page.
import { academyDayOf, academyDayStart, dayKey, isValidJalali, parseDayKey } from './calendar';
import { toLatinDigits } from './text';

export const courseTypes = ['online', 'offline'] as const;
export const difficulties = ['introductory', 'advanced', 'bootcamps'] as const;
export const sortOrders = ['start', 'price-asc', 'price-desc'] as const;

export type CourseTypeFilter = (typeof courseTypes)[number];
export type DifficultyFilter = (typeof difficulties)[number];
export type SortOrder = (typeof sortOrders)[number];

/** Ages a child may be given, in whole years (the courses' own bounds stop at 18). */
export const ageLimits = { min: 1, max: 18 } as const;
const searchMaxLength = 100;
const priceLimit = 1_000_000_000;

export interface CourseSearch {
  /** Words of the title, category, teacher or prerequisite (folded as the admin's search). */
  q?: string;
  /** The child's age in years: courses whose range contains it. */
  age?: number;
  /** A category's slug (the all-courses page only: a category page is its own filter). */
  category?: string;
  type?: CourseTypeFilter;
  /** A weekday the course meets, 0 = Saturday … 6 = Friday. */
  day?: number;
  priceMin?: number;
  priceMax?: number;
  /** The first day, Jalali `YYYY-MM-DD` in Latin digits: courses starting on it or later. */
  from?: string;
  difficulty?: DifficultyFilter;
  sort?: SortOrder;
  /** Which page of the results, from 1 (absent: the first). */
  page?: number;
}

/** Every key, in the order the address spells them. */
export const courseSearchKeys = ['q', 'age', 'category', 'type', 'day', 'priceMin', 'priceMax', 'from', 'difficulty', 'sort', 'page'] as const;

/** Courses on one page of a list (the public lists answer in pages of this many). */
export const coursePageSize = 24;
/** The highest page number read: far beyond any catalogue, small enough for an exact offset. */
const pageLimit = 1_000_000;

export const sortLabels: Record<SortOrder, string> = {
  start: 'زودترین شروع',
  'price-asc': 'ارزان‌ترین',
  'price-desc': 'گران‌ترین',
};

export const courseSearchTexts = {
  q: 'عبارت جستجو حداکثر ۱۰۰ نویسه است',
  age: 'سن کودک باید عددی بین ۱ تا ۱۸ باشد',
  category: 'دسته‌بندی نامعتبر است',
  type: 'نوع برگزاری نامعتبر است',
  day: 'روز هفته نامعتبر است',
  priceMin: 'حداقل قیمت باید عددی صحیح و نامنفی باشد',
  priceMax: 'حداکثر قیمت باید عددی صحیح و نامنفی باشد',
  priceOrder: 'حداقل قیمت از حداکثر قیمت بیشتر است',
  from: 'تاریخ شروع باید تاریخی شمسی مانند ۱۴۰۵/۰۹/۰۱ باشد',
  difficulty: 'سطح دوره نامعتبر است',
  sort: 'ترتیب نامعتبر است',
  page: 'شماره صفحه باید عددی صحیح و مثبت باشد',
  unknown: 'پارامتر ناشناخته در نشانی',
} as const;

function oneOf<T extends string>(options: readonly T[], value: unknown): T | undefined {
  return options.find((option) => option === value);
}

/** The router hands numbers for `?age=9`, the server strings: both, in any digits. */
function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return toLatinDigits(value).trim();
  return undefined;
}

function wholeNumber(value: unknown, min: number, max: number): number | undefined {
  const raw = text(value);
  if (raw === undefined || !/^[0-9]{1,12}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= min && n <= max ? n : undefined;
}

/** A Jalali day as `YYYY-MM-DD`, typed with slashes or dashes, in any digits. */
function jalaliDay(value: unknown): string | undefined {
  const match = /^([0-9]{4})[-/]([0-9]{1,2})[-/]([0-9]{1,2})$/.exec(text(value) ?? '');
  if (!match) return undefined;
  const [jy, jm, jd] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isValidJalali({ jy, jm, jd })) return undefined;
  return `${jy}-${String(jm).padStart(2, '0')}-${String(jd).padStart(2, '0')}`;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

export interface ParsedCourseSearch {
  search: CourseSearch;
  /** Persian messages of the parameters that could not be read, by key. */
  errors: Partial<Record<(typeof courseSearchKeys)[number] | 'unknown' | 'priceOrder', string>>;
}

/** Reads a query string's filters; an empty value is no filter, an unreadable one an error. */
export function parseCourseSearch(raw: Record<string, unknown>): ParsedCourseSearch {
  const search: CourseSearch = {};
  const errors: ParsedCourseSearch['errors'] = {};
  const read = <K extends (typeof courseSearchKeys)[number]>(key: K, parse: (value: unknown) => CourseSearch[K] | undefined) => {
    const value = raw[key];
    if (isEmpty(value)) return;
    const parsed = parse(value);
    if (parsed === undefined) errors[key] = courseSearchTexts[key];
    else search[key] = parsed;
  };
  read('q', (value) => {
    const q = text(value);
    return q !== undefined && Array.from(q).length <= searchMaxLength ? q.replace(/\s+/g, ' ') : undefined;
  });
  read('age', (value) => wholeNumber(value, ageLimits.min, ageLimits.max));
  read('category', (value) => {
    const slug = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
    return slug.length > 0 && slug.length <= 200 ? slug : undefined;
  });
  read('type', (value) => oneOf(courseTypes, value));
  read('day', (value) => wholeNumber(value, 0, 6));
  read('priceMin', (value) => wholeNumber(value, 0, priceLimit));
  read('priceMax', (value) => wholeNumber(value, 0, priceLimit));
  read('from', jalaliDay);
  read('difficulty', (value) => oneOf(difficulties, value));
  read('sort', (value) => oneOf(sortOrders, value));
  read('page', (value) => wholeNumber(value, 1, pageLimit));
  if (search.q === '') delete search.q;
  if (search.sort === 'start') delete search.sort;
  if (search.page === 1) delete search.page;
  if (search.priceMin !== undefined && search.priceMax !== undefined && search.priceMin > search.priceMax) {
    errors.priceOrder = courseSearchTexts.priceOrder;
    delete search.priceMin;
    delete search.priceMax;
  }
  const known: readonly string[] = courseSearchKeys;
  if (Object.keys(raw).some((key) => !known.includes(key))) errors.unknown = courseSearchTexts.unknown;
  return { search, errors };
}

/** The router's reading: anything unrecognised in the query string is dropped rather than trusted. */
export function validateCourseSearch(search: Record<string, unknown>): CourseSearch {
  return parseCourseSearch(search).search;
}

/** The start of a Jalali day at the academy, whatever the clock of the machine filtering. */
export function jalaliDayStart(day: string): number {
  const parsed = parseDayKey(day);
  return parsed ? academyDayStart(parsed).getTime() : Number.NaN;
}

/** The query string of a filtered list, in the spelling both the router and the server read. */
export function courseSearchQuery(search: CourseSearch): string {
  const query = new URLSearchParams();
  for (const key of courseSearchKeys) {
    const value = search[key];
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

export const hasFilters = (search: CourseSearch): boolean => courseSearchKeys.some((key) => key !== 'sort' && key !== 'page' && search[key] !== undefined);

/** The API's spelling of a search (GET /api/Public/courses): every value a string. */
export function courseApiQuery(search: CourseSearch) {
  const text = (value: number | string | undefined) => (value === undefined ? undefined : String(value));
  return {
    q: search.q,
    age: text(search.age),
    category: search.category,
    type: search.type,
    day: text(search.day),
    priceMin: text(search.priceMin),
    priceMax: text(search.priceMax),
    from: search.from,
    difficulty: search.difficulty,
    sort: search.sort,
    page: text(search.page),
  };
}

/** Today as the filters spell a day: Jalali `YYYY-MM-DD`. */
export function jalaliToday(now: Date = new Date()): string {
  return dayKey(academyDayOf(now));
}

/** The router's reading of a list that has pages and no filters (a teacher's courses): the page alone. */
export function validatePageSearch(search: Record<string, unknown>): Pick<CourseSearch, 'page'> {
  const { page } = parseCourseSearch({ page: search.page }).search;
  return page === undefined ? {} : { page };
}
