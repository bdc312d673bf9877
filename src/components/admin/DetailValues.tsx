// A detail view's values: each field shown as its kind wants (a badge, a phone or e-mail link, a
// referenced record's label), and the add button of a related group.
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { entitySingular, type AnyEntity, type AnyField, type AnyRow, type CellKind } from '../../../schema/define';
import { htmlToPlainText, toLatinDigits, toPersianDigits } from '../../../schema/rules/text';
import { cellRenderers, cellTexts } from './cells';
import { useEntityEditing } from './EntityEditing';
import { referenceOptions, referenceTarget, type Labels } from './relations';
import { opensForm } from './formPart';
import { detailTexts } from './detailTexts';
import type { EntityColumn } from './entityTableRows';
import { listMachine } from '../../machines/listMachine';
import { showNotice } from './notify';
import { entitySummaries } from '../../../schema/entityIndex.gen';
import { readGrants, verbLabels } from '../../../schema/rules/permissions';
import { isRegistryKey } from './navigation';

/** How a field is shown: its table column's cell when it has one, else one chosen by input kind. */
function fieldCell(entity: AnyEntity, name: string, field: AnyField): { cell: CellKind; options?: Readonly<Record<string, string>>; tones?: EntityColumn['tones'] } {
  const column = entity.columns.find((c): c is EntityColumn & { key: string } => 'key' in c && c.key === name);
  // A detail view has room for all of a text: no excerpt.
  if (column && column.cell !== 'excerpt') return { cell: column.cell, options: column.options, tones: column.tones };
  switch (field.input) {
    case 'number':
      return { cell: field.money ? 'toman' : 'number' };
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
    case 'references':
      return { cell: 'references' };
    case 'select':
      return { cell: 'option', options: Object.fromEntries((field.options ?? []).map(([value, label]) => [String(value), label])) };
    default:
      return { cell: 'text' };
  }
}

export function CellValue({
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

/** A many-to-many field's records, each a link to its own detail view. */
function ReferencesValue({ field, value, labels }: { field: AnyField; value: unknown; labels: Labels | undefined }) {
  const target = referenceTarget(field);
  const ids = Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number' && id > 0) : [];
  if (!target || ids.length === 0) return <span className="admin-cell-muted">{field.references?.none ?? '—'}</span>;
  return (
    <ul className="admin-detail-links">
      {ids.map((id) => (
        <li key={id}>
          <Link to="/admin/$entity/$id" params={{ entity: target, id }} className="admin-link">
            {toPersianDigits(labels?.[String(id)] ?? String(id))}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function FieldValue({ entity, name, field, record, labels }: { entity: AnyEntity; name: string; field: AnyField; record: AnyRow; labels: Labels | undefined }) {
  const value = record[name];
  if (field.input === 'reference') return <ReferenceValue field={field} value={value} labels={labels} />;
  if (field.input === 'references') return <ReferencesValue field={field} value={value} labels={labels} />;
  if (field.input === 'richText') return <>{toPersianDigits(htmlToPlainText(typeof value === 'string' ? value : ''))}</>;
  if (field.input === 'grants') return <GrantsValue value={value} />;
  const { cell, options, tones } = fieldCell(entity, name, field);
  if ((value === '' || value === null || value === undefined) && cell !== 'image' && cell !== 'video') {
    return <span className="admin-cell-muted">—</span>;
  }
  if ((field.input === 'tel' || field.input === 'email') && typeof value === 'string') return <ContactValue field={field} value={value} />;
  if (field.input === 'textarea' && typeof value === 'string') return <span className="admin-detail-multiline">{toPersianDigits(value)}</span>;
  return <CellValue cell={cell} value={value} header={field.label} options={options} tones={tones} />;
}

/** A role's grants in words: each entity granted, with its verbs and whether only the teacher's own rows. */
function GrantsValue({ value }: { value: unknown }) {
  const granted = Object.entries(readGrants(typeof value === 'string' ? value : null).entities);
  if (granted.length === 0) return <span className="admin-cell-muted">—</span>;
  return (
    <ul className="admin-detail-grants">
      {granted.map(([key, grant]) => (
        <li key={key}>
          {`${isRegistryKey(key) ? entitySummaries[key].nav : key}: ${grant.verbs.map((verb) => verbLabels[verb]).join('، ')}${grant.own ? ` (${detailTexts.ownOnly})` : ''}`}
        </li>
      ))}
    </ul>
  );
}

/**
 * A related group's add button: the other entity's add form with its reference to this record
 * already filled in (a course's new weekly slot or session, from the course). Saved through a
 * list of the other entity's rows under this record, read for its count only: when the count
 * changes after a save, the detail view reads its related records again.
 */
export function RelatedAdd({ other, field, recordId, onAdded }: { other: AnyEntity; field: string; recordId: number; onAdded: () => void }) {
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

/** A detail view's record, read and written through the same machine as a list. */
export const recordLogic = listMachine.provide({ actions: { notify: showNotice } });
