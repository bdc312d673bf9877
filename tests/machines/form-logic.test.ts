// The form machine's own logic with its calls provided (no double): what each save and preview is
// asked with, what a success tells the list and the screen, and where each failure leaves the
// admin's work. The double-backed tests (formMachine, formPreview, safety) cover the wire.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { blankRecord, editRecord, type AnyEntity, type AnyRow } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { ApiError } from '../../src/api/operations';
import type { SaveInput } from '../../src/machines/entityApi';
import { formMachine } from '../../src/machines/formMachine';
import { listMachine } from '../../src/machines/listMachine';
import type { Notice } from '../../src/machines/notice';
import { reach } from './harness';

const { categories, users, holidays, messages, orders } = registry;
const category: AnyRow = { id: 4, name: 'رباتیک', slug: 'robotics', inActive: false, coverImage: '', version: 2 };

type Answer<T> = (input: SaveInput) => T;
function startForm(entity: AnyEntity, answers: { save?: Answer<AnyRow | null>; preview?: Answer<string[]> } = {}) {
  const notices: Notice[] = [];
  const created: Array<AnyRow | null> = [];
  const saves: SaveInput[] = [];
  const previews: SaveInput[] = [];
  let reads = 0;
  const list = createActor(
    listMachine.provide({
      actors: {
        fetchList: fromPromise(async () => {
          reads += 1;
          return [category];
        }),
      },
    }),
    { input: { entity } },
  ).start();
  const form = createActor(
    formMachine.provide({
      actors: {
        saveRecord: fromPromise(async ({ input }: { input: SaveInput }) => {
          saves.push(input);
          return answers.save ? answers.save(input) : null;
        }),
        previewSave: fromPromise<string[], SaveInput>(async ({ input }) => {
          previews.push(input);
          return answers.preview ? answers.preview(input) : [];
        }),
      },
      actions: {
        notify: (_, notice: Notice) => void notices.push(notice),
        created: (_, row: AnyRow | null) => void created.push(row),
      },
    }),
    { input: { entity, list } },
  ).start();
  return { list, form, notices, created, saves, previews, reads: () => reads };
}

const session = new ApiError(401, undefined);

describe('opening', () => {
  it('only an entity that can create opens to add, and only one that can update opens to edit', () => {
    const { form } = startForm(messages);
    form.send({ type: 'open.add' });
    expect(form.getSnapshot().value).toBe('closed');
    const { form: ordersForm } = startForm(orders);
    ordersForm.send({ type: 'open.edit', row: { id: 1 } });
    expect(ordersForm.getSnapshot().value).toBe('closed');
  });

  it('an add starts blank with the given fields it has; an edit from the row', () => {
    const { form } = startForm(categories);
    form.send({ type: 'open.add', values: { name: 'از پیش', courseId: 3 } });
    expect(form.getSnapshot().context).toMatchObject({ row: null, values: { ...blankRecord(categories), name: 'از پیش' } });
    form.send({ type: 'close' });
    form.send({ type: 'open.edit', row: category });
    expect(form.getSnapshot().context).toMatchObject({ row: category, values: editRecord(categories, category) });
  });
});

