// The generic admin table: the entity's columns drawn through the cell renderers, sortable
// headers, a search box over `entity.searchIn`, and rows virtualised so thousands stay smooth.
import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type Row,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AnyEntity, AnyRow } from '../../../schema/define';
import { toLatinDigits, toPersianDigits } from '../../lib/text';
import { cellRenderers, sortValue } from './cells';
import { adminTexts } from './texts';

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
});
const helper = createColumnHelper<typeof features, AnyRow>();

type EntityColumn = AnyEntity['columns'][number];

function columnId(column: EntityColumn): string {
  return 'key' in column ? column.key : column.id;
}

export function columnValue(column: EntityColumn, row: AnyRow): unknown {
  return 'key' in column ? row[column.key] : column.value(row);
}

// One collator for every comparison: localeCompare(…, 'fa') resolves the locale on each call,
// which made sorting 10,000 rows several times slower.
const persianOrder = new Intl.Collator('fa');

function compareRows(a: Row<typeof features, AnyRow>, b: Row<typeof features, AnyRow>, id: string): number {
  const x = sortValue(a.getValue(id));
  const y = sortValue(b.getValue(id));
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return persianOrder.compare(String(x), String(y));
}

/** Search text is compared with Latin digits and without case or ZWNJ, as people type it. */
function searchable(text: string): string {
  return toLatinDigits(text).replace(/\u200c/g, ' ').toLowerCase();
}

export interface EntityTableProps {
  entity: AnyEntity;
  rows: AnyRow[];
  onEdit?: (row: AnyRow) => void;
  onDelete?: (row: AnyRow) => void;
}

const rowHeight = 64;

export function EntityTable({ entity, rows, onEdit, onDelete }: EntityTableProps) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);

  const columns = useMemo(() => {
    const data = entity.columns.map((column) =>
      helper.accessor((row) => columnValue(column, row), {
        id: columnId(column),
        header: column.header,
        sortFn: compareRows,
        // People expect the first click to sort ascending, numbers included.
        sortDescFirst: false,
        cell: (info) => {
          const Cell = cellRenderers[column.cell];
          return <Cell value={info.getValue()} header={column.header} options={column.options} />;
        },
      }),
    );
    if (!onEdit && !onDelete) return data;
    const actions = helper.display({
      id: 'actions',
      header: adminTexts.actions,
      cell: (info) => (
        <span className="admin-row-actions">
          {onEdit && (
            <button type="button" className="admin-button admin-button-small" onClick={() => onEdit(info.row.original)}>
              {adminTexts.edit}
            </button>
          )}
          {onDelete && (
            <button
              type="button"
              className="admin-button admin-button-small admin-button-danger"
              onClick={() => onDelete(info.row.original)}
            >
              {adminTexts.remove}
            </button>
          )}
        </span>
      ),
    });
    return [...data, actions];
  }, [entity, onEdit, onDelete]);

  const searchIn = entity.searchIn;
  // Each row's searchable text is normalised once per data change, not on every keystroke:
  // with 10,000 rows the normalising, not the matching, was most of a filter's time.
  const haystacks = useMemo(
    () => (searchIn && searchIn.length > 0 ? rows.map((row) => searchIn.map((field) => searchable(String(row[field] ?? '')))) : []),
    [rows, searchIn],
  );
  const visibleRows = useMemo(() => {
    const needle = searchable(query.trim());
    if (!needle || haystacks.length === 0) return rows;
    return rows.filter((_, index) => haystacks[index]?.some((text) => text.includes(needle)));
  }, [rows, query, haystacks]);

  const table = useTable({
    features,
    columns,
    data: visibleRows,
    getRowId: (row) => String(row.id),
  });

  const tableRows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => tableRows[index]?.id ?? index,
    overscan: 8,
    // A row not laid out (yet) measures 0; keeping the estimate avoids drawing every row at once.
    measureElement: (element) => element.getBoundingClientRect().height || rowHeight,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  const columnCount = columns.length;

  let body: ReactNode;
  if (tableRows.length === 0) {
    body = (
      <tr>
        <td colSpan={columnCount} className="admin-table-empty">
          {entity.texts.empty ?? adminTexts.empty}
        </td>
      </tr>
    );
  } else {
    body = (
      <>
        {paddingTop > 0 && (
          <tr aria-hidden="true" style={{ height: paddingTop }}>
            <td colSpan={columnCount} />
          </tr>
        )}
        {items.map((item) => {
          const row = tableRows[item.index];
          if (!row) return null;
          return (
            <tr key={row.id} data-index={item.index} ref={virtualizer.measureElement}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          );
        })}
        {paddingBottom > 0 && (
          <tr aria-hidden="true" style={{ height: paddingBottom }}>
            <td colSpan={columnCount} />
          </tr>
        )}
      </>
    );
  }

  return (
    <div className="admin-table-wrap">
      {searchIn && searchIn.length > 0 && (
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
      <div ref={scrollRef} className="admin-table-scroll">
        <table className="admin-table" aria-rowcount={tableRows.length + 1}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const canSort = header.column.getCanSort();
                  const label = <table.FlexRender header={header} />;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {canSort ? (
                        <button type="button" className="admin-sort" onClick={header.column.getToggleSortingHandler()}>
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
          <tbody>{body}</tbody>
        </table>
      </div>
    </div>
  );
}
