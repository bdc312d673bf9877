// @vitest-environment jsdom
// The reference picker (a combobox) and the table's reference cells against the msw backend:
// keyboard use, Persian-aware matching, the «none» choice, the current value's label, and the
// labels of a whole table fetched in one call per referenced entity, and a conflict told by names.
import { backend, server } from '../../machines/server';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { listOrder, type AnyEntity, type AnyField, type AnyRow } from '../../../schema/define';
import { registry } from '../../../schema/registry.gen';
import { clearGetCache } from '../../../src/api/client';
import { EntityTable } from '../../../src/components/admin/EntityTable';
import { ConflictDialog } from '../../../src/components/admin/SafetyDialogs';
import { ReferencePicker } from '../../../src/components/admin/inputs/ReferencePicker';
import { sampleSeed } from '../../support/msw-handlers';

const teachers: AnyRow[] = [
  { id: 1, fullName: 'سارا احمدی', skill: 'پایتون', descirption: '', coverImage: '' },
  { id: 2, fullName: 'علی یوسفی‌نیا', skill: 'رباتیک', descirption: '', coverImage: '' },
  { id: 3, fullName: 'کیان کریمی ۲', skill: 'بازی', descirption: '', coverImage: '' },
];

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 640 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1024 });
});
beforeEach(() => {
  backend.reset({ ...sampleSeed, teachers });
  clearGetCache();
});
afterEach(cleanup);

const maybeTeacherField = registry.courses.fields.techerId;
if (!maybeTeacherField) throw new Error('courses have no techerId field');
const teacherField: AnyField = maybeTeacherField;

function Harness({ initial, onChange }: { initial: number; onChange: (value: number) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="teacher">مدرس</label>
      <ReferencePicker
        id="teacher"
        field={teacherField}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
        onBlur={() => {}}
        invalid={false}
        describedBy={undefined}
        debounceMs={0}
      />
    </>
  );
}

const combobox = () => screen.getByRole('combobox', { name: 'مدرس' });
const optionTexts = () => within(screen.getByRole('listbox', { hidden: true })).queryAllByRole('option').map((o) => o.textContent);
const activeText = () => {
  const id = combobox().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : null;
};

