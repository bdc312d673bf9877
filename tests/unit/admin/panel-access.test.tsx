// @vitest-environment jsdom
// The panel drawn from its caller's access (GET /api/Admin/access): a staff role's screens show
// no column of a hidden field, no input of a hidden field and a disabled one of a read-only field,
// no button of a call the role lacks, and no sidebar link of what it cannot read; an administrator
// sees everything. Read again after the server refuses a call (a role changed meanwhile).
import { backend, server } from '../../machines/server';
import { http, HttpResponse } from 'msw';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { blankRecord, editRecord } from '../../../schema/define';
import { registry } from '../../../schema/registry.gen';
import type { Grants, PanelAccess } from '../../../schema/rules/permissions';
import { clearGetCache } from '../../../src/api/client';
import { callOperation } from '../../../src/api/operations';
import { entityView } from '../../../src/components/admin/accessView';
import { EntityForm } from '../../../src/components/admin/EntityForm';
import { EntityTable } from '../../../src/components/admin/EntityTable';
import { accessKnownNow, readPanelAccess } from '../../../src/components/admin/panelAccess';
import { clearSession, saveToken } from '../../../src/lib/auth';
import { createAppRouter } from '../../../src/router';
import { administratorAccess, sampleSeed, type PanelAccessAnswer } from '../../support/msw-handlers';
import { fakeToken } from '../site/helpers';

// jsdom lays nothing out; the virtualiser needs a viewport to decide which rows to draw.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 640 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1024 });
});

/** A front desk that reads courses (no prices, capacity read-only), edits nothing and deletes nothing; orders in full. */
const grants: Grants = {
  entities: {
    courses: { verbs: ['read'], actions: [], hidden: ['priceInTomans', 'earlyBirdPriceInTomans'], readOnly: ['capacity'], own: false },
    orders: { verbs: ['read', 'update'], actions: ['refund'], hidden: [], readOnly: [], own: false },
    // A grant of the roles themselves is refused by the server; the panel never links them to staff either.
    staffRoles: { verbs: ['read'], actions: [], hidden: [], readOnly: [], own: false },
  },
};
const staffAnswer: PanelAccessAnswer = { kind: 'staff', roleName: 'پذیرش', grants, teacherId: null };
const staff: PanelAccess = { kind: 'staff', roleId: 1, roleName: 'پذیرش', grants, teacherId: null };

beforeEach(() => {
  backend.reset(sampleSeed);
  clearGetCache();
  // What the whole panel asks besides its entities: the sidebar's counts, saved views, the media library.
  server.use(
    http.get('*/api/Admin/badges', () => HttpResponse.json({ badges: {} })),
    http.get('*/api/Admin/views', () => HttpResponse.json([])),
    http.get('*/api/File/library', () => HttpResponse.json({ items: [] })),
    http.get('*/api/File/all-images', () => HttpResponse.json(['code.png'])),
  );
});
afterEach(() => {
  cleanup();
  clearSession();
});

const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent ?? '');

