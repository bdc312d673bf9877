// The generic admin table: the entity's columns drawn through the cell renderers, sortable
// headers, a search box over `entity.searchIn`, and rows virtualised so thousands stay smooth.
//
// What keeps a scroll frame cheap (see BENCHMARKS.md, "Large admin tables"):
//  - every row has the same height, set in CSS (`--admin-row-height`) and given to the
//    virtualiser, so no row is measured: no forced layout, no ResizeObserver, no re-render when a
//    measurement disagrees with the estimate;
//  - columns are sized once from their content: the first rows are drawn as an ordinary table at
//    max-content, its header cells measured, and the widths fitted to the container. From then on
//    the table is laid out as a grid (admin.css, `.admin-entity-grid`): each row is absolutely
//    placed by a transform, of fixed size and fully contained, so a row entering or leaving lays
//    out and paints only itself, and columns never change width while scrolling. The elements
//    stay table, thead, tr, th and td, with their roles spelt out, since changing their CSS
//    display may hide a table's semantics from assistive technology;
//  - only the body re-renders when the visible range moves, and rows are memoised, so a frame
//    renders just the rows entering the window.
import { useTable } from '@tanstack/react-table';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { cardColumns, listOrder, type AnyAction, type AnyEntity, type AnyRow } from '../../../schema/define';
import { foldForSearch, toPersianDigits } from '../../../schema/rules/text';
import { cellTexts, sortValue } from './cells';
import { bulkTexts } from '../../machines/bulkTexts';
import type { TableSelection } from './selection';
import { referenceOptions, referenceTarget, usePathColumns, useReferenceLabels } from './relations';
import type { PageLabels } from '../../machines/entityApi';
import { useCompactRows } from './RowActions';
import { adminTexts } from './texts';
import { SelectAllBox, type Sizing, VirtualBody } from './EntityTableBody';
import { columnId, columnValue, features, helper, type EntityColumn, type TableRow } from './entityTableRows';

// One collator for every comparison: localeCompare(…, 'fa') resolves the locale on each call,
// which made sorting 10,000 rows several times slower.
const persianOrder = new Intl.Collator('fa');

function compareRows(a: TableRow, b: TableRow, id: string): number {
  const x = sortValue(a.getValue(id));
  const y = sortValue(b.getValue(id));
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return persianOrder.compare(String(x), String(y));
}

/**
 * The table driven by the server (list protocol): rows arrive sorted, filtered and paged, a header
 * click asks for a new sort instead of sorting here, and the row count is the server's total.
 */
export interface ServerView {
  sort: { id: string; desc: boolean } | null;
  /** Columns the server can sort by. */
  sortable: (columnId: string) => boolean;
  onSort: (columnId: string) => void;
  total: number;
}

export interface EntityTableProps {
  entity: AnyEntity;
  rows: AnyRow[];
  /** The labels a list's page brought for its rows: only what they lack is asked for. */
  pageLabels?: PageLabels | null;
  /** Server-side paging, sort and search; without it the table sorts and searches its rows. */
  server?: ServerView;
  onEdit?: (row: AnyRow) => void;
  onDelete?: (row: AnyRow) => void;
  /** Runs one of the schema's record actions; each row offers those whose `when` it meets. */
  onAction?: (row: AnyRow, action: AnyAction) => void;
  /** Adds a checkbox column (click, Shift+click for a range, a header box for all loaded rows). */
  selection?: TableSelection;
  /** Opens a row's detail view; the «مشاهده» link also works as a plain link (new tab). */
  onView?: (row: AnyRow) => void;
  /** A row an editable cell saved (see ColumnBase.edit); without it those cells show their value. */
  onSaved?: (row: AnyRow) => void;
}

/**
 * Row heights in px; admin.css draws rows at exactly `--admin-row-height`: one line of text, or
 * two when a column had to be narrowed below its content (or a 48 px thumbnail).
 */
const oneLineRow = 52;
const twoLineRow = 64;
/**
 * A phone's card (entity-cards.css): its padding and border, the line naming it, a line per key
 * column, a taller one for a column edited in place (its select keeps a finger's height).
 */
