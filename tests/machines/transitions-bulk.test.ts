// The transitions of the bulk and import machines no other machine test takes: the next bulk work
// started from a done or failed one (which must not show the last run's report or error), a
// dismissed failure, an import the database refused or that wrote nothing, an import the server
// did not take, and a new file chosen after an import or a failure.
import { backend, server } from './server';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reach, startBulk } from './harness';
import { createActor } from 'xstate';
import type { AnyRow } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { clearGetCache } from '../../src/api/client';
import { importMachine } from '../../src/machines/importMachine';
import { listMachine } from '../../src/machines/listMachine';
import type { Notice } from '../../src/machines/notice';
import { bulkHandlers } from '../support/msw-bulk';
import { sampleSeed } from '../support/msw-handlers';

const courses = registry.courses;
const bulk = bulkHandlers(backend);
const first: AnyRow = { ...sampleSeed.courses[0], id: 1, inActive: false };
const seededCourses: AnyRow[] = [first, ...[2, 3, 4].map((id) => ({ ...first, id, slug: `c-${id}`, title: `دوره ${id}`, type: id === 4 ? 'offline' : 'online' }))];

beforeEach(() => {
  backend.reset({ ...sampleSeed, courses: seededCourses });
  bulk.reset();
  server.use(...bulk.handlers);
  clearGetCache();
});
afterEach(() => server.resetHandlers());

async function startList() {
  const notices: Notice[] = [];
  const notify = (_: unknown, notice: Notice) => void notices.push(notice);
  const list = createActor(listMachine.provide({ actions: { notify } }), { input: { entity: courses } }).start();
  await reach(list, (s) => s.matches('table'), 'the course list');
  return { list, notices, notify };
}


const inactive = { field: 'inActive', value: true, text: 'غیرفعال' };
/** A bulk delete of every online course, confirmed with a count the list no longer has: the server refuses it (409). */
const staleAllOnline = { type: 'bulk.delete', selection: { kind: 'allMatching', query: 'f.type=online' }, count: 7 } as const;

