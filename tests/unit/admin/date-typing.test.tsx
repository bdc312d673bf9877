// @vitest-environment jsdom
// Dates an operator can type as well as pick: the picker reads what is typed in any digits,
// explains a day that does not exist without losing the text, picks today with «امروز», opens
// on the month of its value; the form refuses to save a date it could not read; a list's date
// filter sets its range in one click.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { academyDayStart, type JalaliDate } from '../../../schema/rules/calendar';
import { blankRecord } from '../../../schema/define';
import { registry } from '../../../schema/registry.gen';
import { DateRangeFilter } from '../../../src/components/admin/DateRangeFilter';
import { EntityForm } from '../../../src/components/admin/EntityForm';
import { JalaliDatePicker } from '../../../src/components/admin/inputs/JalaliDatePicker';

const instant = (day: JalaliDate) => academyDayStart(day).toISOString();
// «Now» is 10:00 in Tehran on Wednesday 15 Mehr 1405.
const now = new Date(academyDayStart({ jy: 1405, jm: 7, jd: 15 }).getTime() + 10 * 3_600_000);

function Harness({ initial = null, near = null, onChange }: { initial?: string | null; near?: string | null; onChange?: (v: string | null) => void }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <div>
      <button type="button">بیرون</button>
      <JalaliDatePicker
        id="date"
        value={value}
        near={near}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
    </div>
  );
}

const input = () => screen.getByRole<HTMLInputElement>('combobox');
const title = () => screen.getByRole('dialog').querySelector('.jdp-title')?.textContent;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('typing a date into the picker', () => {
  it.each(['۱۴۰۶/۰۱/۱۵', '1406-1-15', '١٤٠٦/٠١/١٥'])('takes %s on leaving the field, as the start of that academy day', (text) => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    input().focus();
    type(text);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.blur(input(), { relatedTarget: screen.getByRole('button', { name: 'بیرون' }) });
    expect(onChange).toHaveBeenCalledWith(instant({ jy: 1406, jm: 1, jd: 15 }));
    expect(input().value).toBe('۱۴۰۶/۰۱/۱۵');
  });

  it('takes a typed date on Enter without opening the calendar', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    type('1403/12/30');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith(instant({ jy: 1403, jm: 12, jd: 30 }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('explains a day that does not exist in Persian, keeps the text and the value', () => {
    const onChange = vi.fn();
    render(<Harness initial={instant({ jy: 1405, jm: 7, jd: 1 })} onChange={onChange} />);
    type('1404/12/30');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe('روز ۳۰ در اسفند ۱۴۰۴ نیست؛ این ماه ۲۹ روز دارد');
    expect(input().value).toBe('1404/12/30');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    type('1406/13/01');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(input());
    expect(screen.getByRole('alert').textContent).toBe('ماه باید از ۱ تا ۱۲ باشد');
    expect(onChange).not.toHaveBeenCalled();
    // Corrected, it is taken.
    type('1406/12/01');
    fireEvent.blur(input());
    expect(onChange).toHaveBeenCalledWith(instant({ jy: 1406, jm: 12, jd: 1 }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clears the value when the text is erased', () => {
    const onChange = vi.fn();
    render(<Harness initial={instant({ jy: 1405, jm: 7, jd: 1 })} onChange={onChange} />);
    type('');
    fireEvent.blur(input());
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('moves an open calendar to the day being typed', () => {
    render(<Harness />);
    fireEvent.click(input());
    expect(title()).toBe('مهر ۱۴۰۵');
    type('۱۴۰۶/۰۳/۰۹');
    expect(title()).toBe('خرداد ۱۴۰۶');
    expect(within(screen.getByRole('dialog')).getAllByRole('gridcell', { selected: true }).map((c) => c.textContent)).toEqual(['۹']);
    // The click left the caret in the input, so typing went on there.
    expect(document.activeElement).toBe(input());
  });
});

describe('the calendar', () => {
  it('picks today with «امروز», closes and hands focus back to the input', () => {
    const onChange = vi.fn();
    render(<Harness initial={instant({ jy: 1403, jm: 2, jd: 10 })} onChange={onChange} />);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'امروز' }));
    expect(onChange).toHaveBeenCalledWith(instant({ jy: 1405, jm: 7, jd: 15 }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(input().value).toBe('۱۴۰۵/۰۷/۱۵');
    expect(document.activeElement).toBe(input());
  });

  it('opens on the month of the value, with that day selected and under the keyboard cursor', () => {
    render(<Harness initial={instant({ jy: 1403, jm: 2, jd: 10 })} />);
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(title()).toBe('اردیبهشت ۱۴۰۳');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('۱۰ اردیبهشت ۱۴۰۳، دوشنبه');
  });

  it('opens on the month it is near (a range’s start) while it has no value, else on today’s', () => {
    const { unmount } = render(<Harness near={instant({ jy: 1404, jm: 11, jd: 20 })} />);
    fireEvent.click(input());
    expect(title()).toBe('بهمن ۱۴۰۴');
    unmount();
    render(<Harness />);
    fireEvent.click(input());
    expect(title()).toBe('مهر ۱۴۰۵');
  });
});

describe('a date typed into the generic form', () => {
  it('is refused with the reason under the field, kept as typed, and not saved', async () => {
    const onSubmit = vi.fn();
    const { container } = render(
      <EntityForm entity={registry.holidays} mode="add" initialValues={{ ...blankRecord(registry.holidays), title: 'روز آزمایش' }} saving={false} onSubmit={onSubmit} onCancel={vi.fn()} />,
    );
    const date = screen.getByLabelText<HTMLInputElement>('از تاریخ');
    fireEvent.change(date, { target: { value: '1403/12/31' } });
    await act(async () => {
      fireEvent.blur(date);
    });
    expect(screen.getByRole('alert').textContent).toBe('از تاریخ: روز ۳۱ در اسفند ۱۴۰۳ نیست؛ این ماه ۳۰ روز دارد');
    expect(date.value).toBe('1403/12/31');
    expect(date.getAttribute('aria-invalid')).toBe('true');
    await act(async () => {
      fireEvent.submit(container.querySelector('form') ?? document.body);
    });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('مناسبت').value).toBe('روز آزمایش');
    fireEvent.change(date, { target: { value: '۱۴۰۳/۱۲/۳۰' } });
    await act(async () => {
      fireEvent.blur(date);
    });
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => {
      fireEvent.submit(container.querySelector('form') ?? document.body);
    });
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ title: 'روز آزمایش', date: instant({ jy: 1403, jm: 12, jd: 30 }) }));
  });
});

