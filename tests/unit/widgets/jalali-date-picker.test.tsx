// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JalaliDatePicker } from '../../../src/components/admin/inputs/JalaliDatePicker';
import { academyDayOf, academyDayStart } from '../../../schema/rules/calendar';

/** The stored value of a date-only pick: the start of the academy day of that Gregorian date. */
const academyDay = (year: number, monthIndex: number, day: number) =>
  academyDayStart(academyDayOf(Date.UTC(year, monthIndex, day, 12))).toISOString();

// "Today" is 31 Shahrivar 1404 (22 September 2025, a Monday), the last day of a 31-day month
// followed by 30-day Mehr: the clamping case of the spec.
const today = new Date(2025, 8, 22, 10, 30);

function Harness({ initial = null, onChange }: { initial?: string | null; onChange?: (v: string | null) => void }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <div>
      <button type="button">بیرون</button>
      <JalaliDatePicker
        id="date"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
    </div>
  );
}

const input = () => screen.getByRole<HTMLInputElement>('combobox');
const dialog = () => screen.getByRole('dialog');
const title = () => {
  const el = dialog().querySelector('.jdp-title');
  if (!el) throw new Error('no title');
  return el;
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(today);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('JalaliDatePicker', () => {
  it('names each day as a screen reader says it, with its weekday («۱۵ فروردین ۱۴۰۶، یکشنبه»)', () => {
    render(<Harness initial={null} />);
    fireEvent.click(input());
    // 1 Shahrivar 1404 was a Saturday, the first column of the week.
    const first = within(dialog()).getByRole('button', { name: '۱ شهریور ۱۴۰۴، شنبه' });
    expect(first.textContent).toBe('۱');
  });

  it('is an input that takes typing, showing the value in Persian digits, closed at first', () => {
    render(<Harness initial={academyDay(2025, 2, 21)} />);
    expect(input().readOnly).toBe(false);
    expect(input().value).toBe('۱۴۰۴/۰۱/۰۱');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens on click with the month name and year in the header', () => {
    render(<Harness />);
    fireEvent.click(input());
    expect(dialog()).toBeTruthy();
    expect(title().textContent).toBe('شهریور ۱۴۰۴');
    expect(input().getAttribute('aria-expanded')).toBe('true');
  });

  it.each(['Enter', ' ', 'ArrowDown'])('opens from the keyboard with %j', (key) => {
    render(<Harness />);
    fireEvent.keyDown(input(), { key });
    expect(dialog()).toBeTruthy();
  });

  it('starts the week on Saturday and places day 1 under its weekday', () => {
    render(<Harness initial={academyDay(2025, 8, 23)} />);
    fireEvent.click(input());
    const headers = within(dialog())
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['ش', 'ی', 'د', 'س', 'چ', 'پ', 'ج']);
    // 1 Mehr 1404 is a Tuesday (سه‌شنبه): three empty cells before it.
    const firstWeek = within(dialog()).getAllByRole('row')[1];
    if (!firstWeek) throw new Error('no first week');
    const cells = within(firstWeek).getAllByRole('gridcell');
    expect(cells.map((c) => c.textContent)).toEqual(['', '', '', '۱', '۲', '۳', '۴']);
  });

  it('picks a day: emits the instant that academy day starts, shows it and closes', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(input());
    fireEvent.click(screen.getByRole('button', { name: '۱۰ شهریور ۱۴۰۴، دوشنبه' }));
    expect(onChange).toHaveBeenCalledWith(academyDay(2025, 8, 1));
    expect(input().value).toBe('۱۴۰۴/۰۶/۱۰');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('highlights today (aria-current) and the selected day (aria-selected) distinctly', () => {
    render(<Harness initial={academyDay(2025, 8, 1)} />);
    fireEvent.click(input());
    const current = dialog().querySelectorAll('[aria-current="date"]');
    expect(current).toHaveLength(1);
    expect(current[0]?.textContent).toBe('۳۱');
    const selected = within(dialog()).getAllByRole('gridcell', { selected: true });
    expect(selected.map((c) => c.textContent)).toEqual(['۱۰']);
    const todayButton = within(dialog()).getByRole('button', { name: '۳۱ شهریور ۱۴۰۴، دوشنبه' });
    const selectedButton = within(dialog()).getByRole('button', { name: '۱۰ شهریور ۱۴۰۴، دوشنبه' });
    expect(todayButton.className).toContain('jdp-today');
    expect(todayButton.className).not.toContain('jdp-selected');
    expect(selectedButton.className).toContain('jdp-selected');
  });

  it('moves by month and year with the header buttons', () => {
    render(<Harness />);
    fireEvent.click(input());
    fireEvent.click(screen.getByRole('button', { name: 'ماه بعد' }));
    expect(title().textContent).toBe('مهر ۱۴۰۴');
    fireEvent.click(screen.getByRole('button', { name: 'سال بعد' }));
    expect(title().textContent).toBe('مهر ۱۴۰۵');
    fireEvent.click(screen.getByRole('button', { name: 'سال قبل' }));
    fireEvent.click(screen.getByRole('button', { name: 'ماه قبل' }));
    fireEvent.click(screen.getByRole('button', { name: 'ماه قبل' }));
    expect(title().textContent).toBe('مرداد ۱۴۰۴');
    // Across the year boundary.
    for (let i = 0; i < 5; i += 1) fireEvent.click(screen.getByRole('button', { name: 'ماه قبل' }));
    expect(title().textContent).toBe('اسفند ۱۴۰۳');
  });

  it('clamps the selected day to the month length when the month or year changes', () => {
    const onChange = vi.fn();
    render(<Harness initial={academyDay(2025, 8, 22)} onChange={onChange} />);
    expect(input().value).toBe('۱۴۰۴/۰۶/۳۱');
    fireEvent.click(input());
    fireEvent.click(screen.getByRole('button', { name: 'ماه بعد' }));
    expect(title().textContent).toBe('مهر ۱۴۰۴');
    expect(
      within(dialog())
        .getAllByRole('gridcell', { selected: true })
        .map((c) => c.textContent),
    ).toEqual(['۳۰']);
    // Esfand of a common year has 29 days.
    for (let i = 0; i < 5; i += 1) fireEvent.click(screen.getByRole('button', { name: 'ماه بعد' }));
    expect(title().textContent).toBe('اسفند ۱۴۰۴');
    expect(
      within(dialog())
        .getAllByRole('gridcell', { selected: true })
        .map((c) => c.textContent),
    ).toEqual(['۲۹']);
    // Navigation alone does not change the form value; Enter on the cursor picks it.
    expect(onChange).not.toHaveBeenCalled();
    const focused = within(dialog()).getByRole('button', { name: '۲۹ اسفند ۱۴۰۴، جمعه' });
    expect(focused.tabIndex).toBe(0);
    fireEvent.keyDown(focused, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith(academyDay(2026, 2, 20));
    expect(input().value).toBe('۱۴۰۴/۱۲/۲۹');
  });

  it('clamps across a leap Esfand with the year buttons (30 Esfand 1403 → 29 Esfand 1404)', () => {
    render(<Harness initial={academyDay(2025, 2, 20)} />);
    expect(input().value).toBe('۱۴۰۳/۱۲/۳۰');
    fireEvent.click(input());
    fireEvent.click(screen.getByRole('button', { name: 'سال بعد' }));
    expect(
      within(dialog())
        .getAllByRole('gridcell', { selected: true })
        .map((c) => c.textContent),
    ).toEqual(['۲۹']);
  });

  it('closes on an outside click and on Escape without changing the value', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(input());
    fireEvent.pointerDown(screen.getByRole('button', { name: 'بیرون' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(input());
    // A click inside the popup keeps it open.
    fireEvent.pointerDown(screen.getByRole('button', { name: 'ماه بعد' }));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    fireEvent.keyDown(screen.getByRole('button', { name: 'ماه بعد' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(input());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keeps Escape to itself when an enclosing dialog listens for it on the document', () => {
    const dialogEscape = vi.fn();
    const listener = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dialogEscape();
    };
    document.addEventListener('keydown', listener, true);
    try {
      render(<Harness />);
      fireEvent.click(input());
      fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(dialogEscape).not.toHaveBeenCalled();
      // Closed, the picker no longer intercepts it.
      fireEvent.keyDown(input(), { key: 'Escape' });
      expect(dialogEscape).toHaveBeenCalledTimes(1);
    } finally {
      document.removeEventListener('keydown', listener, true);
    }
  });

  it('is keyboard usable: arrows move the focused day (right-to-left), across months, Enter picks', () => {
    const onChange = vi.fn();
    render(<Harness initial={academyDay(2025, 8, 1)} onChange={onChange} />);
    fireEvent.keyDown(input(), { key: 'Enter' });
    const focused = () => document.activeElement;
    expect(focused()?.getAttribute('aria-label')).toBe('۱۰ شهریور ۱۴۰۴، دوشنبه');
    fireEvent.keyDown(focused() ?? document.body, { key: 'ArrowLeft' });
    expect(focused()?.getAttribute('aria-label')).toBe('۱۱ شهریور ۱۴۰۴، سه‌شنبه');
    fireEvent.keyDown(focused() ?? document.body, { key: 'ArrowRight' });
    fireEvent.keyDown(focused() ?? document.body, { key: 'ArrowRight' });
    expect(focused()?.getAttribute('aria-label')).toBe('۹ شهریور ۱۴۰۴، یکشنبه');
    fireEvent.keyDown(focused() ?? document.body, { key: 'ArrowDown' });
    expect(focused()?.getAttribute('aria-label')).toBe('۱۶ شهریور ۱۴۰۴، یکشنبه');
    fireEvent.keyDown(focused() ?? document.body, { key: 'ArrowUp' });
    fireEvent.keyDown(focused() ?? document.body, { key: 'ArrowUp' });
    fireEvent.keyDown(focused() ?? document.body, { key: 'ArrowUp' });
    expect(focused()?.getAttribute('aria-label')).toBe('۲۶ مرداد ۱۴۰۴، یکشنبه');
    expect(title().textContent).toBe('مرداد ۱۴۰۴');
    fireEvent.keyDown(focused() ?? document.body, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith(academyDay(2025, 7, 17));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('clears the value with the clear button', () => {
    const onChange = vi.fn();
    render(<Harness initial={academyDay(2025, 8, 1)} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'پاک کردن تاریخ' }));
    expect(onChange).toHaveBeenCalledWith(null);
    expect(input().value).toBe('');
  });

  it('refuses navigation outside the years jalaali-js supports', () => {
    render(<Harness initial={academyDay(3798, 0, 10)} />);
    fireEvent.click(input());
    expect(title().textContent).toMatch(/۳۱۷۶|۳۱۷۷/);
    while (!screen.getByRole<HTMLButtonElement>('button', { name: 'ماه بعد' }).disabled) {
      fireEvent.click(screen.getByRole('button', { name: 'ماه بعد' }));
    }
    expect(title().textContent).toBe('اسفند ۳۱۷۷');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'سال بعد' }).disabled).toBe(true);
  });

  it('marks itself invalid for the form', () => {
    render(<JalaliDatePicker id="d" value={null} onChange={() => undefined} invalid />);
    expect(screen.getByRole('combobox').getAttribute('aria-invalid')).toBe('true');
    act(() => undefined);
  });
});
