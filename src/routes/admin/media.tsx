// The media screen (spec §2 media, §5, §8): images or videos, upload, copy a name, delete.
// The lifecycle lives in src/machines/media.ts; this file only draws it.
import { createFileRoute, Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../components/admin/ConfirmDialog';
import { EntityModal } from '../../components/admin/EntityModal';
import { libraryTexts, loadLibrary, type MediaEntry, type MediaPlace } from '../../components/admin/mediaLibrary';
import { formatSize } from '../../../schema/uploads';
import { api, serverMessage } from '../../api/client';
import { formatJalaliDateTime } from '../../../schema/rules/calendar';
import { formatPersianNumber, mediaDisplayName } from '../../../schema/rules/text';
import { MediaError, mediaMachine, mediaTexts, mediaUrl, type MediaKind } from '../../machines/media';
import { UploadControl } from '../../components/admin/UploadControl';
import type { uploadMachine } from '../../machines/uploadMachine';
import { usePanelAccess } from '../../components/admin/panelAccess';
import './media.css';

const kinds: MediaKind[] = ['image', 'video'];

async function copyName(name: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(name);
    toast.success(mediaTexts.copied);
  } catch {
    toast.error(mediaTexts.copyFailed);
  }
}

function Preview({ kind, name }: { kind: MediaKind; name: string }) {
  const label = mediaDisplayName(name);
  if (kind === 'image') {
    return <img className="media-thumb" src={mediaUrl(kind, name)} alt={label} loading="lazy" decoding="async" />;
  }
  return (
    <video className="media-video" src={mediaUrl(kind, name)} controls preload="metadata" aria-label={label}>
      <track kind="captions" />
    </video>
  );
}

/** The modal's form: the upload machine the media machine runs while the modal is open. */
function UploadForm({ upload, onClose }: { upload: ActorRefFrom<typeof uploadMachine>; onClose(): void }) {
  const busy = useSelector(upload, (s) => s.matches('uploading'));
  return (
    <form
      className="media-upload"
      onSubmit={(event) => {
        event.preventDefault();
        upload.send({ type: 'upload.start' });
      }}
    >
      <UploadControl actor={upload} chooseLabel={mediaTexts.chooseFile} showChosen />
      <div className="admin-form-actions">
        <button type="button" className="admin-button admin-button-secondary" onClick={onClose} disabled={busy}>
          {mediaTexts.cancel}
        </button>
        <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
          {busy ? mediaTexts.uploading : mediaTexts.upload}
        </button>
      </div>
    </form>
  );
}

const usageTexts = {
  columns: { original: 'نام اصلی', size: 'حجم', uploadedAt: 'تاریخ بارگذاری', usedIn: 'محل استفاده' },
  confirmUsed: (count: number) =>
    `این فایل در ${formatPersianNumber(count)} جا استفاده شده است و با حذف آن، این بخش‌ها بدون فایل می‌مانند. آیا از حذف آن مطمئن هستید؟`,
  places: 'محل‌های استفاده',
} as const;

/** The places a file is used in, each a link to the record's detail view. */
function Places({ places }: { places: readonly MediaPlace[] }) {
  return (
    <ul className="media-places">
      {places.map((place) => (
        <li key={`${place.entity}-${place.id}-${place.field}`}>
          <Link to="/admin/$entity/$id" params={{ entity: place.entity, id: place.id }} className="admin-link">
            {place.section}: {place.label}
          </Link>{' '}
          <span className="admin-cell-muted">({place.field})</span>
        </li>
      ))}
    </ul>
  );
}

