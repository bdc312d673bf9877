// What the admin-table benchmark measures in the page: the first rows, a sort, a filter, scroll
// frames and their CPU, each a run in Chromium that answers numbers.
import type { Page } from 'playwright-core';

/** ms from the list data arriving to the first row in the DOM, and to the frame showing it. */
export async function firstRows(page: Page, url: string): Promise<{ inDom: number; painted: number }> {
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
export function sortOnce(page: Page, header: number): Promise<number> {
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
export function filterOnce(page: Page, text: string): Promise<number> {
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

export interface ScrollRun {
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
export function scrollFrames(page: Page, step: number, count: number): Promise<ScrollRun> {
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
export async function cpuPerFrame(page: Page, scroll: () => Promise<ScrollRun>): Promise<CpuPerFrame> {
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

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
}

/** Frames beyond one cadence that an interval spans: 33 ms at 60 Hz is one frame dropped. */
export function droppedFrames(run: ScrollRun): number {
  return run.frames.reduce((sum, interval) => sum + Math.max(0, Math.round(interval / run.cadence) - 1), 0);
}

export const scrollSpeeds = [
  { name: 'wheel', step: 120 },
  { name: 'fling', step: 480 },
] as const;
export const scrollFrameCount = 150;

export const ms = (x: number) => (Number.isNaN(x) ? 'no change seen' : `${x.toFixed(1)} ms`);