describe('a list’s date filter', () => {
  it('offers today, this week (from Saturday), this month and last month, pressed while shown', () => {
    const onChange = vi.fn();
    const { rerender } = render(<DateRangeFilter label="تاریخ" value="" onChange={onChange} />);
    const preset = (name: string) => screen.getByRole('button', { name });
    fireEvent.click(preset('امروز'));
    expect(onChange).toHaveBeenLastCalledWith('1405-07-15..1405-07-15');
    fireEvent.click(preset('این هفته'));
    expect(onChange).toHaveBeenLastCalledWith('1405-07-11..1405-07-17');
    fireEvent.click(preset('این ماه'));
    expect(onChange).toHaveBeenLastCalledWith('1405-07-01..1405-07-30');
    fireEvent.click(preset('ماه قبل'));
    expect(onChange).toHaveBeenLastCalledWith('1405-06-01..1405-06-31');
    rerender(<DateRangeFilter label="تاریخ" value="1405-06-01..1405-06-31" onChange={onChange} />);
    expect(preset('ماه قبل').getAttribute('aria-pressed')).toBe('true');
    expect(preset('این ماه').getAttribute('aria-pressed')).toBe('false');
    const [from, to] = screen.getAllByRole<HTMLInputElement>('combobox');
    expect(from?.value).toBe('۱۴۰۵/۰۶/۰۱');
    expect(to?.value).toBe('۱۴۰۵/۰۶/۳۱');
  });

  it('takes a typed day into the URL’s spelling', () => {
    const onChange = vi.fn();
    render(<DateRangeFilter label="تاریخ" value="" onChange={onChange} />);
    const [from] = screen.getAllByRole<HTMLInputElement>('combobox');
    if (!from) throw new Error('no input');
    fireEvent.change(from, { target: { value: '۱۴۰۵/۰۲/۰۳' } });
    fireEvent.keyDown(from, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('1405-02-03..');
  });
});
