// Editing and deleting records of one entity, wherever they are shown (the list screen, a
// record's detail view): the generic form and delete machines over a list actor, and every
// dialog they need — the modal form, the version conflict, signing in again, unsaved changes,
// the delete confirmation and the offer to deactivate instead.
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { AlertDialog } from 'radix-ui';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { blankRecord, type AnyAction, type AnyEntity, type AnyRow, type RegistryKey } from '../../../schema/define';
import { useEntity } from './entities';
import { useEntityView } from './panelAccess';
import { actionMachine } from '../../machines/actionMachine';
import { deleteMachine } from '../../machines/deleteMachine';
import { formMachine } from '../../machines/formMachine';
import { listMachine, type ListActorRef } from '../../machines/listMachine';
import { AddInPlaceContext, type AddInPlace } from './addInPlace';
import { AlertShell, ConfirmDialog, NoticeDialog } from './ConfirmDialog';
import { holdFocusHere } from './dialogFocus';
import { adminTexts } from './texts';
import { EntityModal } from './EntityModal';
import { recordName } from './fieldValue';
import { useRecordNames } from './relations';
import { EntityForm, preloadEntityForm } from './formPart';
import { LazyPart, whenIdle } from './LazyPart';
import { showNotice } from './notify';
import { ConflictDialog, DeactivateDialog, SignInAgainDialog, UnsavedChangesDialog } from './SafetyDialogs';

// The form is its own chunk, fetched ahead of its dialog (./formPart.ts). The dialogs are small
// and must work when the connection has just gone, so they come with the screen.

const formLogic = formMachine.provide({ actions: { notify: showNotice } });
const deleteLogic = deleteMachine.provide({ actions: { notify: showNotice } });
const actionLogic = actionMachine.provide({ actions: { notify: showNotice } });
const countLogic = listMachine.provide({ actions: { notify: showNotice } });

export interface EntityEditing {
  openAdd: () => void;
  /** The add form with some fields already given (see formMachine's `open.add`). */
  openAddWith: (values: Readonly<Record<string, unknown>>) => void;
  openEdit: (row: AnyRow) => void;
  askDelete: (row: AnyRow) => void;
  /** Starts one of the schema's record actions (asking first when it declares a question). */
  runAction: (row: AnyRow, action: AnyAction) => void;
  /** Which form is open. */
  mode: 'add' | 'edit' | 'closed';
  /** The modal and dialogs, to be rendered once by the screen. */
  dialogs: ReactNode;
}

