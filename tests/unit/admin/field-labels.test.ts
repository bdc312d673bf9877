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
