// API throughput: GET /api/Course/GetSelectList with 1,000 courses, 100 connections over
// loopback (autocannon), against a plain node:http server answering the same bytes in the same
// run (the ceiling of this machine), then again while a writer keeps inserting courses.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { apiToken, freePort, startStack, type Stack } from '../tests/e2e/harness';
import { insertCourses, median, openBenchDatabase } from './bench/bulk';

const connections = 100;
const duration = Number(process.env.BENCH_SECONDS ?? 5);
// Server and ceiling alternate, several rounds, and the medians are compared: on a shared
// machine a single pair of runs mostly measures what else was running at the time.
const rounds = Number(process.env.BENCH_RUNS ?? 3);

interface Figures {
  rps: number;
  p99: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string>): Promise<Figures> {
  const result = await autocannon({ url, connections, duration, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** node:http answering the precomputed body, in its own process like the real server. */
async function startCeiling(bodyFile: string): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const body = require('fs').readFileSync(${JSON.stringify(bodyFile)});
       require('http').createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }); res.end(body); })
         .listen(${port}, '127.0.0.1', () => console.log('ready'));`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

async function writer(stack: Stack, token: string, until: () => boolean): Promise<number> {
  let written = 0;
  while (!until()) {
    const response = await fetch(`${stack.baseUrl}/api/Course/Create`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        title: `نوشته همزمان ${written}`,
        durationInHours: 12,
        timeOfHolding: null,
        registrationDeadline: null,
        priceInTomans: 2_000_000,
        type: 'online',
        inActive: false,
        difficulty: '',
        techerId: 0,
        categoryId: 0,
        description: '',
        coverImage: '',
        coverVideo: '',
        headings: '',
        prerequisite: '',
      }),
    });
    if (response.status !== 200) throw new Error(`write failed: ${response.status} ${await response.text()}`);
    written++;
  }
  return written;
}

const fmt = (f: Figures) => `${Math.round(f.rps).toLocaleString('en')} req/s, p99 ${f.p99} ms${f.errors ? `, ${f.errors} errors` : ''}`;

async function main(): Promise<void> {
  const stack = await startStack();
  try {
    const db = openBenchDatabase(stack.dataDir);
    const existing = (await db.selectFrom('courses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    await insertCourses(db, 1000 - Number(existing));
    await db.destroy();
    const token = await apiToken(stack, stack.adminPhone, stack.adminPassword);
    const headers = { Authorization: `Bearer ${token}` };
    const url = `${stack.baseUrl}/api/Course/GetSelectList`;
    const sample = await fetch(url, { headers });
    const body = Buffer.from(await sample.arrayBuffer());
    const listed: unknown = JSON.parse(body.toString('utf8'));
    console.log(
      `GET /api/Course/GetSelectList: ${Array.isArray(listed) ? listed.length : '?'} courses, ${(body.length / 1024).toFixed(0)} kB per answer, ${connections} connections, medians of ${rounds} alternating ${duration} s runs`,
    );
    const bodyFile = path.join(stack.dataDir, 'ceiling.json');
    writeFileSync(bodyFile, body);

    await load(url, headers); // warm-up: JIT, caches, connection pool
    const ceiling = await startCeiling(bodyFile);
    const servers: Figures[] = [];
    const plains: Figures[] = [];
    for (let i = 0; i < rounds; i++) {
      servers.push(await load(url, headers));
      plains.push(await load(ceiling.url, {}));
    }
    ceiling.stop();
    const mid = (xs: Figures[]): Figures => ({ rps: median(xs.map((x) => x.rps)), p99: median(xs.map((x) => x.p99)), errors: xs.reduce((n, x) => n + x.errors, 0) });
    const server = mid(servers);
    const plain = mid(plains);

    let done = false;
    const writing = writer(stack, token, () => done);
    const started = Date.now();
    const underWrites = await load(url, headers);
    done = true;
    const written = await writing;
    const writesPerSecond = written / ((Date.now() - started) / 1000);

    console.log(`  academy server        ${fmt(server)}`);
    console.log(`  plain node:http       ${fmt(plain)}`);
    console.log(`  ratio                 ${(server.rps / plain.rps).toFixed(2)} of the ceiling (target ≥ 0.5), p99 target < 50 ms`);
    console.log(`  reads during writes   ${fmt(underWrites)} while ${writesPerSecond.toFixed(0)} creates/s were committed`);
  } finally {
    await stack.stop();
  }
}

await main();
