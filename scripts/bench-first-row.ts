// Where the admin list's first row spends its time: /admin/courses with 1,000 courses, warm cache,
// from navigation start to the frame showing the first row (scripts/bench/firstRow.ts).
//  - the load's timeline: each script, stylesheet and call with when it started and ended, and the
//    performance marks the page set (none in the product; add some in a local build to split a phase);
//  - the browser's main thread, sampled every 0.2 ms over BENCH_RUNS loads (default 6): the time in
//    each source file, mapped through dist/assets/*.map when the build has them (`./run npx vite
//    build --sourcemap` after `npm run build`), else by chunk; "(program)" is the browser's own
//    work (style, layout, paint, compiling), "(idle)" waiting. BENCH_FROM / BENCH_TO narrow the
//    window to the interval between two of the page's marks;
//  - given more than one built tree (`… bench-first-row.ts <dir> <dir>…`), their first rows side by
//    side instead: loads taken in turn, median of BENCH_RUNS × 4 each, over the first tree's.
// A change meant to shorten the first row is measured side by side: a single tree's figures move
// by a fifth between two runs of the same build on this machine.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { startStack, type BrowserSession, type Stack } from '../tests/e2e/harness';
import { median } from './bench/bulk';
import { adminAtWork, firstRows } from './bench/firstRow';

const runs = Number(process.env.BENCH_RUNS ?? 6);
/** Marks the instant the page's scripts begin, in the profile's clock and the page's: it joins the two. */
const clockMark = `window.__clockMarks=[];function __clockMark(){const t=performance.now();window.__clockMarks.push(t);while(performance.now()-t<1.5){}}__clockMark();`;

interface Session {
  dir: string;
  stack: Stack;
  browser: BrowserSession;
  url: string;
}

async function open(dir: string): Promise<Session> {
  const here = process.cwd();
  process.env.E2E_BUILT_SERVER = '1';
  process.chdir(path.resolve(dir));
  try {
    const stack = await startStack();
    return { dir, stack, browser: await adminAtWork(stack, clockMark), url: `${stack.baseUrl}/admin/courses` };
  } finally {
    process.chdir(here);
  }
}

const pageNumbers = (page: Page, script: string) => page.evaluate<unknown>(script);

function numbers(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number') : [];
}

async function timeline(session: Session): Promise<void> {
  const { painted } = await firstRows(session.browser.page, session.url);
  const lines = await pageNumbers(
    session.browser.page,
    `[...performance.getEntriesByType('resource').map((e) => [e.startTime, e.startTime.toFixed(0).padStart(5) + '–' + e.responseEnd.toFixed(0).padStart(5) + ' ' + e.initiatorType.padEnd(6) + ' ' + e.name.replace(location.origin, '')]),
      ...performance.getEntriesByType('mark').filter((m) => !m.name.startsWith('__')).map((m) => [m.startTime, m.startTime.toFixed(0).padStart(5) + '       mark   ' + m.name])]
      .sort((a, b) => a[0] - b[0]).map((e) => e[1])`,
  );
  console.log(`\nOne load of ${session.url.replace(/^https?:\/\/[^/]+/, '')}, ms from navigation start (first row painted at ${painted.toFixed(0)}):`);
  for (const line of Array.isArray(lines) ? lines : []) console.log(`  ${String(line)}`);
}