describe('bulk machine: the next bulk work after a done or failed one', () => {
  it('a bulk delete started from failed asks afresh, without the last error (failed → confirming)', async () => {
    const { actor, notices, cleared } = await startBulk();
    actor.send(staleAllOnline);
    actor.send({ type: 'confirm' });
    await reach(actor, (s) => s.matches('failed'), 'failed');
    expect(actor.getSnapshot().context.error).toBe('فهرست تغییر کرده است');

    // Nothing chosen asks nothing, and the failure stays on screen.
    actor.send({ type: 'bulk.delete', selection: { kind: 'ids', ids: [] }, count: 0 });
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'bulk.delete', selection: { kind: 'ids', ids: [2] }, count: 1 });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context).toMatchObject({ error: null, result: null, count: 1, selection: { kind: 'ids', ids: [2] } });
    expect(bulk.requests).toHaveLength(1);
    actor.send({ type: 'confirm' });
    await reach(actor, (s) => s.matches('done'), 'done');
    expect(actor.getSnapshot().context).toMatchObject({ error: null, result: { deleted: 1, skipped: [] } });
    expect(bulk.requests.map((r) => r.body)).toEqual([{ query: 'f.type=online', expected: 7 }, { ids: [2] }]);
    expect(notices).toEqual([
      { kind: 'error', text: 'فهرست تغییر کرده است' },
      { kind: 'success', text: '۱ مورد حذف شد' },
    ]);
    expect(cleared()).toBe(1);
  });

  it('a bulk edit started from failed chooses afresh, without the last error (failed → choosing)', async () => {
    const { list, actor, notices } = await startBulk();
    actor.send({ type: 'bulk.edit', selection: { kind: 'ids', ids: [1] }, count: 1 });
    actor.send({ type: 'change', change: { field: 'title', value: 'تازه', text: 'تازه' } });
    actor.send({ type: 'confirm' });
    await reach(actor, (s) => s.matches('failed'), 'failed');
    expect(actor.getSnapshot().context.error).toBe('«title» در دوره‌ها گروهی ویرایش نمی‌شود');

    actor.send({ type: 'bulk.edit', selection: { kind: 'ids', ids: [1, 2] }, count: 2 });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context).toMatchObject({ error: null, result: null, change: null, count: 2 });
    actor.send({ type: 'change', change: inactive });
    actor.send({ type: 'confirm' });
    await reach(actor, (s) => s.matches('done'), 'done');
    expect(actor.getSnapshot().context).toMatchObject({ error: null, result: { updated: 2, unchanged: 0, skipped: [] } });
    expect(notices.at(-1)).toEqual({ kind: 'success', text: 'وضعیت دوره ۲ دوره به «غیرفعال» تغییر کرد' });
    expect(bulk.requests.at(-1)?.body).toEqual({ ids: [1, 2], field: 'inActive', value: true });
    await reach(list, (s) => s.matches('table') && s.context.rows.filter((r) => r.inActive === true).length === 2, 'the list with two courses off');
  });

  it('a bulk delete started from done asks afresh, without the last report (done → confirming)', async () => {
    const { actor, notices } = await startBulk();
    bulk.protect(2, '۱ مورد از ثبت‌نام‌ها به آن وابسته است');
    actor.send({ type: 'bulk.delete', selection: { kind: 'ids', ids: [1, 2] }, count: 2 });
    actor.send({ type: 'confirm' });
    await reach(actor, (s) => s.matches('done'), 'done');
    expect(actor.getSnapshot().context.result).toEqual({ deleted: 1, skipped: [{ id: 2, label: 'دوره 2', reason: '۱ مورد از ثبت‌نام‌ها به آن وابسته است' }] });

    actor.send({ type: 'bulk.delete', selection: { kind: 'ids', ids: [3, 4] }, count: 2 });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context).toMatchObject({ result: null, error: null, count: 2, selection: { kind: 'ids', ids: [3, 4] } });
    actor.send({ type: 'confirm' });
    await reach(actor, (s) => s.matches('done'), 'done again');
    expect(actor.getSnapshot().context.result).toEqual({ deleted: 2, skipped: [] });
    expect(backend.rows('courses').map((row) => row.id)).toEqual([2]);
    expect(notices).toEqual([
      { kind: 'success', text: '۱ مورد حذف شد' },
      { kind: 'success', text: '۲ مورد حذف شد' },
    ]);
  });

  it('a bulk edit started from done chooses afresh, without the last report (done → choosing)', async () => {
    const { actor, cleared } = await startBulk();
    actor.send({ type: 'bulk.delete', selection: { kind: 'ids', ids: [4] }, count: 1 });
    actor.send({ type: 'confirm' });
    await reach(actor, (s) => s.matches('done'), 'done');
    expect(actor.getSnapshot().context.result).toEqual({ deleted: 1, skipped: [] });

    actor.send({ type: 'bulk.edit', selection: { kind: 'ids', ids: [1] }, count: 1 });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context).toMatchObject({ result: null, error: null, change: null, count: 1 });
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(bulk.requests).toHaveLength(1);
    expect(cleared()).toBe(1);
  });

  it('dismissing a failure goes back to idle and forgets the error; nothing more is sent (failed → idle)', async () => {
    const { actor, notices } = await startBulk();
    server.use(http.post('*/api/Admin/:entity/bulk-delete', () => HttpResponse.error(), { once: true }));
    actor.send({ type: 'bulk.delete', selection: { kind: 'ids', ids: [1] }, count: 1 });
    actor.send({ type: 'confirm' });
    await reach(actor, (s) => s.matches('failed'), 'failed');
    expect(actor.getSnapshot().context.error).toBe('حذف گروهی انجام نشد');
    actor.send({ type: 'dismiss' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(notices).toEqual([{ kind: 'error', text: 'حذف گروهی انجام نشد' }]);
    expect(backend.rows('courses')).toHaveLength(4);
  });
});

async function startImport() {
  const { list, notices, notify } = await startList();
  const actor = createActor(importMachine.provide({ actions: { notify } }), { input: { entity: courses, list } }).start();
  return { list, actor, notices };
}

