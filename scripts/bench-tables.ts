// Large admin tables in Chromium: 10,000 courses and 10,000 users bulk-inserted into a temporary
// database, then the time from the list data arriving to the first rows in the DOM (and on
// screen), sorting and filtering (performance.now() around the click or input until a
// MutationObserver sees the table change), and scrolling the virtualised rows: a wheel-like and a
// fling-like speed driven from requestAnimationFrame, reporting frame intervals and dropped
// frames, the table's JS and the main thread's wall time per frame, and, from a traced run, the
// main thread's CPU time per frame by kind (script, style, layout, paint), which stays comparable
// on a busy machine. See scrollFrames and cpuPerFrame.
import type { Page } from 'playwright-core';
import { launchBrowser, signInAsAdmin, startStack } from '../tests/e2e/harness';
import { insertCourses, insertUsers, median, openBenchDatabase } from './bench/bulk';

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

/** ms from the list data arriving to the first row in the DOM, and to the frame showing it. */
async function firstRows(page: Page, url: string): Promise<{ inDom: number; painted: number }> {
  await page.goto(url);
  await page.waitForFunction(() => Reflect.get(Reflect.get(window, '__bench') ?? {}, 'paintedAt') > 0, undefined, { timeout: 60_000 });
  // No helper functions inside evaluated code: tsx names them with a `__name` the page lacks.
  return page.evaluate(() => {
    const bench: unknown = Reflect.get(window, '__bench');
    if (typeof bench !== 'object' || !bench) return { inDom: NaN, painted: NaN };
    const dataAt = Number(Reflect.get(bench, 'dataAt'));
    return { inDom: Number(Reflect.get(bench, 'rowsAt')) - dataAt, painted: Number(Reflect.get(bench, 'paintedAt')) - dataAt };
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

/**
 * ms from the search request leaving (the box waits for a 300 ms pause in typing, then asks the
 * server) until the table body changes; NaN when no request left (a search answered from the
 * client's GET cache, or none at all).
 */
function filterOnce(page: Page, text: string): Promise<number> {
  return page.evaluate(async (value) => {
    const bench: unknown = Reflect.get(window, '__bench');
    if (typeof bench === 'object' && bench) Reflect.set(bench, 'searchSentAt', 0);
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
    const at = await changed;
    const sent = typeof bench === 'object' && bench ? Number(Reflect.get(bench, 'searchSentAt')) : 0;
    return sent > 0 ? at - sent : value === '' ? at - start : NaN;
  }, text);
}

interface ScrollRun {
  /** Median interval between animation frames before scrolling: the page's frame cadence. */
  cadence: number;
  /** Intervals between the animation frames while scrolling. */
  frames: number[];
  /** Per frame: the table's own scroll handling (the virtualiser and React's render and commit). */
  js: number[];
  /** Per frame: main-thread time from the scroll event to the end of the frame's rendering. */
  work: number[];
  /** Animation frames of 50 ms or more (long-animation-frame entries) while scrolling. */
  longFrames: number;
  /** Most data rows in the DOM at once. */
  rendered: number;
  /** Distance between consecutive rows; whether every row sits at index × that, and the scroll height agrees. */
  pitch: number;
  consistent: boolean;
}

/**
 * Scrolls the table `count` frames, `step` px each, from a requestAnimationFrame callback (as a
 * wheel or a fling would), continuing from where the last run stopped so every run meets rows
 * it has not drawn yet.
 *
 * What a frame costs, measured in the page:
 *  - `js`: a capturing scroll listener on window runs before the table's own listener and a
 *    listener added to the scroller afterwards runs after it; the virtualiser renders and commits
 *    synchronously (flushSync) inside its listener, so the gap is the table's JS for that frame.
 *  - `work`: from that scroll event to a MessageChannel message posted in the frame's rAF
 *    callback, which is delivered once the frame's style, layout, paint and commit are done.
 *  - frame intervals are the rAF timestamps; at a 60 Hz cadence 16.7 ms means no frame dropped.
 */
function scrollFrames(page: Page, step: number, count: number): Promise<ScrollRun> {
  // No named helper functions in evaluated code: tsx names them with a `__name` the page lacks.
  return page.evaluate(
    async ({ step, count }) => {
      const scroller = document.querySelector<HTMLElement>('.admin-table-scroll');
      if (!scroller) throw new Error('no scroll container');
      const idle: number[] = [];
      let last = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
      for (let i = 0; i < 31; i++) {
        const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
        idle.push(now - last);
        last = now;
      }
      idle.sort((a, b) => a - b);
      const cadence = idle[Math.floor(idle.length / 2)] ?? 16.7;

      let scrollStart = NaN;
      let scrollJs = 0;
      const listening = new AbortController();
      const { signal } = listening;
      window.addEventListener(
        'scroll',
        () => {
          if (Number.isNaN(scrollStart)) scrollStart = performance.now();
        },
        { capture: true, passive: true, signal },
      );
      scroller.addEventListener(
        'scroll',
        () => {
          if (!Number.isNaN(scrollStart)) scrollJs = performance.now() - scrollStart;
        },
        { passive: true, signal },
      );

      let longFrames = 0;
      let observer: PerformanceObserver | null = null;
      if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
        observer = new PerformanceObserver((list) => {
          longFrames += list.getEntries().length;
        });
        observer.observe({ type: 'long-animation-frame' });
      }

      const channel = new MessageChannel();
      const frames: number[] = [];
      const js: number[] = [];
      const work: number[] = [];
      let rendered = 0;
      last = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
      // Bounds the traced run's CPU accounting (see cpuPerFrame).
      performance.mark('bench-scroll-start');
      for (let i = 0; i < count; i++) {
        const frame = await new Promise<{ at: number; start: number; js: number }>((resolve) =>
          requestAnimationFrame((at) => {
            // This frame's scroll event (from the previous step) has been dispatched by now.
            const start = Number.isNaN(scrollStart) ? performance.now() : scrollStart;
            const frameJs = scrollJs;
            scrollStart = NaN;
            scrollJs = 0;
            scroller.scrollTop += step;
            resolve({ at, start, js: frameJs });
          }),
        );
        // Delivered after the rendering that follows the rAF callbacks.
        await new Promise<void>((resolve) => {
          channel.port2.onmessage = () => {
            work.push(performance.now() - frame.start);
            resolve();
          };
          channel.port1.postMessage(null);
        });
        if (i > 0) {
          frames.push(frame.at - last);
          js.push(frame.js);
        }
        last = frame.at;
        rendered = Math.max(rendered, document.querySelectorAll('.admin-table tbody tr[data-index]').length);
      }
      performance.mark('bench-scroll-end');
      await new Promise<number>((resolve) => requestAnimationFrame(resolve));
      observer?.disconnect();
      listening.abort();
      channel.port1.close();

      // The virtualiser places rows by index × row height, never measuring them: every drawn row
      // must sit exactly there, and the scroll height must be the header plus all rows.
      const rows = Array.from(document.querySelectorAll<HTMLElement>('.admin-table tbody tr[data-index]'));
      const tops = rows.map((row) => row.getBoundingClientRect().top);
      const indexes = rows.map((row) => Number(row.dataset.index));
      const span = (indexes[indexes.length - 1] ?? 0) - (indexes[0] ?? 0);
      const pitch = span > 0 ? ((tops[tops.length - 1] ?? 0) - (tops[0] ?? 0)) / span : 0;
      const origin = (tops[0] ?? 0) - (indexes[0] ?? 0) * pitch;
      const head = document.querySelector<HTMLElement>('.admin-table thead')?.getBoundingClientRect().height ?? 0;
      const total = Number(document.querySelector('.admin-table')?.getAttribute('aria-rowcount') ?? 1) - 1;
      const consistent =
        tops.every((at, i) => Math.abs(at - (origin + (indexes[i] ?? 0) * pitch)) < 1) &&
        Math.abs(scroller.scrollHeight - (head + total * pitch)) < 2;
      return { cadence, frames, js, work: work.slice(1), longFrames, rendered, pitch, consistent };
    },
    { step, count },
  );
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { type?: string } };
}

/** What the renderer's main thread spent its CPU on, per frame (thread time, not wall time). */
interface CpuPerFrame {
  /** Per frame: all main-thread tasks from one scroll event to the next. */
  total: number[];
  /** Mean per frame, by kind. */
  script: number;
  style: number;
  layout: number;
  paint: number;
  other: number;
}

const kindOf: Record<string, keyof Omit<CpuPerFrame, 'total'>> = {
  EventDispatch: 'script',
  FunctionCall: 'script',
  FireAnimationFrame: 'script',
  TimerFire: 'script',
  RunMicrotasks: 'script',
  MinorGC: 'script',
  MajorGC: 'script',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  Commit: 'paint',
  UpdateLayer: 'paint',
  'ProxyMain::BeginMainFrame::commit': 'paint',
};

/**
 * Runs `scroll` under Chrome's tracing and adds up the renderer main thread's CPU time (each
 * trace event's thread duration, less that of the events inside it) between the page's
 * bench-scroll-start and -end marks. Unlike frame intervals this does not grow when other
 * processes compete for the CPU, so before/after comparisons hold on a busy machine. Tracing
 * itself costs some time, so these runs are not the ones the frame intervals come from.
 */
async function cpuPerFrame(page: Page, scroll: () => Promise<ScrollRun>): Promise<CpuPerFrame> {
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel', 'blink.user_timing'] });
  await scroll();
  const trace: unknown = JSON.parse((await browser.stopTracing()).toString('utf8'));
  const events = (Array.isArray(trace) ? trace : ((trace as { traceEvents?: unknown[] }).traceEvents ?? [])) as TraceEvent[];

  const start = events.find((event) => event.name === 'bench-scroll-start');
  const end = events.find((event) => event.name === 'bench-scroll-end');
  if (!start || !end) throw new Error('scroll marks missing from the trace');
  const mainThread = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && event.pid === start.pid);
  const onMain = events
    .filter((event) => event.ph === 'X' && event.pid === start.pid && event.tid === (mainThread?.tid ?? start.tid))
    .filter((event) => event.ts >= start.ts && event.ts <= end.ts)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));

  const own: Record<keyof Omit<CpuPerFrame, 'total'>, number> = { script: 0, style: 0, layout: 0, paint: 0, other: 0 };
  const frameStarts: number[] = [];
  const perFrame: number[] = [];
  // Self thread time: an event's thread duration less its children's, attributed to its kind
  // (or to its nearest ancestor's that has one).
  const stack: { event: TraceEvent; kind: keyof typeof own; children: number; frame?: boolean }[] = [];
  const close = (until: number) => {
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      if (!top || top.event.ts + (top.event.dur ?? 0) > until) break;
      stack.pop();
      const duration = (top.event.tdur ?? top.event.dur ?? 0) / 1000;
      own[top.kind] += Math.max(0, duration - top.children);
      const parent = stack[stack.length - 1];
      if (parent) parent.children += duration;
      else perFrame[perFrame.length - 1] = (perFrame[perFrame.length - 1] ?? 0) + duration;
    }
  };
  perFrame.push(0);
  for (const event of onMain) {
    close(event.ts);
    const kind = kindOf[event.name] ?? stack[stack.length - 1]?.kind ?? 'other';
    stack.push({ event, kind, children: 0 });
    // A frame starts with the task that dispatches its scroll event.
    const task = stack[0];
    if (task && !task.frame && event.name === 'EventDispatch' && event.args?.data?.type === 'scroll') {
      task.frame = true;
      frameStarts.push(task.event.ts);
      perFrame.push(0);
    }
  }
  close(Infinity);
  const frames = Math.max(1, frameStarts.length);
  return {
    total: perFrame.slice(1, -1),
    script: own.script / frames,
    style: own.style / frames,
    layout: own.layout / frames,
    paint: own.paint / frames,
    other: own.other / frames,
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
}

/** Frames beyond one cadence that an interval spans: 33 ms at 60 Hz is one frame dropped. */
function droppedFrames(run: ScrollRun): number {
  return run.frames.reduce((sum, interval) => sum + Math.max(0, Math.round(interval / run.cadence) - 1), 0);
}

const scrollSpeeds = [
  { name: 'wheel', step: 120 },
  { name: 'fling', step: 480 },
] as const;
const scrollFrameCount = 150;

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
