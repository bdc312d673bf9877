// @vitest-environment jsdom
// The admin on a phone, as far as jsdom can tell: the row actions fold into one labelled button,
// dialogs give focus back to their opener, the number input groups its digits.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registry } from '../../../schema/registry.gen';
import { AlertDialog } from 'radix-ui';
import { AlertShell, ConfirmDialog } from '../../../src/components/admin/ConfirmDialog';
import { captureOpener, firstField, focusBack, holdFocusHere, openFrom } from '../../../src/components/admin/dialogFocus';
import { inputRenderers } from '../../../src/components/admin/inputs';
import { RowActions } from '../../../src/components/admin/RowActions';
import { formatNumberDraft } from '../../../schema/rules/digits';

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 640 });
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  // A sheet's hand-over lasts a moment; one test's must not reach the next.
  openFrom(null);
});

const course = { id: 7, title: 'اینترنت اشیا با ESP32', version: 1 };

describe('row actions', () => {
  it('are buttons on a wide screen, each named with its record and for finding it again', () => {
    render(<RowActions entity={registry.courses} row={course} compact={false} detailHref="/admin/courses/7" onEdit={vi.fn()} onDelete={vi.fn()} onAction={undefined} onView={vi.fn()} />);
    // What a screen reader says of each: the action and the record, not a column of «ویرایش».
    expect(screen.getByRole('button', { name: 'ویرایش اینترنت اشیا با ESP32' }).getAttribute('data-focus-key')).toBe('courses:7:edit');
    expect(screen.getByRole('button', { name: 'حذف اینترنت اشیا با ESP32' }).getAttribute('data-focus-key')).toBe('courses:7:delete');
    expect(screen.getByRole('link', { name: 'مشاهده اینترنت اشیا با ESP32' }).getAttribute('href')).toBe('/admin/courses/7');
  });

  it('fold into one button named after the record on a phone, opening a sheet of them', () => {
    const onEdit = vi.fn();
    render(<RowActions entity={registry.courses} row={course} compact detailHref="/admin/courses/7" onEdit={onEdit} onDelete={vi.fn()} onAction={undefined} onView={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /^ویرایش/ })).toBeNull();
    const menu = screen.getByRole('button', { name: 'عملیات: اینترنت اشیا با ESP32' });
    fireEvent.click(menu);
    const sheet = screen.getByRole('dialog', { name: 'اینترنت اشیا با ESP32' });
    expect(within(sheet).getAllByRole('button').map((b) => b.textContent)).toEqual(['ویرایش', 'حذف', 'انصراف']);
    fireEvent.click(within(sheet).getByRole('button', { name: 'ویرایش' }));
    expect(onEdit).toHaveBeenCalledWith(course);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('dialog focus', () => {
  it('goes back to the opener, or to its re-drawn twin, or to the screen heading when it is gone', () => {
    vi.useFakeTimers();
    try {
      document.body.innerHTML =
        '<h2 data-focus-home tabindex="-1">دوره‌ها</h2><button data-focus-key="courses:7:edit">ویرایش</button><button id="other">دیگر</button>';
      const opener = document.querySelector<HTMLButtonElement>('[data-focus-key]');
      opener?.focus();
      const captured = captureOpener();
      expect(captured).toEqual({ element: opener, key: 'courses:7:edit' });
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      focusBack(captured);
      expect(document.activeElement).toBe(opener);

      // The list re-drew the row: the new button of the same name takes focus.
      opener?.remove();
      const twin = document.createElement('button');
      twin.setAttribute('data-focus-key', 'courses:7:edit');
      document.body.append(twin);
      focusBack(captured);
      expect(document.activeElement).toBe(twin);

      // The row was deleted: focus, once lost, lands on the heading.
      twin.remove();
      focusBack(captured);
      act(() => vi.advanceTimersByTime(60));
      expect(document.activeElement?.tagName).toBe('H2');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps focus on the screen when the opener goes however late the screen is read again, until the admin moves it', async () => {
    vi.useFakeTimers();
    try {
      document.body.innerHTML =
        '<h2 data-focus-home tabindex="-1">سفارش ۷</h2><button id="refund">بازگشت وجه</button><button id="unlock">باز کردن قفل</button><button id="other">دیگر</button>';
      const refund = document.getElementById('refund');
      refund?.focus();
      const captured = captureOpener();
      focusBack(captured);
      expect(document.activeElement).toBe(refund);
      // The record is read again long after the dialog closed; its action is no longer offered.
      act(() => vi.advanceTimersByTime(10_000));
      refund?.remove();
      await act(async () => {});
      expect(document.activeElement?.tagName).toBe('H2');

      // An action that runs at once holds focus from its own button.
      document.getElementById('unlock')?.focus();
      holdFocusHere();
      act(() => vi.advanceTimersByTime(10_000));
      document.getElementById('unlock')?.remove();
      await act(async () => {});
      expect(document.activeElement?.tagName).toBe('H2');

      // The admin moved on: what the page does next is no longer put right for them.
      const other = document.getElementById('other');
      other?.focus();
      other?.remove();
      await act(async () => {});
      expect(document.activeElement).toBe(document.body);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a menu hands its trigger over to the dialog it opens', () => {
    document.body.innerHTML = '<button id="trigger">⋯</button><button id="item">ویرایش</button>';
    const trigger = document.getElementById('trigger');
    document.getElementById('item')?.focus();
    openFrom(trigger);
    expect(captureOpener().element).toBe(trigger);
    // Taken once: the next dialog records what is focused then.
    expect(captureOpener().element?.id).toBe('item');
  });

  it('finds a form’s first field, skipping hidden and disabled inputs', () => {
    document.body.innerHTML = '<form><input type="hidden"><input disabled><select id="first"></select><input id="second"></form>';
    expect(firstField(document.body)?.id).toBe('first');
  });
});

describe('dialogs', () => {
  it('a dialog with fields (an action’s inputs) opens on its first field; a question alone on «انصراف»', async () => {
    const { unmount } = render(
      <AlertShell open onDismiss={vi.fn()}>
        <AlertDialog.Title>بازنشانی رمز</AlertDialog.Title>
        <AlertDialog.Description>پرسش</AlertDialog.Description>
        <button type="button">بستن</button>
        <input aria-label="مدت اعتبار" />
      </AlertShell>,
    );
    await act(async () => {});
    expect(document.activeElement?.getAttribute('aria-label')).toBe('مدت اعتبار');
    unmount();
    render(<ConfirmDialog open question="حذف شود؟" busy={false} onConfirm={vi.fn()} onCancel={vi.fn()} />);
    await act(async () => {});
    expect(document.activeElement?.textContent).toBe('انصراف');
  });

  it('give focus back to the button that opened them when they close', async () => {
    function Screen({ open }: { open: boolean }) {
      return (
        <>
          <button type="button">باز کن</button>
          <ConfirmDialog open={open} question="حذف شود؟" busy={false} onConfirm={vi.fn()} onCancel={vi.fn()} />
        </>
      );
    }
    const { rerender } = render(<Screen open={false} />);
    screen.getByRole('button', { name: 'باز کن' }).focus();
    rerender(<Screen open />);
    await act(async () => {});
    expect(document.activeElement?.textContent).toBe('انصراف');
    rerender(<Screen open={false} />);
    await act(async () => {});
    expect(document.activeElement?.textContent).toBe('باز کن');
  });
});

describe('the number input', () => {
  const field = registry.courses.fields.priceInTomans;
  if (!field) throw new Error('courses have a price field');
  const NumberInput = inputRenderers.number;

  it('shows its value grouped in Persian digits and reads back what is typed in any digits', () => {
    const onChange = vi.fn();
    render(<NumberInput id="price" field={field} value={4300000} onChange={onChange} onBlur={vi.fn()} invalid={false} describedBy={undefined} />);
    const input = screen.getByRole('textbox');
    expect(input).toHaveProperty('value', '۴٬۳۰۰٬۰۰۰');
    fireEvent.change(input, { target: { value: '۴٬۳۰۰٬۰۰۰5' } });
    expect(onChange).toHaveBeenLastCalledWith(43000005);
    expect(input).toHaveProperty('value', '۴۳٬۰۰۰٬۰۰۵');
    fireEvent.change(input, { target: { value: '2.' } });
    expect(input).toHaveProperty('value', '۲٫');
    fireEvent.change(input, { target: { value: '۲٫۵' } });
    expect(onChange).toHaveBeenLastCalledWith(2.5);
  });

  it('formats a draft the way the input shows it', () => {
    expect(formatNumberDraft('1234567.25')).toBe('۱٬۲۳۴٬۵۶۷٫۲۵');
    expect(formatNumberDraft('-')).toBe('-');
    expect(formatNumberDraft('')).toBe('');
    expect(formatNumberDraft('12a')).toBe('12a');
  });
});
