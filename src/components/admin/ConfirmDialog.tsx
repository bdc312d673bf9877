// A confirmation (deleting a record, a record action): an accessible alertdialog (never window.confirm) with the entity's
// own question. Declining sends `cancel`, which changes nothing.
import { AlertDialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { adminTexts } from './texts';

export interface AlertShellProps {
  open: boolean;
  /** Called when the dialog asks to close (Escape, the overlay); `false` keeps it open. */
  onDismiss: () => void;
  /** Above an open modal (a form's conflict, its unsaved changes, signing in again). */
  top?: boolean;
  /** The look of the dialog: a confirmation (default) or the wider conflict. */
  kind?: 'confirm' | 'conflict';
  children: ReactNode;
}

/** Every admin alertdialog's frame: overlay, right-to-left content; the body is the caller's. */
export function AlertShell({ open, onDismiss, top = false, kind = 'confirm', children }: AlertShellProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onDismiss()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={top ? 'admin-overlay admin-overlay-top' : 'admin-overlay'} />
        <AlertDialog.Content className={`admin-modal${top ? ' admin-modal-top' : ''} admin-${kind}`} dir="rtl">
          {children}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  question: string;
  /** Defaults to the delete confirmation's title and button. */
  title?: string;
  confirmLabel?: string;
  /** The record the question is about, named under it so the admin sees what goes. */
  subject?: string;
  /** The confirming button's look: destructive (default, as deleting) or neutral. */
  tone?: 'danger' | 'neutral';
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ open, title, confirmLabel, question, subject, tone = 'danger', busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <AlertShell open={open} onDismiss={() => !busy && onCancel()}>
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
          <button type="button" className={`admin-button admin-button-${tone === 'danger' ? 'danger' : 'primary'}`} disabled={busy} onClick={onConfirm}>
            {busy ? adminTexts.loading : (confirmLabel ?? adminTexts.confirmRemove)}
          </button>
        </div>
      </div>
    </AlertShell>
  );
}

export interface NoticeDialogProps {
  title: string;
  /** Said once (a one-time link): selectable, copyable, and gone when the dialog closes. */
  notice: string;
  onClose: () => void;
}

/** What an action hands over once, e.g. a password-reset link, kept on screen until closed. */
export function NoticeDialog({ title, notice, onClose }: NoticeDialogProps) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(notice).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <AlertShell open onDismiss={onClose}>
      <div className="admin-modal-body">
        <AlertDialog.Title className="admin-modal-title">{title}</AlertDialog.Title>
        <AlertDialog.Description className="admin-confirm-question">{adminTexts.noticeOnce}</AlertDialog.Description>
        <p className="admin-notice-text" dir="auto">
          {notice}
        </p>
        <div className="admin-form-actions">
          <button type="button" className="admin-button admin-button-secondary" onClick={copy}>
            {copied ? adminTexts.copied : adminTexts.copy}
          </button>
          <AlertDialog.Action asChild>
            <button type="button" className="admin-button admin-button-primary" onClick={onClose}>
              {adminTexts.close}
            </button>
          </AlertDialog.Action>
        </div>
      </div>
    </AlertShell>
  );
}
