import { backend } from './server';
import { beforeEach, describe, expect, it } from 'vitest';
import { registry } from '../../schema/registry.gen';
import { clearGetCache } from '../../src/api/client';
import { startEntity, reach } from './harness';

beforeEach(() => {
  backend.reset();
  clearGetCache();
});

async function ready(key: 'courses' | 'users' | 'categories' | 'teachers' | 'articles') {
  const started = startEntity(registry[key]);
  await reach(started.list, (s) => s.matches('table'));
  const row = started.list.getSnapshot().context.rows[0];
  if (!row) throw new Error('no row');
  return { ...started, row };
}

describe('delete machine', () => {
  it('confirm → deleting → done toasts and reloads the list (courses)', async () => {
    const { list, remove, notices, row } = await ready('courses');
    expect(remove.getSnapshot().value).toBe('idle');
    remove.send({ type: 'row.delete', row });
    expect(remove.getSnapshot().value).toBe('confirming');
    expect(remove.getSnapshot().context.row).toEqual(row);
    remove.send({ type: 'confirm' });
    expect(remove.getSnapshot().value).toBe('deleting');
    await reach(remove, (s) => s.matches('done'));
    expect(notices).toEqual([{ kind: 'success', text: 'دوره با موفقیت حذف شد', subject: { entity: registry.courses, row } }]);
    await reach(list, (s) => s.matches('table') && s.context.rows.length === 0);
    expect(backend.count(registry.courses.ops.list)).toBe(2);
  });

  it('done removes the row locally without a reload (users)', async () => {
    const { list, remove, notices, row } = await ready('users');
    remove.send({ type: 'row.delete', row });
    remove.send({ type: 'confirm' });
    await reach(remove, (s) => s.matches('done'));
    expect(notices).toEqual([{ kind: 'success', text: 'کاربر با موفقیت حذف شد', subject: { entity: registry.users, row } }]);
    expect(list.getSnapshot().context.rows.map((r) => r.id)).toEqual([2]);
    expect(list.getSnapshot().value).toBe('table');
    expect(backend.count(registry.users.ops.list)).toBe(1);
    expect(backend.rows('users').map((r) => r.id)).toEqual([2]);
  });

  it('cancel returns to idle and changes nothing, with no request', async () => {
    const { list, remove, notices, row } = await ready('categories');
    remove.send({ type: 'row.delete', row });
    remove.send({ type: 'cancel' });
    expect(remove.getSnapshot().value).toBe('idle');
    expect(remove.getSnapshot().context.row).toBeNull();
    expect(backend.count('DELETE /api/Category/Delete')).toBe(0);
    expect(notices).toEqual([]);
    expect(list.getSnapshot().context.rows).toHaveLength(2);
  });

  it('confirm is ignored unless a confirmation is pending', async () => {
    const { remove } = await ready('categories');
    remove.send({ type: 'confirm' });
    expect(remove.getSnapshot().value).toBe('idle');
    expect(backend.count('DELETE /api/Category/Delete')).toBe(0);
  });

  it.each([
    ['courses', { status: 409, message: 'این دوره ثبت‌نام دارد' }, 'این دوره ثبت‌نام دارد'],
    ['courses', { status: 500 }, 'خطا در حذف دوره'],
    ['users', { status: 500, message: 'x' }, 'حذف کاربر ناموفق بود'],
    ['categories', { status: 500, message: 'x' }, 'خطا در حذف دسته‌بندی'],
    ['teachers', { status: 500 }, 'خطا در حذف مدرس'],
    ['articles', { status: 500 }, 'خطا در حذف مقاله'],
  ] as const)('a failed delete goes to failed and toasts (%s, %o)', async (key, failure, text) => {
    const { list, remove, notices, row } = await ready(key);
    const op = registry[key].ops.remove;
    if (!op) throw new Error('no remove');
    backend.fail(op, failure);
    remove.send({ type: 'row.delete', row });
    remove.send({ type: 'confirm' });
    await reach(remove, (s) => s.matches('failed'));
    // The spec's text as it words it; the server's reason (when it gives one) under it.
    const detail = key !== 'courses' && 'message' in failure ? failure.message : undefined;
    expect(notices).toEqual([detail ? { kind: 'error', text, detail } : { kind: 'error', text }]);
    expect(list.getSnapshot().context.rows.some((r) => r.id === row.id)).toBe(true);
    // The next delete can start from failed.
    remove.send({ type: 'row.delete', row });
    expect(remove.getSnapshot().value).toBe('confirming');
  });
});