describe('adding', () => {
  it('saves what was submitted, keeping the session, then toasts, tells who asked and has the list read again', async () => {
    const saved = { ...category, id: 9 };
    const { list, form, notices, created, saves, reads } = startForm(users, { save: () => saved });
    await reach(list, (s) => s.matches('table'), 'the list');
    form.send({ type: 'open.add' });
    form.send({ type: 'submit', values: { firstName: 'سارا' } });
    await reach(form, (s) => s.matches('closed'), 'the closed form');
    expect(saves).toEqual([{ entity: users, mode: 'create', values: { firstName: 'سارا' }, keepSession: true }]);
    expect(notices).toEqual([{ kind: 'success', text: users.texts.succeeded.create }]);
    expect(created).toEqual([saved]);
    expect(form.getSnapshot().context).toMatchObject({ row: null, values: {}, conflict: null, preview: null });
    // Users patch their edits, but a new row is not in the list to patch.
    await reach(list, () => reads() === 2, 'the list read again');
  });

  it('a refused create keeps the form and its values, and says why', async () => {
    const { form, notices } = startForm(categories, { save: () => { throw new ApiError(400, 'نام تکراری است'); } });
    form.send({ type: 'open.add' });
    form.send({ type: 'submit', values: { name: 'x' } });
    await reach(form, (s) => s.matches({ add: 'editing' }), 'the form again');
    expect(form.getSnapshot().context.values).toEqual({ name: 'x' });
    expect(notices).toEqual([{ kind: 'error', text: 'خطا در ذخیره اطلاعات', detail: 'نام تکراری است' }]);
  });

  it('an expired session asks to sign in, then saves the same values again; declining keeps them', async () => {
    let fail = true;
    const { form, saves } = startForm(categories, {
      save: () => {
        if (fail) throw session;
        return category;
      },
    });
    form.send({ type: 'open.add' });
    form.send({ type: 'submit', values: { name: 'x' } });
    await reach(form, (s) => s.matches({ add: 'signIn' }), 'the sign-in');
    form.send({ type: 'signIn.cancel' });
    expect(form.getSnapshot().matches({ add: 'editing' })).toBe(true);
    form.send({ type: 'submit', values: { name: 'y' } });
    await reach(form, (s) => s.matches({ add: 'signIn' }), 'the sign-in again');
    fail = false;
    form.send({ type: 'signedIn' });
    await reach(form, (s) => s.matches('closed'), 'the retried save');
    expect(saves.map((save) => save.values)).toEqual([{ name: 'x' }, { name: 'y' }, { name: 'y' }]);
  });
});

describe('editing', () => {
  it('saves over the row it opened; the toast names the saved row, and a patching list takes it in place', async () => {
    const saved = { ...category, name: 'پایتون', version: 3 };
    const { list, form, notices, saves, reads } = startForm(users, { save: () => saved });
    await reach(list, (s) => s.matches('table'), 'the list');
    form.send({ type: 'open.edit', row: category });
    form.send({ type: 'submit', values: { name: 'پایتون' } });
    await reach(form, (s) => s.matches('closed'), 'the closed form');
    expect(saves).toEqual([{ entity: users, mode: 'update', values: { name: 'پایتون' }, row: category, keepSession: true }]);
    expect(notices).toEqual([{ kind: 'success', text: users.texts.succeeded.update, subject: { entity: users, row: saved } }]);
    expect(list.getSnapshot().context.rows).toEqual([saved]);
    expect(reads()).toBe(1);
  });

  it('a save answered without its row names the row it opened and reads the list again', async () => {
    const { list, form, notices, reads } = startForm(users, { save: () => null });
    await reach(list, (s) => s.matches('table'), 'the list');
    form.send({ type: 'open.edit', row: category });
    form.send({ type: 'submit', values: {} });
    await reach(form, (s) => s.matches('closed'), 'the closed form');
    expect(notices).toEqual([{ kind: 'success', text: users.texts.succeeded.update, subject: { entity: users, row: category } }]);
    await reach(list, () => reads() === 2, 'the list read again');
  });

  it('a stale save shows the conflict; reloading takes the current record into the form', async () => {
    const current = { ...category, name: 'از دیگری', version: 5 };
    const conflict = { current, changedFields: ['name'], changedBy: null, changedAt: null };
    const { list, form, notices, reads } = startForm(categories, { save: () => { throw new ApiError(409, 'تغییر کرده', { conflict }); } });
    await reach(list, (s) => s.matches('table'), 'the list');
    form.send({ type: 'open.edit', row: category });
    form.send({ type: 'submit', values: { ...editRecord(categories, category), name: 'من' } });
    const stale = await reach(form, (s) => s.matches({ edit: 'conflict' }), 'the conflict');
    expect(stale.context.conflict).toEqual(conflict);
    expect(notices).toEqual([]);
    form.send({ type: 'conflict.reload' });
    expect(form.getSnapshot().context).toMatchObject({ row: current, values: editRecord(categories, current), conflict: null });
    expect(form.getSnapshot().matches({ edit: 'editing' })).toBe(true);
    await reach(list, () => reads() === 2, 'the list read again');
  });

  it('overwriting saves the same values over the version the server holds', async () => {
    const current = { ...category, version: 5 };
    let first = true;
    const { form, saves } = startForm(categories, {
      save: () => {
        if (!first) return current;
        first = false;
        throw new ApiError(409, 'تغییر کرده', { conflict: { current, changedFields: [], changedBy: null, changedAt: null } });
      },
    });
    form.send({ type: 'open.edit', row: category });
    form.send({ type: 'submit', values: { name: 'من' } });
    await reach(form, (s) => s.matches({ edit: 'conflict' }), 'the conflict');
    form.send({ type: 'conflict.overwrite' });
    await reach(form, (s) => s.matches('closed'), 'the overwrite');
    expect(saves.map((save) => [save.row, save.values])).toEqual([
      [category, { name: 'من' }],
      [current, { name: 'من' }],
    ]);
  });

  it('a refused update keeps the form; an expired session asks to sign in', async () => {
    const errors = [new ApiError(400, 'نه'), session];
    const { form, notices } = startForm(categories, { save: () => { throw errors.shift() ?? session; } });
    form.send({ type: 'open.edit', row: category });
    form.send({ type: 'submit', values: { name: 'من' } });
    await reach(form, (s) => s.matches({ edit: 'editing' }) && notices.length === 1, 'the refusal');
    expect(notices).toEqual([{ kind: 'error', text: 'خطا در ذخیره اطلاعات', detail: 'نه' }]);
    form.send({ type: 'submit', values: { name: 'من' } });
    await reach(form, (s) => s.matches({ edit: 'signIn' }), 'the sign-in');
    form.send({ type: 'signIn.cancel' });
    expect(form.getSnapshot().context.values).toEqual({ name: 'من' });
  });
});

