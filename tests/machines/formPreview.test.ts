// The form's save preview (an entity's savePreview; holidays list the class sessions a save
// cancels): a save first asks the double's preview call, shows its lines and saves only once the
// admin confirms; no lines save at once; a refused or failed preview, a cancel or a declined
// sign-in keep the form and send no save. Also the stale-save conflict closed without deciding.
import { backend } from './server';
import { beforeEach, describe, expect, it } from 'vitest';
import { editRecord, savePreviewOp, type AnyRow } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { clearGetCache, setUnauthorizedHandler } from '../../src/api/client';
import type { FormActorRef } from '../../src/machines/formMachine';
import { reach, startEntity } from './harness';

const holidays = registry.holidays;
const previewOp = savePreviewOp(holidays) ?? 'POST /api/Holiday/PreviewSave';
const createOp = holidays.ops.create ?? 'POST /api/Holiday/Create';
const updateOp = holidays.ops.update ?? 'PUT /api/Holiday/Update';

const nowruz = { date: '2030-03-21T00:00:00.000Z', endDate: '2030-03-24T00:00:00.000Z', title: 'نوروز' };
const cancelled = ['دوشنبه ۱ فروردین ۱۴۰۹، ساعت ۱۶:۰۰ تا ۱۷:۳۰: رباتیک مقدماتی', 'سه‌شنبه ۲ فروردین ۱۴۰۹، ساعت ۱۰:۰۰ تا ۱۱:۳۰: پایتون'];
const sessionExpired = { status: 401, message: 'برای این کار باید وارد حساب کاربری شوید' };

let signedOut = 0;
beforeEach(() => {
  backend.reset();
  clearGetCache();
  signedOut = 0;
  setUnauthorizedHandler(() => {
    signedOut += 1;
  });
});

/** Every state the form passes through from now on, as `mode.step` ("add.confirmingPreview"). */
function trail(form: FormActorRef): string[] {
  const seen: string[] = [];
  form.subscribe((snapshot) => {
    const value = snapshot.value;
    seen.push(typeof value === 'string' ? value : Object.entries(value).map(([mode, step]) => `${mode}.${String(step)}`).join());
  });
  return seen;
}

async function adding() {
  const started = startEntity(holidays);
  await reach(started.list, (s) => s.matches('table'));
  started.form.send({ type: 'open.add' });
  return { ...started, seen: trail(started.form) };
}

async function editing() {
  const started = startEntity(holidays);
  await reach(started.list, (s) => s.matches('table'));
  const row: AnyRow | undefined = started.list.getSnapshot().context.rows.find((r) => r.id === 1);
  if (!row) throw new Error('no holiday 1');
  started.form.send({ type: 'open.edit', row });
  return { ...started, row, seen: trail(started.form) };
}

