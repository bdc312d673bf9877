// The entity table's body: its rows drawn as the window scrolls (only those in view, plus a few),
// each row's cells, selection box and actions, and the select-all box of the header.
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useRef, type ChangeEvent, type MouseEvent } from 'react';
import { type AnyAction, type AnyEntity, type AnyRow } from '../../../schema/define';
import { toPersianDigits } from '../../../schema/rules/text';
import { cellRenderers, cellTexts } from './cells';
import { markClipped } from './clippedCells';
import { EditableCell } from './EditableCell';
import { recordName } from './fieldValue';
import { useRecordNames, type Labels } from './relations';
import type { PageLabels } from '../../machines/entityApi';
import { bulkTexts } from '../../machines/bulkTexts';
import { RowActions } from './RowActions';
import { columnId, columnValue, detailHref, type EntityColumn, type TableRow } from './entityTableRows';

/** Rows drawn beyond the window on each side, so a quick scroll shows no blank. */
const overscan = 6;

/** On hover the row's cells are measured again: a column resized since they were drawn. */
function titleClipped(event: MouseEvent<HTMLTableSectionElement>): void {
  const target = event.target;
  const row = target instanceof Element ? target.closest('tr') : null;
  if (row) markClipped(row);
}

interface BodyRowProps {
  row: TableRow;
  /** The rows' names when the entity is named through its references (useRecordNames). */
  names: Labels | undefined;
  index: number;
  /** Offset from the top of the body, when rows are placed by transform (grid layout). */
  start: number | undefined;
  /** Text may take two lines (clamped in a wrapper) rather than one (cut in the cell itself). */
  twoLines: boolean;
  columns: readonly EntityColumn[];
  entity: AnyEntity;
  onEdit: ((row: AnyRow) => void) | undefined;
  onDelete: ((row: AnyRow) => void) | undefined;
  onAction: ((row: AnyRow, action: AnyAction) => void) | undefined;
  /** Undefined when the table has no checkbox column. */
  selected: boolean | undefined;
  onSelect: ((id: number, range: boolean) => void) | undefined;
  onView: ((row: AnyRow) => void) | undefined;
  /** A row an editable cell saved (columns with `edit: true`); undefined: those cells show their value. */
  onSaved: ((row: AnyRow) => void) | undefined;
  /** Phone-wide: the actions fold into one button (RowActions.tsx). */
  compact: boolean;
}

/** A checkbox's change came with Shift held (a click, or Shift+Space on the focused box). */
const withShift = (event: ChangeEvent<HTMLInputElement>) => {
  const native = event.nativeEvent;
  return native instanceof MouseEvent && native.shiftKey;
};

/** One data row; memoised, so scrolling renders only the rows that enter the window. */
const BodyRow = memo(function BodyRow({ row, names, index, start, twoLines, columns, entity, onEdit, onDelete, onAction, onView, onSaved, selected, onSelect, compact }: BodyRowProps) {
  // The row's name for its checkbox: its first text column (a title, a name), else its position.
  const named = columns.find((column) => column.cell === 'text');
  return (
    // The header row is row 1.
    <tr
      role="row"
      data-index={index}
      aria-rowindex={index + 2}
      style={start === undefined ? undefined : { transform: `translateY(${start}px)` }}
      className={[selected ? 'admin-row-selected' : '', entity.rowEmphasis?.(row.original) ? 'admin-row-emphasis' : ''].filter(Boolean).join(' ') || undefined}
    >
      {selected !== undefined && (
        <td role="cell" className="admin-cell-select">
          <input
            type="checkbox"
            className="admin-select-box"
            checked={selected}
            aria-label={bulkTexts.selectRow(named ? toPersianDigits(String(columnValue(named, row.original) ?? '')) : '', toPersianDigits(index + 1))}
            onChange={(event) => onSelect?.(row.original.id, withShift(event))}
          />
        </td>
      )}
      {columns.map((column, position) => {
        const id = columnId(column);
        // Read from the column, not row.getValue: TanStack keeps a row's first value per column
        // until the data changes, and a path or many column's values arrive after the rows.
        const value = columnValue(column, row.original);
        const text = cellTexts[column.cell];
        const Cell = cellRenderers[column.cell];
        // A card (phone) names each value but the first, the row's own name; its hidden header
        // row names them to a screen reader.
        const title = compact && position === 0 ? 'admin-card-title' : undefined;
        const label = compact && position > 0 ? <span className="admin-card-label" aria-hidden="true">{`${column.header}: `}</span> : null;
        if (column.edit && 'key' in column && onSaved) {
          return (
            <td key={id} role="cell" className={title}>
              {label}
              <EditableCell entity={entity} row={row.original} name={column.key} rowLabel={recordName(entity, row.original, names)} onSaved={onSaved} tones={column.tones} />
            </td>
          );
        }
        if (column.cell === 'image' || column.cell === 'video') {
          return (
            <td key={id} role="cell">
              <Cell value={value} header={column.header} options={column.options} tones={column.tones} />
            </td>
          );
        }
        const content = text ? text(value, column.options) : <Cell value={value} header={column.header} options={column.options} tones={column.tones} />;
        // One line needs no element of its own: fewer elements is less style and layout per row.
        return twoLines ? (
          <td key={id} role="cell">
            <div className="admin-cell-clip">{content}</div>
          </td>
        ) : (
          <td key={id} role="cell" className={title ? `admin-cell-clip ${title}` : 'admin-cell-clip'}>
            {label}
            {content}
          </td>
        );
      })}
      {(onEdit || onDelete || onView || onAction) && (
        <td role="cell" className="admin-cell-actions">
          <RowActions
            entity={entity}
            row={row.original}
            compact={compact}
            detailHref={detailHref(entity, row.original)}
            names={names}
            onEdit={onEdit}
            onDelete={onDelete}
            onAction={onAction}
            onView={onView}
          />
        </td>
      )}
    </tr>
  );
});

