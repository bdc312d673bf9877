// The site's own «are you sure?»: a native modal <dialog> (focus held inside, Esc cancels, the page
// behind inert), so asking costs the public pages no script beyond this component.
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** The confirm button as a destructive one. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Not for islands (useId): the dashboard's and the panel's pages only. */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel, danger = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (open && !node.open) node.showModal();
    if (!open && node.open) node.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      className="waitlist-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        // Esc: the parent decides, so `open` stays the one truth.
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <div id={`${id}-body`}>{children}</div>
      <div className="waitlist-dialog__actions">
        <button type="button" className={danger ? 'button button--danger' : 'button button--primary'} onClick={onConfirm}>
          {confirmLabel}
        </button>
        {/* Cancel takes the focus: a stray Enter must not do the harmful thing. */}
        <button type="button" className="button button--ghost" autoFocus onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </dialog>
  );
}
