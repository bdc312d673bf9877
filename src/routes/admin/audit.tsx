// The audit log screen: every change made through the admin (and the API), newest first, with
// filters kept in the address (so a view can be shared), each change's before/after per field,
// and a way to undo one change.
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import type { components } from '../../../codegen/openapi.gen';
import type { AnyEntity, RegistryKey } from '../../../schema/define';
import { registry, registryKeys } from '../../../schema/registry.gen';
import { api, serverMessage } from '../../api/client';
import { ConfirmDialog } from '../../components/admin/ConfirmDialog';
import { InstantRangeFields } from '../../components/admin/DateRangeFilter';
import { formatFieldValue, propertyLabel, recordName } from '../../components/admin/fieldValue';
import { isRegistryKey } from '../../components/admin/navigation';
import { showNotice } from '../../components/admin/notify';
import { labelsOfField, namedThroughReferences, referencedIds, useLabels, type Labels } from '../../components/admin/relations';
import { adminTexts } from '../../components/admin/texts';
import { auditTexts } from '../../components/admin/auditTexts';
import { formatJalaliDateTime } from '../../../schema/rules/calendar';
import { toPersianDigits } from '../../../schema/rules/text';

type AuditEntry = components['schemas']['AuditEntry'];
type AuditPage = components['schemas']['AuditPage'];
type AuditAction = components['schemas']['AuditAction'];

const actionKeys = ['create', 'update', 'delete', 'revert'] as const;
const pageSize = 20;

export interface AuditSearch {
  entity?: string;
  action?: AuditAction;
  userId?: number;
  /** One record's history (a detail page's link); only with `entity`. */
  recordId?: number;
  from?: string;
  to?: string;
  page?: number;
}

const positive = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
};
const isoDate = (value: unknown): string | undefined =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : undefined;

export function validateAuditSearch(search: Record<string, unknown>): AuditSearch {
  const out: AuditSearch = {};
  if (typeof search.entity === 'string' && isRegistryKey(search.entity)) out.entity = search.entity;
  const action = actionKeys.find((a) => a === search.action);
  if (action) out.action = action;
  const userId = positive(search.userId);
  if (userId) out.userId = userId;
  const recordId = positive(search.recordId);
  if (recordId && out.entity) out.recordId = recordId;
  const from = isoDate(search.from);
  if (from) out.from = from;
  const to = isoDate(search.to);
  if (to) out.to = to;
  const page = positive(search.page);
  if (page && page > 1) out.page = page;
  return out;
}

export const Route = createFileRoute('/admin/audit')({
  staticData: { adminNav: { label: 'گزارش تغییرات', group: 'system', order: 3 } },
  validateSearch: validateAuditSearch,
  component: AuditScreen,
});

const entityOf = (key: string): AnyEntity | undefined => (isRegistryKey(key) ? registry[key] : undefined);

/** The properties to show for one entry: what changed for an update, everything otherwise. */
function shownProperties(entity: AnyEntity | undefined, entry: AuditEntry): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  names.delete('id');
  names.delete('version');
  const ordered = entity ? [...Object.keys(entity.allFields), ...[...names].filter((n) => !(n in entity.allFields))] : [...names];
  const present = ordered.filter((name) => names.has(name));
  if (entry.before && entry.after) {
    return present.filter((name) => JSON.stringify(before[name] ?? null) !== JSON.stringify(after[name] ?? null));
  }
  return present;
}

/** The end of the chosen day (the picker answers its start), so "to" includes that day. */
const endOfDay = (iso: string) => new Date(new Date(iso).getTime() + 24 * 3600 * 1000 - 1).toISOString();

type LabelsByEntity = Partial<Record<RegistryKey, Labels>>;

/** Every record the entries' reference fields name, by entity, so one call per entity reads their names. */
function referencedByEntries(entries: readonly AuditEntry[]): Map<RegistryKey, Set<number>> {
  const wanted = new Map<RegistryKey, Set<number>>();
  for (const entry of entries) {
    const entity = entityOf(entry.entity);
    if (!entity) continue;
    const snapshots = [entry.before, entry.after].flatMap((row) => (row ? [row] : []));
    // A record named through its references (an enrolment) is itself named by the labels call.
    if (namedThroughReferences(entity)) wanted.set(entity.key, (wanted.get(entity.key) ?? new Set<number>()).add(entry.recordId));
    for (const [target, ids] of referencedIds(entity, snapshots, Object.keys(entity.allFields))) {
      const set = wanted.get(target) ?? new Set<number>();
      for (const id of ids) set.add(id);
      wanted.set(target, set);
    }
  }
  return wanted;
}