/** `onCreated`, when given, is told each record the add form makes (kept from the first render). */
export function useEntityEditing(entity: AnyEntity, list: ListActorRef, onCreated?: (row: AnyRow) => void): EntityEditing {
  const [creatingLogic] = useState(() => (onCreated ? formLogic.provide({ actions: { created: (_, row: AnyRow | null) => row && onCreated(row) } }) : formLogic));
  const form = useActorRef(creatingLogic, { input: { entity, list } });
  const remove = useActorRef(deleteLogic, { input: { entity, list } });
  const navigate = useNavigate();
  // An action that made a record of this entity (a course copied for the next term) opens it.
  const openingLogic = useMemo(
    () =>
      actionLogic.provide({
        actions: {
          open: (_, id: number | null) => {
            if (id !== null) void navigate({ to: '/admin/$entity/$id', params: { entity: entity.key, id } });
          },
        },
      }),
    [navigate, entity.key],
  );
  const act = useActorRef(openingLogic, { input: { entity, list } });
  const { texts } = entity;

  // Once the list shows, the form is fetched while the browser is idle: a dialog opens with it.
  const listShown = useSelector(list, (s) => s.matches('table') || s.matches('refreshing'));
  useEffect(() => (listShown ? whenIdle(preloadEntityForm) : undefined), [listShown]);

  const mode = useSelector(form, (s) => (s.matches('add') ? 'add' : s.matches('edit') ? 'edit' : 'closed'));
  const saving = useSelector(form, (s) => s.matches({ add: 'saving' }) || s.matches({ edit: 'saving' }));
  const values = useSelector(form, (s) => s.context.values);
  const editing = useSelector(form, (s) => s.context.row);
  const conflict = useSelector(form, (s) => (s.matches({ edit: 'conflict' }) ? s.context.conflict : null));
  const preview = useSelector(form, (s) => s.context.preview);
  const signingIn = useSelector(form, (s) => s.matches({ add: 'signIn' }) || s.matches({ edit: 'signIn' }));
  const confirming = useSelector(remove, (s) => s.matches('confirming') || s.matches('deleting'));
  const deleting = useSelector(remove, (s) => s.matches('deleting'));
  const removing = useSelector(remove, (s) => s.context.row);
  const offerDeactivate = useSelector(remove, (s) => (s.matches('failed') || s.matches('deactivating')) && s.context.canDeactivate);
  const deactivating = useSelector(remove, (s) => s.matches('deactivating'));
  const refusal = useSelector(remove, (s) => s.context.refusal);
  const asking = useSelector(act, (s) => (s.matches('confirming') || s.matches('running') ? s.context : null));
  const offering = useSelector(act, (s) => (s.matches('offering') ? s.context : null));
  // A dialog names its record; one named through its references (an enrolment) by the server's label.
  const names = useRecordNames(entity, [removing, asking?.row]);
  const acting = useSelector(act, (s) => s.matches('running'));
  const told = useSelector(act, (s) => (s.matches('told') ? s.context : null));

  // Unsaved changes: closing the modal, a sidebar link, Back and reload all ask first.
  const [dirty, setDirty] = useState(false);
  const [askClose, setAskClose] = useState(false);
  // A closed form holds nothing; a newly opened one reports itself clean when it mounts.
  const guarded = dirty && mode !== 'closed';
  // The blocker decides when a navigation happens, from what is true at that moment: the form's
  // latest report (kept in a ref as it arrives) and the machine's state. Re-registering the
  // blocker on each change left a moment after typing when Back was not yet guarded.
  const dirtyNow = useRef(false);
  const reportDirty = useCallback((next: boolean) => {
    dirtyNow.current = next;
    setDirty(next);
  }, []);
  const guardedNow = useCallback(() => {
    const state = form.getSnapshot();
    return dirtyNow.current && (state.matches('add') || state.matches('edit'));
  }, [form]);
  // Only a move to another screen loses the form: a list's view (search, sort, page) changing
  // under it, such as the search box's delayed write to the URL, keeps the form where it is.
  const shouldBlockFn = useCallback(
    ({ current, next }: { current: { pathname: string }; next: { pathname: string } }) => guardedNow() && current.pathname !== next.pathname,
    [guardedNow],
  );
  const blocker = useBlocker({ shouldBlockFn, enableBeforeUnload: guardedNow, withResolver: true });
  const requestClose = () => {
    if (guarded) setAskClose(true);
    else form.send({ type: 'close' });
  };

  const openAdd = useCallback(() => form.send({ type: 'open.add' }), [form]);
  const openAddWith = useCallback((values: Readonly<Record<string, unknown>>) => form.send({ type: 'open.add', values }), [form]);
  const openEdit = useCallback((row: AnyRow) => form.send({ type: 'open.edit', row }), [form]);
  const askDelete = useCallback((row: AnyRow) => remove.send({ type: 'row.delete', row }), [remove]);
  // The action's button may go with it (the record no longer offers it): focus stays on the screen.
  const runAction = useCallback(
    (row: AnyRow, action: AnyAction) => {
      holdFocusHere();
      act.send({ type: 'row.action', row, action });
    },
    [act],
  );
  // A picker's «add» (./addInPlace.ts): the referenced entity's own add form over this one.
  const [inPlace, setInPlace] = useState<{ key: RegistryKey; picked: (id: number) => void } | null>(null);
  const inPlaceEntity = useEntityView(useEntity(inPlace?.key ?? null));
  const addInPlace = useCallback<AddInPlace>((key, picked) => setInPlace({ key, picked }), []);
  const endInPlace = useCallback(() => setInPlace(null), []);

  const dialogs = (
    <>
      <EntityModal
        open={mode !== 'closed'}
        title={mode === 'add' ? (texts.addTitle ?? texts.addButton ?? texts.title) : texts.editTitle}
        closable={!saving}
        onClose={requestClose}
      >
        {mode !== 'closed' && (
          <LazyPart>
            <AddInPlaceContext.Provider value={addInPlace}>
              <EntityForm
                // A new form per opening; a failed save keeps this one, and with it what was typed.
              // A conflict resolved by reloading (or overwriting) moves the version: a new form.
                key={`${mode}-${editing?.id ?? 'new'}-${String(editing?.version ?? '')}`}
                entity={entity}
                mode={mode}
                initialValues={values}
                saving={saving}
                onSubmit={(submitted) => form.send({ type: 'submit', values: submitted })}
                onCancel={requestClose}
                onDirtyChange={reportDirty}
              />
            </AddInPlaceContext.Provider>
          </LazyPart>
        )}
      </EntityModal>
      {inPlace && inPlaceEntity && <InPlaceAdd entity={inPlaceEntity} onMade={inPlace.picked} onClosed={endInPlace} />}

      {conflict && (
        <ConflictDialog
          entity={entity}
          conflict={conflict}
          loaded={editing}
          mine={values}
          onReload={() => form.send({ type: 'conflict.reload' })}
          onOverwrite={() => form.send({ type: 'conflict.overwrite' })}
        />
      )}
      {preview && entity.decl.savePreview && (
        <ConfirmDialog
          open
          title={entity.decl.savePreview.title}
          question={adminTexts.previewQuestion(preview.length)}
          confirmLabel={entity.decl.savePreview.confirmLabel}
          busy={false}
          onConfirm={() => form.send({ type: 'preview.confirm' })}
          onCancel={() => form.send({ type: 'preview.cancel' })}
          details={
            <ul className="admin-preview-list">
              {preview.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          }
        />
      )}
      {signingIn && (
        <SignInAgainDialog open onSignedIn={() => form.send({ type: 'signedIn' })} onCancel={() => form.send({ type: 'signIn.cancel' })} />
      )}
      {(askClose || blocker.status === 'blocked') && (
        <UnsavedChangesDialog
          open
          onLeave={() => {
            setAskClose(false);
            reportDirty(false);
            if (blocker.status === 'blocked') blocker.proceed();
            else form.send({ type: 'close' });
          }}
          onStay={() => {
            setAskClose(false);
            if (blocker.status === 'blocked') blocker.reset();
          }}
        />
      )}
      {offerDeactivate && (
        <DeactivateDialog
          open
          reason={refusal}
          busy={deactivating}
          onDeactivate={() => remove.send({ type: 'deactivate' })}
          onClose={() => remove.send({ type: 'dismiss' })}
        />
      )}
      <ConfirmDialog
        open={confirming}
        question={texts.confirmRemove}
        subject={removing ? recordName(entity, removing, names) : undefined}
        busy={deleting}
        onConfirm={() => remove.send({ type: 'confirm' })}
        onCancel={() => remove.send({ type: 'cancel' })}
      />
      {asking?.action && Object.keys(asking.action.fields).length > 0 && (
        <ActionInputDialog
          action={asking.action}
          subject={asking.row ? recordName(entity, asking.row, names) : undefined}
          detail={asking.row && asking.action.detail ? asking.action.detail(asking.row) : undefined}
          initial={asking.row && asking.action.initial ? asking.action.initial(asking.row) : undefined}
          busy={acting}
          onConfirm={(values) => act.send({ type: 'confirm', values })}
          onCancel={() => act.send({ type: 'cancel' })}
        />
      )}
      {offering?.action && offering.followUp && (
        <ConfirmDialog
          open
          title={offering.action.failed}
          question={offering.followUp.reason}
          details={<p className="admin-confirm-detail">{offering.followUp.offer}</p>}
          confirmLabel={offering.followUp.action.label}
          tone="neutral"
          subject={offering.row ? recordName(entity, offering.row, names) : undefined}
          busy={false}
          onConfirm={() => act.send({ type: 'follow' })}
          onCancel={() => act.send({ type: 'cancel' })}
        />
      )}
      {told?.action && told.notice !== null && (
        <NoticeDialog title={told.action.succeeded} notice={told.notice} onClose={() => act.send({ type: 'dismiss' })} />
      )}
      {asking?.action?.confirm && Object.keys(asking.action.fields).length === 0 && (
        <ConfirmDialog
          open
          title={asking.action.label}
          question={asking.action.confirm}
          confirmLabel={asking.action.confirmLabel ?? asking.action.label}
          tone={asking.action.tone}
          subject={asking.row ? recordName(entity, asking.row, names) : undefined}
          details={asking.row && asking.action.detail ? <p className="admin-confirm-detail">{asking.action.detail(asking.row)}</p> : undefined}
          busy={acting}
          onConfirm={() => act.send({ type: 'confirm' })}
          onCancel={() => act.send({ type: 'cancel' })}
        />
      )}
    </>
  );

  return { openAdd, openAddWith, openEdit, askDelete, runAction, mode, dialogs };
}

/** A record's count only: what the add form opened from a picker reloads when it saves. */
const oneRow = { pageSize: '1' };

/** The add form of `entity`, opened at once over another form; `onMade` gets the record it made. */
function InPlaceAdd({ entity, onMade, onClosed }: { entity: AnyEntity; onMade: (id: number) => void; onClosed: () => void }) {
  const list = useActorRef(countLogic, { input: { entity, query: oneRow } });
  const { openAdd, mode, dialogs } = useEntityEditing(entity, list, (row) => onMade(row.id));
  const opened = useRef(false);
  useEffect(() => openAdd(), [openAdd]);
  useEffect(() => {
    if (mode !== 'closed') opened.current = true;
    else if (opened.current) onClosed();
  }, [mode, onClosed]);
  return dialogs;
}

interface ActionInputDialogProps {
  action: AnyAction;
  subject: string | undefined;
  /** See ActionDecl.detail. */
  detail: string | undefined;
  /** See ActionDecl.initial. */
  initial: Readonly<Record<string, unknown>> | undefined;
  busy: boolean;
  onConfirm: (values: Record<string, unknown>) => void;
  onCancel: () => void;
}

/** An action that asks something first: its question, the record, and its inputs as a form. */
function ActionInputDialog({ action, subject, detail, initial, busy, onConfirm, onCancel }: ActionInputDialogProps) {
  return (
    <AlertShell open onDismiss={() => !busy && onCancel()}>
      <div className="admin-modal-body">
        <AlertDialog.Title className="admin-modal-title">{action.label}</AlertDialog.Title>
        {action.confirm ? (
          <AlertDialog.Description className="admin-confirm-question">{action.confirm}</AlertDialog.Description>
        ) : (
          <AlertDialog.Description className="admin-visually-hidden">{action.label}</AlertDialog.Description>
        )}
        {subject && <p className="admin-confirm-subject">«{subject}»</p>}
        {detail && <p className="admin-confirm-detail">{detail}</p>}
        <LazyPart>
          <EntityForm
            entity={action}
            initialValues={{ ...blankRecord(action), ...initial }}
            saving={busy}
            submitLabel={action.confirmLabel ?? action.label}
            tone={action.tone}
            onSubmit={onConfirm}
            onCancel={onCancel}
          />
        </LazyPart>
      </div>
    </AlertShell>
  );
}
