// One admin screen for any entity of the registry: title, add button, the table and the
// modal/confirmation, all driven by the three generic machines.
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AnyEntity, AnyRow } from '../../../schema/define';
import { isImportable } from '../../../schema/importable';
import { formatPersianNumber } from '../../lib/text';
import { bulkMachine } from '../../machines/bulkMachine';
import { deleteMachine } from '../../machines/deleteMachine';
import { formMachine } from '../../machines/formMachine';
import { importMachine } from '../../machines/importMachine';
import { listMachine } from '../../machines/listMachine';
import { BulkBar, BulkReport } from './BulkBar';
import { bulkTexts } from './bulkTexts';
import { ConfirmDialog } from './ConfirmDialog';
import { EntityForm } from './EntityForm';
import { EntityModal } from './EntityModal';
import { EntityTable } from './EntityTable';
import { ImportDialog } from './ImportDialog';
import { listMatching, retainRows, selectedCount, toBulkSelection, useRowSelection } from './selection';
import { showNotice } from './notify';
import { adminTexts } from './texts';

const listLogic = listMachine.provide({ actions: { notify: showNotice } });
const formLogic = formMachine.provide({ actions: { notify: showNotice } });
const deleteLogic = deleteMachine.provide({ actions: { notify: showNotice } });
const importLogic = importMachine.provide({ actions: { notify: showNotice } });

export interface EntityScreenProps {
  entity: AnyEntity;
}

export function EntityScreen({ entity }: EntityScreenProps) {
  const list = useActorRef(listLogic, { input: { entity } });
  const form = useActorRef(formLogic, { input: { entity, list } });
  const remove = useActorRef(deleteLogic, { input: { entity, list } });

  const listState = useSelector(list, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'table'));
  const rows = useSelector(list, (s) => s.context.rows);
  const mode = useSelector(form, (s) => (s.matches('add') ? 'add' : s.matches('edit') ? 'edit' : 'closed'));
  const saving = useSelector(form, (s) => s.matches({ add: 'saving' }) || s.matches({ edit: 'saving' }));
  const values = useSelector(form, (s) => s.context.values);
  const editing = useSelector(form, (s) => s.context.row);
  const confirming = useSelector(remove, (s) => s.matches('confirming') || s.matches('deleting'));
  const deleting = useSelector(remove, (s) => s.matches('deleting'));

  const onEdit = useCallback((row: AnyRow) => form.send({ type: 'open.edit', row }), [form]);
  const onDelete = useCallback((row: AnyRow) => remove.send({ type: 'row.delete', row }), [remove]);
  const { texts, ops } = entity;

  // Bulk work: selection (the table's checkboxes), bulk delete and CSV import.
  const selection = useRowSelection();
  const clearSelection = selection.clear;
  const bulk = useActorRef(bulkMachine.provide({ actions: { notify: showNotice, clearSelection } }), { input: { entity, list } });
  const importer = useActorRef(importLogic, { input: { entity, list } });
  const [importOpen, setImportOpen] = useState(false);
  const bulkConfirming = useSelector(bulk, (s) => s.matches('confirming') || s.matches('deleting'));
  const bulkDeleting = useSelector(bulk, (s) => s.matches('deleting'));
  const bulkCount = useSelector(bulk, (s) => s.context.count);
  const bulkResult = useSelector(bulk, (s) => (s.matches('done') ? s.context.result : null));
  const matching = useSelector(list, (s) => listMatching(s.context), (a, b) => a?.total === b?.total && a?.query === b?.query);
  // A list holding every row drops from the selection what is no longer in it (deleted one by
  // one meanwhile); a paged list keeps ids chosen on other pages.
  const rowIds = useMemo(() => new Set(rows.map((row) => row.id)), [rows]);
  const chosenState = matching ? selection.state : retainRows(selection.state, rowIds);
  const chosen = selectedCount(chosenState);
  const allLoadedChosen = chosenState.ids.size > 0 && rows.every((row) => chosenState.ids.has(row.id));
  const askBulkDelete = () => {
    const chosenRows = toBulkSelection(chosenState);
    if (chosenRows) bulk.send({ type: 'bulk.delete', selection: chosenRows, count: chosen });
  };

  useEffect(() => {
    document.title = `${texts.title} | ${adminTexts.panelTitle}`;
  }, [texts.title]);

  return (
    <section className="admin-screen" aria-labelledby={`${entity.key}-title`}>
      <div className="admin-screen-header">
        <h2 id={`${entity.key}-title`} className="admin-screen-title">
          {texts.title}
        </h2>
        <span className="admin-screen-actions">
          {isImportable(entity) && (
            <button type="button" className="admin-button admin-button-secondary" onClick={() => setImportOpen(true)}>
              {bulkTexts.importButton}
            </button>
          )}
          {ops.create && texts.addButton && (
            <button type="button" className="admin-button admin-button-primary" onClick={() => form.send({ type: 'open.add' })}>
              {texts.addButton}
            </button>
          )}
        </span>
      </div>

      {chosen > 0 && (
        <BulkBar
          count={chosen}
          allMatching={chosenState.allMatching !== null}
          matchingTotal={allLoadedChosen && matching ? matching.total : null}
          busy={bulkDeleting}
          onSelectAllMatching={() => matching && selection.chooseAllMatching(matching.query, matching.total)}
          onDelete={ops.remove ? askBulkDelete : undefined}
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
        <EntityTable
          entity={entity}
          rows={rows}
          onEdit={ops.update ? onEdit : undefined}
          onDelete={ops.remove ? onDelete : undefined}
          selection={ops.remove ? selection.table : undefined}
        />
      )}

      <EntityModal
        open={mode !== 'closed'}
        title={mode === 'add' ? (texts.addTitle ?? texts.addButton ?? texts.title) : texts.editTitle}
        closable={!saving}
        onClose={() => form.send({ type: 'close' })}
      >
        {mode !== 'closed' && (
          <EntityForm
            // A new form per opening; a failed save keeps this one, and with it what was typed.
            key={`${mode}-${editing?.id ?? 'new'}`}
            entity={entity}
            initialValues={values}
            saving={saving}
            onSubmit={(submitted) => form.send({ type: 'submit', values: submitted })}
            onCancel={() => form.send({ type: 'close' })}
          />
        )}
      </EntityModal>

      <ConfirmDialog
        open={confirming}
        question={texts.confirmRemove}
        busy={deleting}
        onConfirm={() => remove.send({ type: 'confirm' })}
        onCancel={() => remove.send({ type: 'cancel' })}
      />

      <ConfirmDialog
        open={bulkConfirming}
        question={bulkTexts.confirmBulkDelete(formatPersianNumber(bulkCount), texts.nav)}
        busy={bulkDeleting}
        onConfirm={() => bulk.send({ type: 'confirm' })}
        onCancel={() => bulk.send({ type: 'cancel' })}
      />
      {isImportable(entity) && <ImportDialog entity={entity} actor={importer} open={importOpen} onClose={() => setImportOpen(false)} />}
    </section>
  );
}
