import { useState, type FormEvent } from 'react';
import { jalaliMonthNames } from '../../../schema/rules/calendar';
import { navigateTo } from '../../lib/pageNavigation';
import { formatToman, toPersianDigits } from '../../../schema/rules/text';
import { jalaliWeekdayNames } from '../../../schema/rules/calendar';
import { courseTypeLabels, difficultyLabels } from './courseFormat';
import {
  ageLimits,
  courseSearchKeys,
  courseSearchQuery,
  courseTypes,
  difficulties,
  sortLabels,
  sortOrders,
  validateCourseSearch,
  type CourseSearch,
} from '../../../schema/rules/courseFilters';

export interface CourseFiltersProps {
  search: CourseSearch;
  /** The page the form answers to (its GET action, and «حذف فیلترها»). */
  path: string;
  /** Today, Jalali `YYYY-MM-DD`, from the page: the start-date choices count months from it. */
  today: string;
  /** The categories to choose from; absent on a category page, which is its own category. */
  categories?: { slug: string; name: string }[];
}

type Option = readonly [string, string];

const priceSteps = [500_000, 1_000_000, 2_000_000, 3_000_000, 5_000_000];

/** «از امروز», then the first day of each of the next five Jalali months. */
function startChoices(today: string): Option[] {
  const [jy = 1400, jm = 1] = today.split('-').map(Number);
  const months = Array.from({ length: 5 }, (_, i) => {
    const index = jm - 1 + i + 1;
    const year = jy + Math.floor(index / 12);
    const month = (index % 12) + 1;
    return [`${year}-${String(month).padStart(2, '0')}-01`, `از ابتدای ${jalaliMonthNames[month - 1] ?? ''} ${toPersianDigits(year)}`] as const;
  });
  return [['', 'همه تاریخ‌ها'], [today, 'از امروز'], ...months];
}

/** A value the address carries but the list does not offer is still shown as chosen. */
function withCurrent(options: Option[], value: string, label: (value: string) => string): Option[] {
  return value === '' || options.some(([v]) => v === value) ? options : [...options, [value, label(value)]];
}

/**
 * The catalogue's filters (the all-courses page and each category page). A plain GET form, so it
 * works before any script loads; as an island (src/islands/) a choice replaces the address at
 * once, which the router answers inside the SPA and the server answers with the filtered page
 * otherwise.
 */
export function CourseFilters({ search, path, today, categories }: CourseFiltersProps) {
  // Shows the choice at once, before the filtered page arrives; a new address brings new props.
  const [shown, setShown] = useState(search);
  const query = courseSearchQuery(search);
  const [shownFor, setShownFor] = useState(query);
  const [text, setText] = useState(search.q ?? '');
  if (shownFor !== query) {
    setShownFor(query);
    setShown(search);
    setText(search.q ?? '');
  }

  const go = (next: CourseSearch) => {
    setShown(next);
    navigateTo(`${path}${courseSearchQuery(next)}`, { replace: true });
  };
  // Another filter is another list: it starts again from its first page.
  const update = (patch: Partial<Record<keyof CourseSearch, string>>) => go(validateCourseSearch({ ...shown, q: text, page: '', ...patch }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const raw: Record<string, string> = {};
    for (const [key, value] of new FormData(event.currentTarget)) if (typeof value === 'string') raw[key] = value;
    go(validateCourseSearch(raw));
  };

  const value = (key: (typeof courseSearchKeys)[number]) => {
    const current = shown[key];
    return current === undefined ? '' : String(current);
  };

  return (
    <form className="filters" method="get" action={path} role="search" aria-label="فیلتر دوره‌ها" onSubmit={submit}>
      <div className="field filters__search">
        <label htmlFor="filter-q">جستجو</label>
        <input
          id="filter-q"
          name="q"
          type="search"
          value={text}
          maxLength={100}
          placeholder="نام دوره، مدرس یا موضوع"
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <FilterSelect
        id="filter-age"
        name="age"
        label="سن کودک"
        value={value('age')}
        options={[
          ['', 'همه سنین'],
          ...Array.from({ length: ageLimits.max - ageLimits.min + 1 }, (_, i) => {
            const age = ageLimits.min + i;
            return [String(age), `${toPersianDigits(age)} سال`] as const;
          }),
        ]}
        onChange={(age) => update({ age })}
      />
      {categories && (
        <FilterSelect
          id="filter-category"
          name="category"
          label="دسته‌بندی"
          value={value('category')}
          options={withCurrent([['', 'همه دسته‌بندی‌ها'], ...categories.map((c) => [c.slug, toPersianDigits(c.name)] as const)], value('category'), (slug) => slug)}
          onChange={(category) => update({ category })}
        />
      )}
      <FilterSelect
        id="filter-type"
        name="type"
        label="نوع برگزاری"
        value={value('type')}
        options={[['', 'آنلاین و حضوری'], ...courseTypes.map((type) => [type, courseTypeLabels[type]] as const)]}
        onChange={(type) => update({ type })}
      />
      <FilterSelect
        id="filter-day"
        name="day"
        label="روز کلاس"
        value={value('day')}
        options={[['', 'همه روزها'], ...jalaliWeekdayNames.map((label, day) => [String(day), label] as const)]}
        onChange={(day) => update({ day })}
      />
      <FilterSelect
        id="filter-price"
        name="priceMax"
        label="حداکثر قیمت"
        value={value('priceMax')}
        options={withCurrent(
          [['', 'همه قیمت‌ها'], ['0', 'فقط رایگان'], ...priceSteps.map((price) => [String(price), `تا ${formatToman(price)}`] as const)],
          value('priceMax'),
          (price) => `تا ${formatToman(Number(price))}`,
        )}
        onChange={(priceMax) => update({ priceMax })}
      />
      {shown.priceMin !== undefined && <input type="hidden" name="priceMin" value={shown.priceMin} />}
      <FilterSelect
        id="filter-from"
        name="from"
        label="تاریخ شروع"
        value={value('from')}
        options={withCurrent(startChoices(today), value('from'), (day) => `از ${toPersianDigits(day.replace(/-/g, '/'))}`)}
        onChange={(from) => update({ from })}
      />
      <FilterSelect
        id="filter-difficulty"
        name="difficulty"
        label="سطح دوره"
        value={value('difficulty')}
        options={[['', 'همه سطح‌ها'], ...difficulties.map((difficulty) => [difficulty, difficultyLabels[difficulty]] as const)]}
        onChange={(difficulty) => update({ difficulty })}
      />
      <FilterSelect
        id="filter-sort"
        name="sort"
        label="مرتب‌سازی"
        value={shown.sort ?? 'start'}
        options={sortOrders.map((order) => [order, sortLabels[order]] as const)}
        onChange={(sort) => update({ sort })}
      />
      <div className="filters__actions">
        <button type="submit" className="button button--primary">
          نمایش دوره‌ها
        </button>
        <a href={path} className="button button--ghost">
          حذف فیلترها
        </a>
      </div>
    </form>
  );
}

interface FilterSelectProps {
  id: string;
  name: string;
  label: string;
  value: string;
  /** Value and label of each choice, in order. */
  options: readonly Option[];
  onChange(value: string): void;
}

function FilterSelect({ id, name, label, value, options, onChange }: FilterSelectProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}