const cardRow = (columns: readonly EntityColumn[]) => 17 + 40 + columns.slice(1).reduce((sum, column) => sum + (column.edit ? 40 : 24), 0);
/** A column wider than this by content may be narrowed down to it (or its header) to fit. */
const narrowestColumn = 96;
/** The column naming the row is narrowed no further than this (or its content). */
const namingColumn = 220;

/**
 * Column widths for the space available, from content widths (`natural`) and the least each
 * column may have (`least`: its header, or all of it for buttons and thumbnails): any room to
 * spare is shared in proportion; when they do not fit, the widest columns are narrowed to a common
 * width, so short columns keep theirs; below the least widths the table scrolls sideways.
 */
export function fitColumns(natural: readonly number[], least: readonly number[], available: number): number[] {
  const total = natural.reduce((sum, width) => sum + width, 0);
  const flexible = natural.reduce((sum, width, i) => sum + ((least[i] ?? 0) < width ? width : 0), 0);
  if (total <= available) {
    if (flexible === 0) return [...natural];
    return natural.map((width, i) => ((least[i] ?? 0) < width ? width + ((available - total) * width) / flexible : width));
  }
  const capped = (cap: number) => natural.map((width, i) => Math.min(width, Math.max(cap, least[i] ?? 0)));
  const sum = (widths: number[]) => widths.reduce((a, b) => a + b, 0);
  let low = 0;
  let high = Math.max(...natural);
  if (sum(capped(low)) >= available) return capped(low);
  for (let i = 0; i < 30; i++) {
    const mid = (low + high) / 2;
    if (sum(capped(mid)) > available) high = mid;
    else low = mid;
  }
  return capped(low);
}

