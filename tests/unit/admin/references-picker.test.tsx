// @vitest-environment jsdom
// The form's input for a many-to-many field (a course's assistant teachers): the records chosen
// as chips with their names, each removable, and the combobox that adds one, offering only the
// records not chosen yet and no «none».
import { backend } from '../../machines/server';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnyField, AnyRow } from '../../../schema/define';
import { registry } from '../../../schema/registry.gen';
import { clearGetCache } from '../../../src/api/client';
import { ReferencesPicker } from '../../../src/components/admin/inputs/ReferencesPicker';
import { sampleSeed } from '../../support/msw-handlers';

const teachers: AnyRow[] = [
  { id: 1, fullName: 'سارا احمدی', skill: 'پایتون', descirption: '', coverImage: '' },
  { id: 2, fullName: 'علی یوسفی‌نیا', skill: 'رباتیک', descirption: '', coverImage: '' },
  { id: 3, fullName: 'کیان کریمی', skill: 'بازی', descirption: '', coverImage: '' },
];

beforeEach(() => {
  backend.reset({ ...sampleSeed, teachers });
  clearGetCache();
});
afterEach(cleanup);

const maybeField = registry.courses.fields.assistantTeacherIds;
if (!maybeField) throw new Error('courses have no assistantTeacherIds field');
const field: AnyField = maybeField;

let latest: number[] = [];
function Harness({ initial }: { initial: number[] }) {
  const [value, setValue] = useState<number[]>(initial);
  return (
    <>
      <label htmlFor="assistants">مدرسان دستیار</label>
      <ReferencesPicker
        id="assistants"
        field={field}
        value={value}
        onChange={(next) => {
          latest = next;
          setValue(next);
        }}
        onBlur={() => {}}
        invalid={false}
        describedBy={undefined}
      />
    </>
  );
}

const chips = () => within(screen.getByRole('list', { name: 'مدرسان دستیار: انتخاب‌شده‌ها' })).getAllByRole('listitem').map((item) => item.textContent?.replace('×', '').trim());
const optionTexts = () => within(screen.getByRole('listbox', { hidden: true })).queryAllByRole('option').map((option) => option.textContent);

describe('ReferencesPicker', () => {
  it('shows the records chosen by name, offers only the others, adds with Enter and removes with the chip’s button', async () => {
    render(<Harness initial={[2]} />);
    await waitFor(() => expect(chips()).toEqual(['علی یوسفی‌نیا']));
    const input = screen.getByRole('combobox', { name: 'مدرسان دستیار' });
    expect(input.getAttribute('placeholder')).toBe('افزودن…');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    await waitFor(() => expect(optionTexts()).toEqual(['سارا احمدی', 'کیان کریمی']));
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(latest).toEqual([2, 3]);
    expect(chips()).toEqual(['علی یوسفی‌نیا', 'کیان کریمی']);
    fireEvent.click(screen.getByRole('button', { name: 'حذف علی یوسفی‌نیا' }));
    expect(latest).toEqual([3]);
    expect(chips()).toEqual(['کیان کریمی']);
  });

  it('with none chosen, shows the field’s «none» text and no chips', () => {
    render(<Harness initial={[]} />);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'مدرسان دستیار' }).getAttribute('placeholder')).toBe('بدون دستیار');
  });
});
