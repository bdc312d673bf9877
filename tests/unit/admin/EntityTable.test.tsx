// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyRow } from '../../../schema/define';
import { registry } from '../../../schema/registry.gen';
import { EntityTable } from '../../../src/components/admin/EntityTable';
import { formatJalaliDateTime, formatJalaliLong } from '../../../schema/rules/calendar';
import { sampleSeed } from '../../support/msw-handlers';

// jsdom lays nothing out; the virtualiser needs a viewport to decide which rows to draw.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 640 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1024 });
});
afterEach(cleanup);

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1] ?? document.body).getAllByRole('row');
const firstColumn = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('EntityTable', () => {
  it('shows the empty text when there are no rows', () => {
    render(<EntityTable entity={registry.categories} rows={[]} />);
    expect(screen.getByText('هیچ داده‌ای موجود نیست')).toBeTruthy();
  });

  it('renders numbers, prices, hours and dates in Persian digits (courses)', () => {
    render(<EntityTable entity={registry.courses} rows={sampleSeed.courses} />);
    expect(screen.getByText('۲۴ ساعت')).toBeTruthy();
    expect(screen.getByText('۲٬۵۰۰٬۰۰۰ تومان')).toBeTruthy();
    expect(screen.getByText(formatJalaliLong('2026-03-22T00:00:00.000Z'))).toBeTruthy();
    expect(screen.getByText('آنلاین')).toBeTruthy();
    expect(screen.getByText('فعال')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/[0-9]/);
  });

  it('renders users: full name, Persian phone, role and status labels, Jalali last login', () => {
    render(<EntityTable entity={registry.users} rows={sampleSeed.users} />);
    expect(screen.getByText('مدیر سامانه')).toBeTruthy();
    expect(screen.getByText('۰۹۱۲۰۰۰۰۰۰۰')).toBeTruthy();
    expect(screen.getByText('مدیر سیستم')).toBeTruthy();
    expect(screen.getByText('کاربر عادی')).toBeTruthy();
    expect(screen.getByText('غیرفعال')).toBeTruthy();
    expect(screen.getByText(formatJalaliDateTime('2026-01-01T10:30:00.000Z'))).toBeTruthy();
  });

  it('renders yes/no and lazy image thumbnails with alt text (categories)', () => {
    render(<EntityTable entity={registry.categories} rows={sampleSeed.categories} />);
    expect(screen.getByText('بله')).toBeTruthy();
    expect(screen.getByText('خیر')).toBeTruthy();
    const image = screen.getByRole('img', { name: 'تصویر: code.png' });
    // The 160 px copy (server/features/media/imageVariants.ts), not the uploaded original.
    expect(image.getAttribute('src')).toBe('/api/File/image/code.png?w=160');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(screen.getByText('۱')).toBeTruthy();
  });

  it('cuts the article description to 50 characters of plain text', () => {
    const body = `<p>${'الف '.repeat(30)}</p>`;
    const rows: AnyRow[] = [{ ...sampleSeed.articles[0], id: 1, body }];
    render(<EntityTable entity={registry.articles} rows={rows} />);
    const cell = screen.getByText((text) => text.endsWith('…'));
    expect(Array.from(cell.textContent ?? '')).toHaveLength(51);
  });

  it('sorts by a column header, ascending then descending', () => {
    const rows: AnyRow[] = ['ب', 'الف', 'ج'].map((name, i) => ({ id: i + 1, name, inActive: false, coverImage: '' }));
    render(<EntityTable entity={registry.categories} rows={rows} />);
    expect(firstColumn()).toEqual(['ب', 'الف', 'ج']);
    fireEvent.click(screen.getByRole('button', { name: /نام/ }));
    expect(firstColumn()).toEqual(['الف', 'ب', 'ج']);
    expect(screen.getByRole('columnheader', { name: /نام/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: /نام/ }));
    expect(firstColumn()).toEqual(['ج', 'ب', 'الف']);
  });

  it('sorts numbers numerically', () => {
    const rows: AnyRow[] = [10, 9, 100].map((id) => ({ id, name: String(id), inActive: false, coverImage: '' }));
    render(<EntityTable entity={registry.categories} rows={rows} />);
    fireEvent.click(screen.getByRole('button', { name: /شناسه/ }));
    expect(firstColumn()).toEqual(['۹', '۱۰', '۱۰۰']);
  });

  it('filters over searchIn, accepting Persian digits', () => {
    render(<EntityTable entity={registry.users} rows={sampleSeed.users} />);
    const search = screen.getByRole('searchbox', { name: 'جستجو' });
    fireEvent.change(search, { target: { value: 'رضا' } });
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByText('رضا کریمی')).toBeTruthy();
    fireEvent.change(search, { target: { value: '۰۹۱۲۰' } });
    expect(firstColumn()).toEqual(['مدیر سامانه']);
    fireEvent.change(search, { target: { value: 'هیچ‌کس' } });
    expect(screen.getByText('هیچ داده‌ای موجود نیست')).toBeTruthy();
  });

  it('offers edit and delete for a row', () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    render(<EntityTable entity={registry.teachers} rows={sampleSeed.teachers} onEdit={onEdit} onDelete={onDelete} />);
    fireEvent.click(screen.getByRole('button', { name: /^ویرایش / }));
    fireEvent.click(screen.getByRole('button', { name: /^حذف / }));
    expect(onEdit).toHaveBeenCalledWith(sampleSeed.teachers[0]);
    expect(onDelete).toHaveBeenCalledWith(sampleSeed.teachers[0]);
  });

  it('driven by the server: keeps the rows in the order given and asks for a sort instead', () => {
    const rows: AnyRow[] = ['ب', 'الف', 'ج'].map((name, i) => ({ id: i + 1, name, inActive: false, coverImage: '' }));
    const onSort = vi.fn();
    const server = { sort: { id: 'name', desc: true }, sortable: (id: string) => id === 'name', onSort, total: 3 };
    render(<EntityTable entity={registry.categories} rows={rows} server={server} />);
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.getByRole('columnheader', { name: /نام/ }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.queryByRole('button', { name: /شناسه/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /نام/ }));
    expect(onSort).toHaveBeenCalledWith('name');
    expect(firstColumn()).toEqual(['ب', 'الف', 'ج']);
  });

  it('draws only the visible rows of 10,000', () => {
    const rows: AnyRow[] = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, name: `دسته ${i}`, inActive: false, coverImage: '' }));
    render(<EntityTable entity={registry.categories} rows={rows} />);
    const drawn = document.querySelectorAll('tbody tr[data-index]').length;
    expect(drawn).toBeGreaterThan(5);
    expect(drawn).toBeLessThan(60);
    expect(screen.getByText('۱۰۰۰۰ ردیف')).toBeTruthy();
  });
});
