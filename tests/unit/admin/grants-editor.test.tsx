// @vitest-environment jsdom
// The roles form's grants grid: a role's stored grants drawn as checkboxes and selects per entity
// (verbs, record actions, a teacher's own rows, sensitive fields), and what the administrator sets
// there saved back as the grants text the server reads, untouched entities kept as they were.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entityGrantFacts } from '../../../schema/entityGrants.gen';
import { registry, registryKeys } from '../../../schema/registry.gen';
import { isGrantsText, readGrants, type Grants } from '../../../schema/rules/permissions';
import { EntityForm } from '../../../src/components/admin/EntityForm';

afterEach(cleanup);

const stored: Grants = {
  entities: {
    orders: { verbs: ['read'], actions: ['refund'], hidden: ['cardPan'], readOnly: [], own: false },
  },
};

async function openForm(grants: Grants) {
  const onSubmit = vi.fn();
  const { container } = render(
    <EntityForm
      entity={registry.staffRoles}
      initialValues={{ name: 'حسابدار', description: '', grants: JSON.stringify(grants) }}
      saving={false}
      onSubmit={onSubmit}
      onCancel={vi.fn()}
    />,
  );
  // The grid loads with the form that shows it.
  const grid = await screen.findByRole('group', { name: 'دسترسی‌ها' });
  const submit = async () => {
    await act(async () => {
      fireEvent.submit(container.querySelector('form') ?? document.body);
    });
    const values: unknown = onSubmit.mock.calls.at(-1)?.[0];
    if (typeof values !== 'object' || values === null || !('grants' in values) || typeof values.grants !== 'string') throw new Error('no grants submitted');
    return values.grants;
  };
  return { grid, submit };
}

const entityGroup = (grid: HTMLElement, title: string) => within(grid).getByRole('group', { name: title });

describe('the grants grid', () => {
  it('offers every entity a role may be granted, and never the roles themselves', () => {
    expect(entityGrantFacts.map((facts) => facts.key)).toEqual(registryKeys.filter((key) => registry[key].decl.staffGrantable !== false));
    expect(entityGrantFacts.some((facts) => facts.key === 'staffRoles')).toBe(false);
  });

  it('draws the stored grants and saves what is changed, keeping the rest', async () => {
    const { grid, submit } = await openForm(stored);
    const orders = entityGroup(grid, 'سفارش‌ها');
    expect(within(orders).getByRole<HTMLInputElement>('checkbox', { name: 'مشاهده' }).checked).toBe(true);
    expect(within(orders).getByRole<HTMLInputElement>('checkbox', { name: 'بازگشت وجه' }).checked).toBe(true);
    expect(within(orders).getByRole<HTMLSelectElement>('combobox', { name: 'کارت پرداخت' }).value).toBe('hidden');

    // A course reader who sees prices but cannot change them, of their own courses only.
    const courses = entityGroup(grid, 'دوره‌ها');
    expect(within(courses).queryByRole('combobox', { name: 'قیمت (تومان)' })).toBeNull();
    fireEvent.click(within(courses).getByRole('checkbox', { name: 'مشاهده' }));
    fireEvent.change(within(courses).getByRole('combobox', { name: 'قیمت (تومان)' }), { target: { value: 'readOnly' } });
    fireEvent.change(within(courses).getByRole('combobox', { name: 'ظرفیت (نفر)' }), { target: { value: 'hidden' } });
    fireEvent.click(within(courses).getByRole('checkbox', { name: 'فقط موارد خودِ مدرس' }));
    fireEvent.click(within(courses).getByRole('checkbox', { name: 'ساخت دوباره جلسات' }));

    const text = await submit();
    expect(isGrantsText(text)).toBe(true);
    expect(readGrants(text)).toEqual({
      entities: {
        orders: stored.entities.orders,
        courses: { verbs: ['read'], actions: ['resyncSessions'], hidden: ['capacity'], readOnly: ['priceInTomans'], own: true },
      },
    });
  });

  it('keeps the verbs in their order and leaves out an entity granted nothing', async () => {
    const { grid, submit } = await openForm(stored);
    const orders = entityGroup(grid, 'سفارش‌ها');
    fireEvent.change(within(orders).getByRole('combobox', { name: 'کارت پرداخت' }), { target: { value: 'visible' } });
    fireEvent.click(within(orders).getByRole('checkbox', { name: 'بازگشت وجه' }));
    fireEvent.click(within(orders).getByRole('checkbox', { name: 'مشاهده' }));
    const users = entityGroup(grid, 'کاربران');
    fireEvent.click(within(users).getByRole('checkbox', { name: 'حذف' }));
    fireEvent.click(within(users).getByRole('checkbox', { name: 'مشاهده' }));
    expect(readGrants(await submit())).toEqual({
      entities: { users: { verbs: ['read', 'delete'], actions: [], hidden: [], readOnly: [], own: false } },
    });
  });
});
