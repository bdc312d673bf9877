// One record's detail view, /admin/<entity>/<id>, drawn from its schema file alone: every field
// with its label and its cell rendering, a link for each reference, and the records of other
// entities that reference it (a category's courses, a teacher's courses), each a small table
// linking to their own detail views. The record is a one-row list (the list protocol's `ids`),
// so editing and deleting go through the same machines and dialogs as the list screen: a stale
// save shows the conflict, a refused delete offers to deactivate, an expired session signs in
// again in place.
import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { actionsFor, entitySingular, labelFieldsOf, recordLabel, type AnyEntity, type AnyField, type AnyRow, type CellKind } from '../../../schema/define';
import { registry } from '../../../schema/registry.gen';
import { ApiError } from '../../api/operations';
import { clearGetCache } from '../../api/client';
import { formatPersianNumber, htmlToPlainText, toLatinDigits, toPersianDigits } from '../../../schema/rules/text';
import { isRow } from '../../machines/entityApi';
import { listMachine } from '../../machines/listMachine';
import { cellRenderers, cellTexts } from './cells';
import { EditableCell } from './EditableCell';
import { useEntityEditing } from './EntityEditing';
import { isRegistryKey } from './navigation';
import { showNotice } from './notify';
import { fetchRecord, referenceOptions, referenceTarget, usePathColumns, useReferenceLabels, type AdminRecord, type Labels } from './relations';
import { adminTexts } from './texts';
import { opensForm } from './formPart';

export const detailTexts = {
  notFoundTitle: 'رکورد یافت نشد',
  allInList: (title: string) => `همه ${title} در فهرست (با خروجی CSV)`,
  notFound: 'رکوردی با این نشانی وجود ندارد؛ ممکن است حذف شده باشد.',
  backToPanel: 'بازگشت به داشبورد',
  backToList: (title: string) => `بازگشت به ${title}`,
  id: 'شناسه',
  fields: 'مشخصات',
  related: 'رکوردهای وابسته',
  noRelated: 'موردی ثبت نشده است',
  count: (n: number) => `${formatPersianNumber(n)} مورد`,
  partial: (shown: number, total: number) => `${formatPersianNumber(shown)} مورد از ${formatPersianNumber(total)} مورد (جدیدترین‌ها)`,
  failed: 'دریافت اطلاعات رکورد با مشکل مواجه شد',
  addRelated: (singular: string) => `افزودن ${singular}`,
} as const;

type EntityColumn = AnyEntity['columns'][number];

/** How a field is shown: its table column's cell when it has one, else one chosen by input kind. */
function fieldCell(entity: AnyEntity, name: string, field: AnyField): { cell: CellKind; options?: Readonly<Record<string, string>>; tones?: EntityColumn['tones'] } {
  const column = entity.columns.find((c): c is EntityColumn & { key: string } => 'key' in c && c.key === name);
  // A detail view has room for all of a text: no excerpt.
  if (column && column.cell !== 'excerpt') return { cell: column.cell, options: column.options, tones: column.tones };
  switch (field.input) {
    case 'number':
      return { cell: 'number' };
    case 'checkbox':
      return { cell: 'yesNo' };
    case 'jalaliDate':
      return { cell: field.moment ? 'jalaliDateTime' : 'jalaliDate' };
    case 'imageLink':
      return { cell: 'image' };
    case 'videoLink':
      return { cell: 'video' };
    case 'tel':
      return { cell: 'phone' };
    case 'reference':
      return { cell: 'reference' };
    case 'select':
      return { cell: 'option', options: Object.fromEntries((field.options ?? []).map(([value, label]) => [String(value), label])) };
    default:
      return { cell: 'text' };
  }
}

function CellValue({
  cell,
  value,
  header,
  options,
  tones,
}: {
  cell: CellKind;
  value: unknown;
  header: string;
  options?: Readonly<Record<string, string>>;
  tones?: EntityColumn['tones'];
}) {
  const text = cellTexts[cell];
  if (text) return <>{text(value, options)}</>;
  const Cell = cellRenderers[cell];
  return <Cell value={value} header={header} options={options} tones={tones} />;
}

/**
 * A phone number or an email address on a detail view is also the way to answer: a `tel:` or
 * `mailto:` link (until replies go through a notification channel). A long text keeps its lines.
 */
function ContactValue({ field, value }: { field: AnyField; value: string }) {
  if (field.input === 'tel') {
    return (
      <a href={`tel:${toLatinDigits(value).replace(/[^0-9+]/g, '')}`} dir="ltr" className="admin-link admin-cell-phone">
        {toPersianDigits(value)}
      </a>
    );
  }
  return (
    <a href={`mailto:${value}`} dir="ltr" className="admin-link admin-cell-phone">
      {value}
    </a>
  );
}