describe('adding a holiday that cancels sessions', () => {
  it('asks the preview first, lists what it cancels, and creates only on confirm', async () => {
    backend.previewLines('holidays', cancelled);
    const { form, list, notices, seen } = await adding();
    form.send({ type: 'submit', values: nowruz });
    expect(form.getSnapshot().matches({ add: 'previewing' })).toBe(true);
    await reach(form, (s) => s.matches({ add: 'confirmingPreview' }));
    expect(form.getSnapshot().context.preview).toEqual(cancelled);
    expect(form.getSnapshot().context.values).toEqual(nowruz);
    expect(backend.count(previewOp)).toBe(1);
    expect(backend.count(createOp)).toBe(0);
    expect(backend.rows('holidays')).toHaveLength(2);

    form.send({ type: 'preview.confirm' });
    expect(form.getSnapshot().matches({ add: 'saving' })).toBe(true);
    expect(form.getSnapshot().context.preview).toBeNull();
    await reach(form, (s) => s.matches('closed'));
    expect(backend.count(createOp)).toBe(1);
    expect(backend.rows('holidays').find((r) => r.title === 'نوروز')).toMatchObject(nowruz);
    expect(notices).toEqual([{ kind: 'success', text: holidays.texts.succeeded.create }]);
    await reach(list, (s) => s.matches('table') && s.context.rows.length === 3);
    expect(seen).toEqual(['add.previewing', 'add.confirmingPreview', 'add.saving', 'closed']);
  });

  it('cancelling the preview goes back to the form with the values, and creates nothing', async () => {
    backend.previewLines('holidays', cancelled);
    const { form, notices } = await adding();
    form.send({ type: 'submit', values: nowruz });
    await reach(form, (s) => s.matches({ add: 'confirmingPreview' }));
    form.send({ type: 'preview.cancel' });
    expect(form.getSnapshot().matches({ add: 'editing' })).toBe(true);
    expect(form.getSnapshot().context).toMatchObject({ values: nowruz, preview: null });
    expect(backend.count(createOp)).toBe(0);
    expect(backend.rows('holidays')).toHaveLength(2);
    expect(notices).toEqual([]);
  });

  it('a preview with no lines saves at once without asking', async () => {
    const { form, notices, seen } = await adding();
    form.send({ type: 'submit', values: nowruz });
    await reach(form, (s) => s.matches('closed'));
    expect(seen).toEqual(['add.previewing', 'add.saving', 'closed']);
    expect(backend.count(previewOp)).toBe(1);
    expect(backend.count(createOp)).toBe(1);
    expect(notices).toEqual([{ kind: 'success', text: holidays.texts.succeeded.create }]);
  });

  it.each([
    ['refused with a reason', { status: 400, message: 'تاریخ نامعتبر است' }, { detail: 'تاریخ نامعتبر است' }],
    ['failed without one', { status: 500 }, {}],
  ] as const)('a preview %s keeps the form and its values, toasts, and creates nothing', async (_, failure, detail) => {
    backend.fail(previewOp, failure);
    const { form, notices } = await adding();
    form.send({ type: 'submit', values: nowruz });
    await reach(form, (s) => s.matches({ add: 'editing' }));
    expect(form.getSnapshot().context).toMatchObject({ values: nowruz, preview: null });
    expect(notices).toEqual([{ kind: 'error', text: holidays.texts.failed.save, ...detail }]);
    expect(backend.count(previewOp)).toBe(1);
    expect(backend.count(createOp)).toBe(0);
  });

  // The body schema refuses an end before the start in the client, as the server would: nothing is sent.
  it('values the contract refuses never reach the preview call', async () => {
    const { form, notices } = await adding();
    const backwards = { ...nowruz, date: nowruz.endDate, endDate: nowruz.date };
    form.send({ type: 'submit', values: backwards });
    await reach(form, (s) => s.matches({ add: 'editing' }));
    expect(form.getSnapshot().context.values).toEqual(backwards);
    expect(notices).toEqual([{ kind: 'error', text: holidays.texts.failed.save, detail: 'از تاریخ نمی‌تواند بعد از تا تاریخ باشد' }]);
    expect(backend.count(previewOp)).toBe(0);
  });

  it('a session that expires at the preview asks to sign in again, then previews again before saving', async () => {
    backend.fail(previewOp, sessionExpired);
    backend.previewLines('holidays', cancelled);
    const { form, notices } = await adding();
    form.send({ type: 'submit', values: nowruz });
    await reach(form, (s) => s.matches({ add: 'signIn' }));
    expect(signedOut).toBe(0);
    expect(notices).toEqual([]);
    expect(backend.count(createOp)).toBe(0);

    backend.succeed(previewOp);
    form.send({ type: 'signedIn' });
    expect(form.getSnapshot().matches({ add: 'previewing' })).toBe(true);
    // Signed in again, the admin still sees what the save cancels before it is made.
    await reach(form, (s) => s.matches({ add: 'confirmingPreview' }));
    expect(form.getSnapshot().context.preview).toEqual(cancelled);
    expect(backend.count(previewOp)).toBe(2);
    expect(backend.count(createOp)).toBe(0);
    form.send({ type: 'preview.confirm' });
    await reach(form, (s) => s.matches('closed'));
    expect(backend.count(createOp)).toBe(1);
    expect(signedOut).toBe(0);
  });

  it('declining to sign in again keeps the form and what was typed', async () => {
    backend.fail(previewOp, sessionExpired);
    const { form } = await adding();
    form.send({ type: 'submit', values: nowruz });
    await reach(form, (s) => s.matches({ add: 'signIn' }));
    form.send({ type: 'signIn.cancel' });
    expect(form.getSnapshot().matches({ add: 'editing' })).toBe(true);
    expect(form.getSnapshot().context.values).toEqual(nowruz);
    expect(backend.count(previewOp)).toBe(1);
    expect(backend.count(createOp)).toBe(0);
    expect(signedOut).toBe(0);
  });
});

