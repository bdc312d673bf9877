import { describe, expect, it } from 'vitest';
import { formatFieldValue, propertyLabel } from '../../../src/components/admin/fieldValue';
import { registry } from '../../../schema/registry.gen';

// The change log names every property an entry changed, read-only ones included: a refund
// changes only server-set fields of an order, which no form edits.
describe('a property of a change', () => {
  it('is named by its field label, read-only fields too', () => {
    expect(propertyLabel(registry.orders, 'status')).toBe('وضعیت');
    expect(propertyLabel(registry.orders, 'refundDueInTomans')).toBe('بدهی بازگشت وجه (تومان)');
    expect(propertyLabel(registry.orders, 'refundedAt')).toBe('تاریخ بازپرداخت');
  });

  it('shows a read-only select by its option label', () => {
    const status = registry.orders.allFields.status;
    expect(formatFieldValue(status, 'refunded')).not.toBe('refunded');
    expect(formatFieldValue(status, 'refunded')).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('a changed reference', () => {
  const teacher = registry.courses.allFields.techerId;
  const assistants = registry.courses.allFields.assistantTeacherIds;

  it('is told by the referenced records’ names once they are read', () => {
    const names = { '3': 'سارا احمدی', '7': 'رضا موسوی' };
    expect(formatFieldValue(teacher, 3, names)).toBe('سارا احمدی');
    expect(formatFieldValue(assistants, [7, 3], names)).toBe('رضا موسوی، سارا احمدی');
  });

  it('falls back to the record number for a name not read (deleted since, or still loading)', () => {
    expect(formatFieldValue(teacher, 9, { '3': 'سارا احمدی' })).toBe('رکورد شماره ۹');
    expect(formatFieldValue(assistants, [3, 9], { '3': 'سارا احمدی' })).toBe('سارا احمدی، رکورد شماره ۹');
    expect(formatFieldValue(teacher, 3)).toBe('رکورد شماره ۳');
  });
});

