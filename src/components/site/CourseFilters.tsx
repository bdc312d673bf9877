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
      <FilterSelect
        id="filter-type"
        label="نوع برگزاری"
        value={shown.type ?? ''}
        options={[['', 'همه'], ...courseTypes.map((type) => [type, courseTypeLabels[type]] as const)]}
        onChange={(type) => update({ type })}
      />
      <FilterSelect
        id="filter-difficulty"
        label="سطح دوره"
        value={shown.difficulty ?? ''}
        options={[['', 'همه سطح‌ها'], ...difficulties.map((difficulty) => [difficulty, difficultyLabels[difficulty]] as const)]}
        onChange={(difficulty) => update({ difficulty })}
      />
      <FilterSelect
        id="filter-sort"
        label="مرتب‌سازی"
        value={shown.sort ?? 'start'}
        options={sortOrders.map((order) => [order, sortLabels[order]] as const)}
        onChange={(sort) => update({ sort })}
      />
    </form>
  );
}

interface FilterSelectProps {
  id: string;
  label: string;
  value: string;
  /** Value and label of each choice, in order. */
  options: readonly (readonly [string, string])[];
  onChange(value: string): void;
}

function FilterSelect({ id, label, value, options, onChange }: FilterSelectProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}
