// The list machine's own logic with its calls provided (no double): what a page answer, a patch
// and a local removal do to the rows and the total, which query each call is made with, and what
// a failure says. The double-backed tests (listMachine, pagedList) cover the wire.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AnyEntity, AnyRow } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import type { ListPage, ListQueryParams } from '../../src/machines/entityApi';
import { listMachine } from '../../src/machines/listMachine';
import type { Notice } from '../../src/machines/notice';
import { reach } from './harness';

const entity = registry.categories;
const failedText = 'خطا در دریافت لیست دسته‌بندی‌ها';
const rows: AnyRow[] = [
  { id: 1, name: 'رباتیک' },
  { id: 2, name: 'برنامه‌نویسی' },
  { id: 3, name: 'هنر' },
];

/** A list whose calls answer from `answer`, recording each page query. */
function startList(answer: { rows?: () => AnyRow[]; page?: (query: ListQueryParams) => ListPage }, query?: ListQueryParams) {
  const notices: Notice[] = [];
  const queries: ListQueryParams[] = [];
  const machine = listMachine.provide({
    actors: {
      fetchList: fromPromise(async () => {
        if (!answer.rows) throw new Error('no list');
        return answer.rows();
      }),
      fetchPage: fromPromise(async ({ input }: { input: { entity: AnyEntity; query: ListQueryParams } }) => {
        queries.push(input.query);
        if (!answer.page) throw new Error('no page');
        return answer.page(input.query);
      }),
    },
    actions: { notify: (_, notice: Notice) => void notices.push(notice) },
  });
  const list = createActor(machine, { input: { entity, query } }).start();
  return { list, notices, queries };
}

describe('the whole list', () => {
  it('holds every row, its length the total', async () => {
    const { list } = startList({ rows: () => rows });
    const shown = await reach(list, (s) => s.matches('table'), 'the table');
    expect(shown.context).toMatchObject({ rows, total: 3, query: null });
  });

  it('a failed read says so in the entity’s words and offers a reload', async () => {
    let fail = true;
    const { list, notices } = startList({
      rows: () => {
        if (fail) throw new Error('down');
        return rows;
      },
    });
    await reach(list, (s) => s.matches('failed'), 'the failure');
    expect(notices).toEqual([{ kind: 'error', text: failedText }]);
    fail = false;
    list.send({ type: 'reload' });
    await reach(list, (s) => s.matches('table'), 'the table after a reload');
    expect(list.getSnapshot().context.rows).toEqual(rows);
  });

  it('a patch replaces its own row only; a local removal takes the row and one from the total', async () => {
    const { list } = startList({ rows: () => rows });
    await reach(list, (s) => s.matches('table'), 'the table');
    list.send({ type: 'row.patch', row: { id: 2, name: 'پایتون' } });
    expect(list.getSnapshot().context.rows).toEqual([rows[0], { id: 2, name: 'پایتون' }, rows[2]]);
    list.send({ type: 'row.removeLocal', id: 1 });
    expect(list.getSnapshot().context).toMatchObject({ rows: [{ id: 2, name: 'پایتون' }, rows[2]], total: 2 });
    // A row the table does not show leaves the total as it is.
    list.send({ type: 'row.removeLocal', id: 99 });
    expect(list.getSnapshot().context.total).toBe(2);
  });
});

describe('a paged list', () => {
  const page = (query: ListQueryParams): ListPage => ({ items: query.page === '2' ? [rows[2] as AnyRow] : rows.slice(0, 2), total: 3, labels: null });

  it('reads the page of its query, the total being all that matched', async () => {
    const { list, queries } = startList({ page }, { page: '1' });
    const shown = await reach(list, (s) => s.matches('table'), 'the first page');
    expect(shown.context).toMatchObject({ rows: rows.slice(0, 2), total: 3 });
    expect(queries).toEqual([{ page: '1' }]);
    list.send({ type: 'query.set', query: { page: '2' } });
    expect(list.getSnapshot().matches('refreshing')).toBe(true);
    // The rows shown stay until the new page arrives.
    expect(list.getSnapshot().context.rows).toEqual(rows.slice(0, 2));
    await reach(list, (s) => s.matches('table'), 'the second page');
    expect(list.getSnapshot().context).toMatchObject({ rows: [rows[2]], total: 3, query: { page: '2' } });
    list.send({ type: 'reload' });
    await reach(list, (s) => s.matches('table'), 'the page again');
    expect(queries).toEqual([{ page: '1' }, { page: '2' }, { page: '2' }]);
  });

  it('never takes the total below nothing', async () => {
    const { list } = startList({ page: () => ({ items: [rows[0] as AnyRow], total: 0, labels: null }) }, {});
    await reach(list, (s) => s.matches('table'), 'the page');
    list.send({ type: 'row.removeLocal', id: 1 });
    expect(list.getSnapshot().context).toMatchObject({ rows: [], total: 0 });
  });

  it('a page that cannot be replaced keeps the rows shown and says so', async () => {
    let fail = false;
    const { list, notices } = startList({
      page: (query) => {
        if (fail) throw new Error('down');
        return page(query);
      },
    }, { page: '1' });
    await reach(list, (s) => s.matches('table'), 'the first page');
    fail = true;
    list.send({ type: 'query.set', query: { page: '2' } });
    await reach(list, (s) => s.matches('table'), 'the table again');
    expect(list.getSnapshot().context.rows).toEqual(rows.slice(0, 2));
    expect(notices).toEqual([{ kind: 'error', text: failedText }]);
  });

  it('a first page that fails is read again with the query asked next', async () => {
    let fail = true;
    const { list, notices, queries } = startList({
      page: (query) => {
        if (fail) throw new Error('down');
        return page(query);
      },
    }, { page: '1' });
    await reach(list, (s) => s.matches('failed'), 'the failure');
    expect(notices).toEqual([{ kind: 'error', text: failedText }]);
    fail = false;
    list.send({ type: 'query.set', query: { page: '2', q: 'هنر' } });
    await reach(list, (s) => s.matches('table'), 'the page asked next');
    expect(queries.at(-1)).toEqual({ page: '2', q: 'هنر' });
    expect(list.getSnapshot().context.rows).toEqual([rows[2]]);
  });

  it('a query set while the first page loads is the one read', async () => {
    const { list, queries } = startList({ page }, { page: '1' });
    list.send({ type: 'query.set', query: { page: '2' } });
    await reach(list, (s) => s.matches('table'), 'the page');
    expect(queries.at(-1)).toEqual({ page: '2' });
    expect(list.getSnapshot().context.rows).toEqual([rows[2]]);
  });
});
