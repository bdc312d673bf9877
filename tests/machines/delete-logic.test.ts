// The delete machine's own logic with its calls provided (no double): what it sends, what it
// tells the list, and when a refused delete may become a deactivation.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AnyEntity, AnyRow } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { ApiError } from '../../src/api/operations';
import { deactivatable, deleteMachine } from '../../src/machines/deleteMachine';
import type { DeleteInput, SaveInput } from '../../src/machines/entityApi';
import { listMachine } from '../../src/machines/listMachine';
import type { Notice } from '../../src/machines/notice';
import { reach } from './harness';

const { categories, users, orders, messages } = registry;
const row: AnyRow = { id: 4, name: 'رباتیک', slug: 'robotics', inActive: false, coverImage: '', version: 2 };
const inUse = new ApiError(409, 'این دسته‌بندی دوره دارد');

function startDelete(entity: AnyEntity, answers: { remove?: () => void; save?: () => AnyRow | null } = {}) {
  const notices: Notice[] = [];
  const removed: DeleteInput[] = [];
  const saved: SaveInput[] = [];
  let reads = 0;
  const list = createActor(
    listMachine.provide({
      actors: {
        fetchList: fromPromise(async () => {
          reads += 1;
          return [row, { id: 5, name: 'هنر' }];
        }),
      },
    }),
    { input: { entity } },
  ).start();
  const remove = createActor(
    deleteMachine.provide({
      actors: {
        deleteRecord: fromPromise(async ({ input }: { input: DeleteInput }) => {
          removed.push(input);
          answers.remove?.();
        }),
        saveRecord: fromPromise(async ({ input }: { input: SaveInput }) => {
          saved.push(input);
          return answers.save ? answers.save() : null;
        }),
      },
      actions: { notify: (_, notice: Notice) => void notices.push(notice) },
    }),
    { input: { entity, list } },
  ).start();
  return { list, remove, notices, removed, saved, reads: () => reads };
}

describe('deleting a row', () => {
  it('a declined question sends nothing and forgets the row', () => {
    const { remove, removed } = startDelete(categories);
    remove.send({ type: 'row.delete', row });
    expect(remove.getSnapshot().context.row).toEqual(row);
    remove.send({ type: 'cancel' });
    expect(remove.getSnapshot().value).toBe('idle');
    expect(remove.getSnapshot().context.row).toBeNull();
    expect(removed).toEqual([]);
  });

  it('a confirmed delete names the row, toasts it and has the list read again', async () => {
    const { list, remove, notices, removed, reads } = startDelete(categories);
    await reach(list, (s) => s.matches('table'), 'the list');
    remove.send({ type: 'row.delete', row });
    remove.send({ type: 'confirm' });
    await reach(remove, (s) => s.matches('done'), 'the delete');
    expect(removed).toEqual([{ entity: categories, row }]);
    expect(notices).toEqual([{ kind: 'success', text: 'دسته‌بندی با موفقیت حذف شد', subject: { entity: categories, row } }]);
    await reach(list, (s) => s.matches('table') && reads() === 2, 'the list read again');
  });

  it('an entity that removes locally takes the row off the list without reading it again', async () => {
    const { list, remove, reads } = startDelete(users);
    await reach(list, (s) => s.matches('table'), 'the list');
    remove.send({ type: 'row.delete', row });
    remove.send({ type: 'confirm' });
    await reach(remove, (s) => s.matches('done'), 'the delete');
    expect(list.getSnapshot().context.rows.map((r) => r.id)).toEqual([5]);
    expect(reads()).toBe(1);
  });
});

