// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BulkBar, BulkReport } from '../../../src/components/admin/BulkBar';
import { listMatching } from '../../../src/components/admin/selection';

afterEach(cleanup);

describe('BulkBar', () => {
  const props = { busy: false, onSelectAllMatching: vi.fn(), onDelete: vi.fn(), onClear: vi.fn() };

  it('counts in Persian digits and offers every matching row when the list has more', () => {
    render(<BulkBar {...props} count={50} allMatching={false} matchingTotal={1234} />);
    expect(screen.getByText('۵۰ مورد انتخاب شده')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'انتخاب همه‌ی ۱٬۲۳۴ مورد مطابق فیلتر' }));
    expect(props.onSelectAllMatching).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'حذف گروهی' }));
    fireEvent.click(screen.getByRole('button', { name: 'لغو انتخاب' }));
    expect(props.onDelete).toHaveBeenCalledOnce();
    expect(props.onClear).toHaveBeenCalledOnce();
  });

  it('says when every matching row is chosen, and offers no link when all are loaded', () => {
    const { rerender } = render(<BulkBar {...props} count={1234} allMatching matchingTotal={1234} />);
    expect(screen.getByText('همه‌ی ۱٬۲۳۴ مورد مطابق فیلتر انتخاب شده‌اند')).toBeTruthy();
    rerender(<BulkBar {...props} count={3} allMatching={false} matchingTotal={null} />);
    expect(screen.queryByRole('button', { name: /مطابق فیلتر/ })).toBeNull();
  });

  it('the report lists what was kept and why', () => {
    const onDismiss = vi.fn();
    render(<BulkReport result={{ deleted: 2, skipped: [{ id: 7, label: 'پایتون', reason: '۳ مورد از ثبت‌نام‌ها به آن وابسته است' }] }} onDismiss={onDismiss} />);
    expect(screen.getByText('۲ مورد حذف شد')).toBeTruthy();
    expect(screen.getByText('۱ مورد حذف نشد')).toBeTruthy();
    expect(screen.getByText('۳ مورد از ثبت‌نام‌ها به آن وابسته است')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'بستن گزارش' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('a paged list (total and query in its context) offers all matching; a whole list does not', () => {
    expect(listMatching({ total: 120, query: { 'f.type': 'online', page: '3', sort: '-id' } })).toEqual({ total: 120, query: 'f.type=online&sort=-id' });
    expect(listMatching({ total: 4, query: null })).toBeNull();
  });
});
