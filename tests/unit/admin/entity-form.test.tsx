// @vitest-environment jsdom
// The generic form's submit checks every field at once, whatever a blur already found: the
// first field left empty (its blur as «ذخیره» is pressed) must not hide the other fields' messages.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blankRecord, fieldSchema, formFields } from '../../../schema/define';
import { registry } from '../../../schema/registry.gen';
import { EntityForm } from '../../../src/components/admin/EntityForm';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('the generic form, one submit after the first field’s blur', () => {
  it('shows every required teacher field’s message (name, skill, description, image)', async () => {
    const onSubmit = vi.fn();
    const { container } = render(
      <EntityForm entity={registry.teachers} mode="add" initialValues={blankRecord(registry.teachers)} saving={false} onSubmit={onSubmit} onCancel={vi.fn()} />,
    );
    const name = screen.getByLabelText('نام');
    name.focus();
    await act(async () => {
      fireEvent.blur(name);
    });
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['نام الزامی است']);
    await act(async () => {
      fireEvent.submit(container.querySelector('form') ?? document.body);
    });
    const messages = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(messages).toHaveLength(4);
    expect(messages[0]).toBe('نام الزامی است');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('does the same in every entity’s add form: each field its blank value fails names its problem', async () => {
    for (const [key, entity] of Object.entries(registry)) {
      const fields = formFields(entity, 'add');
      const initialValues = blankRecord(entity);
      const refused = Object.entries(fields).filter(([name, field]) => !v.safeParse(fieldSchema(field), initialValues[name]).success);
      if (refused.length === 0) continue;
      const { container, unmount } = render(
        <EntityForm entity={entity} mode="add" initialValues={initialValues} saving={false} onSubmit={vi.fn()} onCancel={vi.fn()} />,
      );
      const first = container.querySelector<HTMLElement>('input, textarea, select');
      if (first) {
        first.focus();
        await act(async () => {
          fireEvent.blur(first);
        });
      }
      await act(async () => {
        fireEvent.submit(container.querySelector('form') ?? document.body);
      });
      const shown = [...container.querySelectorAll('[role="alert"]')].length;
      expect(shown, `${key}: ${refused.map(([name]) => name).join(', ')}`).toBeGreaterThanOrEqual(refused.length);
      unmount();
    }
  });
});