describe('editing a holiday that cancels sessions', () => {
  const moved = { ...nowruz, title: 'نوروز جابه‌جا' };

  it('previews the update of this record, lists what it cancels, and updates only on confirm', async () => {
    backend.previewLines('holidays', cancelled);
    const { form, list, row, notices, seen } = await editing();
    form.send({ type: 'submit', values: moved });
    expect(form.getSnapshot().matches({ edit: 'previewing' })).toBe(true);
    await reach(form, (s) => s.matches({ edit: 'confirmingPreview' }));
    expect(form.getSnapshot().context).toMatchObject({ preview: cancelled, values: moved, row });
    expect(backend.count(updateOp)).toBe(0);
    expect(backend.rows('holidays').find((r) => r.id === 1)).toEqual(row);

    form.send({ type: 'preview.confirm' });
    await reach(form, (s) => s.matches('closed'));
    expect(backend.count(updateOp)).toBe(1);
    expect(backend.rows('holidays').find((r) => r.id === 1)).toMatchObject({ ...moved, version: 2 });
    expect(notices).toEqual([{ kind: 'success', text: holidays.texts.succeeded.update, subject: { entity: holidays, row: expect.objectContaining({ id: 1, title: moved.title }) } }]);
    await reach(list, (s) => s.matches('table') && s.context.rows.some((r) => r.title === moved.title));
    expect(seen).toEqual(['edit.previewing', 'edit.confirmingPreview', 'edit.saving', 'closed']);
  });

  it('cancelling the preview goes back to the form with the values, and leaves the record alone', async () => {
    backend.previewLines('holidays', cancelled);
    const { form, row, notices } = await editing();
    form.send({ type: 'submit', values: moved });
    await reach(form, (s) => s.matches({ edit: 'confirmingPreview' }));
    form.send({ type: 'preview.cancel' });
    expect(form.getSnapshot().matches({ edit: 'editing' })).toBe(true);
    expect(form.getSnapshot().context).toMatchObject({ values: moved, preview: null, row });
    expect(backend.count(updateOp)).toBe(0);
    expect(backend.rows('holidays').find((r) => r.id === 1)).toEqual(row);
    expect(notices).toEqual([]);
  });

  it('a preview with no lines updates at once without asking', async () => {
    const { form, seen } = await editing();
    form.send({ type: 'submit', values: moved });
    await reach(form, (s) => s.matches('closed'));
    expect(seen).toEqual(['edit.previewing', 'edit.saving', 'closed']);
    expect(backend.count(updateOp)).toBe(1);
    expect(backend.rows('holidays').find((r) => r.id === 1)?.title).toBe(moved.title);
  });

  // The double answers as the server does: the update's id names a record it no longer holds.
  it('a preview of a record removed meanwhile is refused (404): the form stays, nothing is updated', async () => {
    const { form, notices } = await editing();
    backend.reset({ holidays: [] });
    form.send({ type: 'submit', values: moved });
    await reach(form, (s) => s.matches({ edit: 'editing' }));
    expect(form.getSnapshot().context.values).toEqual(moved);
    expect(notices).toEqual([{ kind: 'error', text: holidays.texts.failed.save, detail: 'رکورد یافت نشد' }]);
    expect(backend.count(previewOp)).toBe(1);
    expect(backend.count(updateOp)).toBe(0);
  });

  it('a session that expires at the preview asks to sign in again, then previews again before updating', async () => {
    backend.fail(previewOp, sessionExpired);
    const { form, notices } = await editing();
    form.send({ type: 'submit', values: moved });
    await reach(form, (s) => s.matches({ edit: 'signIn' }));
    expect(signedOut).toBe(0);
    expect(notices).toEqual([]);
    expect(form.getSnapshot().context.values).toEqual(moved);

    backend.succeed(previewOp);
    form.send({ type: 'signedIn' });
    expect(form.getSnapshot().matches({ edit: 'previewing' })).toBe(true);
    await reach(form, (s) => s.matches('closed'));
    expect(backend.count(previewOp)).toBe(2);
    expect(backend.count(updateOp)).toBe(1);
    expect(backend.rows('holidays').find((r) => r.id === 1)?.title).toBe(moved.title);
  });
});

describe('a stale save left undecided', () => {
  it('closing the conflict drops the edits and the conflict, and overwrites nothing', async () => {
    const { form, list, notices } = startEntity(registry.categories);
    await reach(list, (s) => s.matches('table'));
    const row = list.getSnapshot().context.rows.find((r) => r.id === 1);
    if (!row) throw new Error('no category 1');
    form.send({ type: 'open.edit', row });
    backend.editElsewhere('categories', 1, { name: 'نام همکار' });
    form.send({ type: 'submit', values: { ...editRecord(registry.categories, row), name: 'نام من' } });
    await reach(form, (s) => s.matches({ edit: 'conflict' }));
    expect(form.getSnapshot().context.conflict?.current).toMatchObject({ id: 1, name: 'نام همکار', version: 2 });

    form.send({ type: 'close' });
    expect(form.getSnapshot().value).toBe('closed');
    expect(form.getSnapshot().context).toMatchObject({ row: null, values: {}, conflict: null, preview: null });
    expect(backend.count('PUT /api/Category/Update')).toBe(1);
    expect(backend.rows('categories').find((r) => r.id === 1)).toMatchObject({ name: 'نام همکار', version: 2 });
    expect(notices).toEqual([]);
  });
});
