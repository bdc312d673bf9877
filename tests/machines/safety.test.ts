// The admin machines when several admins work at once: a stale save's 409 conflict (reload or
// overwrite), a session that expires during a save (sign in again, retry), and a delete refused
// because the record is in use (deactivate instead). Against the msw backend.
import { backend } from './server';
import { beforeEach, describe, expect, it } from 'vitest';
import { editRecord, type RegistryKey } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { clearGetCache, setUnauthorizedHandler } from '../../src/api/client';
import { startEntity, reach } from './harness';

let signedOut = 0;
beforeEach(() => {
  backend.reset();
  clearGetCache();
  signedOut = 0;
  setUnauthorizedHandler(() => {
    signedOut += 1;
  });
});

async function editing(key: RegistryKey) {
  const started = startEntity(registry[key]);
  await reach(started.list, (s) => s.matches('table'));
  const row = started.list.getSnapshot().context.rows[0];
  if (!row) throw new Error('no row');
  started.form.send({ type: 'open.edit', row });
  return { ...started, row };
}

describe('a save over a version someone else saved since', () => {
  it('goes to conflict with what changed, by whom and when, toasting nothing', async () => {
    const { form, row, notices } = await editing('courses');
    backend.editElsewhere('courses', row.id, { title: 'عنوان همکار', priceInTomans: 9_000_000 });
    form.send({ type: 'submit', values: { ...editRecord(registry.courses, row), title: 'عنوان من' } });
    await reach(form, (s) => s.matches({ edit: 'conflict' }));
    const { conflict } = form.getSnapshot().context;
    expect(conflict?.changedFields).toEqual(['title', 'priceInTomans']);
    expect(conflict?.changedBy).toEqual({ id: 7, name: 'مریم رضایی' });
    expect(conflict?.current).toMatchObject({ id: row.id, title: 'عنوان همکار', version: 2 });
    expect(notices).toEqual([]);
    // The admin's values are still there for the overwrite.
    expect(form.getSnapshot().context.values.title).toBe('عنوان من');
  });

  it('overwrite: the same values are saved again naming the current version', async () => {
    const { form, row, notices } = await editing('courses');
    backend.editElsewhere('courses', row.id, { title: 'عنوان همکار' });
    form.send({ type: 'submit', values: { ...editRecord(registry.courses, row), title: 'عنوان من' } });
    await reach(form, (s) => s.matches({ edit: 'conflict' }));
    form.send({ type: 'conflict.overwrite' });
    await reach(form, (s) => s.matches('closed'));
    expect(backend.rows('courses').find((r) => r.id === row.id)).toMatchObject({ title: 'عنوان من', version: 3 });
    expect(notices).toEqual([{ kind: 'success', text: 'دوره با موفقیت ویرایش شد', subject: { entity: registry.courses, row: expect.objectContaining({ id: row.id, title: 'عنوان من' }) } }]);
    expect(backend.count('PUT /api/Course/Update')).toBe(2);
  });

  it('reload: the form shows the record as it is now, and the list is read again', async () => {
    const { list, form, row } = await editing('courses');
    backend.editElsewhere('courses', row.id, { title: 'عنوان همکار' });
    form.send({ type: 'submit', values: { ...editRecord(registry.courses, row), title: 'عنوان من' } });
    await reach(form, (s) => s.matches({ edit: 'conflict' }));
    const listReads = backend.count('GET /api/Course/GetSelectList');
    form.send({ type: 'conflict.reload' });
    expect(form.getSnapshot().matches({ edit: 'editing' })).toBe(true);
    expect(form.getSnapshot().context.values.title).toBe('عنوان همکار');
    expect(form.getSnapshot().context.row?.version).toBe(2);
    await reach(list, (s) => s.matches('table') && backend.count('GET /api/Course/GetSelectList') > listReads);
    // Saved from here it names version 2 and goes through.
    form.send({ type: 'submit', values: { ...form.getSnapshot().context.values, title: 'ادغام‌شده' } });
    await reach(form, (s) => s.matches('closed'));
    expect(backend.rows('courses').find((r) => r.id === row.id)).toMatchObject({ title: 'ادغام‌شده', version: 3 });
  });

  it('users too (patched in place afterwards, version and all)', async () => {
    const { list, form, row } = await editing('users');
    backend.editElsewhere('users', row.id, { emailAddress: 'other@example.com' });
    form.send({ type: 'submit', values: { ...editRecord(registry.users, row), phoneNumber: '09121234567' } });
    await reach(form, (s) => s.matches({ edit: 'conflict' }));
    expect(form.getSnapshot().context.conflict?.changedFields).toEqual(['emailAddress']);
    form.send({ type: 'conflict.overwrite' });
    await reach(form, (s) => s.matches('closed'));
    expect(list.getSnapshot().context.rows.find((r) => r.id === row.id)).toMatchObject({ phoneNumber: '09121234567', version: 3 });
  });
});

