// The bar over the table while rows are selected: the count, «انتخاب همه‌ی N مورد مطابق فیلتر»
// when more rows match than are loaded, «ویرایش گروهی», «حذف گروهی» and «لغو انتخاب»; after bulk
// work, the report of what was kept and why.
import type { BulkDeleteResult, BulkEditResult } from '../../machines/bulkApi';
import { formatPersianNumber } from '../../../schema/rules/text';
import { bulkTexts } from '../../machines/bulkTexts';
import { opensForm } from './formPart';

export interface BulkBarProps {
  count: number;
  allMatching: boolean;
  /** Offered when every loaded row is selected and the list says more match. */
  matchingTotal: number | null;
  busy: boolean;
  onSelectAllMatching: () => void;
  onDelete: (() => void) | undefined;
  /** Offered when the schema declares fields for bulk edit. */
  onEdit?: (() => void) | undefined;
  onClear: () => void;
}

export function BulkBar({ count, allMatching, matchingTotal, busy, onSelectAllMatching, onDelete, onEdit, onClear }: BulkBarProps) {
  return (
    <div className="admin-bulk-bar" role="region" aria-label={bulkTexts.bulkBar}>
      <span className="admin-bulk-count" aria-live="polite">
        {allMatching ? bulkTexts.allMatchingChosen(formatPersianNumber(count)) : bulkTexts.selectedCount(formatPersianNumber(count))}
      </span>
      {!allMatching && matchingTotal !== null && matchingTotal > count && (
        <button type="button" className="admin-link-button" onClick={onSelectAllMatching}>
          {bulkTexts.selectAllMatching(formatPersianNumber(matchingTotal))}
        </button>
      )}
      <span className="admin-bulk-actions">
        {onEdit && (
          <button type="button" className="admin-button admin-button-primary admin-button-small" disabled={busy} {...opensForm} onClick={onEdit}>
            {bulkTexts.bulkEdit}
          </button>
        )}
        {onDelete && (
          <button type="button" className="admin-button admin-button-danger admin-button-small" disabled={busy} onClick={onDelete}>
            {bulkTexts.bulkDelete}
          </button>
        )}
        <button type="button" className="admin-button admin-button-secondary admin-button-small" disabled={busy} onClick={onClear}>
          {bulkTexts.clearSelection}
        </button>
      </span>
    </div>
  );
}

export function BulkReport({ result, onDismiss }: { result: BulkDeleteResult | BulkEditResult; onDismiss: () => void }) {
  const edit = 'updated' in result;
  const done = edit ? result.updated + result.unchanged : result.deleted;
  const title = edit ? (done > 0 ? bulkTexts.editedCount(formatPersianNumber(done)) : bulkTexts.nothingEdited) : done > 0 ? bulkTexts.deleted(formatPersianNumber(done)) : bulkTexts.nothingDeleted;
  return (
    <div className="admin-bulk-report" role="status">
      <div className="admin-bulk-report-head">
        <strong>{title}</strong>
        <button type="button" className="admin-button admin-button-secondary admin-button-small" onClick={onDismiss}>
          {bulkTexts.dismiss}
        </button>
      </div>
      {result.skipped.length > 0 && (
        <>
          <p className="admin-bulk-report-title">{(edit ? bulkTexts.notEditedTitle : bulkTexts.skippedTitle)(formatPersianNumber(result.skipped.length))}</p>
          <ul className="admin-bulk-skipped">
            {result.skipped.map((row) => (
              <li key={row.id}>
                <span className="admin-bulk-skipped-label">{row.label}</span>
                <span className="admin-bulk-skipped-reason">{row.reason}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
