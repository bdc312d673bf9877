// The list toolbar's layout. On a wide screen: the search, the filters and the count in one row,
// the saved views and the export in another. On a phone the filters and views would fill the
// first screen, so they fold behind one «فیلترها» button that tells how many filters are on.
import { useId, useState, type ReactNode } from 'react';
import { formatPersianNumber } from '../../../schema/rules/text';
import { listTexts } from './listTexts';
import { useCompactRows } from './RowActions';

export interface ToolbarLayoutProps {
  search: ReactNode;
  filters: ReactNode;
  count: ReactNode;
  views: ReactNode;
  /** Filters set in the view (the search not counted: it stays in sight). */
  active: number;
}

export function ToolbarLayout({ search, filters, count, views, active }: ToolbarLayoutProps) {
  const compact = useCompactRows();
  const [open, setOpen] = useState(false);
  const drawerId = useId();
  if (!compact) {
    return (
      <div className="admin-list-toolbar">
        <div className="admin-list-toolbar-row">
          {search}
          {filters}
          {count}
        </div>
        <div className="admin-list-toolbar-row">{views}</div>
      </div>
    );
  }
  return (
    <div className="admin-list-toolbar">
      <div className="admin-list-toolbar-row">
        {search}
        <button
          type="button"
          className="admin-button admin-button-secondary admin-button-small admin-filter-toggle"
          aria-expanded={open}
          aria-controls={drawerId}
          onClick={() => setOpen(!open)}
        >
          {active > 0 ? `${listTexts.filters} (${formatPersianNumber(active)})` : listTexts.filters}
        </button>
        {count}
      </div>
      <div id={drawerId} className="admin-filter-drawer" hidden={!open}>
        <div className="admin-list-toolbar-row">{filters}</div>
        <div className="admin-list-toolbar-row">{views}</div>
      </div>
    </div>
  );
}
