import { backend, server } from './server';
import { beforeEach, describe, expect, it } from 'vitest';
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

const bulk = bulkHandlers(backend);

const extraCourses: AnyRow[] = [2, 3, 4].map((id) => ({ ...sampleSeed.courses[0], id, slug: `c-${id}`, title: `دوره ${'۰۱۲۳۴۵۶۷۸۹'.charAt(id)}`, type: id === 4 ? 'offline' : 'online' }));

beforeEach(() => {
  server.use(...bulk.handlers);
  backend.reset({ ...sampleSeed, courses: [...sampleSeed.courses, ...extraCourses] });
  bulk.reset();
  clearGetCache();
});

const start = startBulk;

describe('bulk delete machine', () => {
  it('confirm → deleting → done: one request, toast with the count, selection cleared, list reloaded', async () => {
    const { list, actor, notices, cleared } = await start();
    actor.send({ type: 'bulk.delete', selection: { kind: 'ids', ids: [1, 2, 3] }, count: 3 });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.count).toBe(3);
    actor.send({ type: 'confirm' });
    expect(actor.getSnapshot().value).toBe('deleting');
    await reach(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().context.result).toEqual({ deleted: 3, skipped: [] });
    expect(notices).toEqual([{ kind: 'success', text: '۳ مورد حذف شد' }]);
    expect(cleared()).toBe(1);
    await reach(list, (s) => s.matches('table') && s.context.rows.length === 1);
    expect(bulk.requests).toEqual([{ entity: 'courses', body: { ids: [1, 2, 3] } }]);
  });

  it('keeps the report of skipped rows until dismissed', async () => {
    const { actor } = await start();
    bulk.protect(2, '۱ مورد از ثبت‌نام‌ها به آن وابسته است');
    actor.send({ type: 'bulk.delete', selection: { kind: 'ids', ids: [1, 2] }, count: 2 });
    actor.send({ type: 'confirm' });
    await reach(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().context.result).toEqual({
      deleted: 1,
      skipped: [{ id: 2, label: 'دوره ۲', reason: '۱ مورد از ثبت‌نام‌ها به آن وابسته است' }],
    });
    actor.send({ type: 'dismiss' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.result).toBeNull();
  });

  it('all matching sends the query and the confirmed count', async () => {
    const { actor, list } = await start();
    actor.send({ type: 'bulk.delete', selection: { kind: 'allMatching', query: 'f.type=online' }, count: 3 });
    actor.send({ type: 'confirm' });
    await reach(actor, (s) => s.matches('done'));
    expect(bulk.requests[0]?.body).toEqual({ query: 'f.type=online', expected: 3 });
    await reach(list, (s) => s.matches('table') && s.context.rows.map((r) => r.id).join() === '4');
  });

  it('a changed list (409) fails with the server’s reason and deletes nothing', async () => {
    const { actor, notices, cleared } = await start();
    actor.send({ type: 'bulk.delete', selection: { kind: 'allMatching', query: 'f.type=online' }, count: 7 });
    actor.send({ type: 'confirm' });
    await reach(actor, (s) => s.matches('failed'));
    expect(notices).toEqual([{ kind: 'error', text: 'فهرست تغییر کرده است' }]);
    expect(actor.getSnapshot().context.error).toBe('فهرست تغییر کرده است');
    expect(cleared()).toBe(0);
    expect(backend.rows('courses')).toHaveLength(4);
  });

  it('cancel sends nothing; nothing chosen never asks', async () => {
    const { actor } = await start();
    actor.send({ type: 'bulk.delete', selection: { kind: 'ids', ids: [] }, count: 0 });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'bulk.delete', selection: { kind: 'ids', ids: [1] }, count: 1 });
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'confirm' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(bulk.requests).toEqual([]);
  });

  it('an unreachable server fails with the generic text', async () => {
    const { actor, notices } = await start();
    const { http, HttpResponse } = await import('msw');
    server.use(http.post('*/api/Admin/:entity/bulk-delete', () => HttpResponse.error(), { once: true }));
    actor.send({ type: 'bulk.delete', selection: { kind: 'ids', ids: [1] }, count: 1 });
    actor.send({ type: 'confirm' });
    await reach(actor, (s) => s.matches('failed'));
    expect(notices).toEqual([{ kind: 'error', text: 'حذف گروهی انجام نشد' }]);
  });
});

describe('import machine', () => {
  async function startImport() {
    const notices: Notice[] = [];
    const notify = (_: unknown, notice: Notice) => {
      notices.push(notice);
    };
    const list = createActor(listMachine.provide({ actions: { notify } }), { input: { entity: registry.courses } }).start();
    await reach(list, (s) => s.matches('table'));
    const actor = createActor(importMachine.provide({ actions: { notify } }), { input: { entity: registry.courses, list } }).start();
    return { list, actor, notices };
  }

  it('a clean file is checked (dry run), then submitted; the list reloads', async () => {
    const { actor, list, notices } = await startImport();
    actor.send({ type: 'file.chosen', csv: 'title\nالف\nب\n', fileName: 'a.csv' });
    expect(actor.getSnapshot().value).toBe('checking');
    await reach(actor, (s) => s.matches('checked'));
    expect(actor.getSnapshot().context.report).toEqual({ created: 0, rows: 2, dryRun: true, rejected: [] });
    actor.send({ type: 'submit' });
    await reach(actor, (s) => s.matches('imported'));
    expect(notices).toEqual([{ kind: 'success', text: '۲ ردیف با موفقیت ثبت شد' }]);
    expect(bulk.requests.map((r) => r.dryRun)).toEqual([true, false]);
    await reach(list, (s) => s.matches('table') && s.context.rows.length === 6);
  });

  it('a file with a rejected line cannot be submitted; choosing another file checks again', async () => {
    const { actor } = await startImport();
    actor.send({ type: 'file.chosen', csv: 'title\nالف\n\n,۵\n', fileName: 'bad.csv' });
    await reach(actor, (s) => s.matches('checked'));
    expect(actor.getSnapshot().context.report?.rejected).toEqual([{ line: 4, message: 'عنوان دوره الزامی است' }]);
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('checked');
    actor.send({ type: 'file.chosen', csv: 'title\nالف\n', fileName: 'good.csv' });
    await reach(actor, (s) => s.matches('checked'));
    expect(actor.getSnapshot().context.fileName).toBe('good.csv');
    expect(actor.getSnapshot().context.report?.rejected).toEqual([]);
  });

  it('a refused file goes to failed with the server’s reason', async () => {
    const { actor } = await startImport();
    const { http, HttpResponse } = await import('msw');
    server.use(http.post('*/api/Admin/:entity/import', () => HttpResponse.json({ message: 'حجم فایل بیش از ۵ مگابایت است' }, { status: 413 }), { once: true }));
    actor.send({ type: 'file.chosen', csv: 'title\nالف\n', fileName: 'big.csv' });
    await reach(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('حجم فایل بیش از ۵ مگابایت است');
    actor.send({ type: 'reset' });
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
