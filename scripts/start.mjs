// @ts-check
// `npm start`: builds when the built tree is missing or older than its sources, then runs the
// server in this same process. `npm run trial` (--trial): the same with TRIAL=1, the product with
// its local payment gateway and message outbox (server/dev/trial.ts). Plain JavaScript on purpose: it runs before anything is built,
// and a TypeScript loader would cost much of the start-up it is there to save.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputs = ['dist/index.html', 'dist-ssr/entry-server.js', 'dist-server/main.js'];
const sources = ['src', 'server', 'schema', 'codegen', 'public', 'index.html', 'openapi.yaml', 'package-lock.json', 'vite.config.ts', 'vite.server.config.ts'];

/** @param {string} file @returns {number} the newest modification time under `file` */
function newest(file) {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(file)) latest = Math.max(latest, newest(path.join(file, entry)));
  return latest;
}

const at = (/** @type {string} */ file) => path.join(root, file);
const built = outputs.every((file) => existsSync(at(file)));
const builtAt = built ? Math.min(...outputs.map((file) => statSync(at(file)).mtimeMs)) : 0;
const changedAt = Math.max(...sources.filter((file) => existsSync(at(file))).map((file) => newest(at(file))));
if (!built || changedAt > builtAt) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (process.argv.includes('--trial')) process.env.TRIAL = '1';
process.setSourceMapsEnabled(true);
await import(pathToFileURL(at('dist-server/main.js')).href);
