// The file input of every upload: the media screen's form and each image or
// video field's picker draw an upload machine (src/machines/uploadMachine.ts) with it. Beside the
// input it states the accepted types and the size limit, read from the one declaration
// (schema/uploads.ts) the server also applies; a refused choice, a failure and a cancel are told
// in place; while sending it shows the percentage and a «لغو» button.
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import { acceptOf, uploadTexts } from '../../../schema/uploads';
import { toPersianDigits } from '../../../schema/rules/text';
import { uploadFormTexts, uploadPercent, type uploadMachine } from '../../machines/uploadMachine';
import './UploadControl.css';

export interface UploadControlProps {
  actor: ActorRefFrom<typeof uploadMachine>;
  /** The button that opens the file chooser. */
  chooseLabel: string;
  /** Whether the chosen file's name is shown (the media screen's form, which sends on its own button). */
  showChosen?: boolean;
}

export function UploadControl({ actor, chooseLabel, showChosen = false }: UploadControlProps) {
  const inputId = useId();
  const statementId = useId();
  const problemId = useId();
  const kind = useSelector(actor, (s) => s.context.kind);
  const file = useSelector(actor, (s) => s.context.file);
  const problem = useSelector(actor, (s) => s.context.problem);
  const uploading = useSelector(actor, (s) => s.matches('uploading'));
  const cancelled = useSelector(actor, (s) => s.matches({ ready: 'cancelled' }));
  const percent = useSelector(actor, (s) => uploadPercent(s.context));
  const describedBy = problem ? `${statementId} ${problemId}` : statementId;
  return (
    <div className="upload-control">
      <div className="upload-choose">
        <input
          id={inputId}
          type="file"
          className="admin-visually-hidden admin-file-input media-file-input"
          accept={acceptOf(kind)}
          aria-describedby={describedBy}
          aria-invalid={problem !== null || undefined}
          disabled={uploading}
          onChange={(event) => {
            actor.send({ type: 'file.choose', file: event.target.files?.[0] ?? null });
            // The machine holds the choice; an empty input lets the same file be chosen again.
            event.target.value = '';
          }}
        />
        <label htmlFor={inputId} className="admin-button admin-button-secondary media-file-button" aria-disabled={uploading || undefined}>
          {chooseLabel}
        </label>
        {showChosen && (
          <span className="media-file-name" dir={file ? 'auto' : undefined} aria-live="polite">
            {file?.name ?? uploadFormTexts.noFile}
          </span>
        )}
      </div>
      <p id={statementId} className="upload-statement">
        {uploadTexts.statement(kind)}
      </p>
      {problem !== null && (
        <p id={problemId} className="admin-error upload-problem" role="alert">
          {problem}
        </p>
      )}
      {cancelled && (
        <p className="admin-hint" role="status">
          {uploadFormTexts.cancelled}
        </p>
      )}
      {uploading && (
        <div className="upload-progress" role="group" aria-label={uploadFormTexts.progress}>
          <progress max={100} value={percent} aria-label={uploadFormTexts.progress} aria-valuetext={toPersianDigits(`${percent}%`)} />
          <span className="upload-percent" aria-live="polite">
            {toPersianDigits(`${percent}%`)}
          </span>
          <button type="button" className="admin-button admin-button-danger admin-button-small" onClick={() => actor.send({ type: 'upload.cancel' })}>
            {uploadFormTexts.cancel}
          </button>
        </div>
      )}
    </div>
  );
}
