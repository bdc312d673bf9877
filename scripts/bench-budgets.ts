// The lighter-and-quicker targets, this tree side by side with the tree before it in one run:
// BENCH_BASELINE names a directory holding that tree, built (`npm run bench` makes one from the
// commit BENCH_BASELINE_REF names). Without it, this tree's figures print alone.
//  - under a crowd: requests/s and p99 at 20 connections (autocannon, loopback, a browser's
//    headers) of a static file (/favicon.svg), the React file and the public pages, servers and
//    addresses taken in turn, medians of BENCH_RUNS rounds; each over the static file's and the
//    home page's requests/s of the same server (a page that costs the server what `/` costs is 1×);
//  - the admin list's first row: /admin/courses with 1,000 courses, from navigation start to the
//    frame showing the first row, and to the frame naming its teacher (scripts/bench/firstRow.ts),
//    the two servers loaded in turn, median of BENCH_RUNS × 2 loads each.
// The JavaScript each page loads is the bundle check's (scripts/bundle-budget.ts).
import autocannon from 'autocannon';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { startStack, type BrowserSession, type Stack } from '../tests/e2e/harness';
import { median } from './bench/bulk';
import { adminAtWork, firstRows } from './bench/firstRow';

const connections = 20;
const duration = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_RUNS ?? 3);
const browserHeaders = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

interface Tree {
  name: string;
  dir: string;
  stack: Stack;
  reactFile: string;
}

/** The built server of the tree in `dir` (its dist/ and dist-server/). */
async function startTree(name: string, dir: string): Promise<Tree> {
  const here = process.cwd();
  process.env.E2E_BUILT_SERVER = '1';
  process.chdir(dir);
  try {
    const stack = await startStack();
    const react = readdirSync(path.join(dir, 'dist', 'assets')).find((file) => /^react-[\w-]+\.js$/.test(file));
    return { name, dir, stack, reactFile: `/assets/${react ?? 'missing.js'}` };
  } finally {
    process.chdir(here);
  }
}

async function crowd(url: string): Promise<{ rps: number; p99: number; failed: number }> {
  const result = await autocannon({ url, connections, duration, headers: browserHeaders });
  return { rps: result.requests.average, p99: result.latency.p99, failed: result.non2xx + result.errors + result.timeouts };
}

async function pagesOf(stack: Stack): Promise<Array<[string, string]>> {
  const { courses } = v.parse(
    v.object({ courses: v.array(v.object({ slug: v.string(), category: v.object({ slug: v.string() }) })) }),
    await (await fetch(`${stack.baseUrl}/api/Public/courses`)).json(),
  );
  const course = courses[0];
  const pages: Array<[string, string]> = [['home', '/'], ['teachers', '/teachers'], ['categories', '/categories'], ['articles', '/articles'], ['sign-up', '/auth/sign-up']];
  if (course) pages.push(['course', `/categories/${encodeURIComponent(course.category.slug)}/${encodeURIComponent(course.slug)}`]);
  return pages;
}

async function underACrowd(trees: readonly Tree[]): Promise<void> {
  const addresses = new Map<string, Array<[string, string]>>();
  for (const tree of trees) {
    const pages = await pagesOf(tree.stack);
    addresses.set(tree.name, [['static /favicon.svg', '/favicon.svg'], ['React file', tree.reactFile], ...pages]);
    // Every page rendered once before measuring: what is measured is the crowd.
    for (const [, address] of pages) await fetch(`${tree.stack.baseUrl}${address}`, { headers: browserHeaders });
  }
  const runs = new Map<string, Array<{ rps: number; p99: number; failed: number }>>();
  for (let round = 1; round <= rounds; round++) {
    for (const tree of trees) {
      for (const [label, address] of addresses.get(tree.name) ?? []) {
        const key = `${tree.name} ${label}`;
        runs.set(key, [...(runs.get(key) ?? []), await crowd(`${tree.stack.baseUrl}${address}`)]);
      }
    }
    process.stdout.write(`  round ${round}/${rounds} done\n`);
  }
  const summary = (key: string) => {
    const figures = runs.get(key) ?? [];
    return { rps: median(figures.map((f) => f.rps)), p99: median(figures.map((f) => f.p99)), failed: figures.reduce((sum, f) => sum + f.failed, 0) };
  };
  console.log(`\nUnder a crowd: ${connections} connections, ${duration} s × ${rounds} rounds, medians; requests/s over the static file's and over the home page's of the same server`);
  console.log(`  ${'address'.padEnd(20)} ${trees.map((tree) => `${tree.name.padStart(10)} req/s  ÷static   ÷home     p99`).join('   ')}`);
  for (const [label] of addresses.get(trees[0]?.name ?? '') ?? []) {
    const cells = trees.map((tree) => {
      const figures = summary(`${tree.name} ${label}`);
      const ratio = figures.rps / summary(`${tree.name} static /favicon.svg`).rps;
      const toHome = figures.rps / summary(`${tree.name} home`).rps;
      return `${figures.rps.toFixed(0).padStart(16)} ${`${ratio.toFixed(2)}×`.padStart(8)} ${`${toHome.toFixed(2)}×`.padStart(7)} ${`${figures.p99} ms`.padStart(7)}${figures.failed ? ` (${figures.failed} failed)` : ''}`;
    });
    console.log(`  ${label.padEnd(20)} ${cells.join('   ')}`);
  }
}

async function firstRow(trees: readonly Tree[]): Promise<void> {
  const sessions: Array<{ tree: Tree; session: BrowserSession; painted: number[]; labelled: number[] }> = [];
  for (const tree of trees) {
    const session = await adminAtWork(tree.stack);
    sessions.push({ tree, session, painted: [], labelled: [] });
  }
  for (let run = 0; run < rounds * 2; run++) {
    for (const entry of sessions) {
      const figures = await firstRows(entry.session.page, `${entry.tree.stack.baseUrl}/admin/courses`, { labelled: true });
      entry.painted.push(figures.painted);
      entry.labelled.push(figures.labelled);
    }
  }
  console.log(`\nAdmin list's first row, 1,000 courses, from navigation start to the frame showing it, and to the frame naming its teacher (median of ${rounds * 2})`);
  const base = median(sessions[0]?.painted ?? []);
  const baseLabelled = median(sessions[0]?.labelled ?? []);
  for (const entry of sessions) {
    const figure = median(entry.painted);
    const labelled = median(entry.labelled);
    console.log(
      `  ${entry.tree.name.padEnd(10)} ${figure.toFixed(1).padStart(7)} ms  ${(figure / base).toFixed(2)}× of ${sessions[0]?.tree.name ?? ''};  named ${labelled.toFixed(1).padStart(7)} ms  ${(labelled / baseLabelled).toFixed(2)}×`,
    );
  }
  for (const entry of sessions) await entry.session.close();
}

async function main(): Promise<void> {
  const trees: Tree[] = [];
  try {
    if (process.env.BENCH_BASELINE) trees.push(await startTree('before', path.resolve(process.env.BENCH_BASELINE)));
    trees.push(await startTree('now', process.cwd()));
    await underACrowd(trees);
    await firstRow(trees);
  } finally {
    for (const tree of trees) await tree.stack.stop();
  }
}

await main();
