// The delete confirmation: an accessible alertdialog (never window.confirm) with the entity's
// own question. Declining sends `cancel`, which changes nothing.
import { AlertDialog } from 'radix-ui';
import { adminTexts } from './texts';

export interface ConfirmDialogProps {
  open: boolean;
  question: string;
  /** Defaults to the delete confirmation's title and button. */
  title?: string;
  confirmLabel?: string;
  /** The record the question is about, named under it so the admin sees what goes. */
  subject?: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ open, title, confirmLabel, question, subject, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onCancel();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="admin-overlay" />
        <AlertDialog.Content className="admin-modal admin-confirm" dir="rtl">
          <div className="admin-modal-body">
            <AlertDialog.Title className="admin-modal-title">{title ?? adminTexts.confirmTitle}</AlertDialog.Title>
            <AlertDialog.Description className="admin-confirm-question">{question}</AlertDialog.Description>
            {subject && <p className="admin-confirm-subject">«{subject}»</p>}
            <div className="admin-form-actions">
              <AlertDialog.Cancel asChild>
                <button type="button" className="admin-button admin-button-secondary" disabled={busy}>
                  {adminTexts.cancel}
                </button>
              </AlertDialog.Cancel>
              {/* Not AlertDialog.Action: that would close the dialog before the delete finishes. */}
              <button type="button" className="admin-button admin-button-danger" disabled={busy} onClick={onConfirm}>
                {busy ? adminTexts.loading : (confirmLabel ?? adminTexts.confirmRemove)}
              </button>
            </div>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
