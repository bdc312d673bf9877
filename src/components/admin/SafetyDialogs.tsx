// The dialogs that keep an admin's work when others work too: a save over someone else's
// (conflict), leaving a form with unsaved changes, a session that expired during a save, and a
// delete refused because the record is in use.
import { AlertDialog } from 'radix-ui';
import { AlertShell } from './ConfirmDialog';
import { useId, useMemo, useState, type FormEvent } from 'react';
import type { AnyEntity, AnyRow } from '../../../schema/define';
import { api, serverMessage } from '../../api/client';
import { saveToken } from '../../lib/auth';
import { formatJalaliDateTime } from '../../../schema/rules/calendar';
import { toLatinDigits } from '../../../schema/rules/text';
import type { VersionConflict } from '../../machines/entityApi';
import { formatFieldValue } from './fieldValue';
import { labelsOfField, useReferenceLabels } from './relations';
import { adminTexts } from './texts';

export interface ConflictDialogProps {
  entity: AnyEntity;
  conflict: VersionConflict | null;
  /** The row as the form loaded it. */
  loaded: AnyRow | null;
  /** What the admin submitted. */
  mine: Record<string, unknown>;
  onReload: () => void;
  onOverwrite: () => void;
}

const noFields: readonly string[] = [];

export function ConflictDialog({ entity, conflict, loaded, mine, onReload, onOverwrite }: ConflictDialogProps) {
  const [confirmingReload, setConfirmingReload] = useState(false);
  const open = conflict !== null;
  // A changed reference is told by the names of the records on each side, not their numbers.
  const compared = useMemo(() => (conflict ? [loaded ?? {}, conflict.current, mine] : []), [conflict, loaded, mine]);
  const labels = useReferenceLabels(entity, compared, conflict?.changedFields ?? noFields);
  const who = conflict?.changedBy
    ? adminTexts.conflictBy(conflict.changedBy.name || adminTexts.userNumber(conflict.changedBy.id), formatJalaliDateTime(conflict.changedAt))
    : adminTexts.conflictByUnknown;
  return (
    <AlertShell open={open} onDismiss={() => setConfirmingReload(false)} top kind="conflict">
      <div className="admin-modal-body">
        <AlertDialog.Title className="admin-modal-title">{adminTexts.conflictTitle}</AlertDialog.Title>
        <AlertDialog.Description className="admin-confirm-question">{who}</AlertDialog.Description>
        {conflict && conflict.changedFields.length > 0 ? (
          <>
            <h3 className="admin-conflict-heading">{adminTexts.conflictFields}</h3>
            <ul className="admin-conflict-fields">
              {conflict.changedFields.map((name) => {
                const field = entity.fields[name];
                const names = labelsOfField(field, labels);
                return (
                  <li key={name} className="admin-conflict-field">
                    <strong>{field?.label ?? name}</strong>
                    <dl>
                      <div>
                        <dt>{adminTexts.conflictLoaded}</dt>
                        <dd>{formatFieldValue(field, loaded?.[name], names)}</dd>
                      </div>
                      <div className="admin-conflict-theirs">
                        <dt>{adminTexts.conflictTheirs}</dt>
                        <dd>{formatFieldValue(field, conflict.current[name], names)}</dd>
                      </div>
                      <div>
                        <dt>{adminTexts.conflictMine}</dt>
                        <dd>{formatFieldValue(field, mine[name], names)}</dd>
                      </div>
                    </dl>
                  </li>
                );
              })}
            </ul>
          </>
        ) : (
          <p className="admin-hint">{adminTexts.conflictNoFields}</p>
        )}
        {confirmingReload ? (
          <div className="admin-conflict-confirm" role="alert">
            <p>{adminTexts.conflictReloadConfirm}</p>
            <div className="admin-form-actions">
              <button type="button" className="admin-button admin-button-secondary" onClick={() => setConfirmingReload(false)}>
                {adminTexts.back}
              </button>
              <button
                type="button"
                className="admin-button admin-button-danger"
                onClick={() => {
                  setConfirmingReload(false);
                  onReload();
                }}
              >
                {adminTexts.conflictReloadYes}
              </button>
            </div>
          </div>
        ) : (
          <div className="admin-form-actions">
            <button type="button" className="admin-button admin-button-secondary" onClick={() => setConfirmingReload(true)}>
              {adminTexts.conflictReload}
            </button>
            <button type="button" className="admin-button admin-button-primary" onClick={onOverwrite}>
              {adminTexts.conflictOverwrite}
            </button>
          </div>
        )}
      </div>
    </AlertShell>
  );
}

