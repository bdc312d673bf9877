// One admin screen for any entity of the registry: title, add button, the table and the
// modal/confirmation, all driven by the generic machines.
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AnyEntity, AnyRow } from '../../../schema/define';
import { isImportable } from '../../../schema/importable';
import { listPageSize, toApiQuery, type ListSearch } from '../../lib/listSearch';
import { formatPersianNumber } from '../../../schema/rules/text';
import { bulkMachine } from '../../machines/bulkMachine';
import { importMachine } from '../../machines/importMachine';
import { listMachine } from '../../machines/listMachine';
import { BulkBar, BulkReport } from './BulkBar';
import { BulkEditDialogs } from './BulkEdit';
import { bulkTexts } from '../../machines/bulkTexts';
import { ConfirmDialog } from './ConfirmDialog';
import { useEntityEditing } from './EntityEditing';
import { EntityTable, type ServerView } from './EntityTable';
import { opensForm } from './formPart';
import { LazyPart } from './LazyPart';
import { ListToolbar, Pager } from './ListControls';
import { listMatching, retainRows, selectedCount, toBulkSelection, useRowSelection } from './selection';
import { showNotice } from './notify';
import { adminTexts } from './texts';
import { readsEntity } from './accessView';
import { NotGranted } from './NotGranted';
import { useEntityView, usePanelAccess } from './panelAccess';

// Loaded when first opened: most visits never import a file.
const ImportDialog = lazy(() => import('./ImportDialog').then((m) => ({ default: m.ImportDialog })));

const listLogic = listMachine.provide({ actions: { notify: showNotice } });
const importLogic = importMachine.provide({ actions: { notify: showNotice } });

/** Cells the server cannot sensibly order by (a many-to-many field is no column of the table). */
const unsortedCells = new Set(['image', 'video', 'excerpt', 'references']);

export interface EntityScreenProps {
  entity: AnyEntity;
  /**
   * The list's view (sort, filters, search, page) from the URL: the server pages, sorts and
   * searches. Without it the whole list is loaded and the table sorts and searches it.
   */
  view?: ListSearch;
  onView?: (next: ListSearch, options?: { replace?: boolean }) => void;
}

/** The screen as the caller may use it: their role's view of the entity, or the refusal. */
export function EntityScreen({ entity: schema, ...props }: EntityScreenProps) {
  const access = usePanelAccess();
  const entity = useEntityView(schema);
  if (!readsEntity(access, entity.key)) return <NotGranted title={entity.texts.title} />;
  return <EntityList {...props} entity={entity} />;
}

