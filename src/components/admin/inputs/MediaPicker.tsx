// The imageLink / videoLink input kind: the field shows the chosen file and
// opens the media library to pick another (a searchable grid) or to upload one in place, instead
// of a text box for a file name. Generic: any entity's image or video field gets it.
import { Dialog } from 'radix-ui';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { useActorRef } from '@xstate/react';
import type { AnyField } from '../../../../schema/define';
import { formatSize } from '../../../../schema/uploads';
import { foldForSearch } from '../../../../schema/rules/text';
import { formatJalaliNumeric } from '../../../../schema/rules/calendar';
import { imageUrl, videoUrl } from '../media';
import { kindOfField, libraryTexts, loadLibrary, type LibraryKind, type MediaEntry } from '../mediaLibrary';
import { UploadControl } from '../UploadControl';
import { uploadMachine } from '../../../machines/uploadMachine';
import { adminTexts } from '../texts';
import './MediaPicker.css';

export interface MediaPickerProps {
  id: string;
  field: AnyField;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  invalid: boolean;
  describedBy: string | undefined;
}

function Thumb({ kind, name, label }: { kind: LibraryKind; name: string; label: string }) {
  return kind === 'image' ? (
    <img className="media-picker-thumb" src={imageUrl(name)} alt={label} decoding="async" />
  ) : (
    <video className="media-picker-thumb" src={videoUrl(name)} preload="metadata" aria-label={label} muted />
  );
}

/**
 * Uploads a file into the library from the picker: it is sent as soon as it is chosen (after the
 * declaration's check), and picked once stored. Mounted with the dialog's content, so each
 * opening starts a fresh upload.
 */
function LibraryUpload({ kind, onBusy, onUploaded }: { kind: LibraryKind; onBusy: (busy: boolean) => void; onUploaded: (name: string) => void }) {
  const actor = useActorRef(uploadMachine, { input: { kind, startOnChoose: true } });
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      onBusy(snapshot.matches('uploading'));
      if (snapshot.status === 'done' && snapshot.output) onUploaded(snapshot.output.fileName);
    });
    return () => subscription.unsubscribe();
  }, [actor, onBusy, onUploaded]);
  return <UploadControl actor={actor} chooseLabel={libraryTexts.upload} />;
}

