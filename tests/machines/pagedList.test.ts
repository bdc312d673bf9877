import { backend } from './server';
import { beforeEach, describe, expect, it } from 'vitest';
import { reach } from './harness';
import { createActor } from 'xstate';
import type { AnyRow } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { clearGetCache } from '../../src/api/client';
import type { ListQueryParams } from '../../src/machines/entityApi';
import { listMachine } from '../../src/machines/listMachine';
import type { Notice } from '../../src/machines/notice';
import { sampleSeed } from '../support/msw-handlers';

const baseCourse = sampleSeed.courses[0];
const courses: AnyRow[] = Array.from({ length: 120 }, (_, i) => ({
  ...baseCourse,
  id: i + 1,
  slug: `c-${i + 1}`,
  title: i === 41 ? 'کیک‌پزی ۱۲ نفره' : `دوره ${i + 1}`,
  priceInTomans: ((i * 37) % 120) * 1000,
  type: i % 3 === 0 ? 'offline' : 'online',
}));

beforeEach(() => {
  backend.reset({ ...sampleSeed, courses });
  clearGetCache();
});

function start(query: ListQueryParams) {
  const notices: Notice[] = [];
  const list = createActor(
    listMachine.provide({
      actions: {
        notify: (_: unknown, notice: Notice) => {
          notices.push(notice);
        },
      },
    }),
    { input: { entity: registry.courses, query } },
  ).start();
  return { list, notices };
}

const ids = (rows: readonly AnyRow[]) => rows.map((row) => row.id);

describe('list machine, paged (list protocol against msw)', () => {
  it('loads the first page with the total', async () => {
    const { list } = start({ pageSize: '50' });
    expect(list.getSnapshot().value).toBe('loadingPage');
    await reach(list, (s) => s.matches('table'));
    const { rows, total } = list.getSnapshot().context;
    expect(total).toBe(120);
    expect(ids(rows)).toEqual(Array.from({ length: 50 }, (_, i) => 120 - i));
  });

  it('holds the labels the page brought for its rows (no labels call after them)', async () => {
    const { list } = start({ pageSize: '50' });
    await reach(list, (s) => s.matches('table'));
    const { rows, labels } = list.getSnapshot().context;
    expect(labels?.rows).toEqual(rows);
    const teacher = sampleSeed.teachers.find((row) => row.id === rows[0]?.techerId);
    if (!teacher) throw new Error('the sample courses have no teacher');
    expect(labels?.references.teachers?.[String(teacher.id)]).toBe(teacher.fullName);
    expect(backend.count('GET /api/Admin/{entity}/labels')).toBe(0);
  });

  it('pages and sorts through query.set, keeping the rows shown while refreshing', async () => {
    const { list } = start({ pageSize: '50' });
    await reach(list, (s) => s.matches('table'));
    list.send({ type: 'query.set', query: { pageSize: '50', page: '3' } });
    expect(list.getSnapshot().value).toBe('refreshing');
    expect(list.getSnapshot().context.rows).toHaveLength(50);
    await reach(list, (s) => s.matches('table'));
    expect(ids(list.getSnapshot().context.rows)).toEqual(Array.from({ length: 20 }, (_, i) => 20 - i));

    list.send({ type: 'query.set', query: { pageSize: '5', sort: 'priceInTomans' } });
    await reach(list, (s) => s.matches('table'));
    const prices = list.getSnapshot().context.rows.map((row) => Number(row.priceInTomans));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBe(0);

    list.send({ type: 'query.set', query: { pageSize: '5', sort: '-priceInTomans', 'f.type': 'offline' } });
    await reach(list, (s) => s.matches('table'));
    expect(list.getSnapshot().context.total).toBe(40);
    expect(list.getSnapshot().context.rows.every((row) => row.type === 'offline')).toBe(true);
  });

  it('searches Persian-aware (Arabic ي/ك, digits, ZWNJ)', async () => {
    const { list } = start({ q: 'كيك پزي 12' });
    await reach(list, (s) => s.matches('table'));
    expect(list.getSnapshot().context.rows.map((row) => row.title)).toEqual(['کیک‌پزی ۱۲ نفره']);
    expect(list.getSnapshot().context.total).toBe(1);
  });

  it('lets the newest query win when queries overlap', async () => {
    const { list } = start({ pageSize: '10' });
    await reach(list, (s) => s.matches('table'));
    list.send({ type: 'query.set', query: { q: 'دوره 1' } });
    list.send({ type: 'query.set', query: { q: 'دوره 7' } });
    await reach(list, (s) => s.matches('table'));
    const titles = list.getSnapshot().context.rows.map((row) => String(row.title));
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((title) => title.includes('۷') || title.includes('7'))).toBe(true);
  });

  it('keeps the rows and toasts when a refresh fails; reload reaches the server again', async () => {
    const { list, notices } = start({ pageSize: '10' });
    await reach(list, (s) => s.matches('table'));
    backend.fail(registry.courses.ops.list, { status: 500 });
    list.send({ type: 'query.set', query: { pageSize: '10', page: '2' } });
    await reach(list, (s) => s.matches('table'));
    expect(notices).toEqual([{ kind: 'error', text: 'خطا در دریافت دوره‌ها' }]);
    expect(ids(list.getSnapshot().context.rows)).toEqual(Array.from({ length: 10 }, (_, i) => 120 - i));
    backend.succeed(registry.courses.ops.list);
    list.send({ type: 'reload' });
    expect(list.getSnapshot().value).toBe('refreshing');
    await reach(list, (s) => s.matches('table'));
    expect(ids(list.getSnapshot().context.rows)[0]).toBe(110);
  });

  it('goes loadingPage → failed on a first failure, with the spec toast', async () => {
    backend.fail(registry.courses.ops.list, { status: 503 });
    const { list, notices } = start({ pageSize: '10' });
    await reach(list, (s) => s.matches('failed'));
    expect(notices).toEqual([{ kind: 'error', text: 'خطا در دریافت دوره‌ها' }]);
    backend.succeed(registry.courses.ops.list);
    list.send({ type: 'reload' });
    expect(list.getSnapshot().value).toBe('loadingPage');
    await reach(list, (s) => s.matches('table'));
  });
});
