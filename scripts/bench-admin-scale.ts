// Admin lists at scale: the built server on a temporary data dir, first with
// 1,000 courses, then with 100,000 courses and 100,000 users bulk-inserted, and /admin/courses
// opened in Chromium signed in as the administrator. Measured in the page:
//  - first rows: from navigation start (performance.now() is relative to it) until the first data
//    row is in the DOM and the frame showing it has rendered; the median of BENCH_RUNS loads;
//  - sort and filter at 100,000: from the click on a sort header, or the choice in a filter, until
//    the table body changes (the server round trip, the render and the DOM update included);
//  - search at 100,000: from the list request leaving the page (after the box's 300 ms typing
//    pause) until the table body changes;
// and the server alone (Node fetch, median of 15) for the same list calls, then the public
// site's lists and pages at 100,000 courses (scripts/bench/publicAtScale.ts).
// Targets: first rows at 100k within 1.25× of 1k; sort and filter under 150 ms.
import type { Page } from 'playwright-core';
import { apiToken, launchBrowser, signInAsAdmin, startStack, type Stack } from '../tests/e2e/harness';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { registry } from '../schema/registry.gen';
import { migrate, openPostgres, type DB } from '../server/platform/db';
import { parseListQuery, runListQuery } from '../server/engine/listQuery';
import { prepareListSearch } from '../server/engine/listSearch';
import { databaseFor, dropDatabaseFor } from '../tests/support/postgres-db';
import { insertCourses, insertUsers, median, openBenchDatabase } from './bench/bulk';
import { firstRowProbe as probe, firstRows, type FirstRows } from './bench/firstRow';
import { publicFiguresAtScale } from './bench/publicAtScale';

const repeats = Number(process.env.BENCH_RUNS ?? 5);

/**
 * ms from `act` (run in the page) until the table body changes; `from: 'search'` measures from the
 * search request leaving instead. No helper functions in evaluated code: tsx names them with a
 * `__name` the page lacks.
 */
function roundTrip(page: Page, action: { kind: 'sort'; header: number } | { kind: 'filter'; label: string; option: number } | { kind: 'search'; text: string }): Promise<number> {
  return page.evaluate(async (act) => {
    const body = document.querySelector('.admin-entity-table tbody');
    if (!body) throw new Error('no table');
    const scale: unknown = Reflect.get(window, '__scale');
    if (typeof scale === 'object' && scale) Reflect.set(scale, 'searchSentAt', 0);
    const changed = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        observer.disconnect();
        resolve(performance.now());
      });
      observer.observe(body, { childList: true, subtree: true, characterData: true });
      setTimeout(() => {
        observer.disconnect();
        resolve(NaN);
      }, 10_000);
    });
    const start = performance.now();
    if (act.kind === 'sort') {
      const button = document.querySelectorAll<HTMLButtonElement>('.admin-sort')[act.header];
      if (!button) throw new Error('no sort header');
      button.click();
    } else if (act.kind === 'filter') {
      const label = Array.from(document.querySelectorAll('.admin-list-filter')).find((l) => l.textContent?.startsWith(act.label));
      const select = label?.querySelector('select');
      if (!select) throw new Error(`no filter ${act.label}`);
      select.value = String(act.option);
      select.dispatchEvent(new Event('change', { bubbles: true }));
    } else {
      const input = document.querySelector<HTMLInputElement>('.admin-list-toolbar .admin-search');
      if (!input) throw new Error('no search box');
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(input, act.text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
    const at = await changed;
    if (act.kind !== 'search') return at - start;
    const sent = typeof scale === 'object' && scale ? Number(Reflect.get(scale, 'searchSentAt')) : 0;
    return sent > 0 ? at - sent : NaN;
  }, action);
}

