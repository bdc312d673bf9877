// The bar over the table while rows are selected: the count, «انتخاب همه‌ی N مورد مطابق فیلتر»
// when more rows match than are loaded, «حذف گروهی» and «لغو انتخاب»; after a bulk delete, the
// report of what was kept and why.
import type { BulkDeleteResult } from '../../machines/bulkApi';
import { formatPersianNumber } from '../../../schema/rules/text';
import { bulkTexts } from './bulkTexts';

export interface BulkBarProps {
  count: number;
  allMatching: boolean;
  /** Offered when every loaded row is selected and the list says more match. */
  matchingTotal: number | null;
  busy: boolean;
  onSelectAllMatching: () => void;
  onDelete: (() => void) | undefined;
  onClear: () => void;
}

export function BulkBar({ count, allMatching, matchingTotal, busy, onSelectAllMatching, onDelete, onClear }: BulkBarProps) {
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

export function BulkReport({ result, onDismiss }: { result: BulkDeleteResult; onDismiss: () => void }) {
  return (
    <div className="admin-bulk-report" role="status">
      <div className="admin-bulk-report-head">
        <strong>{result.deleted > 0 ? bulkTexts.deleted(formatPersianNumber(result.deleted)) : bulkTexts.nothingDeleted}</strong>
        <button type="button" className="admin-button admin-button-secondary admin-button-small" onClick={onDismiss}>
          {bulkTexts.dismiss}
        </button>
      </div>
      {result.skipped.length > 0 && (
        <>
          <p className="admin-bulk-report-title">{bulkTexts.skippedTitle(formatPersianNumber(result.skipped.length))}</p>
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