interface VirtualBodyProps {
  rows: TableRow[];
  /** The scroll container, as state: this body's effects run before its parent's ref is set. */
  scroller: HTMLDivElement | null;
  rowSize: number;
  twoLines: boolean;
  /** Rows placed by transform in a sized body (grid), or after a spacer row (table, measuring). */
  placed: boolean;
  columns: readonly EntityColumn[];
  columnCount: number;
  emptyText: string;
  entity: AnyEntity;
  onEdit: ((row: AnyRow) => void) | undefined;
  onDelete: ((row: AnyRow) => void) | undefined;
  onAction: ((row: AnyRow, action: AnyAction) => void) | undefined;
  selected: ReadonlySet<number> | null;
  onSelect: ((id: number, range: boolean) => void) | undefined;
  onView: ((row: AnyRow) => void) | undefined;
  onSaved: ((row: AnyRow) => void) | undefined;
  /** Asks for the columns to be measured once rows are drawn (or there are none to draw). */
  onDrawn: ((withRows: boolean) => void) | undefined;
  compact: boolean;
  /** The labels the list's page brought, its rows' own names among them. */
  pageLabels: PageLabels | null;
}

/**
 * The table body, the only part that re-renders as the visible range moves. In the grid layout
 * the body has the height of all rows and each drawn row is moved to its place; while columns are
 * being measured (an ordinary table) two spacer rows stand in for the rows not drawn.
 */
export function VirtualBody({ rows, scroller, rowSize, twoLines, placed, columns, columnCount, emptyText, entity, onEdit, onDelete, onAction, onView, onSaved, selected, onSelect, onDrawn, compact, pageLabels }: VirtualBodyProps) {
  // The virtualiser re-renders this component itself; nothing it returns is passed on memoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller,
    estimateSize: () => rowSize,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan,
  });
  // Rows are never measured, so a new row height means new positions for every row.
  const drawnSize = useRef(rowSize);
  useLayoutEffect(() => {
    if (drawnSize.current === rowSize) return;
    drawnSize.current = rowSize;
    virtualizer.measure();
  }, [rowSize, virtualizer]);
  const items = virtualizer.getVirtualItems();
  // An editable cell's label names its row («حضور سارا احمدی …»): the list's page brings the names
  // of its rows; one call for any other rows shown.
  const names = useRecordNames(
    entity,
    items.map((item) => rows[item.index]?.original),
    pageLabels,
  );
  // The virtualiser learns the viewport's height after the first commit, so the first rows may be
  // drawn a render later than the data arrives; columns are measured once they are there.
  const drawn = rows.length === 0 || items.length > 0;
  useLayoutEffect(() => {
    if (drawn) onDrawn?.(rows.length > 0);
  });
  const body = useRef<HTMLTableSectionElement>(null);
  // After paint, so measuring the drawn rows never delays them.
  useEffect(() => {
    if (body.current) markClipped(body.current);
  });
  if (rows.length === 0) {
    return (
      <tbody role="rowgroup">
        <tr role="row">
          <td role="cell" colSpan={columnCount} className="admin-table-empty">
            {emptyText}
          </td>
        </tr>
      </tbody>
    );
  }
  const drawnRows = items.map((item) => {
    const row = rows[item.index];
    if (!row) return null;
    return (
      <BodyRow
        key={row.id}
        row={row}
        names={names}
        index={item.index}
        start={placed ? item.start : undefined}
        twoLines={twoLines}
        columns={columns}
        entity={entity}
        onEdit={onEdit}
        onDelete={onDelete}
        onAction={onAction}
        selected={selected ? selected.has(row.original.id) : undefined}
        onSelect={onSelect}
        onView={onView}
        onSaved={onSaved}
        compact={compact}
      />
    );
  });
  if (placed) {
    return (
      <tbody role="rowgroup" style={{ height: virtualizer.getTotalSize() }} ref={body} onMouseOver={titleClipped}>
        {drawnRows}
      </tbody>
    );
  }
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  return (
    <tbody role="rowgroup" ref={body} onMouseOver={titleClipped}>
      {paddingTop > 0 && (
        <tr aria-hidden="true" className="admin-table-spacer" style={{ height: paddingTop }}>
          <td colSpan={columnCount} />
        </tr>
      )}
      {drawnRows}
      {paddingBottom > 0 && (
        <tr aria-hidden="true" className="admin-table-spacer" style={{ height: paddingBottom }}>
          <td colSpan={columnCount} />
        </tr>
      )}
    </tbody>
  );
}

export interface Sizing {
  /** The column definitions these widths were measured for (compared by identity). */
  columns: unknown;
  /** Whether data rows were drawn when measuring (header-only widths are re-measured). */
  withRows: boolean;
  /** Content widths in px, header cells included; null when nothing could be measured. */
  natural: number[] | null;
  /** The widths of the header cells' own content (sort button and padding). */
  headers: number[];
  /** The container's width then: a table measured while hidden is measured again once shown. */
  available: number;
  /** Whether the row actions were folded (RowActions.tsx): the actions column's width differs. */
  compact: boolean;
}

/** The header's box: checked when every loaded row is, mixed (indeterminate) when some are. */
export function SelectAllBox({ checked, mixed, onChange }: { checked: boolean; mixed: boolean; onChange: (on: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="admin-select-box"
      checked={checked}
      aria-label={bulkTexts.selectAllLoaded}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