/** The details of the listed files, read again whenever the machine reloads the list. */
function useLibraryDetails(kind: MediaKind, files: readonly string[]): Map<string, MediaEntry> {
  const [entries, setEntries] = useState<MediaEntry[]>([]);
  useEffect(() => {
    let live = true;
    loadLibrary(kind, true).then(
      (items) => live && setEntries(items),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [kind, files]);
  return useMemo(() => new Map(entries.map((entry) => [entry.name, entry])), [entries]);
}

/**
 * The files whose places the confirmation showed: only their delete tells the server it was
 * confirmed, so a file that came into use after the list loaded is still refused (409).
 */
const placesShown = new Set<string>();

async function deleteConfirmed({ kind, name }: { kind: MediaKind; name: string }): Promise<void> {
  const fileName = mediaDisplayName(name);
  const confirmed = placesShown.has(fileName) ? { confirmed: '1' as const } : {};
  const { data, error } = await api.DELETE('/api/File/delete', {
    params: { query: { fileName, mediaType: kind, ...confirmed } },
  });
  if (!data) throw new MediaError(serverMessage(error));
}

function MediaScreen() {
  const actor = useActorRef(mediaMachine.provide({ actors: { deleteFile: fromPromise(({ input }) => deleteConfirmed(input)) } }), {
    input: { kind: 'image' },
  });
  const kind = useSelector(actor, (s) => s.context.kind);
  // Deleting a file is an administrator's alone (no staff role is granted it: the files serve every entity).
  const deletes = usePanelAccess().kind === 'administrator';
  const files = useSelector(actor, (s) => s.context.files);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const uploadOpen = useSelector(actor, (s) => s.matches({ table: 'uploadOpen' }));
  const upload = useSelector(actor, (s) => s.children.upload);
  const uploading = useSelector(upload, (s) => s?.matches('uploading') ?? false);
  const confirming = useSelector(actor, (s) => s.matches({ table: 'confirming' }) || s.matches({ table: 'deleting' }));
  const deleting = useSelector(actor, (s) => s.matches({ table: 'deleting' }));
  const target = useSelector(actor, (s) => s.context.target);
  const kindId = useId();
  const details = useLibraryDetails(kind, files);
  const targetPlaces = target ? (details.get(mediaDisplayName(target))?.usedIn ?? []) : [];
  useEffect(() => {
    placesShown.clear();
    if (target && targetPlaces.length > 0) placesShown.add(mediaDisplayName(target));
  }, [target, targetPlaces.length]);

  useEffect(() => {
    document.title = `${mediaTexts.title} | پنل مدیریت`;
  }, []);

  return (
    <section className="admin-screen media-screen" aria-labelledby="media-title">
      <div className="admin-screen-header">
        <h2 id="media-title" className="admin-screen-title">
          {mediaTexts.title}
        </h2>
        <div className="media-controls">
          <label htmlFor={kindId} className="admin-label">
            {mediaTexts.kindLabel}
          </label>
          <select
            id={kindId}
            className="admin-input media-kind"
            value={kind}
            disabled={uploading || deleting}
            onChange={(event) => {
              const next = kinds.find((k) => k === event.target.value);
              if (next) actor.send({ type: 'kind.change', kind: next });
            }}
          >
            {kinds.map((k) => (
              <option key={k} value={k}>
                {mediaTexts.kinds[k]}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="admin-button admin-button-primary"
            disabled={loading || failed}
            onClick={() => actor.send({ type: 'upload.open' })}
          >
            {mediaTexts.upload}
          </button>
        </div>
      </div>

      {loading && files.length === 0 && (
        <p className="admin-loading" role="status">
          {mediaTexts.loading}
        </p>
      )}
      {failed && (
        <div className="admin-failed" role="alert">
          <p>{mediaTexts.listFailed}</p>
          <button
            type="button"
            className="admin-button admin-button-secondary"
            onClick={() => actor.send({ type: 'reload' })}
          >
            {mediaTexts.retry}
          </button>
        </div>
      )}
      {!failed && !(loading && files.length === 0) && (
        <div className="admin-table-wrap" aria-busy={loading}>
          <div className="admin-table-scroll">
            <table className="admin-table media-table">
              <caption className="admin-visually-hidden">{mediaTexts.kinds[kind]}</caption>
              <thead>
                <tr>
                  <th scope="col">{mediaTexts.columns.preview}</th>
                  <th scope="col">{mediaTexts.columns.name}</th>
                  <th scope="col">{usageTexts.columns.original}</th>
                  <th scope="col">{usageTexts.columns.size}</th>
                  <th scope="col">{usageTexts.columns.uploadedAt}</th>
                  <th scope="col">{usageTexts.columns.usedIn}</th>
                  <th scope="col">{mediaTexts.columns.actions}</th>
                </tr>
              </thead>
              <tbody>
                {files.length === 0 ? (
                  <tr>
                    <td colSpan={7} className="admin-table-empty">
                      {mediaTexts.empty}
                    </td>
                  </tr>
                ) : (
                  files.map((name) => {
                    const display = mediaDisplayName(name);
                    const entry = details.get(display);
                    return (
                      <tr key={name}>
                        <td>
                          <Preview kind={kind} name={name} />
                        </td>
                        <td>
                          <span className="media-name" dir="ltr">
                            {display}
                          </span>
                        </td>
                        <td>
                          <span className="media-original" dir="auto">
                            {entry?.originalName ?? '—'}
                          </span>
                        </td>
                        <td className="media-nowrap">{entry ? formatSize(entry.size) : '—'}</td>
                        <td className="media-nowrap">{entry ? formatJalaliDateTime(entry.uploadedAt) : '—'}</td>
                        <td>
                          {entry && entry.usedIn.length > 0 ? (
                            <details className="media-usage">
                              <summary>{libraryTexts.usedIn(entry.usedIn.length)}</summary>
                              <Places places={entry.usedIn} />
                            </details>
                          ) : (
                            <span className="admin-cell-muted">{entry ? libraryTexts.usedIn(0) : '—'}</span>
                          )}
                        </td>
                        <td>
                          <div className="admin-row-actions">
                            <button
                              type="button"
                              className="admin-button admin-button-secondary admin-button-small"
                              aria-label={`${mediaTexts.copy} ${display}`}
                              onClick={() => void copyName(display)}
                            >
                              {mediaTexts.copy}
                            </button>
                            {deletes && (
                              <button
                                type="button"
                                className="admin-button admin-button-danger admin-button-small"
                                aria-label={`${mediaTexts.remove} ${display}`}
                                onClick={() => actor.send({ type: 'row.delete', name })}
                              >
                                {mediaTexts.remove}
                              </button>
                            )}
                          </div>
                        </td>
                      </tr>
                    );
                  })
                )}
              </tbody>
            </table>
          </div>
        </div>
      )}

      <EntityModal
        open={uploadOpen}
        title={mediaTexts.uploadTitle}
        closable={!uploading}
        onClose={() => actor.send({ type: 'upload.close' })}
      >
        {upload && <UploadForm upload={upload} onClose={() => actor.send({ type: 'upload.close' })} />}
      </EntityModal>
      <ConfirmDialog
        open={confirming}
        question={targetPlaces.length > 0 ? usageTexts.confirmUsed(targetPlaces.length) : mediaTexts.confirmRemove}
        subject={target ? (details.get(mediaDisplayName(target))?.originalName ?? mediaDisplayName(target)) : undefined}
        details={
          targetPlaces.length > 0 ? (
            <div className="media-confirm-places">
              <p className="admin-label">{usageTexts.places}</p>
              <Places places={targetPlaces} />
            </div>
          ) : undefined
        }
        busy={deleting}
        onConfirm={() => actor.send({ type: 'delete.confirm' })}
        onCancel={() => actor.send({ type: 'delete.cancel' })}
      />
    </section>
  );
}

export const Route = createFileRoute('/admin/media')({
  staticData: { adminNav: { label: 'مدیا', group: 'content', order: 2 } },
  component: MediaScreen,
});
