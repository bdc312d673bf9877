// API throughput: GET /api/Course/GetSelectList with 1,000 courses, 100 connections over
// loopback (autocannon), against a plain node:http server answering the same bytes in the same
// run (the ceiling of this machine), then again while a writer keeps inserting courses.
// Requests send `Accept-Encoding: gzip, deflate, br` as browsers do, and the ceiling answers
// with the same brotli bytes as the server; the uncompressed (identity) figures follow.
//
// On a 2-core machine the load generator (autocannon, single-threaded, in this process) and the
// server compete for the same cores. With BENCH_PIN=1 this process (autocannon and the writer)
// is pinned to one core and the server under test, academy or ceiling alike, to the other, with
// `taskset -a -p` (every thread) after it has started: the same method for both. It is not the
// default: on this shared machine a pinned pair cannot move off a core that other work is
// using, and pinned runs were as often worse as better (BENCHMARKS.md).
import autocannon from 'autocannon';
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { request } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { apiToken, freePort, startStack, type Stack } from '../tests/e2e/harness';
import { courseBody } from '../tests/support/samples';
import { insertCourses, median, openBenchDatabase } from './bench/bulk';

const connections = 100;
const duration = Number(process.env.BENCH_SECONDS ?? 5);
// Server and ceiling alternate, several rounds, and the medians are compared: on a shared
// machine a single pair of runs mostly measures what else was running at the time.
const rounds = Number(process.env.BENCH_RUNS ?? 3);
const pinning = process.env.BENCH_PIN === '1' && availableParallelism() >= 2;
const clientCpu = 0;
const serverCpu = 1;

/** Sets the CPU affinity of every thread of a process (util-linux's taskset). */
function pin(pid: number, cpu: number): void {
  execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
}

/** The pid of this process's child running `server/main.ts` (the harness does not expose it). */
function serverPid(): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/PID/stat is the parent pid; the command name (field 2) may hold spaces.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== process.pid) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').includes('server/main.ts')) return Number(entry);
    } catch {
      // the process ended while being looked at
    }
  }
  throw new Error('the server process was not found among this process\'s children');
}

interface Figures {
  rps: number;
  p99: number;
  errors: number;
  /** CPU time the answering process spent per answered request (µs). */
  cpuPerRequest: number;
}

const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** User + system CPU time of a process, all its threads (the thread pool's compression too), in µs. */
function cpuTime(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1e6;
}

/**
 * Throughput and latency, and the CPU the server under test used per request: requests/s and
 * p99 move with whatever else the machine runs, CPU per request much less.
 */
async function load(url: string, headers: Record<string, string>, pid: number): Promise<Figures> {
  const before = cpuTime(pid);
  const result = await autocannon({ url, connections, duration, headers });
  const answered = result.requests.total;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuPerRequest: answered > 0 ? (cpuTime(pid) - before) / answered : 0,
  };
}

/** What browsers send (Chromium); the server answers it with brotli. */
const browserEncoding = { 'accept-encoding': 'gzip, deflate, br' };

/** One GET's raw bytes and headers (fetch would decode them). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: Record<string, unknown>; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, bytes: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/**
 * node:http answering the precomputed bodies, in its own process like the real server: the
 * server's own brotli bytes to a request accepting br, the uncompressed bytes otherwise.
 */
async function startCeiling(bodyFile: string, brotliFile: string): Promise<{ url: string; pid: number; stop: () => void }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const fs = require('fs');
       const body = fs.readFileSync(${JSON.stringify(bodyFile)});
       const br = fs.readFileSync(${JSON.stringify(brotliFile)});
       require('http').createServer((req, res) => {
         if ((req.headers['accept-encoding'] || '').includes('br')) {
           res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'br', vary: 'Accept-Encoding', 'content-length': br.length });
           res.end(br);
         } else {
           res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', vary: 'Accept-Encoding', 'content-length': body.length });
           res.end(body);
         }
       }).listen(${port}, '127.0.0.1', () => console.log('ready'));`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()));
  const pid = child.pid;
  if (pid === undefined) throw new Error('the ceiling server did not start');
  if (pinning) pin(pid, serverCpu);
  return { url: `http://127.0.0.1:${port}/`, pid, stop: () => child.kill() };
}

async function writer(stack: Stack, token: string, until: () => boolean): Promise<number> {
  let written = 0;
  while (!until()) {
    const response = await fetch(`${stack.baseUrl}/api/Course/Create`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      // The schema's blank course (tests/support/samples.ts): a hand-written body went stale
      // each time a course field was added.
      body: JSON.stringify(courseBody(`نوشته همزمان ${written}`, { durationInHours: 12, priceInTomans: 2_000_000 })),
    });
    if (response.status !== 200) throw new Error(`write failed: ${response.status} ${await response.text()}`);
    written++;
  }
  return written;
}