describe('a session that expires during a save', () => {
  it('asks to sign in again without signing out, then retries the same save', async () => {
    const { form, row, notices } = await editing('categories');
    backend.fail('PUT /api/Category/Update', { status: 401, message: 'برای این کار باید وارد حساب کاربری شوید' });
    form.send({ type: 'submit', values: { ...editRecord(registry.categories, row), name: 'نام تازه' } });
    await reach(form, (s) => s.matches({ edit: 'signIn' }));
    expect(signedOut).toBe(0);
    expect(notices).toEqual([]);
    expect(form.getSnapshot().context.values.name).toBe('نام تازه');
    backend.succeed('PUT /api/Category/Update');
    form.send({ type: 'signedIn' });
    await reach(form, (s) => s.matches('closed'));
    expect(backend.rows('categories').find((r) => r.id === row.id)?.name).toBe('نام تازه');
    expect(backend.count('PUT /api/Category/Update')).toBe(2);
  });

  it('declining keeps the form and what was typed; adding works the same way', async () => {
    const { form, row } = await editing('categories');
    backend.fail('PUT /api/Category/Update', { status: 401, message: 'برای این کار باید وارد حساب کاربری شوید' });
    form.send({ type: 'submit', values: { ...editRecord(registry.categories, row), name: 'نگه‌داشته' } });
    await reach(form, (s) => s.matches({ edit: 'signIn' }));
    form.send({ type: 'signIn.cancel' });
    expect(form.getSnapshot().matches({ edit: 'editing' })).toBe(true);
    expect(form.getSnapshot().context.values.name).toBe('نگه‌داشته');
    form.send({ type: 'close' });

    backend.fail('POST /api/Category/Create', { status: 401, message: 'برای این کار باید وارد حساب کاربری شوید' });
    form.send({ type: 'open.add' });
    form.send({ type: 'submit', values: { name: 'تازه', inActive: false, coverImage: '' } });
    await reach(form, (s) => s.matches({ add: 'signIn' }));
    backend.succeed('POST /api/Category/Create');
    form.send({ type: 'signedIn' });
    await reach(form, (s) => s.matches('closed'));
    expect(backend.rows('categories').some((r) => r.name === 'تازه')).toBe(true);
    expect(signedOut).toBe(0);
  });
});

describe('a delete refused because the record is in use', () => {
  const inUse = 'امکان حذف نیست: ۲ دوره به این دسته‌بندی وابسته است';

  it('toasts the spec text with the reason under it, and offers to deactivate', async () => {
    const { remove, list, notices } = startEntity(registry.categories);
    await reach(list, (s) => s.matches('table'));
    const row = list.getSnapshot().context.rows.find((r) => r.inActive === false);
    if (!row) throw new Error('no active category');
    backend.fail('DELETE /api/Category/Delete', { status: 409, message: inUse });
    remove.send({ type: 'row.delete', row });
    remove.send({ type: 'confirm' });
    await reach(remove, (s) => s.matches('failed'));
    expect(notices).toEqual([{ kind: 'error', text: 'خطا در حذف دسته‌بندی', detail: inUse }]);
    expect(remove.getSnapshot().context).toMatchObject({ refusal: inUse, canDeactivate: true });

    remove.send({ type: 'deactivate' });
    await reach(remove, (s) => s.matches('idle'));
    expect(backend.rows('categories').find((r) => r.id === row.id)).toMatchObject({ inActive: true, version: 2 });
    expect(notices.at(-1)).toEqual({ kind: 'success', text: 'رکورد غیرفعال شد' });
  });

  it('offers nothing for an entity without inActive, or for another failure', async () => {
    const teachers = startEntity(registry.teachers);
    await reach(teachers.list, (s) => s.matches('table'));
    const teacher = teachers.list.getSnapshot().context.rows[0];
    if (!teacher) throw new Error('no teacher');
    backend.fail('DELETE /api/Teacher/Delete', { status: 409, message: 'امکان حذف نیست: ۱ دوره به این همیار وابسته است' });
    teachers.remove.send({ type: 'row.delete', row: teacher });
    teachers.remove.send({ type: 'confirm' });
    await reach(teachers.remove, (s) => s.matches('failed'));
    expect(teachers.remove.getSnapshot().context.canDeactivate).toBe(false);
    teachers.remove.send({ type: 'deactivate' });
    expect(teachers.remove.getSnapshot().value).toBe('failed');
    teachers.remove.send({ type: 'dismiss' });
    expect(teachers.remove.getSnapshot().value).toBe('idle');

    const courses = startEntity(registry.courses);
    await reach(courses.list, (s) => s.matches('table'));
    const course = courses.list.getSnapshot().context.rows[0];
    if (!course) throw new Error('no course');
    backend.fail('DELETE /api/Course/Delete', { status: 500 });
    courses.remove.send({ type: 'row.delete', row: course });
    courses.remove.send({ type: 'confirm' });
    await reach(courses.remove, (s) => s.matches('failed'));
    expect(courses.remove.getSnapshot().context.canDeactivate).toBe(false);
  });
});
