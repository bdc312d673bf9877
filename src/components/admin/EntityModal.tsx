// The add/edit modal: a Radix dialog with a title, a close button and a body that scrolls
// inside the spec's 900px maximum height. The unstyled primitive is used (styled in admin.css)
// so the admin does not ship Radix Themes' whole component stylesheet.
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { firstField, focusBack, useOpener } from './dialogFocus';
import { adminTexts } from './texts';

export interface EntityModalProps {
  open: boolean;
  title: string;
  /** Closing is refused while a save is in flight; the machine would ignore it anyway. */
  closable: boolean;
  onClose: () => void;
  children: ReactNode;
}

export function EntityModal({ open, title, closable, onClose, children }: EntityModalProps) {
  const opener = useOpener(open);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && closable) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="admin-overlay" />
        <Dialog.Content
          className="admin-modal"
          aria-describedby={undefined}
          dir="rtl"
          // On the first field, not the close button; a form still loading focuses its own first
          // field when it arrives (EntityForm), so until then the dialog itself holds focus.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            const content = event.currentTarget;
            if (!(content instanceof HTMLElement)) return;
            (firstField(content) ?? content).focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            focusBack(opener.current);
          }}
          onEscapeKeyDown={(event) => {
            // Escape in an open picker (a combobox's list) closes the list, not the whole form.
            const target = event.target;
            if (target instanceof Element && target.closest('[role="combobox"][aria-expanded="true"]')) event.preventDefault();
          }}
        >
          <div className="admin-modal-header">
            <Dialog.Title className="admin-modal-title">{title}</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="admin-icon-button" aria-label={adminTexts.close} disabled={!closable}>
                ×
              </button>
            </Dialog.Close>
          </div>
          <div className="admin-modal-body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
