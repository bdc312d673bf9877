// A table row's actions (view, edit, the schema's record actions, delete), for every entity. On a
// wide screen they are buttons in the row's last column; on a phone, where four buttons would
// cover the whole row, the column holds one «⋯» button that opens them as a sheet named after the
// record, so the row's cells stay readable and every action stays one tap away.
import { Dialog } from 'radix-ui';
import { useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { actionsFor, type AnyAction, type AnyEntity, type AnyRow } from '../../../schema/define';
import { focusKeyAttribute, openFrom } from './dialogFocus';
import { recordName } from './fieldValue';
import { useRecordNames, type Labels } from './relations';
import { adminTexts } from './texts';
import { opensForm } from './formPart';

/** Below this width the row's actions fold into the sheet (admin.css uses the same figure). */
export const compactQuery = '(max-width: 640px)';

const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(compactQuery) : null);
const subscribe = (changed: () => void) => {
  const list = media();
  list?.addEventListener('change', changed);
  return () => list?.removeEventListener('change', changed);
};

/** True on a phone-wide screen; follows the window as it is resized or turned. */
export function useCompactRows(): boolean {
  return useSyncExternalStore(subscribe, () => media()?.matches ?? false, () => false);
}

export interface RowActionsProps {
  entity: AnyEntity;
  row: AnyRow;
  compact: boolean;
  detailHref: string;
  onEdit: ((row: AnyRow) => void) | undefined;
  onDelete: ((row: AnyRow) => void) | undefined;
  onAction: ((row: AnyRow, action: AnyAction) => void) | undefined;
  onView: ((row: AnyRow) => void) | undefined;
  /** The rows' names when the entity is named through its references (useRecordNames). */
  names?: Labels;
}

/** The name a row's button is found by again after the list re-draws it (dialogFocus.ts). */
const focusKey = (entity: AnyEntity, row: AnyRow, what: string) => ({ [focusKeyAttribute]: `${entity.key}:${row.id}:${what}` });

const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export function RowActions(props: RowActionsProps) {
  return props.compact ? <RowActionSheet {...props} /> : <RowActionButtons {...props} />;
}

function RowActionButtons({ entity, row, detailHref, onEdit, onDelete, onAction, onView, names }: RowActionsProps) {
  // A screen reader reaching a row's buttons from a list of them hears which record each is for
  // («ویرایش دوره رباتیک مقدماتی»), not a column of «ویرایش»; the name starts with the words shown.
  const name = recordName(entity, row, names);
  const named = (what: string) => ({ 'aria-label': `${what} ${name}` });
  return (
    <span className="admin-row-actions">
      {onView && (
        <a
          className="admin-button admin-button-small admin-button-secondary"
          href={detailHref}
          {...named(adminTexts.view)}
          {...focusKey(entity, row, 'view')}
          onClick={(event) => {
            // A modified click opens a new tab as any link does; a plain one stays in the SPA.
            if (!plainClick(event)) return;
            event.preventDefault();
            onView(row);
          }}
        >
          {adminTexts.view}
        </a>
      )}
      {onEdit && (
        <button type="button" className="admin-button admin-button-small" {...named(adminTexts.edit)} {...focusKey(entity, row, 'edit')} {...opensForm} onClick={() => onEdit(row)}>
          {adminTexts.edit}
        </button>
      )}
      {onAction &&
        // `onRow: false` actions stay on the detail view (and in the phone's sheet, a menu).
        actionsFor(entity, row)
          .filter((action) => action.onRow !== false)
          .map((action) => (
          <button
            key={action.key}
            type="button"
            className={`admin-button admin-button-small${action.tone === 'danger' ? ' admin-button-danger' : ' admin-button-secondary'}`}
            {...named(action.label)}
            {...focusKey(entity, row, `action-${action.key}`)}
            onClick={() => onAction(row, action)}
          >
            {action.label}
          </button>
        ))}
      {onDelete && (
        <button
          type="button"
          className="admin-button admin-button-small admin-button-danger"
          {...named(adminTexts.remove)}
          {...focusKey(entity, row, 'delete')}
          onClick={() => onDelete(row)}
        >
          {adminTexts.remove}
        </button>
      )}
    </span>
  );
}

function RowActionSheet({ entity, row, detailHref, onEdit, onDelete, onAction, onView }: RowActionsProps) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  // A chosen action opens its own dialog (or none): the sheet does not pull focus back over it.
  const chosen = useRef(false);
  // Read when the sheet opens, so a phone's list makes no call per row.
  const names = useRecordNames(entity, open ? [row] : []);
  const name = recordName(entity, row, names);
  const choose = (run: () => void) => {
    chosen.current = true;
    openFrom(trigger.current);
    setOpen(false);
    run();
  };
  const item = 'admin-button admin-action-sheet-item';
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button
          ref={trigger}
          type="button"
          className="admin-button admin-button-small admin-button-secondary admin-row-menu"
          aria-label={`${adminTexts.actions}: ${name}`}
          {...focusKey(entity, row, 'menu')}
          {...(onEdit ? opensForm : {})}
        >
          <span aria-hidden="true">⋯</span>
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="admin-overlay" />
        <Dialog.Content
          className="admin-modal admin-action-sheet"
          dir="rtl"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (!chosen.current) return;
            chosen.current = false;
            event.preventDefault();
            // An action that ran at once (no dialog) leaves focus nowhere: back to the «⋯».
            setTimeout(() => {
              const active = document.activeElement;
              if (!active || active === document.body || !active.isConnected) trigger.current?.focus();
            }, 0);
          }}
        >
          <Dialog.Title className="admin-modal-title admin-action-sheet-title">{name}</Dialog.Title>
          <div className="admin-action-sheet-list">
            {onView && (
              <a
                className={`${item} admin-button-secondary`}
                href={detailHref}
                onClick={(event) => {
                  if (!plainClick(event)) return;
                  event.preventDefault();
                  choose(() => onView(row));
                }}
              >
                {adminTexts.view}
              </a>
            )}
            {onEdit && (
              <button type="button" className={item} onClick={() => choose(() => onEdit(row))}>
                {adminTexts.edit}
              </button>
            )}
            {onAction &&
              actionsFor(entity, row).map((action) => (
                <button
                  key={action.key}
                  type="button"
                  className={`${item}${action.tone === 'danger' ? ' admin-button-danger' : ' admin-button-secondary'}`}
                  onClick={() => choose(() => onAction(row, action))}
                >
                  {action.label}
                </button>
              ))}
            {onDelete && (
              <button type="button" className={`${item} admin-button-danger`} onClick={() => choose(() => onDelete(row))}>
                {adminTexts.remove}
              </button>
            )}
            <Dialog.Close asChild>
              <button type="button" className={`${item} admin-button-secondary`}>
                {adminTexts.cancel}
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
