// One admin screen for any entity of the registry: title, add button, the table and the
// modal/confirmation, all driven by the three generic machines.
import { useBlocker } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import type { AnyEntity, AnyRow } from '../../../schema/define';
import { deleteMachine } from '../../machines/deleteMachine';
import { formMachine } from '../../machines/formMachine';
import { listMachine } from '../../machines/listMachine';
import { ConfirmDialog } from './ConfirmDialog';
import { EntityForm } from './EntityForm';
import { EntityModal } from './EntityModal';
import { EntityTable } from './EntityTable';
import { recordName } from './fieldValue';
import { showNotice } from './notify';
import { ConflictDialog, DeactivateDialog, SignInAgainDialog, UnsavedChangesDialog } from './SafetyDialogs';
import { adminTexts } from './texts';

const listLogic = listMachine.provide({ actions: { notify: showNotice } });
const formLogic = formMachine.provide({ actions: { notify: showNotice } });
const deleteLogic = deleteMachine.provide({ actions: { notify: showNotice } });

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
  const removing = useSelector(remove, (s) => s.context.row);
  const offerDeactivate = useSelector(remove, (s) => (s.matches('failed') || s.matches('deactivating')) && s.context.canDeactivate);
  const deactivating = useSelector(remove, (s) => s.matches('deactivating'));
  const refusal = useSelector(remove, (s) => s.context.refusal);
  const conflict = useSelector(form, (s) => (s.matches({ edit: 'conflict' }) ? s.context.conflict : null));
  const signingIn = useSelector(form, (s) => s.matches({ add: 'signIn' }) || s.matches({ edit: 'signIn' }));

  // Unsaved changes: closing the modal, a sidebar link, Back and reload all ask first.
  const [dirty, setDirty] = useState(false);
  const [askClose, setAskClose] = useState(false);
  // A closed form holds nothing; a newly opened one reports itself clean when it mounts.
  const guarded = dirty && mode !== 'closed';
  const shouldBlockFn = useCallback(() => guarded, [guarded]);
  const blocker = useBlocker({ shouldBlockFn, enableBeforeUnload: guarded, withResolver: true });
  const requestClose = () => {
    if (guarded) setAskClose(true);
    else form.send({ type: 'close' });
  };

  const onEdit = useCallback((row: AnyRow) => form.send({ type: 'open.edit', row }), [form]);
  const onDelete = useCallback((row: AnyRow) => remove.send({ type: 'row.delete', row }), [remove]);
  const { texts, ops } = entity;

  useEffect(() => {
    document.title = `${texts.title} | ${adminTexts.panelTitle}`;
  }, [texts.title]);

  return (
    <section className="admin-screen" aria-labelledby={`${entity.key}-title`}>
      <div className="admin-screen-header">
        <h2 id={`${entity.key}-title`} className="admin-screen-title">
          {texts.title}
        </h2>
        {ops.create && texts.addButton && (
          <button type="button" className="admin-button admin-button-primary" onClick={() => form.send({ type: 'open.add' })}>
            {texts.addButton}
          </button>
        )}
      </div>

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
        />
      )}

      <EntityModal
        open={mode !== 'closed'}
        title={mode === 'add' ? (texts.addTitle ?? texts.addButton ?? texts.title) : texts.editTitle}
        closable={!saving}
        onClose={requestClose}
      >
        {mode !== 'closed' && (
          <EntityForm
            // A new form per opening; a failed save keeps this one, and with it what was typed.
            // A conflict resolved by reloading (or overwriting) moves the version: a new form.
            key={`${mode}-${editing?.id ?? 'new'}-${String(editing?.version ?? '')}`}
            entity={entity}
            initialValues={values}
            saving={saving}
            onSubmit={(submitted) => form.send({ type: 'submit', values: submitted })}
            onCancel={requestClose}
            onDirtyChange={setDirty}
          />
        )}
      </EntityModal>

      <ConflictDialog
        entity={entity}
        conflict={conflict}
        loaded={editing}
        mine={values}
        onReload={() => form.send({ type: 'conflict.reload' })}
        onOverwrite={() => form.send({ type: 'conflict.overwrite' })}
      />
      <SignInAgainDialog open={signingIn} onSignedIn={() => form.send({ type: 'signedIn' })} onCancel={() => form.send({ type: 'signIn.cancel' })} />
      <UnsavedChangesDialog
        open={askClose || blocker.status === 'blocked'}
        onLeave={() => {
          setAskClose(false);
          setDirty(false);
          if (blocker.status === 'blocked') blocker.proceed();
          else form.send({ type: 'close' });
        }}
        onStay={() => {
          setAskClose(false);
          if (blocker.status === 'blocked') blocker.reset();
        }}
      />
      <DeactivateDialog
        open={offerDeactivate}
        reason={refusal}
        busy={deactivating}
        onDeactivate={() => remove.send({ type: 'deactivate' })}
        onClose={() => remove.send({ type: 'dismiss' })}
      />

      <ConfirmDialog
        open={confirming}
        question={texts.confirmRemove}
        subject={removing ? recordName(entity, removing) : undefined}
        busy={deleting}
        onConfirm={() => remove.send({ type: 'confirm' })}
        onCancel={() => remove.send({ type: 'cancel' })}
      />
    </section>
  );
}
