import { backend } from './server';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { blankRecord, editRecord } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { clearGetCache } from '../../src/api/client';
import { ApiError } from '../../src/api/operations';
import { formMachine } from '../../src/machines/formMachine';
import { listMachine } from '../../src/machines/listMachine';
import { startEntity, reach } from './harness';

beforeEach(() => {
  backend.reset();
  clearGetCache();
});

const newCourse = {
  ...blankRecord(registry.courses),
  title: 'ربات‌سازی',
  durationInHours: 12,
  priceInTomans: 1500000,
  type: 'offline',
  coverImage: 'https://cdn.example.com/uploads/images/robot.png?v=2',
};

describe('form machine', () => {
  it('opens add from the blank record and closes back, reset', () => {
    const { form } = startEntity(registry.courses);
    expect(form.getSnapshot().value).toBe('closed');
    form.send({ type: 'open.add' });
    expect(form.getSnapshot().matches({ add: 'editing' })).toBe(true);
    expect(form.getSnapshot().context.values).toEqual(blankRecord(registry.courses));
    expect(form.getSnapshot().context.values.inActive).toBe(false);
    form.send({ type: 'close' });
    expect(form.getSnapshot().value).toBe('closed');
    expect(form.getSnapshot().context.values).toEqual({});
  });

  // A related group's «افزودن» (EntityDetail's RelatedAdd): the reference to the record it is under.
  it('opens add with given fields over the blank record, ignoring names the form does not have', () => {
    const { form } = startEntity(registry.courseSlots);
    form.send({ type: 'open.add', values: { courseId: 7, notAField: 'x' } });
    expect(form.getSnapshot().context.values).toEqual({ ...blankRecord(registry.courseSlots), courseId: 7 });
  });

  it('opens edit from the row over the blank defaults', async () => {
    const { list, form } = startEntity(registry.users);
    await reach(list, (s) => s.matches('table'));
    const row = list.getSnapshot().context.rows[1];
    if (!row) throw new Error('no row');
    form.send({ type: 'open.edit', row });
    expect(form.getSnapshot().matches({ edit: 'editing' })).toBe(true);
    expect(form.getSnapshot().context.values).toEqual(editRecord(registry.users, row));
    expect(form.getSnapshot().context.values.role).toBe(1);
  });

  // Users have a create operation; contact messages never do.
  it('has no add mode for an entity without a create operation (messages)', () => {
    const { form } = startEntity(registry.messages);
    form.send({ type: 'open.add' });
    expect(form.getSnapshot().value).toBe('closed');
  });

  // The edit guard is its own: an entity without create still edits, one without update never does.
  it('opens edit for an entity without a create operation (messages) and not for one without update (orders)', async () => {
    const { list, form } = startEntity(registry.messages);
    await reach(list, (s) => s.matches('table'));
    const message = list.getSnapshot().context.rows[0];
    if (!message) throw new Error('no message row');
    form.send({ type: 'open.edit', row: message });
    expect(form.getSnapshot().matches({ edit: 'editing' })).toBe(true);

    const orders = startEntity(registry.orders);
    await reach(orders.list, (s) => s.matches('table'));
    const order = orders.list.getSnapshot().context.rows[0];
    if (!order) throw new Error('no order row');
    orders.form.send({ type: 'open.edit', row: order });
    expect(orders.form.getSnapshot().value).toBe('closed');
  });

  it('add → saving → success closes, resets, toasts and reloads the list (courses)', async () => {
    const { list, form, notices } = startEntity(registry.courses);
    await reach(list, (s) => s.matches('table'));
    form.send({ type: 'open.add' });
    form.send({ type: 'submit', values: newCourse });
    expect(form.getSnapshot().matches({ add: 'saving' })).toBe(true);
    await reach(form, (s) => s.matches('closed'));
    expect(form.getSnapshot().context).toMatchObject({ row: null, values: {} });
    expect(notices).toEqual([{ kind: 'success', text: 'دوره با موفقیت ایجاد شد' }]);
    await reach(list, (s) => s.matches('table') && s.context.rows.length === 2);
    expect(backend.count(registry.courses.ops.list)).toBe(2);
    // The body went through bodySchema: the link was stored as a bare file name.
    expect(backend.rows('courses')[1]?.coverImage).toBe('robot.png');
  });

  it('edit → success patches the row locally without reloading (users)', async () => {
    const { list, form, notices } = startEntity(registry.users);
    await reach(list, (s) => s.matches('table'));
    const row = list.getSnapshot().context.rows[1];
    if (!row) throw new Error('no row');
    form.send({ type: 'open.edit', row });
    form.send({
      type: 'submit',
      values: { ...editRecord(registry.users, row), emailAddress: 'r@example.com', phoneNumber: '۰۹۱۲۳۴۵۶۷۸۹', role: 300 },
    });
    expect(form.getSnapshot().matches({ edit: 'saving' })).toBe(true);
    await reach(form, (s) => s.matches('closed'));
    expect(notices).toEqual([{ kind: 'success', text: 'اطلاعات کاربر با موفقیت ویرایش شد', subject: { entity: registry.users, row: expect.objectContaining({ id: row.id }) } }]);
    const patched = list.getSnapshot().context.rows[1];
    expect(patched).toMatchObject({ id: 2, emailAddress: 'r@example.com', phoneNumber: '09123456789', role: 300, firstName: 'رضا' });
    expect(list.getSnapshot().value).toBe('table');
    expect(backend.count(registry.users.ops.list)).toBe(1);
  });

  it('edit → success reloads the list for entities that reload (categories)', async () => {
    const { list, form } = startEntity(registry.categories);
    await reach(list, (s) => s.matches('table'));
    const row = list.getSnapshot().context.rows[0];
    if (!row) throw new Error('no row');
    form.send({ type: 'open.edit', row });
    form.send({ type: 'submit', values: { ...editRecord(registry.categories, row), name: 'هوش مصنوعی' } });
    await reach(list, (s) => s.matches('table') && s.context.rows[0]?.name === 'هوش مصنوعی');
    expect(backend.count(registry.categories.ops.list)).toBe(2);
  });

  it('a failed save keeps the form open with its values and toasts the server message (courses)', async () => {
    backend.fail('POST /api/Course/Create', { status: 400, message: 'عنوان تکراری است' });
    const { list, form, notices } = startEntity(registry.courses);
    await reach(list, (s) => s.matches('table'));
    form.send({ type: 'open.add' });
    form.send({ type: 'submit', values: newCourse });
    await reach(form, (s) => s.matches({ add: 'editing' }));
    expect(form.getSnapshot().context.values).toEqual(newCourse);
    expect(notices).toEqual([{ kind: 'error', text: 'عنوان تکراری است' }]);
    expect(backend.count(registry.courses.ops.list)).toBe(1);
  });

  it('a failed save without a server message toasts the fallback (courses)', async () => {
    backend.fail('PUT /api/Course/Update', { status: 500 });
    const { list, form, notices } = startEntity(registry.courses);
    await reach(list, (s) => s.matches('table'));
    const row = list.getSnapshot().context.rows[0];
    if (!row) throw new Error('no row');
    form.send({ type: 'open.edit', row });
    form.send({ type: 'submit', values: editRecord(registry.courses, row) });
    await reach(form, (s) => s.matches({ edit: 'editing' }));
    expect(notices).toEqual([{ kind: 'error', text: 'خطا در ذخیره‌سازی دوره' }]);
  });

  it.each([
    ['categories', 'خطا در ذخیره اطلاعات'],
    ['teachers', 'خطا در ذخیره اطلاعات'],
    ['articles', 'خطا در ذخیره مقاله'],
  ] as const)('keeps the spec text and shows the server message under it (%s)', async (key, text) => {
    const entity = registry[key];
    if (!entity.ops.create) throw new Error('no create');
    backend.fail(entity.ops.create, { status: 400, message: 'جزئیات سرور' });
    const { form, notices } = startEntity(entity);
    form.send({ type: 'open.add' });
    const valid: Record<string, unknown> = { ...blankRecord(entity), name: 'ن', author: 'ن', fullName: 'ن', skill: 'ن', descirption: 'ن', coverImage: 'a.png' };
    const values = Object.fromEntries(Object.keys(blankRecord(entity)).map((k) => [k, valid[k]]));
    form.send({ type: 'submit', values });
    await reach(form, (s) => s.matches({ add: 'editing' }));
    expect(notices).toEqual([{ kind: 'error', text, detail: 'جزئیات سرور' }]);
    expect(backend.count(entity.ops.create)).toBe(1);
  });

  it('a failed edit of a user toasts the users text and leaves the row alone', async () => {
    backend.fail('PUT /api/User/UpdateByAdmin', { status: 404, message: 'منبع یافت نشد' });
    const { list, form, notices } = startEntity(registry.users);
    await reach(list, (s) => s.matches('table'));
    const row = list.getSnapshot().context.rows[0];
    if (!row) throw new Error('no row');
    form.send({ type: 'open.edit', row });
    form.send({ type: 'submit', values: { ...editRecord(registry.users, row), emailAddress: 'x@example.com' } });
    await reach(form, (s) => s.matches({ edit: 'editing' }));
    expect(notices).toEqual([{ kind: 'error', text: 'ویرایش کاربر ناموفق بود', detail: 'منبع یافت نشد' }]);
    expect(list.getSnapshot().context.rows[0]).toEqual(row);
  });

  it('sends the id under updateIdKey and lets tests swap saveRecord', async () => {
    const seen: unknown[] = [];
    const machine = formMachine.provide({
      actors: {
        saveRecord: fromPromise(async ({ input }) => {
          seen.push(input);
          throw new ApiError(500, undefined);
        }),
      },
    });
    const list = createActor(listMachine, { input: { entity: registry.users } }).start();
    await reach(list, (s) => s.matches('table'));
    const form = createActor(machine, { input: { entity: registry.users, list } }).start();
    const row = list.getSnapshot().context.rows[0];
    if (!row) throw new Error('no row');
    form.send({ type: 'open.edit', row });
    form.send({ type: 'submit', values: editRecord(registry.users, row) });
    await reach(form, (s) => s.matches({ edit: 'editing' }));
    expect(seen).toEqual([expect.objectContaining({ mode: 'update', row })]);
  });
});
