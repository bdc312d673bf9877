// `npm run mutation`: Stryker over each group of tests/mutation/groups.mjs in turn (one test runner,
// the machine is shared), then the score per file and per group against the target.
//   npm run mutation                          every group
//   npm run mutation -- --group machines      one group (repeatable)
//   npm run mutation -- --mutate a.ts,b.ts    those files, each in its group
//   npm run mutation:changed [-- <base>]      the files of the groups that differ from <base> (HEAD)
//   npm run mutation -- --report              the table of the last runs again, running nothing
// Other arguments (--incremental, --logLevel …) go to Stryker.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { groups, target } from '../tests/mutation/groups.mjs';

interface Mutant {
  status: string;
  static?: boolean;
}
interface Report {
  files: Record<string, { mutants: Mutant[] }>;
}

const args = process.argv.slice(2);
const chosen: string[] = [];
let files: string[] | undefined;
const passOn: string[] = [];
let reportOnly = false;
for (let i = 0; i < args.length; i += 1) {
  const arg = args[i] ?? '';
  if (arg === '--group') chosen.push(args[(i += 1)] ?? '');
  else if (arg === '--report') reportOnly = true;
  else if (arg === '--mutate') files = (args[(i += 1)] ?? '').split(',').filter((f) => f !== '');
  else if (arg === '--changed') {
    const base = args[i + 1]?.startsWith('-') === false ? args[(i += 1)] : 'HEAD';
    const git = (...gitArgs: string[]) => spawnSync('git', gitArgs, { encoding: 'utf8' }).stdout.split('\n');
    // Changed against the base, and files not yet added.
    files = [...git('diff', '--name-only', base ?? 'HEAD'), ...git('ls-files', '--others', '--exclude-standard')].filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.gen.ts') && groups.some((g) => g.owns(f)),
    );
    if (files.length === 0) {
      console.log(`No file of a mutation group differs from ${base}.`);
      process.exit(0);
    }
  } else passOn.push(arg);
}

const unknown = chosen.filter((slug) => !groups.some((g) => g.slug === slug));
if (unknown.length > 0) throw new Error(`No mutation group ${unknown.join(', ')}; the groups: ${groups.map((g) => g.slug).join(', ')}`);
const strays = files?.filter((f) => !groups.some((g) => g.owns(f))) ?? [];
if (strays.length > 0) throw new Error(`${strays.join(', ')}: in no mutation group (tests/mutation/groups.mjs)`);

const runs = groups
  .filter((g) => chosen.length === 0 || chosen.includes(g.slug))
  .map((g) => ({ group: g, files: files?.filter((f) => g.owns(f)) }))
  .filter((run) => run.files === undefined || run.files.length > 0);

const detected = new Set(['Killed', 'Timeout']);
// Stryker's score leaves these out: the mutant never ran as code, or is disabled as equivalent.
const invalid = new Set(['CompileError', 'RuntimeError', 'Ignored']);
function tally(mutants: Mutant[]) {
  const valid = mutants.filter((m) => !invalid.has(m.status));
  const killed = valid.filter((m) => detected.has(m.status)).length;
  const ignored = mutants.filter((m) => m.status === 'Ignored');
  // Static mutants left out by the group's ignoreStatic, and those a `Stryker disable` comment calls equivalent.
  const notRun = ignored.filter((m) => m.static === true).length;
  const disabled = ignored.length - notRun;
  return { valid: valid.length, killed, notRun, disabled, score: valid.length === 0 ? 100 : (100 * killed) / valid.length };
}
const row = (name: string, t: ReturnType<typeof tally>) => {
  const left = [t.notRun > 0 ? `${t.notRun} static not run` : '', t.disabled > 0 ? `${t.disabled} disabled as equivalent` : ''].filter((part) => part !== '');
  return `${name.padEnd(44)} ${t.score.toFixed(2).padStart(6)} %  ${`${t.killed}/${t.valid}`.padStart(9)}${left.length > 0 ? `  (${left.join(', ')})` : ''}`;
};

const table: string[] = [];
let failed = 0;
for (const { group, files: only } of runs) {
  const report = `.tmp/mutation/${group.slug}.json`;
  if (!reportOnly) {
    rmSync(report, { force: true });
    const env = { ...process.env, MUTATION_GROUP: group.slug, ...(only ? { MUTATION_FILES: only.join(',') } : {}) };
    console.log(`\n::: mutation ${group.name}${only ? `: ${only.join(', ')}` : ''}`);
    spawnSync('npx', ['stryker', 'run', ...passOn], { stdio: 'inherit', env });
  }
  if (!existsSync(report)) {
    table.push('', `[${group.name}] ${reportOnly ? `no report (${report})` : "did not finish (see Stryker's output above)"}`);
    failed += 1;
    continue;
  }
  const { files: byFile } = JSON.parse(readFileSync(report, 'utf8')) as Report;
  const members = Object.entries(byFile).sort(([a], [b]) => a.localeCompare(b));
  const total = tally(members.flatMap(([, f]) => f.mutants));
  if (total.score < target) failed += 1;
  table.push('', `${row(`[${group.name}]${only ? ' (changed files)' : ''}`, total)}${total.score < target ? '  below target' : ''}`);
  if (members.length > 1) for (const [path, f] of members) table.push(`  ${row(path, tally(f.mutants))}`);
}
console.log(['', `Mutation score per group and file (target ${target} %), killed/valid mutants:`, ...table, ''].join('\n'));
process.exit(failed === 0 ? 0 : 1);
