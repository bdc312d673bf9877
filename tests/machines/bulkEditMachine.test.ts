import { backend, server } from './server';
import { beforeEach, describe, expect, it } from 'vitest';
import { reach, startBulk } from './harness';
import type { AnyRow } from '../../schema/define';
import { clearGetCache } from '../../src/api/client';
import { bulkHandlers } from '../support/msw-bulk';
import { sampleSeed } from '../support/msw-handlers';

const bulk = bulkHandlers(backend);

const first: AnyRow = { ...sampleSeed.courses[0], id: 1, inActive: false, version: 1 };
const extraCourses: AnyRow[] = [2, 3, 4].map((id) => ({ ...first, id, slug: `c-${id}`, title: `دوره ${'۰۱۲۳۴۵۶۷۸۹'.charAt(id)}`, type: id === 4 ? 'offline' : 'online' }));

beforeEach(() => {
  server.use(...bulk.handlers);
  backend.reset({ ...sampleSeed, courses: [first, ...extraCourses] });
  bulk.reset();
  clearGetCache();
});

const start = startBulk;

const inactive = { field: 'inActive', value: true, text: 'غیرفعال' };

describe('bulk edit machine', () => {
  it('choosing → confirmingEdit → editing → done: one request, the toast names field, count and value, the list reloads', async () => {
    const { list, actor, notices, cleared } = await start();
    actor.send({ type: 'bulk.edit', selection: { kind: 'ids', ids: [1, 2, 3] }, count: 3 });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'confirm' });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'change', change: inactive });
    expect(actor.getSnapshot().value).toBe('confirmingEdit');
    actor.send({ type: 'confirm' });
    expect(actor.getSnapshot().value).toBe('editing');
    await reach(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().context.result).toEqual({ updated: 3, unchanged: 0, skipped: [] });
    expect(notices).toEqual([{ kind: 'success', text: 'وضعیت دوره ۳ دوره به «غیرفعال» تغییر کرد' }]);
    expect(cleared()).toBe(1);
    expect(bulk.requests).toEqual([{ entity: 'courses', body: { ids: [1, 2, 3], field: 'inActive', value: true } }]);
    await reach(list, (s) => s.matches('table') && s.context.rows.filter((r) => r.inActive === true).length === 3);
  });

  it('a row the server refuses is in the report with its reason; the others are counted', async () => {
    const { actor, notices } = await start();
    bulk.protect(2, 'کد تخفیف یا برای یک دوره است یا برای یک دسته‌بندی');
    actor.send({ type: 'bulk.edit', selection: { kind: 'ids', ids: [1, 2] }, count: 2 });
    actor.send({ type: 'change', change: inactive });
    actor.send({ type: 'confirm' });
    await reach(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().context.result).toEqual({ updated: 1, unchanged: 0, skipped: [{ id: 2, label: 'دوره ۲', reason: 'کد تخفیف یا برای یک دوره است یا برای یک دسته‌بندی' }] });
    expect(notices).toEqual([{ kind: 'success', text: 'وضعیت دوره ۱ دوره به «غیرفعال» تغییر کرد' }]);
    actor.send({ type: 'dismiss' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('all matching sends the query and the confirmed count; a changed list (409) fails with the server’s reason', async () => {
    const { actor, notices, cleared } = await start();
    actor.send({ type: 'bulk.edit', selection: { kind: 'allMatching', query: 'f.type=online' }, count: 7 });
    actor.send({ type: 'change', change: inactive });
    actor.send({ type: 'confirm' });
    await reach(actor, (s) => s.matches('failed'));
    expect(bulk.requests[0]?.body).toEqual({ query: 'f.type=online', expected: 7, field: 'inActive', value: true });
    expect(notices).toEqual([{ kind: 'error', text: 'فهرست تغییر کرده است' }]);
    expect(cleared()).toBe(0);
    expect(backend.rows('courses').every((row) => row.inActive === false)).toBe(true);
  });

  it('a value the field refuses comes back as the server’s Persian 400', async () => {
    const { actor, notices } = await start();
    actor.send({ type: 'bulk.edit', selection: { kind: 'ids', ids: [1] }, count: 1 });
    actor.send({ type: 'change', change: { field: 'title', value: 'تازه', text: 'تازه' } });
    actor.send({ type: 'confirm' });
    await reach(actor, (s) => s.matches('failed'));
    expect(notices).toEqual([{ kind: 'error', text: '«title» در دوره‌ها گروهی ویرایش نمی‌شود' }]);
  });

  it('cancel at either step sends nothing; nothing chosen never asks', async () => {
    const { actor } = await start();
    actor.send({ type: 'bulk.edit', selection: { kind: 'ids', ids: [] }, count: 0 });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'bulk.edit', selection: { kind: 'ids', ids: [1] }, count: 1 });
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'bulk.edit', selection: { kind: 'ids', ids: [1] }, count: 1 });
    actor.send({ type: 'change', change: inactive });
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.change).toBeNull();
    expect(bulk.requests).toEqual([]);
  });

  it('an unreachable server fails with the generic text', async () => {
    const { actor, notices } = await start();
    const { http, HttpResponse } = await import('msw');
    server.use(http.post('*/api/Course/BulkEdit', () => HttpResponse.error(), { once: true }));
    actor.send({ type: 'bulk.edit', selection: { kind: 'ids', ids: [1] }, count: 1 });
    actor.send({ type: 'change', change: inactive });
    actor.send({ type: 'confirm' });
    await reach(actor, (s) => s.matches('failed'));
    expect(notices).toEqual([{ kind: 'error', text: 'ویرایش گروهی انجام نشد' }]);
  });
});