function EntityList({ entity, view, onView }: EntityScreenProps) {
  const apiQuery = useMemo(() => (view ? toApiQuery(view, listPageSize) : null), [view]);
  const queryKey = JSON.stringify(apiQuery);
  const list = useActorRef(listLogic, { input: { entity, query: apiQuery } });
  // The machine follows the URL: a new view is a new query (the first one was its input).
  const sentKey = useRef(queryKey);
  useEffect(() => {
    if (sentKey.current === queryKey || apiQuery === null) return;
    sentKey.current = queryKey;
    list.send({ type: 'query.set', query: apiQuery });
  }, [list, queryKey, apiQuery]);
  const { openAdd, openEdit: onEdit, askDelete: onDelete, runAction, dialogs } = useEntityEditing(entity, list);
  // A row an editable cell saved takes its place at once (the list is not read again).
  const onSaved = useCallback((row: AnyRow) => list.send({ type: 'row.patch', row }), [list]);

  const listState = useSelector(list, (s) =>
    s.matches('loading') || s.matches('loadingPage') || s.matches('start') ? 'loading' : s.matches('failed') ? 'failed' : 'table',
  );
  const refreshing = useSelector(list, (s) => s.matches('refreshing'));
  const rows = useSelector(list, (s) => s.context.rows);
  const total = useSelector(list, (s) => s.context.total);
  const pageLabels = useSelector(list, (s) => s.context.labels);
  const navigate = useNavigate();
  const onOpen = useCallback(
    (row: AnyRow) => void navigate({ to: '/admin/$entity/$id', params: { entity: entity.key, id: row.id } }),
    [navigate, entity.key],
  );
  const { texts, ops } = entity;

  // Bulk work: selection (the table's checkboxes), bulk delete, bulk edit and CSV import.
  const selection = useRowSelection();
  const clearSelection = selection.clear;
  const bulk = useActorRef(bulkMachine.provide({ actions: { notify: showNotice, clearSelection } }), { input: { entity, list } });
  const importer = useActorRef(importLogic, { input: { entity, list } });
  const [importOpen, setImportOpen] = useState(false);
  const bulkConfirming = useSelector(bulk, (s) => s.matches('confirming') || s.matches('deleting'));
  const bulkDeleting = useSelector(bulk, (s) => s.matches('deleting'));
  const bulkBusy = useSelector(bulk, (s) => s.matches('deleting') || s.matches('editing'));
  const bulkEdits = entity.bulkEdit.length > 0;
  const bulkCount = useSelector(bulk, (s) => s.context.count);
  const bulkResult = useSelector(bulk, (s) => (s.matches('done') ? s.context.result : null));
  const matching = useSelector(list, (s) => listMatching(s.context), (a, b) => a?.total === b?.total && a?.query === b?.query);
  // A list holding every row drops from the selection what is no longer in it (deleted one by
  // one meanwhile); a paged list keeps ids chosen on other pages.
  const rowIds = useMemo(() => new Set(rows.map((row) => row.id)), [rows]);
  const chosenState = matching ? selection.state : retainRows(selection.state, rowIds);
  const chosen = selectedCount(chosenState);
  const allLoadedChosen = chosenState.ids.size > 0 && rows.every((row) => chosenState.ids.has(row.id));
  const askBulk = (type: 'bulk.delete' | 'bulk.edit') => {
    const chosenRows = toBulkSelection(chosenState);
    if (chosenRows) bulk.send({ type, selection: chosenRows, count: chosen });
  };
  const sortParam = view?.sort;
  const server = useMemo((): ServerView | undefined => {
    if (!view || !onView) return undefined;
    const desc = sortParam?.startsWith('-') ?? false;
    const sortId = sortParam ? sortParam.replace(/^-/, '') : null;
    return {
      sort: sortId ? { id: sortId, desc } : null,
      sortable: (columnId) => entity.columns.some((c) => 'key' in c && c.key === columnId && !unsortedCells.has(c.cell)),
      // Ascending, then descending, then back to the default order (newest first).
      onSort: (columnId) => {
        const next = sortId !== columnId ? columnId : desc ? undefined : `-${columnId}`;
        onView({ ...view, sort: next, page: undefined });
      },
      total,
    };
  }, [view, onView, sortParam, entity.columns, total]);
  const page = view?.page ?? 1;
  const pages = Math.max(1, Math.ceil(total / listPageSize));

  useEffect(() => {
    document.title = `${texts.title} | ${adminTexts.panelTitle}`;
  }, [texts.title]);

  return (
    <section className="admin-screen" aria-labelledby={`${entity.key}-title`}>
      <div className="admin-screen-header">
        <h2 id={`${entity.key}-title`} className="admin-screen-title" tabIndex={-1} data-focus-home="">
          {texts.title}
        </h2>
        <span className="admin-screen-actions">
          {isImportable(entity) && (
            <button type="button" className="admin-button admin-button-secondary" onClick={() => setImportOpen(true)}>
              {bulkTexts.importButton}
            </button>
          )}
          {ops.create && texts.addButton && (
            <button type="button" className="admin-button admin-button-primary" {...opensForm} onClick={openAdd}>
              {texts.addButton}
            </button>
          )}
        </span>
      </div>

      {view && onView && <ListToolbar entity={entity} view={view} onView={onView} total={listState === 'table' ? total : null} />}
      {chosen > 0 && (
        <BulkBar
          count={chosen}
          allMatching={chosenState.allMatching !== null}
          matchingTotal={allLoadedChosen && matching ? matching.total : null}
          busy={bulkBusy}
          onSelectAllMatching={() => matching && selection.chooseAllMatching(matching.query, matching.total)}
          onDelete={ops.remove ? () => askBulk('bulk.delete') : undefined}
          onEdit={bulkEdits ? () => askBulk('bulk.edit') : undefined}
          onClear={clearSelection}
        />
      )}
      {chosen === 0 && bulkResult && <BulkReport result={bulkResult} onDismiss={() => bulk.send({ type: 'dismiss' })} />}

      {listState === 'loading' && (
        <p className="admin-loading" role="status">
          {adminTexts.loading}
        </p>
      )}
      {listState === 'failed' && (
        <div className="admin-failed" role="alert">
          <p>{texts.failed.list}</p>
          <button type="button" className="admin-button admin-button-secondary" onClick={() => list.send({ type: 'reload' })}>
            {adminTexts.reload}
          </button>
        </div>
      )}
      {listState === 'table' && (
        <div className={refreshing ? 'admin-list-refreshing' : undefined} aria-busy={refreshing}>
          <EntityTable
            entity={entity}
            rows={rows}
            pageLabels={pageLabels}
            server={server}
            onEdit={ops.update ? onEdit : undefined}
            onDelete={ops.remove ? onDelete : undefined}
            onAction={entity.actions.length > 0 ? runAction : undefined}
            onView={onOpen}
            onSaved={ops.update ? onSaved : undefined}
            selection={ops.remove || bulkEdits ? selection.table : undefined}
          />
          {view && onView && <Pager page={page} pages={pages} onPage={(next) => onView({ ...view, page: next > 1 ? next : undefined })} />}
        </div>
      )}

      {dialogs}

      <ConfirmDialog
        open={bulkConfirming}
        question={bulkTexts.confirmBulkDelete(formatPersianNumber(bulkCount), texts.nav)}
        busy={bulkDeleting}
        onConfirm={() => bulk.send({ type: 'confirm' })}
        onCancel={() => bulk.send({ type: 'cancel' })}
      />
      {bulkEdits && <BulkEditDialogs entity={entity} bulk={bulk} />}
      {isImportable(entity) && importOpen && (
        <LazyPart>
          <ImportDialog entity={entity} actor={importer} open onClose={() => setImportOpen(false)} />
        </LazyPart>
      )}
    </section>
  );
}
