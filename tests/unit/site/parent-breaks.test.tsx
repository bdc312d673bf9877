// @vitest-environment jsdom
// The parent's way from a course page to the child form and back with the new child chosen
// (only ids and same-site paths in the address), and the site's own confirmation dialog.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addChildHref, validateChildrenSearch, validateChosenChildSearch, withChosenChild } from '../../../schema/rules/forms/redirect';
import { AddToCart, addToCartTexts } from '../../../src/components/site/AddToCart';
import { ConfirmDialog } from '../../../src/components/site/ConfirmDialog';
import { fakeToken } from './helpers';

const family = vi.hoisted(() => ({
  children: [
    { id: 4, firstName: 'سارا', lastName: 'احمدی', birthDate: '2015-03-01', grade: '' },
    { id: 9, firstName: 'علی', lastName: 'احمدی', birthDate: '2016-05-01', grade: '' },
  ],
}));

vi.mock('../../../src/api/client', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/api/client')>();
  return { ...real, api: { ...real.api, GET: () => Promise.resolve({ data: family.children }) } };
});

const course = '/categories/robotics/arduino';

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
beforeEach(() => localStorage.setItem('accessToken', fakeToken('User')));
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the way back from the child form', () => {
  it('carries only a same-site return path, and the chosen child by id', () => {
    expect(addChildHref(course)).toBe('/dashboard?add=child&returnTo=%2Fcategories%2Frobotics%2Farduino');
    expect(addChildHref('https://evil.example/x')).toBe('/dashboard?add=child');
    expect(validateChildrenSearch({ add: 'child', returnTo: course })).toEqual({ add: 'child', returnTo: course });
    expect(validateChildrenSearch({ add: 'yes', returnTo: '//evil.example' })).toEqual({});
    expect(validateChildrenSearch({ returnTo: '/\\evil.example' })).toEqual({});
    expect(withChosenChild(course, 12)).toBe(`${course}?child=12`);
    expect(withChosenChild(`${course}?child=3#enrol`, 12)).toBe(`${course}?child=12#enrol`);
    expect(validateChosenChildSearch({ child: 12 })).toEqual({ child: 12 });
    expect(validateChosenChildSearch({ child: '12' })).toEqual({ child: 12 });
    expect(validateChosenChildSearch({ child: 'x' })).toEqual({});
    expect(validateChosenChildSearch({ child: -1 })).toEqual({});
  });

  it('links «افزودن فرزند» to the open form with the course to come back to', async () => {
    family.children = [];
    render(<AddToCart courseId={1} registrationOpen returnTo={course} />);
    const link = await screen.findByRole('link', { name: addToCartTexts.addChild });
    expect(link.getAttribute('href')).toBe(addChildHref(course));
  });

  it('chooses the child just added on the way back, and offers another', async () => {
    family.children = [
      { id: 4, firstName: 'سارا', lastName: 'احمدی', birthDate: '2015-03-01', grade: '' },
      { id: 9, firstName: 'علی', lastName: 'احمدی', birthDate: '2016-05-01', grade: '' },
    ];
    render(<AddToCart courseId={1} registrationOpen returnTo={course} chosenChild={9} />);
    const select = await screen.findByRole('combobox');
    await waitFor(() => expect(select).toHaveProperty('value', '9'));
    expect(screen.getByRole('link', { name: addToCartTexts.addAnother }).getAttribute('href')).toBe(addChildHref(course));
  });
});

describe('the site’s confirmation dialog', () => {
  it('asks in a modal alert dialog, confirms on its button, and Esc or «انصراف» cancels', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { rerender } = render(
      <ConfirmDialog open={false} title="خروج" confirmLabel="خروج" cancelLabel="انصراف" onConfirm={onConfirm} onCancel={onCancel}>
        <p>ادامه می‌دهید؟</p>
      </ConfirmDialog>,
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    rerender(
      <ConfirmDialog open title="خروج" confirmLabel="خروج" cancelLabel="انصراف" onConfirm={onConfirm} onCancel={onCancel}>
        <p>ادامه می‌دهید؟</p>
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'خروج' });
    expect(dialog.textContent).toContain('ادامه می‌دهید؟');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'انصراف' })));
    expect(onCancel).toHaveBeenCalledTimes(1);
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(onCancel).toHaveBeenCalledTimes(2);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'خروج' })));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
