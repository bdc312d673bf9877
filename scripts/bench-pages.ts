// Public pages under a crowd: requests/s and p99 of every public page at 20
// connections (autocannon, loopback, `Accept-Encoding: gzip, deflate, br` and `Accept: text/html`
// as a browser sends), against a static file of the same server in the same run — the target is
// ≥ 0.5× the static file's requests/s and p99 < 50 ms. The static file and the pages alternate in
// rounds, and medians are compared, so whatever else the machine runs weighs on both.
//
// Two set-ups: the built server on SQLite, and (with TEST_DATABASE_URL, as tests/support/
// postgres.sh prints) one built server on PostgreSQL, then two processes on that database with
// the 20 connections split between them, as behind a load balancer. Each set-up ends with a freshness
// check: a course renamed through the API (on PostgreSQL, through the *other* process) shows on
// the very next request of its page.
import autocannon from 'autocannon';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiToken, startStack, type Stack } from '../tests/e2e/harness';
import { median } from './bench/bulk';
import { publicPages } from './bench/publicPages';

const connections = 20;
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_RUNS ?? 2);
const browserHeaders = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

interface Figures {
  rps: number;
  p99: number;
  failed: number;
}

/** `connections` spread over the servers' addresses, all at once; requests/s summed, worst p99. */
async function load(urls: readonly string[]): Promise<Figures> {
  const each = Math.max(1, Math.floor(connections / urls.length));
  const results = await Promise.all(urls.map((url) => autocannon({ url, connections: each, duration, headers: browserHeaders })));
  return {
    rps: results.reduce((sum, result) => sum + result.requests.average, 0),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    failed: results.reduce((sum, result) => sum + result.non2xx + result.errors + result.timeouts, 0),
  };
}

async function json<T>(url: string): Promise<T> {
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
  return (await answer.json()) as T;
}

async function measure(label: string, servers: readonly Stack[]): Promise<boolean> {
  const base = servers.map((server) => server.baseUrl);
  const pages = await publicPages(base[0] ?? '', ['home', 'categories', 'category', 'course', 'courses', 'articles', 'article', 'teachers', 'teacher', 'about']);
  const staticFile = '/favicon.svg';
  const runs = new Map<string, Figures[]>();
  const add = (name: string, figures: Figures) => runs.set(name, [...(runs.get(name) ?? []), figures]);
  // Every page rendered once before measuring, as after any change: what is measured is the crowd.
  for (const [, address] of pages) for (const url of base) await fetch(`${url}${address}`, { headers: browserHeaders });
  for (let round = 1; round <= rounds; round++) {
    add('static', await load(base.map((url) => `${url}${staticFile}`)));
    for (const [name, address] of pages) add(name, await load(base.map((url) => `${url}${address}`)));
    process.stdout.write(`  round ${round}/${rounds} done\n`);
  }
  const summary = (name: string) => {
    const figures = runs.get(name) ?? [];
    return { rps: median(figures.map((f) => f.rps)), p99: median(figures.map((f) => f.p99)), worstP99: Math.max(...figures.map((f) => f.p99)), failed: figures.reduce((s, f) => s + f.failed, 0) };
  };
  const ceiling = summary('static');
  console.log(`\n${label}: ${connections} connections, ${duration} s × ${rounds} rounds, medians`);
  console.log(`  ${'page'.padEnd(13)} ${'req/s'.padStart(8)} ${'ratio'.padStart(6)} ${'p99'.padStart(7)} ${'worst'.padStart(7)}  target ≥ 0.5×, p99 < 50 ms`);
  console.log(`  ${`static ${staticFile}`.padEnd(13)} ${ceiling.rps.toFixed(0).padStart(8)} ${'1.00'.padStart(6)} ${`${ceiling.p99} ms`.padStart(7)} ${`${ceiling.worstP99} ms`.padStart(7)}`);
  let met = true;
  for (const [name] of pages) {
    const page = summary(name);
    const ratio = page.rps / ceiling.rps;
    const ok = ratio >= 0.5 && page.p99 < 50 && page.failed === 0;
    met &&= ok;
    console.log(
      `  ${name.padEnd(13)} ${page.rps.toFixed(0).padStart(8)} ${ratio.toFixed(2).padStart(6)} ${`${page.p99} ms`.padStart(7)} ${`${page.worstP99} ms`.padStart(7)}  ${ok ? 'met' : 'NOT met'}${page.failed ? ` (${page.failed} failed)` : ''}`,
    );
  }
  return met;
}

