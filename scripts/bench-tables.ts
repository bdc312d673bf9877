// Large admin tables in Chromium: 10,000 courses and 10,000 users bulk-inserted into a temporary
// database, then the time from the list data arriving to the first rows in the DOM, sorting and
// filtering (performance.now() around the click or input until a MutationObserver sees the table
// change), and frame times while scrolling the virtualised rows.
import type { Page } from 'playwright-core';
import { launchBrowser, signInAsAdmin, startStack } from '../tests/e2e/harness';
import { insertCourses, insertUsers, median, openBenchDatabase } from './bench/bulk';

const rowsWanted = 10_000;
const repeats = Number(process.env.BENCH_RUNS ?? 5);

// Runs in the page before its scripts: notes when a list answer's body has fully arrived and
// when the first data row appears after that.
const probe = `
  window.__bench = { dataAt: 0, rowsAt: 0 };
  const original = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await original(input, init);
    const url = typeof input === 'string' ? input : input instanceof Request ? input.url : String(input);
    if (/GetSelectList|GetPagedFilter/.test(url)) response.clone().text().then(() => { window.__bench.dataAt = performance.now(); });
    return response;
  };
  new MutationObserver(() => {
    const b = window.__bench;
    if (b.dataAt && !b.rowsAt && document.querySelector('.admin-table tbody tr td + td')) b.rowsAt = performance.now();
  }).observe(document, { childList: true, subtree: true });
`;

async function firstRows(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.waitForFunction(() => Reflect.get(Reflect.get(window, '__bench') ?? {}, 'rowsAt') > 0, undefined, { timeout: 60_000 });
  // No helper functions inside evaluated code: tsx names them with a `__name` the page lacks.
  return page.evaluate(() => {
    const bench: unknown = Reflect.get(window, '__bench');
    if (typeof bench !== 'object' || !bench) return NaN;
    return Number(Reflect.get(bench, 'rowsAt')) - Number(Reflect.get(bench, 'dataAt'));
  });
}

/** ms from the click on the n-th sort header until the table body changes. */
function sortOnce(page: Page, header: number): Promise<number> {
  return page.evaluate(async (index) => {
    const button = document.querySelectorAll<HTMLButtonElement>('.admin-sort')[index];
    const body = document.querySelector('.admin-table tbody');
    if (!button || !body) throw new Error('no sortable table');
    // A change that leaves the table as it was would never resolve: NaN after 5 s instead.
    const changed = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        observer.disconnect();
        resolve(performance.now());
      });
      observer.observe(body, { childList: true, subtree: true, characterData: true });
      setTimeout(() => {
        observer.disconnect();
        resolve(NaN);
      }, 5000);
    });
    const start = performance.now();
    button.click();
    return (await changed) - start;
  }, header);
}

/** ms from typing `text` into the search box until the table body changes. */
function filterOnce(page: Page, text: string): Promise<number> {
  return page.evaluate(async (value) => {
    const input = document.querySelector<HTMLInputElement>('.admin-search');
    const body = document.querySelector('.admin-table tbody');
    if (!input || !body) throw new Error('no search box');
    // A change that leaves the table as it was would never resolve: NaN after 5 s instead.
    const changed = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        observer.disconnect();
        resolve(performance.now());
      });
      observer.observe(body, { childList: true, subtree: true, characterData: true });
      setTimeout(() => {
        observer.disconnect();
        resolve(NaN);
      }, 5000);
    });
    // React tracks the value through the prototype's setter; an input event makes it notice.
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    const start = performance.now();
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    return (await changed) - start;
  }, text);
}

/** Scrolls the table 120 frames, 300 px a frame; the rendered rows and the frame intervals. */
function scrollFrames(page: Page): Promise<{ rendered: number; p95: number; worst: number }> {
  return page.evaluate(async () => {
    const scroller = document.querySelector<HTMLElement>('.admin-table-scroll');
    if (!scroller) throw new Error('no scroll container');
    const frames: number[] = [];
    let last = performance.now();
    let rendered = 0;
    for (let i = 0; i < 120; i++) {
      scroller.scrollTop += 300;
      const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
      frames.push(now - last);
      last = now;
      rendered = Math.max(rendered, document.querySelectorAll('.admin-table tbody tr').length);
    }
    frames.sort((a, b) => a - b);
    return { rendered, p95: frames[Math.floor(frames.length * 0.95)] ?? 0, worst: frames[frames.length - 1] ?? 0 };
  });
}

const ms = (x: number) => (Number.isNaN(x) ? 'no change seen' : `${x.toFixed(1)} ms`);

async function main(): Promise<void> {
  const stack = await startStack();
  const session = await launchBrowser();
  try {
    const db = openBenchDatabase(stack.dataDir);
    const count = async (table: 'courses' | 'users') =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    await insertCourses(db, rowsWanted - (await count('courses')));
    await insertUsers(db, rowsWanted - (await count('users')));
    console.log(`Admin tables in Chromium with ${(await count('courses')).toLocaleString('en')} courses and ${(await count('users')).toLocaleString('en')} users, medians of ${repeats}:`);
    await db.destroy();

    await signInAsAdmin(session.page, stack);
    await session.page.addInitScript(probe);
    for (const screen of ['courses', 'users']) {
      const first: number[] = [];
      for (let i = 0; i < repeats; i++) first.push(await firstRows(session.page, `${stack.baseUrl}/admin/${screen}`));
      const sorts: number[] = [];
      for (let i = 0; i < repeats; i++) sorts.push(await sortOnce(session.page, i % 2));
      const filters: number[] = [];
      // Digits narrow both lists (course titles and user names carry their number) to a subset.
      const needles = ['123', '4567', '99', '808', '555'];
      for (let i = 0; i < repeats; i++) {
        filters.push(await filterOnce(session.page, needles[i % needles.length] ?? 'a'));
        await filterOnce(session.page, '');
      }
      const scroll = await scrollFrames(session.page);
      console.log(`  /admin/${screen.padEnd(8)} first rows after data ${ms(median(first))} (target < 150)  sort ${ms(median(sorts))}  filter ${ms(median(filters))} (targets < 100)`);
      console.log(`  /admin/${screen.padEnd(8)} scrolling: ${scroll.rendered} rows in the DOM, frame p95 ${ms(scroll.p95)}, worst ${ms(scroll.worst)}`);
    }
  } finally {
    await session.close();
    await stack.stop();
  }
}

await main();