async function serverMedian(stack: Stack, token: string, path: string, runs = 15): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const start = performance.now();
    const response = await fetch(`${stack.baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    if (i >= 2) times.push(performance.now() - start);
  }
  return median(times);
}

const ms = (x: number) => (Number.isNaN(x) ? 'no change seen' : `${x.toFixed(1)} ms`);
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

async function count(db: DB, table: 'courses' | 'users'): Promise<number> {
  return Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

async function main(): Promise<void> {
  // Two servers, one with 1,000 courses and one with 100,000 courses and 100,000 users, loaded in
  // turn: whatever else the machine is doing then weighs on both series alike.
  const smallStack = await startStack();
  const stack = await startStack();
  const session = await launchBrowser({ viewport: { width: 1366, height: 900 } });
  const page = session.page;
  try {
    const smallDb = openBenchDatabase(smallStack.dataDir);
    await insertCourses(smallDb, 1_000 - (await count(smallDb, 'courses')), 'scale-1k');
    const smallCount = await count(smallDb, 'courses');
    await smallDb.destroy();
    const db = openBenchDatabase(stack.dataDir);
    const started = performance.now();
    await insertCourses(db, 100_000 - (await count(db, 'courses')), 'scale-100k');
    await insertUsers(db, 100_000 - (await count(db, 'users')));
    const seeded = performance.now() - started;

    await signInAsAdmin(page, smallStack);
    await signInAsAdmin(page, stack);
    await page.addInitScript(probe);
    const smallUrl = `${smallStack.baseUrl}/admin/courses`;
    const url = `${stack.baseUrl}/admin/courses`;
    // Warm: code and caches of the browser and both servers.
    await firstRows(page, smallUrl);
    await firstRows(page, url);
    const smallRuns: FirstRows[] = [];
    const largeRuns: FirstRows[] = [];
    for (let i = 0; i < repeats; i++) {
      smallRuns.push(await firstRows(page, smallUrl));
      largeRuns.push(await firstRows(page, url));
    }
    const of = (runs: FirstRows[]) => ({ inDom: median(runs.map((r) => r.inDom)), painted: median(runs.map((r) => r.painted)) });
    const small = of(smallRuns);
    const large = of(largeRuns);
    console.log(
      `Admin lists at scale (/admin/courses in Chromium, ${repeats} loads each alternating between two servers, medians; 100k rows inserted in ${(seeded / 1000).toFixed(1)} s):`,
    );
    console.log(`  first rows from navigation start, ${smallCount.toLocaleString('en')} courses: ${ms(small.painted)} on screen (${ms(small.inDom)} in the DOM)`);
    console.log(
      `  first rows from navigation start, ${(await count(db, 'courses')).toLocaleString('en')} courses and ${(await count(db, 'users')).toLocaleString('en')} users: ` +
        `${ms(large.painted)} on screen (${ms(large.inDom)} in the DOM)`,
    );
    const ratio = large.painted / small.painted;
    console.log(`  ratio 100k / 1k (on screen): ${ratio.toFixed(2)}× (target ≤ 1.25×: ${verdict(ratio <= 1.25)}); in the DOM ${(large.inDom / small.inDom).toFixed(2)}×`);

    // Round trips at 100k, on the page as an admin uses it.
    await page.goto(url);
    await page.locator('.admin-entity-table tbody tr[data-index]').first().waitFor();
    const sorts: number[] = [];
    // Headers: title, duration, price; each click asks the server for a new order.
    for (let i = 0; i < repeats * 2; i++) sorts.push(await roundTrip(page, { kind: 'sort', header: [2, 0, 1][i % 3] ?? 0 }));
    const filters: number[] = [];
    for (let i = 0; i < repeats * 2; i++) filters.push(await roundTrip(page, { kind: 'filter', label: 'نوع دوره', option: i % 2 }));
    await page.goto(url);
    await page.locator('.admin-entity-table tbody tr[data-index]').first().waitFor();
    const searches: number[] = [];
    // Each different (a repeated one is answered from the client's GET cache, with no round trip).
    const needles = ['شماره ۴۵۶۷', 'رباتيك ۹۹', 'شماره 808', 'طراحی وب ۱۲۳', 'شماره ٥٥٥', 'پايتون ۷۷', 'شماره ۳۱۴۱', 'هوش مصنوعي ۲۷', 'شماره 6060', 'رباتیک ۱۱۱'];
    for (let i = 0; i < repeats; i++) {
      searches.push(await roundTrip(page, { kind: 'search', text: `${needles[i % needles.length] ?? 'a'}${i >= needles.length ? ` ${i}` : ''}` }));
      await roundTrip(page, { kind: 'search', text: '' });
    }
    if (process.env.BENCH_DEBUG) console.log({ sorts, filters, searches });
    const sort = median(sorts);
    const filter = median(filters);
    console.log(`  sort by a header at 100k (click → table changed, server included): ${ms(sort)} (target < 150 ms: ${verdict(sort < 150)})`);
    console.log(`  filter «نوع دوره» at 100k (choice → table changed): ${ms(filter)} (target < 150 ms: ${verdict(filter < 150)})`);
    // The first search after the bulk insert brings the server's search index up to date with
    // 100,000 new rows (a full read of the table); the others find it current.
    const [firstSearch = NaN, ...laterSearches] = searches;
    const search = median(laterSearches);
    console.log(`  search at 100k (request sent after the typing pause → table changed): ${ms(search)} (target < 150 ms: ${verdict(search < 150)}); the first one after the 100k-row insert, which re-reads the table into the index: ${ms(firstSearch)}`);

    // The server alone, from Node.
    const token = await apiToken(stack, stack.adminPhone, stack.adminPassword);
    const q = encodeURIComponent('شماره ۴۵۶۷');
    // Measured first, before any other search: a search after a write first applies it to the
    // server's search index (see server/engine/listQuery.ts).
    await insertCourses(db, 1, 'scale-extra');
    const afterWriteStart = performance.now();
    const first = await fetch(`${stack.baseUrl}/api/Course/GetSelectList?pageSize=100&q=${q}`, { headers: { Authorization: `Bearer ${token}` } });
    await first.arrayBuffer();
    const afterWrite = performance.now() - afterWriteStart;
    const calls: Array<[string, string]> = [
      ['page 1 (newest first)', '/api/Course/GetSelectList?page=1&pageSize=100'],
      ['page 500', '/api/Course/GetSelectList?page=500&pageSize=100'],
      ['sort by price', '/api/Course/GetSelectList?pageSize=100&sort=priceInTomans'],
      ['sort by title, descending', '/api/Course/GetSelectList?pageSize=100&sort=-title'],
      ['filter type=offline', '/api/Course/GetSelectList?pageSize=100&f.type=offline'],
      ['search «شماره ۴۵۶۷»', `/api/Course/GetSelectList?pageSize=100&q=${q}`],
      ['users: search «کاربر ۱۲۳۴»', `/api/User/GetPagedFilter?pageSize=100&q=${encodeURIComponent('کاربر ۱۲۳۴')}`],
      ['users: sort by phone', '/api/User/GetPagedFilter?pageSize=100&sort=phoneNumber'],
    ];
    console.log(`  server alone at 100k (Node fetch, median of 15; the first search after a one-row write, which re-reads that row into the index: ${ms(afterWrite)})`);
    for (const [name, path] of calls) console.log(`    ${name.padEnd(28)} ${ms(await serverMedian(stack, token, path))}`);
    await publicFiguresAtScale(stack);
    await db.destroy();
  } finally {
    await session.close();
    await stack.stop();
    await smallStack.stop();
  }
}

/**
 * With TEST_DATABASE_URL set (tests/support/postgres.sh start): the same list queries on
 * PostgreSQL at 100,000 courses, through server/engine/listQuery.ts directly (no HTTP).
 */
async function postgresFigures(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) {
    console.log('  PostgreSQL: skipped (start one with `eval "$(bash tests/support/postgres.sh start)"`)');
    return;
  }
  const dir = path.join(tmpdir(), `academy-scale-pg-${process.pid}`);
  const url = await databaseFor(dir);
  const db = openPostgres(url, 2);
  try {
    await migrate(db);
    await prepareListSearch(db, Object.values(registry));
    await db.insertInto('categories').values({ name: 'دسته', slug: 'scale', inActive: 0, coverImage: '' }).execute();
    await db.insertInto('teachers').values({ fullName: 'مدرس', slug: 'scale', skill: '', descirption: '', coverImage: '' }).execute();
    const started = performance.now();
    await insertCourses(db, 100_000, 'scale-pg');
    const inserted = performance.now() - started;
    const entity = registry.courses;
    const time = async (query: Record<string, string>) => {
      const parsed = parseListQuery(entity, query);
      if (!parsed) throw new Error('no query');
      const times: number[] = [];
      for (let i = 0; i < 17; i++) {
        const t0 = performance.now();
        await runListQuery(db, entity, parsed);
        if (i >= 2) times.push(performance.now() - t0);
      }
      return median(times);
    };
    console.log(`  PostgreSQL at 100k courses (runListQuery, median of 15; 100k rows inserted with the search triggers in ${(inserted / 1000).toFixed(1)} s):`);
    for (const [name, query] of [
      ['page 1 (newest first)', { pageSize: '100' }],
      ['sort by price', { pageSize: '100', sort: 'priceInTomans' }],
      ['sort by title, descending', { pageSize: '100', sort: '-title' }],
      ['filter type=offline', { pageSize: '100', 'f.type': 'offline' }],
      ['search «شماره ۴۵۶۷»', { pageSize: '100', q: 'شماره ۴۵۶۷' }],
      ['search «رباتيك» (25,000 match)', { pageSize: '100', q: 'رباتيك' }],
    ] as const) {
      console.log(`    ${name.padEnd(32)} ${ms(await time(query))}`);
    }
  } finally {
    await db.destroy();
    await dropDatabaseFor(dir);
  }
}

main()
  .then(() => postgresFigures())
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
