// @vitest-environment jsdom
// A table cell cut short by its column shows its whole text on hover (title) and on focus (a tab
// stop, drawn in full by entity-table.css); a cell whose text fits gets neither.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../../schema/registry.gen';
import { EntityTable } from '../../../src/components/admin/EntityTable';
import { sampleSeed } from '../../support/msw-handlers';

const longText = 20;
// jsdom lays nothing out: a viewport for the virtualiser, and text longer than `longText`
// characters wider than its cell.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 640 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 100 });
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return (this.textContent ?? '').length > longText ? 400 : 50;
    },
  });
});
afterEach(cleanup);

describe('a clipped table cell', () => {
  it('carries its whole text as a title and can be focused; a cell that fits cannot', () => {
    const course = sampleSeed.courses[0];
    if (!course) throw new Error('no sample course');
    const title = 'یک عنوان بسیار بلند که در ستون جدول جا نمی‌شود و بریده می‌شود';
    render(<EntityTable entity={registry.courses} rows={[{ ...course, title }]} />);
    const body = screen.getAllByRole('rowgroup')[1];
    if (!body) throw new Error('no body');
    const cell = within(body).getByText(title);
    expect(cell.getAttribute('title')).toBe(title);
    expect(cell.tabIndex).toBe(0);
    cell.focus();
    expect(document.activeElement).toBe(cell);
    const short = within(body)
      .getAllByRole('cell')
      .find((c) => c.classList.contains('admin-cell-clip') && (c.textContent ?? '').length > 0 && (c.textContent ?? '').length <= longText);
    expect(short).toBeTruthy();
    expect(short?.hasAttribute('title')).toBe(false);
    expect(short?.hasAttribute('tabindex')).toBe(false);
  });
});