/** A reference shown as its record's label, linked to that record's own detail view. */
function ReferenceValue({ field, value, labels }: { field: AnyField; value: unknown; labels: Labels | undefined }) {
  const target = referenceTarget(field);
  const text = cellTexts.reference?.(value, referenceOptions(field, labels)) ?? '';
  if (!target || typeof value !== 'number' || value <= 0) return <>{text}</>;
  return (
    <Link to="/admin/$entity/$id" params={{ entity: target, id: value }} className="admin-link">
      {text}
    </Link>
  );
}

function FieldValue({ entity, name, field, record, labels }: { entity: AnyEntity; name: string; field: AnyField; record: AnyRow; labels: Labels | undefined }) {
  const value = record[name];
  if (field.input === 'reference') return <ReferenceValue field={field} value={value} labels={labels} />;
  if (field.input === 'richText') return <>{toPersianDigits(htmlToPlainText(typeof value === 'string' ? value : ''))}</>;
  const { cell, options, tones } = fieldCell(entity, name, field);
  if ((value === '' || value === null || value === undefined) && cell !== 'image' && cell !== 'video') {
    return <span className="admin-cell-muted">—</span>;
  }
  if ((field.input === 'tel' || field.input === 'email') && typeof value === 'string') return <ContactValue field={field} value={value} />;
  if (field.input === 'textarea' && typeof value === 'string') return <span className="admin-detail-multiline">{toPersianDigits(value)}</span>;
  return <CellValue cell={cell} value={value} header={field.label} options={options} tones={tones} />;
}

/**
 * A related group's add button: the other entity's add form with its reference to this record
 * already filled in (a course's new weekly slot or session, from the course). Saved through a
 * list of the other entity's rows under this record, read for its count only: when the count
 * changes after a save, the detail view reads its related records again.
 */
function RelatedAdd({ other, field, recordId, onAdded }: { other: AnyEntity; field: string; recordId: number; onAdded: () => void }) {
  const query = useMemo(() => ({ [`f.${field}`]: String(recordId), pageSize: '1' }), [field, recordId]);
  const list = useActorRef(recordLogic, { input: { entity: other, query } });
  const { openAddWith, dialogs } = useEntityEditing(other, list);
  const total = useSelector(list, (s) => (s.matches('table') ? s.context.total : null));
  const seen = useRef<number | null>(null);
  useEffect(() => {
    if (total === null) return;
    if (seen.current !== null && seen.current !== total) onAdded();
    seen.current = total;
  }, [total, onAdded]);
  return (
    <>
      <button type="button" className="admin-button admin-button-secondary admin-related-add" {...opensForm} onClick={() => openAddWith({ [field]: recordId })}>
        {detailTexts.addRelated(entitySingular(other))}
      </button>
      {dialogs}
    </>
  );
}

/** A record's name as its detail view's title; one named by a reference shows that record's label. */
function detailTitle(entity: AnyEntity, record: AnyRow, labels: Readonly<Record<string, Labels | undefined>>): string {
  const names = labelFieldsOf(entity);
  const only = names.length === 1 ? names[0] : undefined;
  const field = only === undefined ? undefined : entity.allFields[only];
  if (only === undefined || field?.input !== 'reference') return toPersianDigits(recordLabel(entity, record));
  const target = referenceTarget(field);
  return cellTexts.reference?.(record[only], referenceOptions(field, target ? labels[target] : undefined)) ?? '';
}

/** The newer of a row saved here and the same row as last read (by version). */
function newerRow(saved: AnyRow | undefined, read: AnyRow): AnyRow {
  return saved && Number(saved.version) > Number(read.version) ? saved : read;
}

