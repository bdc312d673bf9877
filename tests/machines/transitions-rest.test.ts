// The transitions of the list, delete and record-action machines no other machine test takes: a
// newer query or reload overtaking a request still under way, a query after a failed first page,
// the next delete after a done one, a refused deactivation, and a follow-up that runs at once.
import { backend, server } from './server';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AnyEntity, AnyRow } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { clearGetCache } from '../../src/api/client';
import { fetchPage, type ListPage, type ListQueryParams } from '../../src/machines/entityApi';
import { listMachine } from '../../src/machines/listMachine';
import type { Notice } from '../../src/machines/notice';
import { listPage, sampleSeed } from '../support/msw-handlers';
import { reach, startEntity } from './harness';

const courses = registry.courses;
const baseCourse = sampleSeed.courses[0];
const seededCourses: AnyRow[] = Array.from({ length: 12 }, (_, i) => ({
  ...baseCourse,
  id: i + 1,
  slug: `c-${i + 1}`,
  title: `دوره ${i + 1}`,
  type: i % 3 === 0 ? 'offline' : 'online',
}));
const onlineCount = seededCourses.filter((row) => row.type === 'online').length;
const offlineCount = seededCourses.length - onlineCount;

beforeEach(() => {
  backend.reset({ ...sampleSeed, courses: seededCourses });
  clearGetCache();
});
afterEach(() => server.resetHandlers());

/**
 * The next request for the course list, held: it is answered with the page as the rows stood
 * when it arrived, once the test releases it, so a later request can overtake it.
 */
function holdNextCoursePage() {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  server.use(
    http.get(
      '*/api/Course/GetSelectList',
      async ({ request }) => {
        const page = listPage(courses, backend.rows('courses'), new URL(request.url).searchParams);
        arrive();
        await released;
        // No labels brought: the table would ask for them, as it does for any it lacks.
        return HttpResponse.json(page && { ...page, labels: { references: {}, columns: {}, names: {} } });
      },
      { once: true },
    ),
  );
  return { arrived, release };
}

/** A paged course list whose page requests the test can await one by one (the actor is the list's own). */
function startPaged(query: ListQueryParams) {
  const notices: Notice[] = [];
  const requests: Array<Promise<ListPage>> = [];
  const machine = listMachine.provide({
    actions: { notify: (_: unknown, notice: Notice) => void notices.push(notice) },
    actors: {
      fetchPage: fromPromise<ListPage, { entity: AnyEntity; query: ListQueryParams }>(({ input }) => {
        const request = fetchPage(input.entity, input.query);
        requests.push(request);
        return request;
      }),
    },
  });
  const list = createActor(machine, { input: { entity: courses, query } }).start();
  return { list, notices, requests };
}

const titles = (rows: readonly AnyRow[]) => rows.map((row) => row.title);

