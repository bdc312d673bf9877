// Start-up: from `npm start` on an already built tree (it then skips the build) to the
// first answer of the home page, on a fresh data dir (migrations + seed) and on an existing one.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../tests/e2e/harness';
import { median } from './bench/bulk';

const runs = Number(process.env.BENCH_RUNS ?? 5);

async function timeToFirstAnswer(dataDir: string, command: readonly string[]): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const [program = 'npm', ...args] = command;
  const child = spawn(program, args, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-admin-password-1' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error('server exited before answering');
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: 'text/html' } });
        if (response.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 30_000) throw new Error('no answer in 30 s');
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    // npm starts the server as its child: the whole process group is stopped.
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function main(): Promise<void> {
  if (!existsSync('dist/index.html') || !existsSync('dist-server/main.js')) throw new Error('build first: npm run build');
  const show = (xs: number[]) => `median ${median(xs).toFixed(0).padStart(5)} ms (runs: ${xs.map((x) => x.toFixed(0)).join(', ')})`;
  console.log(`Start-up to the first answer of / on a built tree (target < 2000 ms), ${runs} runs each:`);
  const commands = [
    ['npm start', ['npm', 'start', '--silent']],
    ['node dist-server/main.js', [process.execPath, 'dist-server/main.js']],
  ] as const;
  for (const [label, command] of commands) {
    const fresh: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < runs; i++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'academy-startup-'));
      try {
        fresh.push(await timeToFirstAnswer(dataDir, command));
        warm.push(await timeToFirstAnswer(dataDir, command));
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    console.log(`  ${label.padEnd(26)} fresh data dir (migrate + seed)  ${show(fresh)}`);
    console.log(`  ${label.padEnd(26)} existing data dir                ${show(warm)}`);
  }
}

await main();
