// Large admin tables in Chromium: 10,000 courses and 10,000 users bulk-inserted into a temporary
// database, then the time from the list data arriving to the first rows in the DOM (and on
// screen), sorting and filtering (performance.now() around the click or input until a
// MutationObserver sees the table change), and scrolling the virtualised rows: a wheel-like and a
// fling-like speed driven from requestAnimationFrame, reporting frame intervals and dropped
// frames, the table's JS and the main thread's wall time per frame, and, from a traced run, the
// main thread's CPU time per frame by kind (script, style, layout, paint), which stays comparable
// on a busy machine. See scrollFrames and cpuPerFrame.
import { launchBrowser, signInAsAdmin, startStack } from '../tests/e2e/harness';
import { insertCourses, insertUsers, median, openBenchDatabase } from './bench/bulk';
import { cpuPerFrame, droppedFrames, filterOnce, firstRows, ms, percentile, scrollFrameCount, scrollFrames, type ScrollRun, scrollSpeeds, sortOnce } from './bench/tableMeasures';

const rowsWanted = 10_000;
const repeats = Number(process.env.BENCH_RUNS ?? 5);

// Runs in the page before its scripts: notes when a list answer's body has fully arrived, when
// the first data row appears after that, and when the frame showing it has been rendered (a
// message posted from the next animation frame arrives once that frame's rendering is done; this
// includes the table's one column-measuring pass).
const probe = `
  window.__bench = { dataAt: 0, rowsAt: 0, paintedAt: 0, searchSentAt: 0 };
  const original = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof Request ? input.url : String(input);
    if (/(GetSelectList|GetPagedFilter)\\?.*q=/.test(url)) window.__bench.searchSentAt = performance.now();
    const response = await original(input, init);
    // The screen's own page of rows (list protocol), not the filters' reference lists.
    if (/(GetSelectList|GetPagedFilter)\\?.*page=/.test(url)) response.clone().text().then(() => { window.__bench.dataAt = performance.now(); });
    return response;
  };
  new MutationObserver(() => {
    const b = window.__bench;
    if (b.dataAt && !b.rowsAt && document.querySelector('.admin-table tbody tr td + td')) {
      b.rowsAt = performance.now();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => { b.paintedAt = performance.now(); };
        channel.port2.postMessage(null);
      });
    }
  }).observe(document, { childList: true, subtree: true });
`;

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
      const first: { inDom: number; painted: number }[] = [];
      for (let i = 0; i < repeats; i++) first.push(await firstRows(session.page, `${stack.baseUrl}/admin/${screen}`));
      // One unmeasured sort each way first: the server's first sort of a column reads it cold.
      await sortOnce(session.page, 0);
      await sortOnce(session.page, 1);
      const sorts: number[] = [];
      for (let i = 0; i < repeats; i++) sorts.push(await sortOnce(session.page, i % 2));
      const filters: number[] = [];
      // Digits narrow both lists (course titles and user names carry their number) to a subset.
      const needles = ['123', '4567', '99', '808', '555'];
      for (let i = 0; i < repeats; i++) {
        filters.push(await filterOnce(session.page, needles[i % needles.length] ?? 'a'));
        await filterOnce(session.page, '');
      }
      console.log(`  /admin/${screen.padEnd(8)} first rows after data ${ms(median(first.map((x) => x.inDom)))} (on screen ${ms(median(first.map((x) => x.painted)))}; target < 150)  sort ${ms(median(sorts))}  filter ${ms(median(filters))} (targets < 100)`);
      for (const speed of scrollSpeeds) {
        const runs: ScrollRun[] = [];
        for (let i = 0; i < repeats; i++) runs.push(await scrollFrames(session.page, speed.step, scrollFrameCount));
        const of = (pick: (run: ScrollRun) => number) => median(runs.map(pick));
        const layout = runs.every((run) => run.consistent) ? 'rows evenly placed' : 'rows NOT evenly placed';
        const p = (values: (run: ScrollRun) => number[], at: number) => ms(of((run) => percentile(values(run), at)));
        const cpu = await cpuPerFrame(session.page, () => scrollFrames(session.page, speed.step, scrollFrameCount));
        console.log(
          `  /admin/${screen.padEnd(8)} scrolling, ${speed.name} (${speed.step} px a frame × ${scrollFrameCount}): ` +
            `frame p50 ${p((run) => run.frames, 0.5)} p95 ${p((run) => run.frames, 0.95)} at a ${ms(of((run) => run.cadence))} cadence, ` +
            `${of(droppedFrames)} of ${scrollFrameCount} frames dropped, ${of((run) => run.longFrames)} long (≥ 50 ms)`,
        );
        console.log(
          `  ${''.padEnd(15)} wall time per frame: table JS p50 ${p((run) => run.js, 0.5)} p95 ${p((run) => run.js, 0.95)}, ` +
            `main thread (JS + style, layout, paint) p50 ${p((run) => run.work, 0.5)} p95 ${p((run) => run.work, 0.95)}; ` +
            `${of((run) => run.rendered)} rows in the DOM, ${of((run) => run.pitch).toFixed(1)} px apart, ${layout}`,
        );
        console.log(
          `  ${''.padEnd(15)} main-thread CPU per frame (traced run): p50 ${ms(percentile(cpu.total, 0.5))} p95 ${ms(percentile(cpu.total, 0.95))}; ` +
            `mean script ${ms(cpu.script)}, style ${ms(cpu.style)}, layout ${ms(cpu.layout)}, paint ${ms(cpu.paint)}, other ${ms(cpu.other)}`,
        );
      }
    }
  } finally {
    await session.close();
    await stack.stop();
  }
}

await main();
