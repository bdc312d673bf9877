// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AnyRow } from '../../../schema/define';
import { registry } from '../../../schema/registry.gen';
import { EntityTable } from '../../../src/components/admin/EntityTable';
import {
  emptySelection,
  retainRows,
  selectAllMatching,
  selectedCount,
  setAll,
  toBulkSelection,
  toggleOne,
  toggleRange,
  useRowSelection,
  type SelectionState,
} from '../../../src/components/admin/selection';

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 640 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1024 });
});
afterEach(cleanup);

const ids = (state: SelectionState) => [...state.ids].sort((a, b) => a - b);

describe('selection state', () => {
  it('click flips one row; Shift+click takes the range from the anchor in the order shown', () => {
    const order = [5, 4, 3, 2, 1];
    let s = toggleOne(emptySelection, 4);
    s = toggleRange(s, 2, order);
    expect(ids(s)).toEqual([2, 3, 4]);
    // Shift+click on a selected row clears the range from the new anchor (2) up to it.
    s = toggleRange(s, 3, order);
    expect(ids(s)).toEqual([4]);
    s = toggleOne(s, 4);
    expect(ids(s)).toEqual([]);
  });

  it('rows no longer in a whole list leave the selection; all-matching stays', () => {
    const s = setAll(emptySelection, [1, 2, 3], true);
    expect(ids(retainRows(s, new Set([1, 3])))).toEqual([1, 3]);
    expect(retainRows(s, new Set([1, 2, 3, 4]))).toBe(s);
    const all = selectAllMatching(s, '', 10);
    expect(retainRows(all, new Set([1]))).toBe(all);
  });

  it('a range without an anchor on screen is a plain click', () => {
    const s = toggleRange({ ...emptySelection, anchor: 99 }, 2, [1, 2, 3]);
    expect(ids(s)).toEqual([2]);
  });

  it('all loaded, then all matching; a click leaves all-matching', () => {
    let s = setAll(emptySelection, [1, 2, 3], true);
    expect(toBulkSelection(s)).toEqual({ kind: 'ids', ids: [1, 2, 3] });
    s = selectAllMatching(s, 'f.type=online', 120);
    expect(selectedCount(s)).toBe(120);
    expect(toBulkSelection(s)).toEqual({ kind: 'allMatching', query: 'f.type=online' });
    s = toggleOne(s, 2);
    expect(toBulkSelection(s)).toEqual({ kind: 'ids', ids: [1, 3] });
    expect(toBulkSelection(setAll(s, [1, 2, 3], false))).toBeNull();
  });
});

function Harness({ rows }: { rows: AnyRow[] }) {
  const selection = useRowSelection();
  return (
    <>
      <output data-testid="picked">{ids(selection.state).join(',')}</output>
      <EntityTable entity={registry.categories} rows={rows} selection={selection.table} />
    </>
  );
}

describe('EntityTable with selection', () => {
  const rows: AnyRow[] = [1, 2, 3, 4, 5].map((id) => ({ id, name: `دسته ${id}`, inActive: false, coverImage: '' }));
  const box = (name: string) => screen.getByRole('checkbox', { name });
  const picked = () => screen.getByTestId('picked').textContent;

  it('click, Shift+click and the header box select rows; labels are the rows’ names', () => {
    render(<Harness rows={rows} />);
    fireEvent.click(box('انتخاب «دسته ۲»'));
    expect(picked()).toBe('2');
    fireEvent.click(box('انتخاب «دسته ۴»'), { shiftKey: true });
    expect(picked()).toBe('2,3,4');
    const all = box('انتخاب همه‌ی ردیف‌های نمایش‌داده‌شده');
    if (!(all instanceof HTMLInputElement)) throw new Error('not an input');
    expect(all.indeterminate).toBe(true);
    fireEvent.click(all);
    expect(picked()).toBe('1,2,3,4,5');
    expect(all.indeterminate).toBe(false);
    expect(all.checked).toBe(true);
    fireEvent.click(all);
    expect(picked()).toBe('');
  });

  it('the header box selects only the rows the search left', () => {
    render(<Harness rows={rows} />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'جستجو' }), { target: { value: '۳' } });
    fireEvent.click(box('انتخاب همه‌ی ردیف‌های نمایش‌داده‌شده'));
    expect(picked()).toBe('3');
  });

  it('without selection there is no checkbox column', () => {
    render(<EntityTable entity={registry.categories} rows={rows} />);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });
});
