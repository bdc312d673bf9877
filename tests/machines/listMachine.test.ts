import { backend } from './server';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AnyEntity, AnyRow } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { clearGetCache } from '../../src/api/client';
import { listMachine } from '../../src/machines/listMachine';
import { startEntity, reach } from './harness';

beforeEach(() => {
  backend.reset();
  clearGetCache();
});

describe('list machine', () => {
  it('starts loading and reaches the table with the rows (categories)', async () => {
    const { list } = startEntity(registry.categories);
    expect(list.getSnapshot().value).toBe('loading');
    await reach(list, (s) => s.matches('table'));
    expect(list.getSnapshot().context.rows.map((row) => row.id)).toEqual([1, 2]);
  });

  it('reads the rows from under listItemsAt (users: queryResult)', async () => {
    const { list } = startEntity(registry.users);
    await reach(list, (s) => s.matches('table'));
    expect(list.getSnapshot().context.rows.map((row) => row.firstName)).toEqual(['مدیر', 'رضا']);
  });

  it.each([
    ['courses', 'خطا در دریافت دوره‌ها'],
    ['users', 'دریافت کاربران ناموفق بود'],
    ['articles', 'خطا در دریافت لیست مقالات'],
    ['categories', 'خطا در دریافت لیست دسته‌بندی‌ها'],
    ['teachers', 'خطا در دریافت لیست مدرس‌ها'],
  ] as const)('goes loading → failed and toasts the load error (%s)', async (key, text) => {
    const entity: AnyEntity = registry[key];
    backend.fail(entity.ops.list, { status: 500, message: 'server detail' });
    const { list, notices } = startEntity(entity);
    await reach(list, (s) => s.matches('failed'));
    expect(notices).toEqual([{ kind: 'error', text }]);
  });

  it('reloads from failed and from table, reaching the server each time after a write', async () => {
    backend.fail(registry.teachers.ops.list, { status: 503 });
    const { list } = startEntity(registry.teachers);
    await reach(list, (s) => s.matches('failed'));
    backend.succeed(registry.teachers.ops.list);
    list.send({ type: 'reload' });
    expect(list.getSnapshot().value).toBe('loading');
    await reach(list, (s) => s.matches('table'));
    expect(list.getSnapshot().context.rows).toHaveLength(1);
    expect(backend.count(registry.teachers.ops.list)).toBe(2);
  });

  it('patches a row in place and removes a row locally without a request', async () => {
    const { list } = startEntity(registry.users);
    await reach(list, (s) => s.matches('table'));
    const [first] = list.getSnapshot().context.rows;
    if (!first) throw new Error('no rows');
    list.send({ type: 'row.patch', row: { ...first, emailAddress: 'new@example.com' } });
    expect(list.getSnapshot().context.rows[0]?.emailAddress).toBe('new@example.com');
    list.send({ type: 'row.removeLocal', id: 2 });
    expect(list.getSnapshot().context.rows.map((row) => row.id)).toEqual([1]);
    expect(backend.count(registry.users.ops.list)).toBe(1);
  });

  it('lets tests swap the fetchList actor', async () => {
    const rows: AnyRow[] = [{ id: 7, name: 'x' }];
    const machine = listMachine.provide({ actors: { fetchList: fromPromise(async () => rows) } });
    const list = createActor(machine, { input: { entity: registry.categories } }).start();
    await reach(list, (s) => s.matches('table'));
    expect(list.getSnapshot().context.rows).toEqual(rows);
    expect(backend.count(registry.categories.ops.list)).toBe(0);
  });
});