export function EntityTable({ entity, rows, pageLabels = null, server, onEdit, onDelete, onAction, onView, onSaved, selection }: EntityTableProps) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const attachScroller = useCallback((element: HTMLDivElement | null) => {
    scrollRef.current = element;
    setScroller(element);
  }, []);
  const tableRef = useRef<HTMLTableElement>(null);

  const hasSelection = selection !== undefined;
  // The actions column is narrower on a phone: crossing that width measures the columns again.
  const compact = useCompactRows();
  // Reference columns show the referenced records' labels, brought by the list's page or fetched
  // for all rows in one call per referenced entity; they reach the cells as the column's options
  // (id → label).
  const referenceNames = useMemo(
    () => entity.columns.flatMap((column) => ((column.cell === 'reference' || column.cell === 'references') && 'key' in column ? [column.key] : [])),
    [entity],
  );
  const labels = useReferenceLabels(entity, rows, referenceNames, pageLabels);
  // Key columns come right after the one naming the row; a phone's card shows only those.
  const drawnColumns = useMemo(() => (compact ? cardColumns(entity.columns) : listOrder(entity.columns)), [entity, compact]);
  const resolvedColumns = usePathColumns(entity, drawnColumns, rows, pageLabels);
  const shownColumns = useMemo(
    () =>
      resolvedColumns.map((column) => {
        if ((column.cell !== 'reference' && column.cell !== 'references') || !('key' in column)) return column;
        // Read-only references too (an order's learner): their labels are as much the row's.
        const field = entity.allFields[column.key];
        const target = referenceTarget(field);
        return { ...column, options: referenceOptions(field, target ? labels[target] : undefined) };
      }),
    [entity, labels, resolvedColumns],
  );

  const columns = useMemo(() => {
    const data = shownColumns.map((column) => {
      const options = column.options;
      // A reference column sorts by what it shows, the label, not by the id.
      const byLabel = (a: TableRow, b: TableRow, id: string) =>
        persianOrder.compare(cellTexts.reference?.(a.getValue(id), options) ?? '', cellTexts.reference?.(b.getValue(id), options) ?? '');
      return helper.accessor((row) => columnValue(column, row), {
        id: columnId(column),
        header: column.header,
        sortFn: column.cell === 'reference' ? byLabel : compareRows,
        // Several records in one cell have no order of their own.
        enableSorting: column.cell !== 'references',
        // People expect the first click to sort ascending, numbers included.
        sortDescFirst: false,
      });
    });
    const leading = hasSelection ? [helper.display({ id: 'select', header: bulkTexts.select })] : [];
    if (!onEdit && !onDelete && !onView && !onAction) return [...leading, ...data];
    return [...leading, ...data, helper.display({ id: 'actions', header: adminTexts.actions })];
  }, [shownColumns, onEdit, onDelete, onView, onAction, hasSelection]);

  const searchIn = entity.searchIn;
  // Each row's searchable text is normalised once per data change, not on every keystroke:
  // with 10,000 rows the normalising, not the matching, was most of a filter's time.
  const haystacks = useMemo(
    () => (searchIn && searchIn.length > 0 ? rows.map((row) => searchIn.map((field) => foldForSearch(String(row[field] ?? '')))) : []),
    [rows, searchIn],
  );
  const visibleRows = useMemo(() => {
    const needle = foldForSearch(query.trim());
    if (server || !needle || haystacks.length === 0) return rows;
    return rows.filter((_, index) => haystacks[index]?.some((text) => text.includes(needle)));
  }, [rows, query, haystacks, server]);

  const table = useTable({
    features,
    columns,
    data: visibleRows,
    getRowId: (row) => String(row.id),
  });

  const tableRows = table.getRowModel().rows;
  const columnCount = columns.length;

  // A range is taken in the order shown (sorted, filtered); read at click time, so the rows'
  // callback stays the same object and no memoised row re-renders for it.
  const shownRows = useRef(tableRows);
  useLayoutEffect(() => {
    shownRows.current = tableRows;
  });
  const toggle = selection?.toggle;
  const onSelect = useMemo(
    () => (toggle ? (id: number, range: boolean) => toggle(id, range, shownRows.current.map((row) => row.original.id)) : undefined),
    [toggle],
  );
  const selectedIds = selection ? selection.state.ids : null;
  let shownSelected = 0;
  if (selectedIds && selectedIds.size > 0) for (const row of tableRows) if (selectedIds.has(row.original.id)) shownSelected++;

  // Column widths: measured at max-content once per set of columns (the first time with rows),
  // then fitted to the scroll container's width, refitted when that changes.
  const [sizing, setSizing] = useState<Sizing | null>(null);
  const [available, setAvailable] = useState(0);
  const hasRows = tableRows.length > 0;
  const measured =
    sizing !== null &&
    sizing.columns === columns &&
    sizing.compact === compact &&
    (sizing.withRows || !hasRows) &&
    (sizing.natural !== null || sizing.available === available)
      ? sizing
      : null;
  const measureColumns = (withRows: boolean) => {
    if (!tableRef.current) return;
    const cells = Array.from(tableRef.current.querySelectorAll('thead th'));
    const widths = cells.map((th) => th.getBoundingClientRect().width);
    const headers = cells.map((th) => {
      const style = getComputedStyle(th);
      const content = th.firstElementChild?.getBoundingClientRect().width ?? th.getBoundingClientRect().width;
      return Math.ceil(content + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 1);
    });
    const width = scrollRef.current?.clientWidth ?? 0;
    const natural = widths.length > 0 && widths.every((cell) => cell > 0) ? widths : null;
    setSizing({ columns, withRows, natural, headers, available: width, compact });
    setAvailable(width);
  };
  useEffect(() => {
    if (!scroller || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setAvailable(scroller.clientWidth));
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [scroller]);
  const widths = useMemo(() => {
    if (!measured?.natural || available <= 0) return null;
    const natural = measured.natural;
    // Buttons and thumbnails keep their width; other columns keep at least their header's.
    const least = natural.map((width, i) => {
      // The checkbox column, when there, comes before the entity's columns and keeps its width.
      const column = i < (hasSelection ? 1 : 0) ? undefined : drawnColumns[i - (hasSelection ? 1 : 0)];
      const cell = column?.cell;
      // A phone number is never cut or wrapped: its column keeps the number's width; nor is a
      // key column: the others give way to it.
      if (cell === undefined || cell === 'image' || cell === 'video' || cell === 'phone' || column?.essential) return width;
      // The column naming the row (a course's title) gives way last, down to a readable width.
      if (i === (hasSelection ? 1 : 0)) return Math.min(width, namingColumn);
      return Math.min(width, Math.max(narrowestColumn, measured.headers[i] ?? 0));
    });
    // Whole pixels; a column that always keeps its content's width (a phone number) rounds up,
    // since a fraction of a pixel less already cuts its widest number with an ellipsis.
    return fitColumns(natural, least, available).map((width, i) => ((least[i] ?? 0) >= (natural[i] ?? Infinity) ? Math.ceil(width) : Math.floor(width)));
  }, [measured, available, drawnColumns, hasSelection]);
  const narrowed = widths !== null && widths.some((width, i) => width < (measured?.natural?.[i] ?? 0) - 1);
  const hasMedia = entity.columns.some((column) => column.cell === 'image' || column.cell === 'video');
  const rowSize = compact ? cardRow(drawnColumns) : narrowed || hasMedia ? twoLineRow : oneLineRow;

  let tableStyle = { '--admin-row-height': `${rowSize}px` } as CSSProperties;
  if (widths && !compact) {
    // Columns that fit fill the container (the last takes what rounding left); those that do not
    // scroll sideways.
    const total = widths.reduce((sum, width) => sum + width, 0);
    const last = widths.length - 1;
    const filled = widths.map((width, i) => (i === last ? width + Math.max(0, available - total) : width));
    tableStyle = {
      ...tableStyle,
      '--admin-columns': filled.map((width) => `${width}px`).join(' '),
      width: Math.max(total, available),
    } as CSSProperties;
  }

  return (
    <div className="admin-table-wrap">
      {!server && searchIn && searchIn.length > 0 && (
        <div className="admin-table-toolbar">
          <label htmlFor={searchId} className="admin-visually-hidden">
            {adminTexts.search}
          </label>
          <input
            id={searchId}
            type="search"
            className="admin-input admin-search"
            placeholder={adminTexts.searchPlaceholder}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <span className="admin-cell-muted" aria-live="polite">
            {adminTexts.rowCount(toPersianDigits(tableRows.length))}
          </span>
        </div>
      )}
      <div ref={attachScroller} className="admin-table-scroll admin-entity-scroll">
        <table
          ref={tableRef}
          role="table"
          className={`admin-table admin-entity-table ${compact ? 'admin-entity-cards' : widths ? 'admin-entity-grid' : 'admin-entity-table-measure'}${rowSize === twoLineRow ? ' admin-entity-table-two-lines' : ''}`}
          style={tableStyle}
          aria-rowcount={tableRows.length + 1}
        >
          <thead role="rowgroup">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} role="row" aria-rowindex={1}>
                {group.headers.map((header) => {
                  const serverSort = server?.sort?.id === header.column.id ? server.sort : null;
                  const sorted = server ? (serverSort ? (serverSort.desc ? 'desc' : 'asc') : false) : header.column.getIsSorted();
                  // A card's header row is there for screen readers only: no buttons to tab to.
                  const canSort = !compact && (server ? server.sortable(header.column.id) : header.column.getCanSort());
                  const toggle = server ? () => server.onSort(header.column.id) : header.column.getToggleSortingHandler();
                  const label = <table.FlexRender header={header} />;
                  if (header.id === 'select' && selection) {
                    return (
                      <th key={header.id} role="columnheader" scope="col" className="admin-cell-select">
                        <SelectAllBox
                          checked={tableRows.length > 0 && shownSelected === tableRows.length}
                          mixed={shownSelected > 0 && shownSelected < tableRows.length}
                          onChange={(on) => selection.toggleAll(tableRows.map((row) => row.original.id), on)}
                        />
                      </th>
                    );
                  }
                  return (
                    <th
                      key={header.id}
                      role="columnheader"
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {canSort ? (
                        <button type="button" className="admin-sort" onClick={toggle}>
                          {label}
                          <span aria-hidden="true" className="admin-sort-mark">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '⇅'}
                          </span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <VirtualBody
            rows={tableRows}
            scroller={scroller}
            rowSize={rowSize}
            twoLines={rowSize === twoLineRow}
            placed={widths !== null || compact}
            columns={shownColumns}
            columnCount={columnCount}
            emptyText={entity.texts.empty ?? adminTexts.empty}
            entity={entity}
            onEdit={onEdit}
            onDelete={onDelete}
            onAction={onAction}
            selected={selectedIds}
            onSelect={onSelect}
            onView={onView}
            onSaved={onSaved}
            onDrawn={measured || compact ? undefined : measureColumns}
            compact={compact}
            pageLabels={pageLabels}
          />
        </table>
      </div>
    </div>
  );
}