export interface UnsavedDialogProps {
  open: boolean;
  onLeave: () => void;
  onStay: () => void;
}

export function UnsavedChangesDialog({ open, onLeave, onStay }: UnsavedDialogProps) {
  return (
    <AlertShell open={open} onDismiss={onStay} top>
      <div className="admin-modal-body">
        <AlertDialog.Title className="admin-modal-title">{adminTexts.unsavedTitle}</AlertDialog.Title>
        <AlertDialog.Description className="admin-confirm-question">{adminTexts.unsavedQuestion}</AlertDialog.Description>
        <div className="admin-form-actions">
          <AlertDialog.Cancel asChild>
            <button type="button" className="admin-button admin-button-primary">
              {adminTexts.unsavedStay}
            </button>
          </AlertDialog.Cancel>
          <button type="button" className="admin-button admin-button-danger" onClick={onLeave}>
            {adminTexts.unsavedLeave}
          </button>
        </div>
      </div>
    </AlertShell>
  );
}

export interface SignInAgainProps {
  open: boolean;
  onSignedIn: () => void;
  onCancel: () => void;
}

/** Signs in through the same API as the sign-in page, without leaving the form. */
export function SignInAgainDialog({ open, onSignedIn, onCancel }: SignInAgainProps) {
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const user = username.trim();
    if (!user || !password) {
      setFailure(adminTexts.signInRequired);
      return;
    }
    setBusy(true);
    setFailure(null);
    const body = { username: user.includes('@') ? user : toLatinDigits(user).replace(/[\s-]/g, ''), password };
    const { data, error } = await api.POST('/api/Auth/SignIn', { body }).catch(() => ({ data: undefined, error: undefined }));
    setBusy(false);
    if (!data) {
      setFailure(serverMessage(error) ?? adminTexts.signInFailed);
      return;
    }
    saveToken(data.accessToken);
    setPassword('');
    onSignedIn();
  };

  return (
    <AlertShell open={open} onDismiss={() => !busy && onCancel()} top>
      <form className="admin-modal-body" onSubmit={(event) => void submit(event)} noValidate>
        <AlertDialog.Title className="admin-modal-title">{adminTexts.signInAgainTitle}</AlertDialog.Title>
        <AlertDialog.Description className="admin-confirm-question">{adminTexts.signInAgainLead}</AlertDialog.Description>
        <div className="admin-field">
          <label className="admin-label" htmlFor={`${id}-user`}>
            {adminTexts.signInUser}
          </label>
          <input
            id={`${id}-user`}
            className="admin-input"
            dir="ltr"
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </div>
        <div className="admin-field">
          <label className="admin-label" htmlFor={`${id}-password`}>
            {adminTexts.signInPassword}
          </label>
          <input
            id={`${id}-password`}
            className="admin-input"
            type="password"
            dir="ltr"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        {failure && (
          <p className="admin-error" role="alert">
            {failure}
          </p>
        )}
        <div className="admin-form-actions">
          <AlertDialog.Cancel asChild>
            <button type="button" className="admin-button admin-button-secondary" disabled={busy}>
              {adminTexts.cancel}
            </button>
          </AlertDialog.Cancel>
          <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
            {busy ? adminTexts.signInBusy : adminTexts.signInSubmit}
          </button>
        </div>
      </form>
    </AlertShell>
  );
}

export interface DeactivateDialogProps {
  open: boolean;
  reason: string | null;
  busy: boolean;
  onDeactivate: () => void;
  onClose: () => void;
}

export function DeactivateDialog({ open, reason, busy, onDeactivate, onClose }: DeactivateDialogProps) {
  return (
    <AlertShell open={open} onDismiss={() => !busy && onClose()}>
      <div className="admin-modal-body">
        <AlertDialog.Title className="admin-modal-title">{adminTexts.deactivateTitle}</AlertDialog.Title>
        <AlertDialog.Description className="admin-confirm-question">
          {reason}
          <br />
          {adminTexts.deactivateOffer}
        </AlertDialog.Description>
        <div className="admin-form-actions">
          <AlertDialog.Cancel asChild>
            <button type="button" className="admin-button admin-button-secondary" disabled={busy}>
              {adminTexts.close}
            </button>
          </AlertDialog.Cancel>
          <button type="button" className="admin-button admin-button-primary" disabled={busy} onClick={onDeactivate}>
            {busy ? adminTexts.loading : adminTexts.deactivate}
          </button>
        </div>
      </div>
    </AlertShell>
  );
}
