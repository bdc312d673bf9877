// One record's detail view, /admin/<entity>/<id>, drawn from its schema file alone: every field
// with its label and its cell rendering, a link for each reference, and the records of other
// entities that reference it (a category's courses, a teacher's courses), each a small table
// linking to their own detail views. The record is a one-row list (the list protocol's `ids`),
// so editing and deleting go through the same machines and dialogs as the list screen: a stale
// save shows the conflict, a refused delete offers to deactivate, an expired session signs in
// again in place.
import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { actionsFor, type AnyEntity, type AnyRow } from '../../../schema/define';
import { ApiError } from '../../api/operations';
import { clearGetCache } from '../../api/client';
import { toPersianDigits } from '../../../schema/rules/text';
import { isRow } from '../../machines/entityApi';
import { recordName } from './fieldValue';
import { useEntityEditing } from './EntityEditing';
import { fetchRecord, referenceTarget, useReferenceLabels, type AdminRecord } from './relations';
import { adminTexts } from './texts';
import { opensForm } from './formPart';
import { FieldValue, recordLogic } from './DetailValues';
import { RelatedTable } from './RelatedTable';
import { detailTexts } from './detailTexts';
import { readsEntity } from './accessView';
import { NotGranted } from './NotGranted';
import { useEntityView, usePanelAccess } from './panelAccess';

export type EntityColumn = AnyEntity['columns'][number];

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

export interface EntityDetailProps {
  entity: AnyEntity;
  id: number;
}

/** The record as the caller may use it: their role's view of the entity, or the refusal. */
export function EntityDetail({ entity: schema, id }: EntityDetailProps) {
  const access = usePanelAccess();
  const entity = useEntityView(schema);
  if (!readsEntity(access, entity.key)) return <NotGranted title={entity.texts.title} />;
  return <RecordDetail entity={entity} id={id} />;
}

function RecordDetail({ entity, id }: EntityDetailProps) {
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
    () => Object.entries(entity.allFields).flatMap(([name, field]) => (field.input === 'reference' || field.input === 'references' ? [name] : [])),
    [entity],
  );
  const rowsForLabels = useMemo(() => (record ? [record] : []), [record]);
  const labels = useReferenceLabels(entity, rowsForLabels, referenceNames);
  // The detail call's label is the server's name for the record (one named through its references too).
  const ownLabel = useMemo(() => (related.state === 'ready' ? { [String(id)]: related.data.label } : undefined), [related, id]);
  const title = record ? recordName(entity, record, ownLabel) : '';

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
        {/* Everything done to this record, from the audit log narrowed to it. */}
        <Link to="/admin/audit" search={{ entity: entity.key, recordId: id }} className="admin-link admin-detail-history">
          {detailTexts.history}
        </Link>
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