describe('an entity as a staff role may use it', () => {
  it('leaves a hidden field’s column out of the table, which an administrator sees', () => {
    render(<EntityTable entity={registry.courses} rows={sampleSeed.courses} />);
    expect(headers().some((header) => header.includes('قیمت (تومان)'))).toBe(true);
    cleanup();
    render(<EntityTable entity={entityView(registry.courses, staff, (key) => registry[key])} rows={sampleSeed.courses} />);
    expect(headers().some((header) => header.includes('قیمت (تومان)'))).toBe(false);
    expect(headers().some((header) => header.includes('عنوان'))).toBe(true);
  });

  it('draws no input of a hidden field and a disabled one of a read-only field', () => {
    const view = entityView(registry.courses, { ...staff, grants: { entities: { courses: { ...grants.entities.courses!, verbs: ['read', 'update'] } } } }, (key) => registry[key]);
    const course = sampleSeed.courses[0];
    if (!course) throw new Error('no sample course');
    render(<EntityForm entity={view} initialValues={editRecord(view, course)} saving={false} onSubmit={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.queryByLabelText('قیمت (تومان)')).toBeNull();
    // Disabled by its fieldset, keys and pointer alike.
    expect(screen.getByLabelText('ظرفیت (نفر)').matches(':disabled')).toBe(true);
    expect(screen.getByLabelText('عنوان دوره').matches(':disabled')).toBe(false);
    cleanup();
    render(<EntityForm entity={registry.courses} mode="add" initialValues={blankRecord(registry.courses)} saving={false} onSubmit={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByLabelText('قیمت (تومان)').matches(':disabled')).toBe(false);
    expect(screen.getByLabelText('ظرفیت (نفر)').matches(':disabled')).toBe(false);
  });

  it('keeps only the calls and actions granted, and an administrator’s entity as it is', () => {
    const courses = entityView(registry.courses, staff, (key) => registry[key]);
    expect([courses.ops.create, courses.ops.update, courses.ops.remove]).toEqual([undefined, undefined, undefined]);
    expect(courses.actions).toEqual([]);
    const orders = entityView(registry.orders, staff, (key) => registry[key]);
    expect(orders.actions.map((action) => action.key)).toEqual(['refund']);
    expect(entityView(registry.courses, { kind: 'administrator' }, (key) => registry[key])).toBe(registry.courses);
    // The users' fields only an administrator changes are read-only to staff, whatever the grant.
    const users = entityView(registry.users, { ...staff, grants: { entities: { users: { verbs: ['read', 'update'], actions: [], hidden: [], readOnly: [], own: false } } } }, (key) => registry[key]);
    expect(users.fields.role?.readOnly).toBe(true);
    expect(users.fields.firstName?.readOnly).toBeUndefined();
  });
});

function renderPanel(path: string) {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  render(<RouterProvider router={router} />);
  return router;
}

describe('the panel as a staff member sees it', () => {
  it('links only what the role reads, and draws no button it lacks', async () => {
    backend.panelAccess(staffAnswer);
    saveToken(fakeToken('Staff'));
    renderPanel('/admin/courses');
    await screen.findByRole('heading', { level: 2, name: registry.courses.texts.title });
    await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(1));
    const sidebar = within(screen.getByRole('complementary'));
    expect(sidebar.getByRole('link', { name: 'سفارش‌ها' })).toBeTruthy();
    expect(sidebar.getByRole('link', { name: 'دوره‌ها' })).toBeTruthy();
    expect(sidebar.getByRole('link', { name: 'داشبورد' })).toBeTruthy();
    expect(sidebar.queryByRole('link', { name: 'کاربران' })).toBeNull();
    expect(sidebar.queryByRole('link', { name: 'نقش‌های کارکنان' })).toBeNull();
    expect(screen.queryByRole('button', { name: registry.courses.texts.addButton })).toBeNull();
    expect(screen.queryByRole('button', { name: /ویرایش/ })).toBeNull();
    expect(headers().some((header) => header.includes('قیمت (تومان)'))).toBe(false);
  });

  it('says a screen the role does not grant is not theirs, instead of listing it', async () => {
    backend.panelAccess(staffAnswer);
    saveToken(fakeToken('Staff'));
    renderPanel('/admin/users');
    expect(await screen.findByText('نقش شما اجازه دیدن این بخش را ندارد.')).toBeTruthy();
    expect(backend.count(registry.users.ops.list)).toBe(0);
  });

  it('offers no file deletion on the media screen, an administrator’s alone', async () => {
    backend.panelAccess(staffAnswer);
    saveToken(fakeToken('Staff'));
    renderPanel('/admin/media');
    expect(await screen.findByRole('button', { name: /^کپی/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^حذف/ })).toBeNull();
    cleanup();
    clearSession();
    backend.panelAccess(administratorAccess);
    saveToken(fakeToken('Administrator'));
    renderPanel('/admin/media');
    expect(await screen.findByRole('button', { name: /^حذف/ })).toBeTruthy();
  });

  it('shows an administrator every link and button', async () => {
    saveToken(fakeToken('Administrator'));
    renderPanel('/admin/courses');
    expect(await screen.findByRole('button', { name: registry.courses.texts.addButton })).toBeTruthy();
    const sidebar = within(screen.getByRole('complementary'));
    expect(sidebar.getByRole('link', { name: 'کاربران' })).toBeTruthy();
    expect(sidebar.getByRole('link', { name: 'نقش‌های کارکنان' })).toBeTruthy();
  });

  it('redraws the panel when a refusal shows the role changed meanwhile', async () => {
    backend.panelAccess(staffAnswer);
    saveToken(fakeToken('Staff'));
    renderPanel('/admin/courses');
    await screen.findByRole('heading', { level: 2, name: registry.courses.texts.title });
    const { courses: _taken, ...rest } = grants.entities;
    backend.panelAccess({ ...staffAnswer, grants: { entities: rest } });
    backend.fail(registry.courses.ops.list, { status: 403, message: 'نقش شما اجازه این کار را ندارد' });
    await callOperation(registry.courses.ops.list).catch(() => undefined);
    expect(await screen.findByText('نقش شما اجازه دیدن این بخش را ندارد.')).toBeTruthy();
    expect(within(screen.getByRole('complementary')).queryByRole('link', { name: 'دوره‌ها' })).toBeNull();
  });

  it("asks for an administrator's list without waiting for the access answer; a staff token's access is awaited", async () => {
    saveToken(fakeToken('Staff'));
    expect(accessKnownNow()).toBeNull();
    clearSession();
    saveToken(fakeToken('Administrator'));
    expect(accessKnownNow()).toEqual({ kind: 'administrator' });
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get('*/api/Admin/access', async () => {
        await held;
        return HttpResponse.json(administratorAccess);
      }),
    );
    renderPanel('/admin/courses');
    await waitFor(() => expect(backend.count(registry.courses.ops.list)).toBe(1));
    answer();
    expect(await screen.findByRole('button', { name: registry.courses.texts.addButton })).toBeTruthy();
  });

  it('reads the access again when the server refuses a call', async () => {
    backend.panelAccess(staffAnswer);
    saveToken(fakeToken('Staff'));
    await act(() => readPanelAccess());
    const before = backend.count('GET /api/Admin/access');
    const refund = registry.orders.actions.find((action) => action.key === 'refund');
    if (!refund) throw new Error('orders have no refund');
    backend.fail(refund.op, { status: 403, message: 'نقش شما اجازه این کار را ندارد' });
    await callOperation(refund.op, { body: { id: 1 } }).catch(() => undefined);
    await waitFor(() => expect(backend.count('GET /api/Admin/access')).toBe(before + 1));
  });
});
