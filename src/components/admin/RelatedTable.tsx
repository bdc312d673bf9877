// A related group on a detail view: the records of another entity that point at this one, as a
// table with their own actions, and the button that adds one already pointing here.
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { columnId, entitySingular, labelFieldsOf, type AnyEntity, type AnyRow } from '../../../schema/define';
import { useEntity } from './entities';
import { readsEntity } from './accessView';
import { useEntityView, usePanelAccess } from './panelAccess';
import { isRow } from '../../machines/entityApi';
import { EditableCell } from './EditableCell';
import { isRegistryKey } from './navigation';
import { recordName } from './fieldValue';
import { namedThroughReferences, referenceOptions, referenceTarget, usePathColumns, useRecordNames, useReferenceLabels, type AdminRecord } from './relations';
import { CellValue, RelatedAdd } from './DetailValues';
import { detailTexts } from './detailTexts';

/** The newer of a row saved here and the same row as last read (by version). */
function newerRow(saved: AnyRow | undefined, read: AnyRow): AnyRow {
  return saved && Number(saved.version) > Number(read.version) ? saved : read;
}

type RelatedTableProps = { group: AdminRecord['related'][number]; recordId: number; onAdded: () => void };

export function RelatedTable(props: RelatedTableProps) {
  // The record's route loaded every entity whose records may point at it (its summary's `record`).
  const other = useEntityView(useEntity(isRegistryKey(props.group.entity) ? props.group.entity : null));
  const access = usePanelAccess();
  return other && readsEntity(access, other.key) ? <RelatedRows {...props} other={other} /> : null;
}

function RelatedRows({ group, recordId, onAdded, other }: RelatedTableProps & { other: AnyEntity }) {
  // Rows saved in place (editable cells) until the group is read again with them.
  const [saved, setSaved] = useState<Readonly<Record<number, AnyRow>>>({});
  const rows = useMemo(
    () => group.items.filter(isRow).map((row) => newerRow(saved[row.id], row)),
    [group.items, saved],
  );
  const labelNames = useMemo(() => labelFieldsOf(other), [other]);
  // The reference back to this record is the same on every row: it is left out, and so is a
  // path through it (an attendance row's course, on its session's page).
  // Or the columns the reference declares for this group (ReferenceDecl.relatedColumns), in its order.
  const columns = useMemo(() => {
    const chosen = other.allFields[group.field]?.reference?.relatedColumns;
    const all = other.columns;
    if (chosen) return chosen.flatMap((id) => all.filter((c) => columnId(c) === id));
    return all.filter((c) => ('key' in c ? c.key !== group.field && !labelNames.includes(c.key) : !('path' in c && c.path[0] === group.field)));
  }, [other, group.field, labelNames]);
  const referenceNames = useMemo(() => columns.flatMap((c) => (c.cell === 'reference' && 'key' in c ? [c.key] : [])), [columns]);
  const labels = useReferenceLabels(other, rows, referenceNames);
  const shownColumns = usePathColumns(other, columns, rows);
  // A record named by its references (an attendance row by its child) is named by the server.
  const names = useRecordNames(other, rows);
  const rowLabel = (row: AnyRow): string => recordName(other, row, names);
  // A name made of several records (an enrolment: child and course) is headed by what it names.
  const labelHeader =
    labelNames.length > 1 && namedThroughReferences(other) ? entitySingular(other) : (other.allFields[labelNames[0] ?? '']?.label ?? detailTexts.id);
  const headingId = `related-${group.entity}-${group.field}`;
  return (
    <section className="admin-detail-section" aria-labelledby={headingId}>
      <div className="admin-related-header">
        <h3 id={headingId} className="admin-detail-heading">
          {group.title} <span className="admin-cell-muted">({detailTexts.count(group.total)})</span>
        </h3>
        {other.ops.create && group.field in other.createFields && (
          <RelatedAdd other={other} field={group.field} recordId={recordId} onAdded={onAdded} />
        )}
      </div>
      {group.total > 0 && (
        // All of them in the other entity's own list, filtered to this record: paging, sorting
        // and its CSV export (a course's roster as a spreadsheet).
        <p className="admin-detail-note">
          <Link to="/admin/$entity" params={{ entity: other.key }} search={{ [`f.${group.field}`]: recordId }} className="admin-link">
            {detailTexts.allInList(group.title)}
          </Link>
        </p>
      )}
      {rows.length === 0 ? (
        <p className="admin-cell-muted">{detailTexts.noRelated}</p>
      ) : (
        <div className="admin-table-wrap">
          <div className="admin-detail-table-scroll">
            <table className="admin-table admin-detail-table">
              <thead>
                <tr>
                  <th scope="col">{labelHeader}</th>
                  {shownColumns.map((column) => (
                    <th key={'key' in column ? column.key : column.id} scope="col">
                      {column.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>
                      <Link to="/admin/$entity/$id" params={{ entity: other.key, id: row.id }} className="admin-link">
                        {rowLabel(row)}
                      </Link>
                    </td>
                    {shownColumns.map((column) => {
                      const id = 'key' in column ? column.key : column.id;
                      const value = 'key' in column ? row[column.key] : column.value(row);
                      const target = column.cell === 'reference' && 'key' in column ? referenceTarget(other.allFields[column.key]) : null;
                      const options =
                        column.cell === 'reference' && 'key' in column
                          ? referenceOptions(other.allFields[column.key], target ? labels[target] : undefined)
                          : column.options;
                      if (column.edit && 'key' in column && other.ops.update) {
                        return (
                          <td key={id}>
                            <EditableCell
                              entity={other}
                              row={row}
                              name={column.key}
                              rowLabel={rowLabel(row)}
                              onSaved={(next) => setSaved((before) => ({ ...before, [next.id]: next }))}
                              tones={column.tones}
                            />
                          </td>
                        );
                      }
                      return (
                        <td key={id}>
                          <CellValue cell={column.cell} value={value} header={column.header} options={options} tones={column.tones} />
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {group.total > rows.length && <p className="admin-detail-note">{detailTexts.partial(rows.length, group.total)}</p>}
        </div>
      )}
    </section>
  );
}