describe('list machine: a newer request overtakes one under way', () => {
  it('a query set while the first page loads starts again (loadingPage → loadingPage); the first answer, arriving last, is dropped', async () => {
    const held = holdNextCoursePage();
    const offline = { pageSize: '5', 'f.type': 'offline' };
    const online = { pageSize: '5', 'f.type': 'online' };
    const { list, notices, requests } = startPaged(offline);
    await held.arrived;
    list.send({ type: 'query.set', query: online });
    expect(list.getSnapshot().value).toBe('loadingPage');
    expect(list.getSnapshot().context.query).toEqual(online);
    // The newer query went out at once, without waiting for the first.
    expect(requests).toHaveLength(2);
    await reach(list, (s) => s.matches('table'), 'the table of the newer query');
    expect(list.getSnapshot().context.rows.every((row) => row.type === 'online')).toBe(true);
    expect(list.getSnapshot().context.total).toBe(onlineCount);

    held.release();
    const stale = await requests[0];
    expect(stale?.total).toBe(offlineCount);
    const { value, context } = list.getSnapshot();
    expect(value).toBe('table');
    expect(context.query).toEqual(online);
    expect(context.rows.every((row) => row.type === 'online')).toBe(true);
    expect(context.total).toBe(onlineCount);
    expect(notices).toEqual([]);
  });

  it('a reload while a page is refreshing asks again (refreshing → refreshing); the older answer, arriving last, is dropped', async () => {
    const { list, notices, requests } = startPaged({ pageSize: '5' });
    await reach(list, (s) => s.matches('table'), 'the first page');
    const held = holdNextCoursePage();
    list.send({ type: 'query.set', query: { pageSize: '5', page: '2' } });
    expect(list.getSnapshot().value).toBe('refreshing');
    await held.arrived;
    // Another admin renames a course of page 2 while its request is under way; the save clears the GET cache.
    backend.editElsewhere('courses', 7, { title: 'رباتیک تازه' });
    clearGetCache();
    list.send({ type: 'reload' });
    expect(list.getSnapshot().value).toBe('refreshing');
    expect(requests).toHaveLength(3);
    await reach(list, (s) => s.matches('table'), 'the table after the reload');
    // The first page and the reload reached the double's list; the held request is the test's own.
    expect(backend.count(courses.ops.list)).toBe(2);
    expect(titles(list.getSnapshot().context.rows)).toEqual(['رباتیک تازه', 'دوره 6', 'دوره 5', 'دوره 4', 'دوره 3']);

    held.release();
    const stale = await requests[1];
    expect(titles(stale?.items ?? [])).toContain('دوره 7');
    expect(list.getSnapshot().value).toBe('table');
    expect(titles(list.getSnapshot().context.rows)).toEqual(['رباتیک تازه', 'دوره 6', 'دوره 5', 'دوره 4', 'دوره 3']);
    expect(list.getSnapshot().context.query).toEqual({ pageSize: '5', page: '2' });
    expect(notices).toEqual([]);
  });

  it('a query set after the first page failed loads that query (failed → loadingPage)', async () => {
    backend.fail(courses.ops.list, { status: 503 });
    const { list, notices } = startPaged({ pageSize: '5' });
    await reach(list, (s) => s.matches('failed'), 'failed');
    expect(notices).toEqual([{ kind: 'error', text: 'خطا در دریافت دوره‌ها' }]);
    backend.succeed(courses.ops.list);
    const offline = { pageSize: '5', 'f.type': 'offline' };
    list.send({ type: 'query.set', query: offline });
    expect(list.getSnapshot().value).toBe('loadingPage');
    expect(list.getSnapshot().context.query).toEqual(offline);
    await reach(list, (s) => s.matches('table'), 'the table of the new query');
    const { rows, total } = list.getSnapshot().context;
    expect(total).toBe(offlineCount);
    expect(rows.map((row) => row.id)).toEqual([10, 7, 4, 1]);
    expect(backend.count(courses.ops.list)).toBe(2);
    expect(notices).toHaveLength(1);
  });
});

async function readyCourses() {
  backend.reset({ ...sampleSeed, courses: seededCourses.slice(0, 2) });
  const started = startEntity(courses);
  await reach(started.list, (s) => s.matches('table'), 'the course list');
  const [first, second] = started.list.getSnapshot().context.rows;
  if (!first || !second) throw new Error('two courses expected');
  return { ...started, first, second };
}