async function profile(session: Session): Promise<void> {
  const maps = new Map<string, SourceMapConsumer | null>();
  const mapOf = (file: string) => {
    if (!maps.has(file)) {
      const mapFile = path.join(session.dir, 'dist', 'assets', `${file}.map`);
      maps.set(file, existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8'))) : null);
    }
    return maps.get(file) ?? null;
  };
  const byFile = new Map<string, number>();
  let windowTotal = 0;
  for (let run = 0; run < runs; run++) {
    const cdp = await session.browser.page.context().newCDPSession(session.browser.page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const { painted } = await firstRows(session.browser.page, session.url);
    const { profile } = await cdp.send('Profiler.stop');
    await cdp.detach();
    const [clock = 0] = numbers(await pageNumbers(session.browser.page, 'window.__clockMarks'));
    const markAt = async (name: string | undefined, otherwise: number) =>
      name ? (numbers(await pageNumbers(session.browser.page, `performance.getEntriesByType('mark').filter((m) => m.name.startsWith(${JSON.stringify(name)})).map((m) => m.startTime)`))[0] ?? otherwise) : otherwise;
    const from = await markAt(process.env.BENCH_FROM, 0);
    const to = await markAt(process.env.BENCH_TO, painted);
    windowTotal += to - from;
    const parents = new Map<number, number>();
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
    const samples = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    const times: number[] = [];
    let at = profile.startTime;
    let clockAt = -1;
    for (const [i, id] of samples.entries()) {
      at += deltas[i] ?? 0;
      times.push(at);
      if (clockAt < 0 && nodes.get(id)?.callFrame.functionName === '__clockMark') clockAt = at;
    }
    for (const [i, id] of samples.entries()) {
      const ms = ((times[i] ?? 0) - clockAt) / 1000 + clock;
      const spent = ((times[i + 1] ?? times[i] ?? 0) - (times[i] ?? 0)) / 1000;
      if (clockAt < 0 || ms < from || ms > to) continue;
      let node = nodes.get(id);
      let place = node?.callFrame.functionName.startsWith('(') ? node.callFrame.functionName : '';
      // The nearest frame of our scripts, mapped to its source file.
      while (!place && node) {
        const frame = node.callFrame;
        if (frame.url.includes('/assets/')) {
          const file = frame.url.replace(/.*\/assets\//, '');
          const source = frame.lineNumber < 0 ? null : mapOf(file)?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber }).source;
          place = (source ?? file).replace(/.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
        }
        const parent = parents.get(node.id);
        node = parent === undefined ? undefined : nodes.get(parent);
      }
      const key = place || 'the browser, called from no script of ours';
      byFile.set(key, (byFile.get(key) ?? 0) + spent);
    }
  }
  const window = process.env.BENCH_FROM || process.env.BENCH_TO ? `from ${process.env.BENCH_FROM ?? 'navigation start'} to ${process.env.BENCH_TO ?? 'the first row painted'}` : 'from navigation start to the first row painted';
  console.log(`\nThe main thread ${window} (${(windowTotal / runs).toFixed(0)} ms a load while profiled), ms a load, the mean of ${runs}:`);
  for (const [place, spent] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${(spent / runs).toFixed(1).padStart(6)}  ${place}`);
}

async function sideBySide(sessions: readonly Session[]): Promise<void> {
  const painted = new Map<Session, number[]>(sessions.map((session) => [session, []]));
  for (let run = 0; run < runs * 4; run++) {
    for (const session of sessions) painted.get(session)?.push((await firstRows(session.browser.page, session.url)).painted);
  }
  const [first] = sessions;
  const base = first ? median(painted.get(first) ?? []) : NaN;
  console.log(`\nFirst row painted, median of ${runs * 4} loads each, taken in turn:`);
  for (const session of sessions) {
    const figure = median(painted.get(session) ?? []);
    console.log(`  ${session.dir.padEnd(30)} ${figure.toFixed(1).padStart(7)} ms  ${(figure / base).toFixed(2)}×`);
  }
}

const dirs = process.argv.slice(2);
const sessions: Session[] = [];
try {
  for (const dir of dirs.length > 0 ? dirs : ['.']) sessions.push(await open(dir));
  const [only] = sessions;
  if (sessions.length === 1 && only) {
    await timeline(only);
    await profile(only);
  } else {
    await sideBySide(sessions);
  }
} finally {
  for (const session of sessions) {
    await session.browser.close();
    await session.stack.stop();
  }
}
