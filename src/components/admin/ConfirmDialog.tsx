// The delete confirmation: an accessible alertdialog (never window.confirm) with the entity's
// own question. Declining sends `cancel`, which changes nothing.
import { AlertDialog } from 'radix-ui';
import { adminTexts } from './texts';

export interface ConfirmDialogProps {
  open: boolean;
  question: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ open, question, busy, onConfirm, onCancel }: ConfirmDialogProps) {
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
            <AlertDialog.Title className="admin-modal-title">{adminTexts.confirmTitle}</AlertDialog.Title>
            <AlertDialog.Description className="admin-confirm-question">{question}</AlertDialog.Description>
            <div className="admin-form-actions">
              <AlertDialog.Cancel asChild>
                <button type="button" className="admin-button admin-button-secondary" disabled={busy}>
                  {adminTexts.cancel}
                </button>
              </AlertDialog.Cancel>
              {/* Not AlertDialog.Action: that would close the dialog before the delete finishes. */}
              <button type="button" className="admin-button admin-button-danger" disabled={busy} onClick={onConfirm}>
                {busy ? adminTexts.loading : adminTexts.confirmRemove}
              </button>
            </div>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