function AuditEntryCard({ entry, labels, onRevert }: { entry: AuditEntry; labels: LabelsByEntity; onRevert: (entry: AuditEntry) => void }) {
  const entity = entityOf(entry.entity);
  const row = entry.after ?? entry.before ?? { id: entry.recordId };
  const name = entity ? recordName(entity, { ...row, id: entry.recordId }, labels[entity.key]) : `${adminTexts.recordNumber} ${toPersianDigits(entry.recordId)}`;
  const properties = shownProperties(entity, entry);
  // Why «بازگرداندن» is not offered (a refund, a record changed since), as the server would refuse.
  const refusal = entry.revertible ? null : (entry.revertRefusal ?? auditTexts.notRevertible);
  const refusalId = `audit-refusal-${entry.id}`;
  return (
    <li className="audit-entry">
      <div className="audit-entry-head">
        <span className={`audit-badge audit-badge-${entry.action}`}>{auditTexts.actions[entry.action]}</span>
        <strong className="audit-entry-record">
          {entity?.texts.nav ?? entry.entity}: {name}
        </strong>
        <span className="audit-entry-meta">
          {auditTexts.by} {entry.userName || toPersianDigits(entry.userId)}
          {entry.userRole && ` (${auditTexts.asRole} ${entry.userRole})`} · <time dateTime={entry.at}>{formatJalaliDateTime(entry.at)}</time>
        </span>
      </div>
      {properties.length > 0 && (
        <table className="audit-diff">
          <thead>
            <tr>
              <th scope="col">{auditTexts.field}</th>
              {entry.before && <th scope="col">{auditTexts.before}</th>}
              {entry.after && <th scope="col">{auditTexts.after}</th>}
            </tr>
          </thead>
          <tbody>
            {properties.map((property) => {
              const field = entity?.allFields[property];
              const names = labelsOfField(field, labels);
              return (
                <tr key={property}>
                  <th scope="row">{entity ? propertyLabel(entity, property) : property}</th>
                  {entry.before && <td className="audit-before">{formatFieldValue(field, entry.before[property], names)}</td>}
                  {entry.after && <td className="audit-after">{formatFieldValue(field, entry.after[property], names)}</td>}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <div className="audit-entry-actions">
        <button
          type="button"
          className="admin-button admin-button-secondary"
          disabled={!entry.revertible}
          title={refusal ?? undefined}
          aria-describedby={refusal ? refusalId : undefined}
          onClick={() => onRevert(entry)}
        >
          {auditTexts.revert}
        </button>
        {refusal && (
          <span className="admin-hint" id={refusalId}>
            {refusal}
          </span>
        )}
      </div>
    </li>
  );
}

/** Which record the log is narrowed to (a detail page's «تاریخچه تغییرات»), by its name. */
function RecordFilter({ entity, id }: { entity: AnyEntity; id: number }) {
  const labels = useLabels(useMemo(() => new Map([[entity.key, new Set([id])]]), [entity.key, id]));
  return <span className="admin-hint audit-record-filter">{auditTexts.oneRecord(recordName(entity, { id }, labels[entity.key]))}</span>;
}

function AuditScreen() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/admin/audit' });
  const [result, setResult] = useState<{ key: string; data: AuditPage | null } | null>(null);
  const [reloads, setReloads] = useState(0);
  const [reverting, setReverting] = useState<AuditEntry | null>(null);
  const [busy, setBusy] = useState(false);

  const { entity, action, userId, recordId, from, to, page: askedPage } = search;
  const query = useMemo(
    () => ({ entity, action, userId, recordId, from, to: to ? endOfDay(to) : undefined, page: askedPage ?? 1, pageSize }),
    [entity, action, userId, recordId, from, to, askedPage],
  );
  const key = `${JSON.stringify(query)}#${reloads}`;
  useEffect(() => {
    let current = true;
    void api
      .GET('/api/Admin/audit', { params: { query } })
      .catch(() => ({ data: undefined }))
      .then(({ data: answer }) => {
        if (!current) return;
        setResult({ key, data: answer ?? null });
        if (!answer) showNotice(null, { kind: 'error', text: auditTexts.failed });
      });
    return () => {
      current = false;
    };
  }, [query, key]);
  const state: 'loading' | 'ready' | 'failed' = result?.key !== key ? 'loading' : result.data ? 'ready' : 'failed';
  // The last page shown stays on screen while the next one loads.
  const [shown, setShown] = useState<AuditPage | null>(null);
  if (result?.data && result.data !== shown) setShown(result.data);
  const data = shown;
  const wanted = useMemo(() => referencedByEntries(data?.items ?? []), [data]);
  const labels = useLabels(wanted);
  const load = () => setReloads((n) => n + 1);

  useEffect(() => {
    document.title = `${auditTexts.title} | ${adminTexts.panelTitle}`;
  }, []);

  const setFilter = (patch: Partial<AuditSearch>) => void navigate({ search: (old) => ({ ...old, ...patch, page: undefined }) });

  const revert = async () => {
    if (!reverting) return;
    setBusy(true);
    const { data: done, error } = await api
      .POST('/api/Admin/audit/{id}/revert', { params: { path: { id: reverting.id } } })
      .catch(() => ({ data: undefined, error: undefined }));
    setBusy(false);
    setReverting(null);
    if (done) showNotice(null, { kind: 'success', text: auditTexts.reverted });
    else {
      const reason = serverMessage(error);
      showNotice(null, reason ? { kind: 'error', text: auditTexts.revertFailed, detail: reason } : { kind: 'error', text: auditTexts.revertFailed });
    }
    load();
  };

  const pages = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;
  const page = search.page ?? 1;

  return (
    <section className="admin-screen" aria-labelledby="audit-title">
      <div className="admin-screen-header">
        <h2 id="audit-title" className="admin-screen-title">
          {auditTexts.title}
        </h2>
        {data && <span className="admin-hint">{auditTexts.total(data.total)}</span>}
        {recordId && entity && isRegistryKey(entity) && <RecordFilter entity={registry[entity]} id={recordId} />}
      </div>

      <form className="audit-filters" onSubmit={(event) => event.preventDefault()}>
        <div className="admin-field">
          <label className="admin-label" htmlFor="audit-entity">
            {auditTexts.entity}
          </label>
          <select
            id="audit-entity"
            className="admin-input"
            value={search.entity ?? ''}
            onChange={(event) => setFilter({ entity: event.target.value || undefined, recordId: undefined })}
          >
            <option value="">{auditTexts.all}</option>
            {registryKeys.map((key) => (
              <option key={key} value={key}>
                {registry[key].texts.nav}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label className="admin-label" htmlFor="audit-action">
            {auditTexts.action}
          </label>
          <select
            id="audit-action"
            className="admin-input"
            value={search.action ?? ''}
            onChange={(event) => setFilter({ action: actionKeys.find((a) => a === event.target.value) })}
          >
            <option value="">{auditTexts.all}</option>
            {actionKeys.map((action) => (
              <option key={action} value={action}>
                {auditTexts.actions[action]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label className="admin-label" htmlFor="audit-user">
            {auditTexts.user}
          </label>
          <select
            id="audit-user"
            className="admin-input"
            value={search.userId ? String(search.userId) : ''}
            onChange={(event) => setFilter({ userId: positive(event.target.value) })}
          >
            <option value="">{auditTexts.all}</option>
            {(data?.actors ?? []).map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.name || toPersianDigits(actor.id)}
              </option>
            ))}
          </select>
        </div>
        <InstantRangeFields labels={auditTexts} from={search.from} to={search.to} onChange={setFilter} />
        <div className="audit-filters-clear">
          <button type="button" className="admin-button admin-button-secondary" onClick={() => void navigate({ search: {} })}>
            {auditTexts.clear}
          </button>
        </div>
      </form>

      {state === 'loading' && !data && (
        <p className="admin-loading" role="status">
          {adminTexts.loading}
        </p>
      )}
      {state === 'failed' && (
        <div className="admin-failed" role="alert">
          <p>{auditTexts.failed}</p>
          <button type="button" className="admin-button admin-button-secondary" onClick={load}>
            {adminTexts.reload}
          </button>
        </div>
      )}
      {data && data.items.length === 0 && state !== 'failed' && <p className="admin-empty">{auditTexts.empty}</p>}
      {data && data.items.length > 0 && (
        <ol className="audit-list" aria-busy={state === 'loading'}>
          {data.items.map((entry) => (
            <AuditEntryCard key={entry.id} entry={entry} labels={labels} onRevert={setReverting} />
          ))}
        </ol>
      )}
      {data && pages > 1 && (
        <nav className="audit-pages" aria-label={auditTexts.title}>
          <button
            type="button"
            className="admin-button admin-button-secondary"
            disabled={page <= 1}
            onClick={() => void navigate({ search: (old) => ({ ...old, page: page - 1 > 1 ? page - 1 : undefined }) })}
          >
            {auditTexts.previous}
          </button>
          <span>{auditTexts.page(page, pages)}</span>
          <button
            type="button"
            className="admin-button admin-button-secondary"
            disabled={page >= pages}
            onClick={() => void navigate({ search: (old) => ({ ...old, page: page + 1 }) })}
          >
            {auditTexts.next}
          </button>
        </nav>
      )}

      <ConfirmDialog
        open={reverting !== null}
        title={auditTexts.revert}
        confirmLabel={auditTexts.revert}
        question={auditTexts.confirmRevert}
        subject={reverting ? `${auditTexts.actions[reverting.action]} — ${entityOf(reverting.entity)?.texts.nav ?? reverting.entity}` : undefined}
        busy={busy}
        onConfirm={() => void revert()}
        onCancel={() => setReverting(null)}
      />
    </section>
  );
}
