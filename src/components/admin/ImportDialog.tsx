// «ورود از CSV»: choose a file, the server checks it without writing (a report of rejected
// lines), then «ثبت» imports it, all rows or none. A sample header file can be downloaded.
import { useSelector } from '@xstate/react';
import { useId, useState, type ChangeEvent } from 'react';
import type { AnyEntity } from '../../../schema/define';
import { importColumns } from '../../../schema/importable';
import { csvLine } from '../../../schema/rules/csv';
import { formatPersianNumber, toPersianDigits } from '../../../schema/rules/text';
import type { ImportActorRef } from '../../machines/importMachine';
import { bulkTexts } from '../../machines/bulkTexts';
import { EntityModal } from './EntityModal';
import { adminTexts } from './texts';

const maxBytes = 5 * 1024 * 1024;
const notUtf8 = 'فایل باید با کدگذاری UTF-8 ذخیره شده باشد (در اکسل: «CSV UTF-8»)';

/** The sample: the columns' Persian labels, with a BOM so Excel reads it as UTF-8. */
function sampleHref(entity: AnyEntity): string {
  const header = csvLine(importColumns(entity).map((column) => column.label));
  return `data:text/csv;charset=utf-8,${encodeURIComponent(`\ufeff${header}\r\n`)}`;
}

export interface ImportDialogProps {
  entity: AnyEntity;
  actor: ImportActorRef;
  open: boolean;
  onClose: () => void;
}

export function ImportDialog({ entity, actor, open, onClose }: ImportDialogProps) {
  const inputId = useId();
  const hintId = useId();
  const [localError, setLocalError] = useState<string | null>(null);
  const state = useSelector(actor, (s) => s.value);
  const report = useSelector(actor, (s) => s.context.report);
  const error = useSelector(actor, (s) => s.context.error);
  const fileName = useSelector(actor, (s) => s.context.fileName);
  const busy = state === 'checking' || state === 'importing';
  const clean = report !== null && report.rejected.length === 0;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again (after fixing it) is a new choice.
    event.target.value = '';
    setLocalError(null);
    if (!file) return;
    if (file.size > maxBytes) {
      setLocalError(bulkTexts.fileTooLarge);
      return;
    }
    let csv: string;
    try {
      // Decoded strictly: a file saved in another encoding is named as such, not imported garbled.
      csv = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
    } catch {
      setLocalError(notUtf8);
      return;
    }
    actor.send({ type: 'file.chosen', csv, fileName: file.name });
  };

  const close = () => {
    if (busy) return;
    setLocalError(null);
    actor.send({ type: 'reset' });
    onClose();
  };

  return (
    <EntityModal open={open} title={bulkTexts.importTitle(entity.texts.nav)} closable={!busy} onClose={close}>
      <div className="admin-import">
        <div className="admin-field">
          <span className="admin-label" aria-hidden="true">
            {bulkTexts.chooseFile}
          </span>
          {/* The browser's own picker button speaks the browser's language; this one is Persian. */}
          <div className="admin-file-pick">
            <input
              id={inputId}
              type="file"
              className="admin-visually-hidden admin-file-input"
              accept=".csv,text/csv"
              aria-label={bulkTexts.chooseFile}
              aria-describedby={hintId}
              disabled={busy}
              onChange={(e) => void choose(e)}
            />
            <label htmlFor={inputId} className="admin-button admin-button-secondary" aria-hidden="true">
              {bulkTexts.pickFile}
            </label>
            <span className="admin-hint" dir="auto">
              {fileName || bulkTexts.noFileChosen}
            </span>
          </div>
          <p id={hintId} className="admin-hint">
            {bulkTexts.fileHint}{' '}
            <a href={sampleHref(entity)} download={`${entity.key}-sample.csv`}>
              {bulkTexts.sampleDownload}
            </a>
          </p>
        </div>

        <div aria-live="polite">
          {state === 'checking' && <p className="admin-hint">{bulkTexts.checking}</p>}
          {state === 'importing' && <p className="admin-hint">{bulkTexts.submitting}</p>}
          {state === 'imported' && report && <p className="admin-import-ok">{bulkTexts.imported(formatPersianNumber(report.created))}</p>}
          {state === 'checked' && report && clean && <p className="admin-import-ok">{bulkTexts.checkedOk(formatPersianNumber(report.rows))}</p>}
          {state === 'checked' && report && !clean && (
            <p className="admin-error">{bulkTexts.checkedBad(formatPersianNumber(new Set(report.rejected.map((r) => r.line)).size))}</p>
          )}
        </div>
        {(localError ?? (state === 'failed' ? error : null)) && (
          <p className="admin-error" role="alert">
            {localError ?? error}
          </p>
        )}

        {state === 'checked' && report && report.rejected.length > 0 && (
          <div className="admin-import-report">
            <table className="admin-table">
              <caption className="admin-visually-hidden">{bulkTexts.reportCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{bulkTexts.reportLine}</th>
                  <th scope="col">{bulkTexts.reportMessage}</th>
                </tr>
              </thead>
              <tbody>
                {report.rejected.map((row, index) => (
                  <tr key={`${row.line}-${index}`}>
                    <td>{toPersianDigits(row.line)}</td>
                    <td>{toPersianDigits(row.message)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}

        <div className="admin-form-actions">
          <button type="button" className="admin-button admin-button-secondary" disabled={busy} onClick={close}>
            {state === 'imported' ? adminTexts.close : adminTexts.cancel}
          </button>
          <button
            type="button"
            className="admin-button admin-button-primary"
            disabled={!(state === 'checked' && clean)}
            onClick={() => actor.send({ type: 'submit' })}
          >
            {state === 'importing' ? bulkTexts.submitting : bulkTexts.submit}
          </button>
        </div>
      </div>
    </EntityModal>
  );
}