describe('a refused delete', () => {
  it('in use, on an entity that can be switched off: offers to deactivate, with the server’s reason', async () => {
    const { remove, notices } = startDelete(categories, { remove: () => { throw inUse; } });
    remove.send({ type: 'row.delete', row });
    remove.send({ type: 'confirm' });
    const failed = await reach(remove, (s) => s.matches('failed'), 'the refusal');
    expect(failed.context).toMatchObject({ refusal: 'این دسته‌بندی دوره دارد', canDeactivate: true });
    expect(notices).toEqual([{ kind: 'error', text: 'خطا در حذف دسته‌بندی', detail: 'این دسته‌بندی دوره دارد' }]);
  });

  it.each([
    ['another refusal', categories, row, new ApiError(400, 'نه')],
    ['a row already switched off', categories, { ...row, inActive: true }, inUse],
    ['an entity without the switch', users, row, inUse],
  ])('%s offers no deactivation', async (_, entity, target, error) => {
    const { remove } = startDelete(entity, { remove: () => { throw error; } });
    remove.send({ type: 'row.delete', row: target });
    remove.send({ type: 'confirm' });
    const failed = await reach(remove, (s) => s.matches('failed'), 'the refusal');
    expect(failed.context.canDeactivate).toBe(false);
    remove.send({ type: 'deactivate' });
    expect(remove.getSnapshot().value).toBe('failed');
  });

  it('a failure that is no answer has no reason to show', async () => {
    const { remove, notices } = startDelete(categories, { remove: () => { throw new Error('offline'); } });
    remove.send({ type: 'row.delete', row });
    remove.send({ type: 'confirm' });
    const failed = await reach(remove, (s) => s.matches('failed'), 'the failure');
    expect(failed.context).toMatchObject({ refusal: null, canDeactivate: false });
    expect(notices).toEqual([{ kind: 'error', text: 'خطا در حذف دسته‌بندی' }]);
    remove.send({ type: 'dismiss' });
    expect(remove.getSnapshot().context).toMatchObject({ row: null, refusal: null });
  });

  it('deactivating saves the row switched off, toasts it and reads the list again', async () => {
    const { list, remove, notices, saved, reads } = startDelete(categories, { remove: () => { throw inUse; }, save: () => ({ ...row, inActive: true }) });
    await reach(list, (s) => s.matches('table'), 'the list');
    remove.send({ type: 'row.delete', row });
    remove.send({ type: 'confirm' });
    await reach(remove, (s) => s.matches('failed'), 'the refusal');
    remove.send({ type: 'deactivate' });
    const done = await reach(remove, (s) => s.matches('idle'), 'the deactivation');
    expect(saved).toEqual([{ entity: categories, mode: 'update', row, values: { name: 'رباتیک', inActive: true, coverImage: '' } }]);
    expect(notices.at(-1)).toEqual({ kind: 'success', text: 'رکورد غیرفعال شد' });
    expect(done.context).toMatchObject({ row: null, refusal: null, canDeactivate: false });
    await reach(list, (s) => s.matches('table') && reads() === 2, 'the list read again');
  });

  it('a deactivation that fails says so and is not offered again', async () => {
    const { remove, notices, saved } = startDelete(categories, {
      remove: () => { throw inUse; },
      save: () => { throw new ApiError(400, 'ذخیره نشد'); },
    });
    remove.send({ type: 'row.delete', row });
    remove.send({ type: 'confirm' });
    await reach(remove, (s) => s.matches('failed'), 'the refusal');
    remove.send({ type: 'deactivate' });
    await reach(remove, (s) => s.matches('failed') && !s.context.canDeactivate, 'the failed deactivation');
    expect(notices.at(-1)).toEqual({ kind: 'error', text: 'غیرفعال کردن ناموفق بود', detail: 'ذخیره نشد' });
    remove.send({ type: 'deactivate' });
    expect(saved).toHaveLength(1);
  });
});

describe('which entities can be switched off', () => {
  it('those with an inActive field and an update', () => {
    expect(deactivatable(categories)).toBe(true);
    expect(deactivatable(users)).toBe(false);
    expect(deactivatable(orders)).toBe(false);
    // A switch the admin could not save is no way out of a refused delete.
    expect(deactivatable({ ...categories, ops: { ...categories.ops, update: undefined } })).toBe(false);
    expect(deactivatable(messages)).toBe('inActive' in messages.fields && messages.ops.update !== undefined);
  });
});