describe('ReferencePicker', () => {
  it('shows the current value as its label, and the «none» text as placeholder for 0', async () => {
    render(<Harness initial={2} onChange={() => {}} />);
    await waitFor(() => expect((combobox() as HTMLInputElement).value).toBe('علی یوسفی‌نیا'));
    cleanup();
    render(<Harness initial={0} onChange={() => {}} />);
    expect((combobox() as HTMLInputElement).value).toBe('');
    expect(combobox().getAttribute('placeholder')).toBe('بدون مدرس');
  });

  it('opens with ArrowDown, moves with the arrows, picks with Enter, and is a proper combobox', async () => {
    const onChange = vi.fn();
    render(<Harness initial={0} onChange={onChange} />);
    const input = combobox();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    await waitFor(() => expect(optionTexts()).toEqual(['بدون مدرس', 'سارا احمدی', 'علی یوسفی‌نیا', 'کیان کریمی ۲']));
    expect(activeText()).toBe('بدون مدرس');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeText()).toBe('علی یوسفی‌نیا');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(activeText()).toBe('سارا احمدی');
    expect(screen.getByRole('option', { name: 'سارا احمدی' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'End' });
    expect(activeText()).toBe('کیان کریمی ۲');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith(3);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect((input as HTMLInputElement).value).toBe('کیان کریمی ۲');
  });

  it('Escape closes the list and keeps the value', async () => {
    const onChange = vi.fn();
    render(<Harness initial={1} onChange={onChange} />);
    await waitFor(() => expect((combobox() as HTMLInputElement).value).toBe('سارا احمدی'));
    fireEvent.change(combobox(), { target: { value: 'علی' } });
    await waitFor(() => expect(optionTexts()).toEqual(['علی یوسفی‌نیا']));
    fireEvent.keyDown(combobox(), { key: 'Escape' });
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect((combobox() as HTMLInputElement).value).toBe('سارا احمدی');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('matches Persian-aware: Arabic ي/ك, a space for a ZWNJ, Latin digits', async () => {
    const onChange = vi.fn();
    render(<Harness initial={0} onChange={onChange} />);
    const type = async (text: string, expected: string[]) => {
      fireEvent.change(combobox(), { target: { value: text } });
      await waitFor(() => expect(optionTexts()).toEqual(expected));
    };
    await type('احمدي', ['سارا احمدی']);
    await type('يوسفي نيا', ['علی یوسفی‌نیا']);
    await type('كيان', ['کیان کریمی ۲']);
    await type('کریمی 2', ['کیان کریمی ۲']);
    await type('زززز', []);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('موردی یافت نشد'));
    await type('يوسفي', ['علی یوسفی‌نیا']);
    fireEvent.keyDown(combobox(), { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith(2);
  });

  it('offers «none» (0), and a click picks an option', async () => {
    const onChange = vi.fn();
    render(<Harness initial={2} onChange={onChange} />);
    await waitFor(() => expect((combobox() as HTMLInputElement).value).toBe('علی یوسفی‌نیا'));
    fireEvent.click(combobox());
    await waitFor(() => expect(optionTexts()).toContain('سارا احمدی'));
    fireEvent.click(screen.getByRole('option', { name: 'بدون مدرس' }));
    expect(onChange).toHaveBeenLastCalledWith(0);
    expect((combobox() as HTMLInputElement).value).toBe('');
    fireEvent.click(combobox());
    await waitFor(() => expect(optionTexts()).toContain('سارا احمدی'));
    fireEvent.click(screen.getByRole('option', { name: 'سارا احمدی' }));
    expect(onChange).toHaveBeenLastCalledWith(1);
  });
});

describe('reference cells', () => {
  // schema/courses.ts shows the teacher and the category as reference columns.
  const coursesWithReferences: AnyEntity = registry.courses;
  const base = sampleSeed.courses[0];
  if (!base) throw new Error('no sample course');
  const courses: AnyRow[] = Array.from({ length: 30 }, (_, i) => ({
    ...base,
    id: i + 1,
    title: `دوره ${i + 1}`,
    techerId: (i % 4) as number,
    categoryId: i % 2 === 0 ? 1 : 2,
  }));

  it('show the referenced records’ labels, fetched in one call per referenced entity', async () => {
    render(<EntityTable entity={coursesWithReferences} rows={courses} />);
    // Each referenced entity's labels arrive in a call of their own: all of them are waited for.
    await waitFor(() => {
      expect(screen.getAllByText('سارا احمدی').length).toBeGreaterThan(0);
      expect(screen.getAllByText('علی یوسفی‌نیا').length).toBeGreaterThan(0);
      expect(screen.getAllByText('برنامه‌نویسی').length).toBeGreaterThan(0);
      expect(screen.getAllByText('رباتیک').length).toBeGreaterThan(0);
      // techerId 0: the field's «none» text, not a raw 0.
      expect(screen.getAllByText('بدون مدرس').length).toBeGreaterThan(0);
    });
    // Teachers and categories, plus one for the seats column (a many column counting enrolments).
    expect(backend.count('GET /api/Admin/{entity}/labels')).toBe(3);
  });

  it('ask nothing for the rows whose labels their list page brought, and only what a changed row lacks', async () => {
    backend.reset({ ...sampleSeed, teachers: [...teachers, { id: 4, fullName: 'مینا تازه', skill: 'هنر', descirption: '', coverImage: '' }] });
    const pageLabels = {
      rows: courses,
      references: { teachers: { '1': 'سارا احمدی', '2': 'علی یوسفی‌نیا', '3': 'کیان کریمی ۲' }, categories: { '1': 'برنامه‌نویسی', '2': 'رباتیک' } },
      columns: { seats: Object.fromEntries(courses.map((course) => [String(course.id), '0'])) },
      names: {},
    };
    const { rerender } = render(<EntityTable entity={coursesWithReferences} rows={courses} pageLabels={pageLabels} />);
    // Named from the first frame: no labels call stands between the rows and their names.
    expect(screen.getAllByText('سارا احمدی').length).toBeGreaterThan(0);
    expect(screen.getAllByText('رباتیک').length).toBeGreaterThan(0);
    // A row saved since with a teacher the page did not name: that teacher alone is asked for.
    const changed = courses.map((course) => (course.id === 1 ? { ...course, techerId: 4 } : course));
    rerender(<EntityTable entity={coursesWithReferences} rows={changed} pageLabels={pageLabels} />);
    await waitFor(() => expect(screen.getByText('مینا تازه')).toBeTruthy());
    expect(backend.count('GET /api/Admin/{entity}/labels')).toBe(1);
  });

  it('ask no names of rows named through their references whose names their page brought (enrolments)', async () => {
    const enrolments = registry.enrollments;
    const rows = sampleSeed.enrollments ?? [];
    const asked: string[] = [];
    const onRequest = ({ request }: { request: Request }) => {
      if (request.url.includes('/labels')) asked.push(decodeURIComponent(new URL(request.url).pathname + new URL(request.url).search));
    };
    server.events.on('request:start', onRequest);
    try {
      const pageLabels = {
        rows,
        references: { children: {}, courses: {}, orders: {} },
        columns: { parentName: {}, parentPhone: {}, childAge: {} },
        names: Object.fromEntries(rows.map((row) => [String(row.id), `ثبت‌نام ${row.id}`])),
      };
      const { rerender } = render(<EntityTable entity={enrolments} rows={rows} pageLabels={pageLabels} />);
      // A row the page did not bring: its name alone is asked for.
      const first = rows[0];
      if (!first) throw new Error('no sample enrolment');
      const later: AnyRow = { ...first, id: 3 };
      rerender(<EntityTable entity={enrolments} rows={[...rows, later]} pageLabels={pageLabels} />);
      await waitFor(() => expect(asked.length).toBeGreaterThan(0));
      expect(asked).toEqual(['/api/Admin/enrollments/labels?ids=3']);
    } finally {
      server.events.removeListener('request:start', onRequest);
    }
  });

  it('show the id in Persian digits for a record the server does not know', async () => {
    const orphan: AnyRow[] = [{ ...base, id: 1, techerId: 77, categoryId: 1 }];
    render(<EntityTable entity={coursesWithReferences} rows={orphan} />);
    // The category's label and the teacher's answer (none for 77) come in separate calls.
    await waitFor(() => {
      expect(screen.getByText('برنامه‌نویسی')).toBeTruthy();
      expect(screen.getByText('۷۷')).toBeTruthy();
    });
  });

  it('sort by the label, not the id', async () => {
    // Key columns are drawn right after the title (listOrder).
    const teacherColumn = listOrder(coursesWithReferences.columns).findIndex((c) => 'key' in c && c.key === 'techerId');
    render(<EntityTable entity={coursesWithReferences} rows={courses.slice(0, 4)} />);
    await waitFor(() => expect(screen.getAllByText('سارا احمدی').length).toBeGreaterThan(0));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /مدرس/ }));
    });
    const body = screen.getAllByRole('rowgroup')[1];
    if (!body) throw new Error('no body');
    const cells = within(body)
      .getAllByRole('row')
      .map((row) => within(row).getAllByRole('cell')[teacherColumn]?.textContent);
    // Persian order: «بدون مدرس» (ب) < «سارا» (س) < «علی» (ع) < «کیان» (ک).
    expect(cells).toEqual(['بدون مدرس', 'سارا احمدی', 'علی یوسفی‌نیا', 'کیان کریمی ۲']);
  });
});