describe('import machine: what an import that wrote nothing, or failed, leads to', () => {
  it('an import that writes 0 rows is not toasted as imported: back to checked with the report (importing → checked)', async () => {
    const { actor, notices } = await startImport();
    actor.send({ type: 'file.chosen', csv: 'title\n', fileName: 'empty.csv' });
    await reach(actor, (s) => s.matches('checked'), 'checked');
    expect(actor.getSnapshot().context.report).toEqual({ created: 0, rows: 0, dryRun: true, rejected: [] });
    actor.send({ type: 'submit' });
    await reach(actor, (s) => !s.matches('importing'), 'the end of the import');
    expect(actor.getSnapshot().value).toBe('checked');
    expect(actor.getSnapshot().context.report).toEqual({ created: 0, rows: 0, dryRun: false, rejected: [] });
    expect(notices).toEqual([]);
    expect(bulk.requests.map((r) => r.dryRun)).toEqual([true, false]);
    // Nothing was written, so the list is not read again.
    expect(backend.count(courses.ops.list)).toBe(1);
    expect(backend.rows('courses')).toHaveLength(4);
  });

  it('rows the database refuses after a clean check come back as the report, and the file cannot be submitted as is', async () => {
    const { actor, notices } = await startImport();
    actor.send({ type: 'file.chosen', csv: 'title\nپایتون مقدماتی\n', fileName: 'taken.csv' });
    await reach(actor, (s) => s.matches('checked'), 'checked');
    expect(actor.getSnapshot().context.report?.rejected).toEqual([]);
    const refused = { created: 0, rows: 1, dryRun: false, rejected: [{ line: 2, message: 'این عنوان پیش‌تر ثبت شده است' }] };
    server.use(http.post('*/api/Admin/:entity/import', () => HttpResponse.json(refused), { once: true }));
    actor.send({ type: 'submit' });
    await reach(actor, (s) => !s.matches('importing'), 'the end of the import');
    expect(actor.getSnapshot().value).toBe('checked');
    expect(actor.getSnapshot().context.report).toEqual(refused);
    expect(notices).toEqual([]);
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('checked');
    expect(bulk.requests.map((r) => r.dryRun)).toEqual([true]);
  });

  it('an import the server does not take goes to failed with a toast; choosing a file again checks it (importing → failed → checking)', async () => {
    const { actor, notices } = await startImport();
    actor.send({ type: 'file.chosen', csv: 'title\nالف\n', fileName: 'a.csv' });
    await reach(actor, (s) => s.matches('checked'), 'checked');
    server.use(http.post('*/api/Admin/:entity/import', () => HttpResponse.error(), { once: true }));
    actor.send({ type: 'submit' });
    await reach(actor, (s) => s.matches('failed'), 'failed');
    expect(actor.getSnapshot().context.error).toBe('ورود اطلاعات انجام نشد');
    expect(notices).toEqual([{ kind: 'error', text: 'ورود اطلاعات انجام نشد' }]);
    expect(backend.rows('courses')).toHaveLength(4);

    actor.send({ type: 'file.chosen', csv: 'title\nالف\nب\n', fileName: 'b.csv' });
    expect(actor.getSnapshot().value).toBe('checking');
    expect(actor.getSnapshot().context).toMatchObject({ fileName: 'b.csv', error: null, report: null });
    await reach(actor, (s) => s.matches('checked'), 'checked again');
    expect(actor.getSnapshot().context.report).toEqual({ created: 0, rows: 2, dryRun: true, rejected: [] });
    expect(bulk.requests.map((r) => [r.dryRun, r.csv])).toEqual([
      [true, 'title\nالف\n'],
      [true, 'title\nالف\nب\n'],
    ]);
  });

  it('after an import, choosing another file checks it afresh (imported → checking)', async () => {
    const { actor, list, notices } = await startImport();
    actor.send({ type: 'file.chosen', csv: 'title\nالف\n', fileName: 'a.csv' });
    await reach(actor, (s) => s.matches('checked'), 'checked');
    actor.send({ type: 'submit' });
    await reach(actor, (s) => s.matches('imported'), 'imported');
    expect(notices).toEqual([{ kind: 'success', text: '۱ ردیف با موفقیت ثبت شد' }]);
    await reach(list, (s) => s.matches('table') && s.context.rows.length === 5, 'the list with the imported row');

    actor.send({ type: 'file.chosen', csv: 'title\nب\n', fileName: 'b.csv' });
    expect(actor.getSnapshot().value).toBe('checking');
    expect(actor.getSnapshot().context).toMatchObject({ fileName: 'b.csv', csv: 'title\nب\n', report: null, error: null });
    await reach(actor, (s) => s.matches('checked'), 'checked');
    expect(actor.getSnapshot().context.report).toEqual({ created: 0, rows: 1, dryRun: true, rejected: [] });
    expect(bulk.requests.map((r) => r.dryRun)).toEqual([true, false, true]);
    expect(notices).toHaveLength(1);
  });
});