describe('a save that changes other records', () => {
  const values = { title: 'نوروز', date: '2026-03-20T20:30:00.000Z', endDate: '' };

  it('is previewed first; nothing else changing saves at once', async () => {
    const { form, previews, saves } = startForm(holidays, { preview: () => [] });
    form.send({ type: 'open.add' });
    form.send({ type: 'submit', values });
    await reach(form, (s) => s.matches('closed'), 'the save');
    expect(previews).toEqual([{ entity: holidays, mode: 'create', values, keepSession: true }]);
    expect(saves).toHaveLength(1);
  });

  it('what would change is shown; confirming saves, going back keeps the form', async () => {
    const { form, saves, previews } = startForm(holidays, { preview: () => ['جلسه ۱'] });
    const row = { id: 3, ...values, version: 1 };
    form.send({ type: 'open.edit', row });
    form.send({ type: 'submit', values });
    const asked = await reach(form, (s) => s.matches({ edit: 'confirmingPreview' }), 'the preview');
    expect(asked.context.preview).toEqual(['جلسه ۱']);
    expect(previews[0]).toMatchObject({ mode: 'update', row, keepSession: true });
    form.send({ type: 'preview.cancel' });
    expect(form.getSnapshot().context.preview).toBeNull();
    expect(form.getSnapshot().matches({ edit: 'editing' })).toBe(true);
    form.send({ type: 'submit', values });
    await reach(form, (s) => s.matches({ edit: 'confirmingPreview' }), 'the preview again');
    form.send({ type: 'preview.confirm' });
    await reach(form, (s) => s.matches('closed'), 'the save');
    expect(saves).toHaveLength(1);
  });

  it('a preview that fails says why, or asks to sign in and previews again', async () => {
    const errors = [new ApiError(400, 'تاریخ نادرست'), session];
    const { form, notices, previews } = startForm(holidays, {
      preview: () => {
        const error = errors.shift();
        if (error) throw error;
        return ['جلسه ۲'];
      },
    });
    form.send({ type: 'open.add' });
    form.send({ type: 'submit', values });
    await reach(form, (s) => s.matches({ add: 'editing' }) && notices.length === 1, 'the refusal');
    expect(notices).toEqual([{ kind: 'error', text: holidays.texts.failed.save, detail: 'تاریخ نادرست' }]);
    form.send({ type: 'submit', values });
    await reach(form, (s) => s.matches({ add: 'signIn' }), 'the sign-in');
    form.send({ type: 'signedIn' });
    await reach(form, (s) => s.matches({ add: 'confirmingPreview' }), 'the preview after signing in');
    expect(previews).toHaveLength(3);
  });
});