function LibraryDialog({
  kind,
  open,
  title,
  selected,
  onPick,
  onClose,
}: {
  kind: LibraryKind;
  open: boolean;
  title: string;
  selected: string;
  onPick: (name: string) => void;
  onClose: () => void;
}) {
  const [entries, setEntries] = useState<MediaEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');
  const [uploading, setUploading] = useState(false);
  const searchId = useId();
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    loadLibrary(kind, true).then(
      (items) => {
        if (!live) return;
        setEntries(items);
        setFailed(false);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [kind, open]);

  const shown = useMemo(() => {
    const folded = foldForSearch(query);
    if (!entries) return [];
    return folded === '' ? entries : entries.filter((e) => foldForSearch(`${e.originalName} ${e.name}`).includes(folded));
  }, [entries, query]);

  const uploaded = useCallback(
    (name: string) => {
      // The library is read again first, so the form's check (fileProblem) knows the new name.
      void loadLibrary(kind, true)
        .catch(() => undefined)
        .then(() => {
          toast.success(libraryTexts.uploaded);
          onPick(name);
        });
    },
    [kind, onPick],
  );

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !uploading && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="admin-overlay admin-overlay-top" />
        <Dialog.Content
          className="admin-modal admin-modal-top media-picker-dialog"
          aria-describedby={undefined}
          dir="rtl"
          onOpenAutoFocus={(event) => {
            // The search first: typing narrows the grid at once; Tab then walks the files.
            event.preventDefault();
            searchRef.current?.focus();
          }}
        >
          <div className="admin-modal-header">
            <Dialog.Title className="admin-modal-title">{title}</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="admin-icon-button" aria-label={adminTexts.close} disabled={uploading}>
                ×
              </button>
            </Dialog.Close>
          </div>
          <div className="admin-modal-body">
            <div className="media-picker-tools">
              <label htmlFor={searchId} className="admin-visually-hidden">
                {libraryTexts.search}
              </label>
              <input
                ref={searchRef}
                id={searchId}
                type="search"
                className="admin-input"
                placeholder={libraryTexts.search}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
              <LibraryUpload kind={kind} onBusy={setUploading} onUploaded={uploaded} />
            </div>
            {failed && (
              <p className="admin-error" role="alert">
                {libraryTexts.failed}
              </p>
            )}
            {!failed && entries === null && (
              <p className="admin-loading" role="status">
                {libraryTexts.loading}
              </p>
            )}
            {entries !== null && shown.length === 0 && <p className="admin-cell-muted">{libraryTexts.empty}</p>}
            {shown.length > 0 && (
              <ul className="media-picker-grid" aria-label={title}>
                {shown.map((entry) => (
                  <li key={entry.name}>
                    <button
                      type="button"
                      className="media-picker-item"
                      aria-pressed={entry.name === selected}
                      onClick={() => onPick(entry.name)}
                    >
                      <Thumb kind={kind} name={entry.name} label="" />
                      <span className="media-picker-item-name" dir="auto">
                        {entry.originalName}
                      </span>
                      <span className="media-picker-item-meta">
                        {formatSize(entry.size)} · {formatJalaliNumeric(entry.uploadedAt)}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function MediaPicker(props: MediaPickerProps) {
  const kind = kindOfField(props.field) ?? 'image';
  const value = typeof props.value === 'string' ? props.value.trim() : '';
  const [open, setOpen] = useState(false);
  const [entries, setEntries] = useState<MediaEntry[] | null>(null);

  // The library also tells the form which names exist (mediaLibrary.fileProblem); loading it
  // on mount lets a stale name show its message before the admin saves. Only then is the field
  // marked as visited, so an empty required field does not show its message on opening.
  useEffect(() => {
    let live = true;
    loadLibrary(kind).then(
      (items) => {
        if (!live) return;
        setEntries(items);
        if (typeof props.value === 'string' && props.value.trim() !== '' && !items.some((e) => e.name === props.value)) props.onBlur();
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // Once per field and kind: onBlur only re-runs the validators.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind]);

  const chosen = entries?.find((entry) => entry.name === value);
  const title = libraryTexts.title[kind];
  return (
    <div className="media-picker">
      <div className="media-picker-current" aria-live="polite">
        {value !== '' ? (
          <>
            <Thumb kind={kind} name={value} label={`${adminTexts.preview}: ${props.field.label}`} />
            <span className="media-picker-current-name" dir="auto">
              {chosen?.originalName ?? value}
            </span>
          </>
        ) : (
          <span className="admin-cell-muted">{libraryTexts.none}</span>
        )}
      </div>
      <div className="media-picker-buttons">
        <button
          id={props.id}
          type="button"
          className="admin-button admin-button-secondary"
          aria-haspopup="dialog"
          aria-invalid={props.invalid || undefined}
          aria-describedby={props.describedBy}
          onClick={() => setOpen(true)}
        >
          {value === '' ? libraryTexts.choose : libraryTexts.change}
        </button>
        {value !== '' && (
          <button
            type="button"
            className="admin-button admin-button-secondary"
            onClick={() => {
              props.onChange('');
              props.onBlur();
            }}
          >
            {libraryTexts.clear}
          </button>
        )}
      </div>
      <LibraryDialog
        kind={kind}
        open={open}
        title={title}
        selected={value}
        onClose={() => setOpen(false)}
        onPick={(name) => {
          props.onChange(name);
          props.onBlur();
          setOpen(false);
          void loadLibrary(kind).then(setEntries, () => undefined);
        }}
      />
    </div>
  );
}
