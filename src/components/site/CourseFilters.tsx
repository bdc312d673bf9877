import { useState } from 'react';
import { navigateTo } from '../../lib/pageNavigation';
import { courseTypeLabels, difficultyLabels } from './courseFormat';
import {
  courseSearchQuery,
  courseTypes,
  difficulties,
  sortLabels,
  sortOrders,
  validateCourseSearch,
  type CourseSearch,
} from './courseFilters';

/**
 * The category page's filters. An island (src/islands/): a change replaces the address, which
 * the router answers inside the SPA and the server answers with the filtered page otherwise.
 */
export function CourseFilters({ search }: { search: CourseSearch }) {
  // Shows the choice at once, before the filtered page arrives; a new address brings new props.
  const [shown, setShown] = useState(search);
  const query = courseSearchQuery(search);
  const [shownFor, setShownFor] = useState(query);
  if (shownFor !== query) {
    setShownFor(query);
    setShown(search);
  }

  const update = (patch: Partial<Record<keyof CourseSearch, string>>) => {
    const next = validateCourseSearch({ ...shown, ...patch });
    setShown(next);
    navigateTo(`${window.location.pathname}${courseSearchQuery(next)}`, { replace: true });
  };

  return (
    <form className="filters" aria-label="فیلتر دوره‌ها" onSubmit={(event) => event.preventDefault()}>
      <div className="field">
        <label htmlFor="filter-type">نوع برگزاری</label>
        <select id="filter-type" value={shown.type ?? ''} onChange={(event) => update({ type: event.target.value })}>
          <option value="">همه</option>
          {courseTypes.map((type) => (
            <option key={type} value={type}>
              {courseTypeLabels[type]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-difficulty">سطح دوره</label>
        <select
          id="filter-difficulty"
          value={shown.difficulty ?? ''}
          onChange={(event) => update({ difficulty: event.target.value })}
        >
          <option value="">همه سطح‌ها</option>
          {difficulties.map((difficulty) => (
            <option key={difficulty} value={difficulty}>
              {difficultyLabels[difficulty]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-sort">مرتب‌سازی</label>
        <select id="filter-sort" value={shown.sort ?? 'start'} onChange={(event) => update({ sort: event.target.value })}>
          {sortOrders.map((order) => (
            <option key={order} value={order}>
              {sortLabels[order]}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