const fmt = (f: Figures) =>
  `${Math.round(f.rps).toLocaleString('en')} req/s, p99 ${f.p99} ms, ${Math.round(f.cpuPerRequest)} µs CPU/request${f.errors ? `, ${f.errors} errors` : ''}`;

async function main(): Promise<void> {
  const stack = await startStack();
  try {
    const academyPid = serverPid();
    if (pinning) {
      pin(academyPid, serverCpu);
      pin(process.pid, clientCpu);
    }
    const db = openBenchDatabase(stack.dataDir);
    const existing = (await db.selectFrom('courses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    await insertCourses(db, 1000 - Number(existing));
    await db.destroy();
    const token = await apiToken(stack, stack.adminPhone, stack.adminPassword);
    const identityHeaders = { Authorization: `Bearer ${token}` };
    const headers = { ...identityHeaders, ...browserEncoding };
    const url = `${stack.baseUrl}/api/Course/GetSelectList`;
    const plain = await rawGet(url, identityHeaders);
    const compressed = await rawGet(url, headers);
    if (plain.headers['content-encoding'] !== undefined) throw new Error('the identity answer is encoded');
    if (compressed.headers['content-encoding'] !== 'br') throw new Error(`browser request answered with ${String(compressed.headers['content-encoding'] ?? 'identity')}, not br`);
    if (!brotliDecompressSync(compressed.bytes).equals(plain.bytes)) throw new Error('the brotli answer is not the identity answer');
    const listed: unknown = JSON.parse(plain.bytes.toString('utf8'));
    const kB = (n: number) => `${(n / 1024).toFixed(0)} kB`;
    console.log(
      `GET /api/Course/GetSelectList: ${Array.isArray(listed) ? listed.length : '?'} courses, ${kB(compressed.bytes.length)} brotli (${kB(plain.bytes.length)} JSON) per answer, ${connections} connections, medians of ${rounds} alternating ${duration} s runs, ${pinning ? `load generator pinned to CPU ${clientCpu}, servers to CPU ${serverCpu}` : 'unpinned'}`,
    );
    const bodyFile = path.join(stack.dataDir, 'ceiling.json');
    const brotliFile = path.join(stack.dataDir, 'ceiling.json.br');
    writeFileSync(bodyFile, plain.bytes);
    writeFileSync(brotliFile, compressed.bytes);

    await load(url, headers, academyPid); // warm-up: JIT, caches, connection pool
    const ceiling = await startCeiling(bodyFile, brotliFile);
    const runs = { server: [] as Figures[], plain: [] as Figures[], serverIdentity: [] as Figures[], plainIdentity: [] as Figures[] };
    for (let i = 0; i < rounds; i++) {
      runs.server.push(await load(url, headers, academyPid));
      runs.plain.push(await load(ceiling.url, browserEncoding, ceiling.pid));
      runs.serverIdentity.push(await load(url, identityHeaders, academyPid));
      runs.plainIdentity.push(await load(ceiling.url, {}, ceiling.pid));
      const last = (xs: Figures[]) => xs[xs.length - 1];
      const brief = (f: Figures | undefined) => (f ? `${Math.round(f.rps)}/${f.p99}` : '?');
      console.log(`  round ${i + 1}: server ${brief(last(runs.server))}, ceiling ${brief(last(runs.plain))} (req/s / p99 ms)`);
    }
    ceiling.stop();
    const mid = (xs: Figures[]): Figures => ({
      rps: median(xs.map((x) => x.rps)),
      p99: median(xs.map((x) => x.p99)),
      errors: xs.reduce((n, x) => n + x.errors, 0),
      cpuPerRequest: median(xs.map((x) => x.cpuPerRequest)),
    });
    const server = mid(runs.server);
    const ceilingFigures = mid(runs.plain);
    const serverIdentity = mid(runs.serverIdentity);
    const ceilingIdentity = mid(runs.plainIdentity);

    let done = false;
    const writing = writer(stack, token, () => done);
    const started = Date.now();
    const underWrites = await load(url, headers, academyPid);
    done = true;
    const written = await writing;
    const writesPerSecond = written / ((Date.now() - started) / 1000);

    console.log(`  brotli (Accept-Encoding: gzip, deflate, br)`);
    console.log(`  academy server        ${fmt(server)}`);
    console.log(`  plain node:http       ${fmt(ceilingFigures)}`);
    console.log(`  ratio                 ${(server.rps / ceilingFigures.rps).toFixed(2)} of the ceiling (target ≥ 0.5), p99 target < 50 ms`);
    console.log(`  reads during writes   ${fmt(underWrites)} while ${writesPerSecond.toFixed(0)} creates/s were committed`);
    console.log(`  identity (no Accept-Encoding)`);
    console.log(`  academy server        ${fmt(serverIdentity)}`);
    console.log(`  plain node:http       ${fmt(ceilingIdentity)}`);
    console.log(`  ratio                 ${(serverIdentity.rps / ceilingIdentity.rps).toFixed(2)} of the ceiling`);
  } finally {
    await stack.stop();
  }
}

await main();
