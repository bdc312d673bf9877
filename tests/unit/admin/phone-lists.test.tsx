// @vitest-environment jsdom
// Lists that show what matters: the key columns an entity declares (`essential`) come right after
// the row's name on a wide screen, and are what a phone's card shows; on a phone the filters fold
// behind one button that says how many are on.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cardColumns, columnId, listOrder, type AnyRow } from '../../../schema/define';
import { registry } from '../../../schema/registry.gen';
import { EntityTable } from '../../../src/components/admin/EntityTable';
import { ToolbarLayout } from '../../../src/components/admin/FilterDrawer';
import { useRowSelection } from '../../../src/components/admin/selection';
import { bulkTexts } from '../../../src/machines/bulkTexts';

const ids = (columns: ReadonlyArray<Parameters<typeof columnId>[0]>) => columns.map(columnId);

describe('key columns', () => {
  it('an order shows its amount, status and date after its learner; a message its status and time', () => {
    expect(ids(cardColumns(registry.orders.columns))).toEqual(['userId', 'totalInTomans', 'status', 'createdAt']);
    expect(ids(listOrder(registry.orders.columns)).slice(0, 4)).toEqual(['userId', 'totalInTomans', 'status', 'createdAt']);
    expect(ids(cardColumns(registry.messages.columns))).toEqual(['fullName', 'status', 'createdAt']);
    expect(ids(cardColumns(registry.enrollments.columns))).toEqual(['childId', 'courseId', 'enrolledAt', 'status']);
    expect(ids(cardColumns(registry.classSessions.columns))).toEqual(['courseId', 'date', 'hours', 'status']);
    // Every column is still drawn on a wide screen, once.
    expect([...ids(listOrder(registry.orders.columns))].sort()).toEqual([...ids(registry.orders.columns)].sort());
  });

  it('a list that marks none shows its first columns on a phone, never a picture', () => {
    expect(ids(cardColumns(registry.categories.columns))).toEqual(['name', 'id', 'inActive']);
    expect(ids(cardColumns(registry.teachers.columns))).toEqual(['fullName', 'id', 'skill', 'descirption']);
    expect(ids(listOrder(registry.categories.columns))).toEqual(ids(registry.categories.columns));
  });
});

const orders: AnyRow[] = [
  { id: 1, version: 1, userId: 0, totalInTomans: 2_800_000, discountInTomans: 0, couponCode: '', invoiceNumber: 12, status: 'paid', refId: 'A1', cardPan: '', createdAt: '2026-11-01T10:30:00.000Z' },
  { id: 2, version: 1, userId: 0, totalInTomans: 1_500_000, discountInTomans: 0, couponCode: '', invoiceNumber: 13, status: 'pending', refId: '', cardPan: '', createdAt: '2026-11-02T10:30:00.000Z' },
];

function SelectableMessages() {
  const selection = useRowSelection();
  return <EntityTable entity={registry.messages} rows={[{ id: 3, version: 1, fullName: 'سمیه احمدی', phoneNumber: '09121234567', emailAddress: '', message: 'سلام', status: 'new', createdAt: '2026-11-01T10:30:00.000Z' }]} selection={selection.table} onView={vi.fn()} />;
}

describe('on a phone', () => {
  let phone = true;
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 640 });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 366 });
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({ matches: phone && query === '(max-width: 640px)', media: query, addEventListener: () => undefined, removeEventListener: () => undefined }),
    });
  });
  afterAll(() => {
    Reflect.deleteProperty(window, 'matchMedia');
  });
  afterEach(cleanup);

  it('draws each row as a card of its name and key columns, each named, the actions one button', () => {
    render(<EntityTable entity={registry.orders} rows={orders} onView={vi.fn()} onEdit={vi.fn()} />);
    const table = screen.getByRole('table');
    expect(table.classList.contains('admin-entity-cards')).toBe(true);
    // Still a table: its header row names the columns (for screen readers; no sort buttons).
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['فراگیر', 'مبلغ', 'وضعیت', 'تاریخ ثبت', 'عملیات']);
    expect(within(table).queryAllByRole('button', { name: /مبلغ|وضعیت/ })).toEqual([]);
    const rows = within(screen.getAllByRole('rowgroup')[1] ?? table).getAllByRole('row');
    expect(rows).toHaveLength(2);
    const cells = within(rows[0] ?? table).getAllByRole('cell');
    expect(cells).toHaveLength(5);
    expect(cells[0]?.classList.contains('admin-card-title')).toBe(true);
    expect(cells[1]?.textContent).toBe('مبلغ: ۲٬۸۰۰٬۰۰۰ تومان');
    expect(cells[2]?.textContent).toBe('وضعیت: پرداخت شده');
    expect(cells[3]?.textContent).toMatch(/^تاریخ ثبت: [۰-۹]{4}\//);
    // The visible name of each value is not read twice: the header row names it.
    expect(cells[1]?.querySelector('.admin-card-label')?.getAttribute('aria-hidden')).toBe('true');
    expect(within(rows[0] ?? table).getByRole('button', { name: /^عملیات: / })).toBeTruthy();
    // Card heights (entity-cards.css): padding, the name's line and one line per key column.
    expect(table.style.getPropertyValue('--admin-row-height')).toBe(`${17 + 40 + 24 * 3}px`);
    expect(table.style.getPropertyValue('--admin-columns')).toBe('');
  });

  it('gives a value edited in place (the roll) a line tall enough for its select', () => {
    const row: AnyRow = { id: 5, version: 1, childId: 0, sessionId: 0, status: 'present', takenBy: 0, takenAt: null };
    render(<EntityTable entity={registry.attendance} rows={[row]} onSaved={vi.fn()} onView={vi.fn()} />);
    expect(ids(cardColumns(registry.attendance.columns))).toEqual(['childId', 'status', 'course']);
    expect(screen.getByRole('table').style.getPropertyValue('--admin-row-height')).toBe(`${17 + 40 + 40 + 24}px`);
    expect(screen.getByRole('combobox')).toBeTruthy();
  });

  it('keeps the selection boxes where the list has them', () => {
    render(<SelectableMessages />);
    const box = screen.getByRole('checkbox', { name: 'انتخاب «سمیه احمدی»' });
    fireEvent.click(box);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'انتخاب «سمیه احمدی»' }).checked).toBe(true);
    expect(screen.getByRole('checkbox', { name: bulkTexts.selectAllLoaded })).toBeTruthy();
  });

  it('folds the filters and saved views behind «فیلترها», which tells how many are on', () => {
    render(<ToolbarLayout search={<input aria-label="جستجو" />} filters={<select aria-label="وضعیت" />} count={<span>۱۶ ردیف</span>} views={<button type="button">ذخیره این نما</button>} active={2} />);
    const toggle = screen.getByRole('button', { name: 'فیلترها (۲)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('combobox', { name: 'وضعیت' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'جستجو' })).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')?.hidden).toBe(false);
    expect(screen.getByRole('combobox', { name: 'وضعیت' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ذخیره این نما' })).toBeTruthy();
  });

  it('shows the filters in the toolbar on a wide screen', () => {
    phone = false;
    try {
      render(<ToolbarLayout search={null} filters={<select aria-label="وضعیت" />} count={null} views={null} active={1} />);
      expect(screen.queryByRole('button', { name: /فیلترها/ })).toBeNull();
      expect(screen.getByRole('combobox', { name: 'وضعیت' })).toBeTruthy();
    } finally {
      phone = true;
    }
  });
});