describe('delete machine: the next delete, and a refused deactivation', () => {
  it('a delete after a done one asks again and deletes that row (done → confirming)', async () => {
    const { list, remove, notices, first, second } = await readyCourses();
    remove.send({ type: 'row.delete', row: first });
    remove.send({ type: 'confirm' });
    await reach(remove, (s) => s.matches('done'), 'done');
    await reach(list, (s) => s.matches('table') && s.context.rows.length === 1, 'the list without the first course');

    remove.send({ type: 'row.delete', row: second });
    expect(remove.getSnapshot().value).toBe('confirming');
    expect(remove.getSnapshot().context).toMatchObject({ row: second, refusal: null, canDeactivate: false });
    // Asking is not deleting: nothing more went out before the confirmation.
    expect(backend.count('DELETE /api/Course/Delete')).toBe(1);
    remove.send({ type: 'confirm' });
    await reach(remove, (s) => s.matches('done'), 'done again');
    await reach(list, (s) => s.matches('table') && s.context.rows.length === 0, 'an empty list');
    expect(backend.count('DELETE /api/Course/Delete')).toBe(2);
    expect(backend.rows('courses')).toEqual([]);
    expect(notices).toEqual([
      { kind: 'success', text: 'دوره با موفقیت حذف شد', subject: { entity: courses, row: first } },
      { kind: 'success', text: 'دوره با موفقیت حذف شد', subject: { entity: courses, row: second } },
    ]);
  });

  it('a refused deactivation goes back to failed, keeps the row in the list and on screen, and offers no second try', async () => {
    const { list, remove, notices, first } = await readyCourses();
    backend.fail(courses.ops.remove ?? 'DELETE /api/Course/Delete', { status: 409, message: 'این دوره ثبت‌نام دارد' });
    remove.send({ type: 'row.delete', row: first });
    remove.send({ type: 'confirm' });
    await reach(remove, (s) => s.matches('failed'), 'failed (in use)');
    expect(remove.getSnapshot().context).toMatchObject({ row: first, refusal: 'این دوره ثبت‌نام دارد', canDeactivate: true });

    // Another admin saved the course meanwhile: the deactivation names a version the server no longer has.
    backend.editElsewhere('courses', first.id, { title: 'پایتون پیشرفته' });
    remove.send({ type: 'deactivate' });
    expect(remove.getSnapshot().value).toBe('deactivating');
    await reach(remove, (s) => !s.matches('deactivating'), 'the end of the deactivation');
    expect(remove.getSnapshot().value).toBe('failed');
    expect(notices.at(-1)).toEqual({ kind: 'error', text: 'این رکورد در این فاصله توسط مدیر دیگری تغییر کرده است' });
    expect(remove.getSnapshot().context).toMatchObject({ row: first, canDeactivate: false });
    expect(backend.count('PUT /api/Course/Update')).toBe(1);
    expect(backend.rows('courses').find((row) => row.id === first.id)).toMatchObject({ inActive: false, title: 'پایتون پیشرفته' });
    expect(list.getSnapshot().value).toBe('table');
    expect(list.getSnapshot().context.rows.map((row) => row.id)).toContain(first.id);
    expect(list.getSnapshot().context.total).toBe(2);

    remove.send({ type: 'deactivate' });
    expect(remove.getSnapshot().value).toBe('failed');
    expect(backend.count('PUT /api/Course/Update')).toBe(1);
    remove.send({ type: 'dismiss' });
    expect(remove.getSnapshot().context).toMatchObject({ row: null, refusal: null, canDeactivate: false });
    expect(list.getSnapshot().context.rows.map((row) => row.id)).toContain(first.id);
  });
});

describe('record action machine: a follow-up that asks nothing runs at once', () => {
  it('offering → running on follow when the follow-up has no question or inputs; its result is toasted and patched in', async () => {
    const users = registry.users;
    const started = startEntity(users);
    await reach(started.list, (s) => s.matches('table'), 'the user list');
    const { list, act, notices } = started;
    const locked = list.getSnapshot().context.rows.find((row) => row.isLockout === true);
    const lock = users.actions.find((a) => a.key === 'lock');
    if (!locked || !lock) throw new Error('a locked user and the lock action expected');
    // The lock, declared with a follow-up that asks nothing (unlock has no question and no inputs).
    const withFollowUp = { ...lock, onRefusal: { alreadyLocked: { action: 'unlock', offer: 'حساب را باز کنید' } } };
    let lockCalls = 0;
    server.use(
      http.post('*/api/User/Lock', () => {
        lockCalls++;
        return HttpResponse.json({ message: 'این حساب پیش‌تر قفل شده است', refusal: 'alreadyLocked' }, { status: 502 });
      }),
    );
    act.send({ type: 'row.action', row: locked, action: withFollowUp });
    act.send({ type: 'confirm' });
    await reach(act, (s) => s.matches('offering'), 'offering');
    expect(act.getSnapshot().context.followUp).toMatchObject({ action: { key: 'unlock' }, offer: 'حساب را باز کنید', reason: 'این حساب پیش‌تر قفل شده است' });
    expect(notices).toEqual([]);

    act.send({ type: 'follow' });
    expect(act.getSnapshot().value).toBe('running');
    expect(act.getSnapshot().context).toMatchObject({ action: { key: 'unlock' }, row: locked, followUp: null });
    await reach(act, (s) => s.matches('idle'), 'idle after the follow-up');
    expect(lockCalls).toBe(1);
    expect(backend.count('POST /api/User/Unlock')).toBe(1);
    expect(notices).toEqual([{ kind: 'success', text: 'قفل حساب کاربر باز شد', subject: { entity: users, row: locked } }]);
    expect(act.getSnapshot().context).toMatchObject({ row: null, action: null, followUp: null });
    const version = typeof locked.version === 'number' ? locked.version : 1;
    expect(list.getSnapshot().context.rows.find((row) => row.id === locked.id)).toMatchObject({ version: version + 1 });
  });
});