/** A course renamed through the last server shows on the next request of its page on the first. */
async function freshness(servers: readonly Stack[]): Promise<boolean> {
  const reader = servers[0];
  const writer = servers[servers.length - 1];
  if (!reader || !writer) return false;
  const token = await apiToken(writer, writer.adminPhone, writer.adminPassword);
  const { courses } = await json<{ courses: Array<{ id: number; slug: string; title: string; category: { slug: string } }> }>(`${reader.baseUrl}/api/Public/courses`);
  const course = courses[0];
  if (!course) return false;
  const address = `${reader.baseUrl}/categories/${encodeURIComponent(course.category.slug)}/${encodeURIComponent(course.slug)}`;
  await fetch(address);
  const rows = await (await fetch(`${writer.baseUrl}/api/Course/GetSelectList`, { headers: { authorization: `Bearer ${token}` } })).json();
  const full: unknown = Array.isArray(rows) ? rows.find((row: { id?: number }) => row.id === course.id) : null;
  if (typeof full !== 'object' || full === null) return false;
  const title = `${course.title} ${Date.now() % 100_000}`;
  const saved = await fetch(`${writer.baseUrl}/api/Course/Update`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...full, title }),
  });
  const shown = (await (await fetch(address)).text()).includes(title);
  console.log(`  freshness: renamed through ${writer.baseUrl} (${saved.status}), next request to ${reader.baseUrl}: ${shown ? 'new title shown' : 'OLD PAGE'}`);
  return saved.ok && shown;
}

async function main() {
  // The bundle `npm run build` made, as production runs it (not the sources through tsx).
  process.env.E2E_BUILT_SERVER = '1';
  let allMet = true;
  const sqlite = await startStack();
  try {
    allMet = (await measure('SQLite, one process', [sqlite])) && allMet;
    allMet = (await freshness([sqlite])) && allMet;
  } finally {
    await sqlite.stop();
  }
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (databaseUrl) {
    const { databaseFor, dropDatabaseFor } = await import('../tests/support/postgres-db');
    const name = `bench-pages-${process.pid}`;
    const url = await databaseFor(name);
    const media = await mkdtemp(path.join(tmpdir(), 'bench-pages-media-'));
    const env = { DATABASE_URL: url, MEDIA_DIR: media, JWT_SECRET: 'bench-pages-secret-shared-by-both-processes-0123456789' };
    const first = await startStack({ env });
    try {
      allMet = (await measure('PostgreSQL, one process', [first])) && allMet;
    } catch (error) {
      await first.stop();
      throw error;
    }
    const second = await startStack({ env });
    try {
      // Two servers and the load generator on this machine's cores: p99 here says as much about
      // the machine as about the server (compare the static file's in the same run).
      await measure('PostgreSQL, two processes (the static file is the reference)', [first, second]);
      allMet = (await freshness([first, second])) && allMet;
    } finally {
      await first.stop();
      await second.stop();
      await dropDatabaseFor(name);
      await rm(media, { recursive: true, force: true });
    }
  } else {
    console.log('\n(PostgreSQL skipped: set TEST_DATABASE_URL, e.g. from `bash tests/support/postgres.sh start`)');
  }
  console.log(`\npublic pages under a crowd: ${allMet ? 'every target met' : 'NOT every target met'}`);
}

await main();