function RelatedTable({ group, recordId, onAdded }: { group: AdminRecord['related'][number]; recordId: number; onAdded: () => void }) {
  const other = isRegistryKey(group.entity) ? registry[group.entity] : null;
  // Rows saved in place (editable cells) until the group is read again with them.
  const [saved, setSaved] = useState<Readonly<Record<number, AnyRow>>>({});
  const rows = useMemo(
    () => group.items.filter(isRow).map((row) => newerRow(saved[row.id], row)),
    [group.items, saved],
  );
  const labelNames = useMemo(() => (other ? labelFieldsOf(other) : []), [other]);
  // A record named by a reference (an attendance row by its child) shows that record's label.
  const labelReference = labelNames.length === 1 && other?.allFields[labelNames[0] ?? '']?.input === 'reference' ? (labelNames[0] ?? null) : null;
  // The reference back to this record is the same on every row: it is left out, and so is a
  // path through it (an attendance row's course, on its session's page).
  const columns = useMemo(
    () =>
      (other?.columns ?? []).filter((c) =>
        'key' in c ? c.key !== group.field && !labelNames.includes(c.key) : !('path' in c && c.path[0] === group.field),
      ),
    [other, group.field, labelNames],
  );
  const referenceNames = useMemo(
    () => [...columns.flatMap((c) => (c.cell === 'reference' && 'key' in c ? [c.key] : [])), ...(labelReference ? [labelReference] : [])],
    [columns, labelReference],
  );
  const emptyEntity: AnyEntity = other ?? registry.categories;
  const labels = useReferenceLabels(emptyEntity, other ? rows : [], referenceNames);
  const shownColumns = usePathColumns(emptyEntity, other ? columns : [], rows);
  if (!other) return null;
  const rowLabel = (row: AnyRow): string => {
    if (!labelReference) return toPersianDigits(recordLabel(other, row));
    const field = other.allFields[labelReference];
    const target = referenceTarget(field);
    return cellTexts.reference?.(row[labelReference], referenceOptions(field, target ? labels[target] : undefined)) ?? '';
  };
  const labelHeader = other.allFields[labelNames[0] ?? '']?.label ?? detailTexts.id;
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

export function AdminNotFound() {
  useEffect(() => {
    document.title = `${detailTexts.notFoundTitle} | ${adminTexts.panelTitle}`;
  }, []);
  return (
    <section className="admin-screen admin-not-found" aria-labelledby="admin-not-found-title">
      <h2 id="admin-not-found-title" className="admin-screen-title">
        {detailTexts.notFoundTitle}
      </h2>
      <p>{detailTexts.notFound}</p>
      <Link to="/admin/dashboard" className="admin-button admin-button-secondary">
        {detailTexts.backToPanel}
      </Link>
    </section>
  );
}

type Related = { state: 'loading' } | { state: 'missing' } | { state: 'failed' } | { state: 'ready'; data: AdminRecord };

const recordLogic = listMachine.provide({ actions: { notify: showNotice } });

export interface EntityDetailProps {
  entity: AnyEntity;
  id: number;
}

export function EntityDetail({ entity, id }: EntityDetailProps) {
  const navigate = useNavigate();
  const query = useMemo(() => ({ ids: String(id) }), [id]);
  const list = useActorRef(recordLogic, { input: { entity, query } });
  const { openEdit, askDelete, runAction, dialogs } = useEntityEditing(entity, list);
  const listState = useSelector(list, (s) => (s.matches('failed') ? 'failed' : s.matches('table') || s.matches('refreshing') ? 'ready' : 'loading'));
  const listed = useSelector(list, (s) => s.context.rows.find((row) => row.id === id) ?? null);
  // The record as the detail call answered it when that call itself moved it (the schema's
  // `onOpen`): the list may have read it just before, so the newer of the two is shown.
  const [opened, setOpened] = useState<AnyRow | null>(null);
  const record = useMemo(
    () => (listed && opened && Number(opened.version) > Number(listed.version) ? { ...listed, ...opened } : listed),
    [listed, opened],
  );

  // The records that refer to this one, read again whenever the record itself changes.
  const [related, setRelated] = useState<Related>({ state: 'loading' });
  // Bumped when a record was added under this one from a related group (RelatedAdd).
  const [relatedAdded, setRelatedAdded] = useState(0);
  const onRelatedAdded = useCallback(() => setRelatedAdded((n) => n + 1), []);
  const version = listed?.version;
  const gone = listState === 'ready' && !listed;
  useEffect(() => {
    let live = true;
    fetchRecord(entity.key, id).then(
      (data) => {
        // Opening moved the record (the schema's `onOpen`: a new message is now read): what this
        // page read before is out of date, the sidebar's counts included. Taken even from an
        // answer a newer read has overtaken: that read no longer reports the move.
        if (data.opened && isRow(data.record)) {
          setOpened(data.record);
          clearGetCache();
          list.send({ type: 'row.patch', row: data.record });
        }
        if (live) setRelated({ state: 'ready', data });
      },
      (error: unknown) => {
        if (!live) return;
        setRelated(error instanceof ApiError && (error.status === 404 || error.status === 400) ? { state: 'missing' } : { state: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [entity.key, id, version, list, relatedAdded]);

  // A record that was shown (its related records were read) and is gone was deleted here: back to
  // the list it was in. One that never was is the not-found view (its related records: 404).
  const deleted = gone && related.state === 'ready';
  useEffect(() => {
    if (deleted) void navigate({ to: '/admin/$entity', params: { entity: entity.key } });
  }, [deleted, navigate, entity.key]);

  const referenceNames = useMemo(
    () => Object.entries(entity.allFields).flatMap(([name, field]) => (field.input === 'reference' ? [name] : [])),
    [entity],
  );
  const rowsForLabels = useMemo(() => (record ? [record] : []), [record]);
  const labels = useReferenceLabels(entity, rowsForLabels, referenceNames);
  const title = record ? detailTitle(entity, record, labels) : '';

  useEffect(() => {
    if (title) document.title = `${title} | ${entity.texts.nav} | ${adminTexts.panelTitle}`;
  }, [title, entity.texts.nav]);

  if (related.state === 'missing') return <AdminNotFound />;

  const back = (
    <Link to="/admin/$entity" params={{ entity: entity.key }} className="admin-link">
      {detailTexts.backToList(entity.texts.nav)}
    </Link>
  );

  if (!record) {
    return (
      <section className="admin-screen">
        <nav className="admin-breadcrumbs" aria-label={adminTexts.panelTitle}>
          {back}
        </nav>
        {listState === 'failed' ? (
          <div className="admin-failed" role="alert">
            <p>{detailTexts.failed}</p>
            <button type="button" className="admin-button admin-button-secondary" onClick={() => list.send({ type: 'reload' })}>
              {adminTexts.reload}
            </button>
          </div>
        ) : (
          <p className="admin-loading" role="status">
            {adminTexts.loading}
          </p>
        )}
      </section>
    );
  }

  const rows: Array<{ name: string; label: string; wide: boolean; content: ReactNode }> = [
    { name: 'id', label: detailTexts.id, wide: false, content: toPersianDigits(record.id) },
    // Every field, the ones the form does not edit included (a user's name, a message's text).
    ...Object.entries(entity.allFields).map(([name, field]) => ({
      name,
      label: field.label,
      wide: field.wide === true || field.input === 'richText',
      content: (
        <FieldValue
          entity={entity}
          name={name}
          field={field}
          record={record}
          labels={(() => {
            const target = referenceTarget(field);
            return target ? labels[target] : undefined;
          })()}
        />
      ),
    })),
  ];

  return (
    <section className="admin-screen admin-detail" aria-labelledby="admin-detail-title">
      <nav className="admin-breadcrumbs" aria-label={adminTexts.panelTitle}>
        {back}
      </nav>
      <div className="admin-screen-header">
        <h2 id="admin-detail-title" className="admin-screen-title" tabIndex={-1} data-focus-home="">
          {title}
        </h2>
        <div className="admin-row-actions">
          {entity.ops.update && (
            <button type="button" className="admin-button admin-button-primary" {...opensForm} onClick={() => openEdit(record)}>
              {adminTexts.edit}
            </button>
          )}
          {actionsFor(entity, record).map((action) => (
            <button
              key={action.key}
              type="button"
              className={`admin-button ${action.tone === 'danger' ? 'admin-button-danger' : 'admin-button-secondary'}`}
              onClick={() => runAction(record, action)}
            >
              {action.label}
            </button>
          ))}
          {entity.links.map((link) => {
            const href = link.href(record);
            return href ? (
              <a key={link.label} className="admin-button admin-button-secondary" href={href} target="_blank" rel="noopener">
                {link.label}
              </a>
            ) : null;
          })}
          {entity.ops.remove && (
            <button type="button" className="admin-button admin-button-danger" onClick={() => askDelete(record)}>
              {adminTexts.remove}
            </button>
          )}
        </div>
      </div>

      <section className="admin-detail-section" aria-labelledby="admin-detail-fields">
        <h3 id="admin-detail-fields" className="admin-visually-hidden">
          {detailTexts.fields}
        </h3>
        <dl className="admin-detail-fields">
          {rows.map((row) => (
            <div key={row.name} className={`admin-detail-field${row.wide ? ' admin-detail-field-wide' : ''}`}>
              <dt>{row.label}</dt>
              <dd>{row.content}</dd>
            </div>
          ))}
        </dl>
      </section>

      {related.state === 'ready' &&
        related.data.related.map((group) => (
        <RelatedTable key={`${group.entity}-${group.field}`} group={group} recordId={id} onAdded={onRelatedAdded} />
      ))}

      {dialogs}
    </section>
  );
}