describe('path columns', () => {
  // schema/enrollments.ts: the parent's name and phone, read through the child (childId → userId).
  const parent: AnyRow = { id: 7, firstName: 'نرگس', lastName: 'حسینی', phoneNumber: '09121111111', emailAddress: '', role: 0, isLockout: false, lastLogin: null, createdAt: '2026-01-01T00:00:00.000Z', version: 1 };
  const child: AnyRow = { id: 3, firstName: 'آرین', lastName: 'حسینی', userId: 7, birthDate: null, grade: '', version: 1 };
  const enrolment: AnyRow = { id: 1, childId: 3, courseId: 0, orderId: 0, enrolledAt: '2026-01-02T00:00:00.000Z', status: 'active', cancelledAt: null, version: 1 };

  it('show the values that arrive after the rows (the table does not keep the first, empty ones)', async () => {
    backend.reset({ ...sampleSeed, users: [parent], children: [child], enrollments: [enrolment] });
    render(<EntityTable entity={registry.enrollments} rows={[enrolment]} />);
    await waitFor(() => {
      expect(screen.getByText('۰۹۱۲۱۱۱۱۱۱۱')).toBeTruthy();
      expect(screen.getByText('نرگس حسینی')).toBeTruthy();
    });
  });
});

describe('a conflict over a reference', () => {
  it('names the teacher each side chose, not their record numbers', async () => {
    const loaded: AnyRow = { id: 5, title: 'دوره', techerId: 1, version: 1 };
    const current: AnyRow = { ...loaded, techerId: 2, version: 2 };
    render(
      <ConflictDialog
        entity={registry.courses}
        conflict={{ current, changedFields: ['techerId'], changedBy: null, changedAt: null }}
        loaded={loaded}
        mine={{ ...loaded, techerId: 3 }}
        onReload={() => {}}
        onOverwrite={() => {}}
      />,
    );
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => {
      expect(within(dialog).getByText('علی یوسفی‌نیا')).toBeTruthy();
      expect(within(dialog).getByText('سارا احمدی')).toBeTruthy();
      expect(within(dialog).getByText('کیان کریمی ۲')).toBeTruthy();
    });
    expect(dialog.textContent).not.toContain('رکورد شماره');
  });
});

