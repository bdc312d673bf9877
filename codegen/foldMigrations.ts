// `npm run migrations:fold`: the generated migrations a branch made while its schema files
// settled (not yet on the base branch, `main` unless `--base <ref>` says otherwise) become one,
// so what is released is one step per change, not every intermediate try. The folded migration
// lists the names it replaces: a development database that ran them records it instead (db.ts).
import { execFile } from 'node:child_process';
import { unlink, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { ColumnSpec, MigrationStep, TableSpec } from './migration-steps';
import { describeSteps, generatedMigrationModule, historyIndexModule, historyIndexUrl, loadHistory, migrationsDir, newMigrationName, type HistoryEntry } from './migrationHistory';
import { SchemaError } from './entities';

/** The same change in fewer steps: what a later step undoes or adds to an earlier one is merged. */
export function compactSteps(steps: readonly MigrationStep[]): MigrationStep[] {
  let out: MigrationStep[] = [];
  const createdAt = (table: string) => out.findIndex((s) => s.op === 'createTable' && s.table === table);
  const withColumns = (index: number, change: (columns: TableSpec) => TableSpec) => {
    const created = out[index];
    if (created?.op === 'createTable') out[index] = { ...created, columns: change({ ...created.columns }) };
  };
  for (const step of steps) {
    const created = createdAt(step.table);
    switch (step.op) {
      case 'addColumn':
        // A column added to a table made in this fold is one of its columns (no row needs a slug).
        if (created >= 0) {
          withColumns(created, (columns) => ({ ...columns, [step.column]: step.spec }));
          continue;
        }
        break;
      case 'dropColumn': {
        const added = out.findIndex((s) => s.op === 'addColumn' && s.table === step.table && s.column === step.column);
        if (added >= 0) {
          out = out.filter((s, i) => i !== added && !(s.op === 'createIndex' && s.table === step.table && s.column === step.column));
          continue;
        }
        if (created >= 0) {
          withColumns(created, ({ [step.column]: _dropped, ...rest }) => rest);
          continue;
        }
        break;
      }
      case 'createIndex':
        if (created >= 0) {
          withColumns(created, (columns) => {
            const spec: ColumnSpec | undefined = columns[step.column];
            return spec ? { ...columns, [step.column]: { ...spec, index: step.name } } : columns;
          });
          continue;
        }
        break;
      case 'dropIndex': {
        const made = out.findIndex((s) => s.op === 'createIndex' && s.name === step.name);
        if (made >= 0) {
          out.splice(made, 1);
          continue;
        }
        if (created >= 0) {
          withColumns(created, (columns) => Object.fromEntries(Object.entries(columns).map(([name, spec]) => [name, withoutIndex(spec, step.name)])));
          continue;
        }
        break;
      }
      case 'dropTable':
        if (created >= 0) {
          out = out.filter((s) => s.table !== step.table);
          continue;
        }
        break;
      case 'renameColumn': {
        // A column made in this fold is made under its final name.
        const added = out.findIndex((s) => s.op === 'addColumn' && s.table === step.table && s.column === step.from);
        const addedStep = out[added];
        if (addedStep?.op === 'addColumn') {
          out[added] = { ...addedStep, column: step.to };
          continue;
        }
        if (created >= 0) {
          withColumns(created, (columns) => Object.fromEntries(Object.entries(columns).map(([name, spec]) => [name === step.from ? step.to : name, spec])));
          continue;
        }
        break;
      }
      case 'dropUnique': {
        const made = out.findIndex((s) => s.op === 'createUnique' && s.name === step.name);
        if (made >= 0) {
          out.splice(made, 1);
          continue;
        }
        break;
      }
      case 'createTable':
      case 'createUnique':
        break;
    }
    out.push(step);
  }
  return out;
}

function withoutIndex(spec: ColumnSpec, index: string): ColumnSpec {
  if (spec.index !== index) return spec;
  const { index: _dropped, ...rest } = spec;
  return rest;
}

/** The generated migrations to fold: those the base does not have, which must end the history. */
export function unreleasedTail(entries: readonly HistoryEntry[], released: ReadonlySet<string>): HistoryEntry[] {
  const first = entries.findIndex((e) => !released.has(e.file));
  if (first < 0) return [];
  const tail = entries.slice(first);
  const handWritten = tail.find((e) => !e.generated);
  if (handWritten) {
    throw new SchemaError(`${handWritten.file} is hand-written and not on the base branch: fold before writing it, or release the generated ones first`);
  }
  return tail;
}

async function releasedFiles(base: string): Promise<Set<string>> {
  const run = promisify(execFile);
  // From the project's root: ls-tree lists paths relative to where it runs.
  const root = fileURLToPath(new URL('../', import.meta.url));
  const { stdout } = await run('git', ['ls-tree', '--name-only', `${base}:server/platform/migrations/`], { cwd: root }).catch(() => {
    throw new SchemaError(`git does not know ${base}: name the released branch with --base <ref>`);
  });
  return new Set(stdout.split('\n').filter(Boolean));
}

async function main(): Promise<void> {
  const baseAt = process.argv.indexOf('--base');
  const base = baseAt >= 0 ? (process.argv[baseAt + 1] ?? 'main') : 'main';
  const history = await loadHistory();
  const tail = unreleasedTail(history.entries, await releasedFiles(base));
  if (tail.length < 2) {
    console.log(`nothing to fold: ${tail.length} generated migration${tail.length === 1 ? '' : 's'} not on ${base}`);
    return;
  }
  const steps = compactSteps(tail.flatMap((e) => e.generated?.steps ?? []));
  const kept = history.entries.filter((e) => !tail.includes(e));
  const name = newMigrationName(history.entries, describeSteps(steps));
  const folded: HistoryEntry = { name, file: `${name}.gen.ts`, generated: { replaces: tail.map((e) => e.name), steps } };
  await writeFile(new URL(folded.file, migrationsDir), generatedMigrationModule({ replaces: tail.map((e) => e.name), steps }));
  for (const entry of tail) await unlink(new URL(entry.file, migrationsDir));
  await writeFile(historyIndexUrl, historyIndexModule([...kept, folded]));
  console.log(`folded ${tail.map((e) => e.name).join(', ')} into ${name} (${steps.length} step${steps.length === 1 ? '' : 's'})`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await main();
  } catch (error) {
    if (!(error instanceof SchemaError)) throw error;
    console.error(`migrations:fold: ${error.message}`);
    process.exit(1);
  }
}
