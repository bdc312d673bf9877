// The one migration history (server/platform/migrations/): hand-written modules and generated
// data files side by side, in the order of server/platform/migrations/order.ts. Codegen reads it,
// adds a generated migration when the schema files moved on from what the history made of the
// tables, and writes the index the server imports (history.gen.ts).
import { readdir } from 'node:fs/promises';
import type { AnyEntity } from '../schema/define';
import { compareMigrationNames, isStampedName, migrationEra, migrationStamp } from './migrationOrder';
import { applyToSnapshot, type GeneratedMigration, type MigrationStep, type SchemaSnapshot } from './migration-steps';
import { generatedHeader, SchemaError } from './entities';
import { diffTables, tablesOf } from './schemaMigrations';
import { tablesBaseline } from './tablesBaseline';

export const migrationsDir = new URL('../server/platform/migrations/', import.meta.url);
export const historyIndexUrl = new URL('history.gen.ts', migrationsDir);

export interface HistoryEntry {
  name: string;
  /** The file's name in the migrations folder. */
  file: string;
  /** The steps, for a generated migration; a hand-written one is a module the server imports. */
  generated?: GeneratedMigration;
}

export interface MigrationHistory {
  entries: readonly HistoryEntry[];
  /** The entity tables as the history leaves them: what the next diff starts from. */
  snapshot: SchemaSnapshot;
}

function isGeneratedModule(value: unknown): value is { generated: GeneratedMigration } {
  if (typeof value !== 'object' || value === null || !('generated' in value)) return false;
  const { generated } = value;
  return typeof generated === 'object' && generated !== null && 'steps' in generated && Array.isArray(generated.steps);
}

/** The tables after the baseline and every generated migration named in the current era. */
export function replay(entries: readonly HistoryEntry[]): SchemaSnapshot {
  let snapshot = tablesBaseline;
  for (const entry of entries) {
    if (!entry.generated || !isStampedName(entry.name)) continue;
    for (const step of entry.generated.steps) snapshot = applyToSnapshot(snapshot, step);
  }
  return snapshot;
}

export async function loadHistory(dir: URL = migrationsDir): Promise<MigrationHistory> {
  const entries: HistoryEntry[] = [];
  const seen = new Set<string>();
  for (const file of await readdir(dir)) {
    const name = file.replace(/(\.gen)?\.ts$/, '');
    if (!file.endsWith('.ts') || migrationEra(name) < 0) continue;
    if (seen.has(name)) throw new SchemaError(`server/platform/migrations: two files are named ${name}`);
    seen.add(name);
    if (!file.endsWith('.gen.ts')) {
      entries.push({ name, file });
      continue;
    }
    const loaded: unknown = await import(`${new URL(file, dir).href}?t=${Date.now()}`);
    if (!isGeneratedModule(loaded)) throw new SchemaError(`server/platform/migrations/${file} is not a generated migration`);
    entries.push({ name, file, generated: loaded.generated });
  }
  entries.sort((a, b) => compareMigrationNames(a.name, b.name));
  return { entries, snapshot: replay(entries) };
}

/** What a migration's steps do, for its name: create_rooms_alter_courses. */
export function describeSteps(steps: readonly MigrationStep[]): string {
  const created = steps.flatMap((s) => (s.op === 'createTable' ? [s.table] : []));
  const dropped = steps.flatMap((s) => (s.op === 'dropTable' ? [s.table] : []));
  const altered = [...new Set(steps.flatMap((s) => (s.op !== 'createTable' && s.op !== 'dropTable' && !created.includes(s.table) ? [s.table] : [])))];
  const tables = (names: string[]) => (names.length <= 2 ? names.join('_') : `${names.length}_tables`);
  const parts = [
    ...(created.length ? [`create_${tables(created)}`] : []),
    ...(altered.length ? [`alter_${tables(altered)}`] : []),
    ...(dropped.length ? [`drop_${tables(dropped)}`] : []),
  ];
  return parts.join('_').slice(0, 60).replace(/_+$/, '') || 'tables';
}

/** A name of the current era for a new migration, distinct from every name in the history. */
export function newMigrationName(entries: readonly HistoryEntry[], what: string, at: Date = new Date()): string {
  const taken = new Set(entries.map((e) => e.name));
  let second = at.getTime();
  let name = `${migrationStamp(new Date(second))}_${what}`;
  while (taken.has(name)) {
    second += 1000;
    name = `${migrationStamp(new Date(second))}_${what}`;
  }
  return name;
}

export interface NextHistory extends MigrationHistory {
  /** The migration the schema files call for now, when they moved on from the history. */
  added?: HistoryEntry;
}

/** The history with one more migration when the declared tables moved on from its snapshot. */
export function nextHistory(history: MigrationHistory, entities: readonly AnyEntity[], at: Date = new Date()): NextHistory {
  const declared = tablesOf(entities);
  const steps = diffTables(history.snapshot, declared, entities);
  if (steps.length === 0) return history;
  const name = newMigrationName(history.entries, describeSteps(steps), at);
  const added: HistoryEntry = { name, file: `${name}.gen.ts`, generated: { steps } };
  return { entries: [...history.entries, added].sort((a, b) => compareMigrationNames(a.name, b.name)), snapshot: declared, added };
}

/** A generated migration's file: one line per step, so a schema change reads as a small diff. */
export function generatedMigrationModule(migration: GeneratedMigration): string {
  const steps = migration.steps.map((step) => `    ${JSON.stringify(step)},`).join('\n');
  const replaces = migration.replaces ? `  replaces: ${JSON.stringify(migration.replaces)},\n` : '';
  return `${generatedHeader}import type { GeneratedMigration } from '../../../codegen/migration-steps';

export const generated: GeneratedMigration = {
${replaces}  steps: [
${steps}
  ],
};
`;
}

/** history.gen.ts: every migration of the folder, in the history's order, for the server to import. */
export function historyIndexModule(entries: readonly HistoryEntry[]): string {
  const id = (entry: HistoryEntry) => `m_${entry.name}`;
  const imports = entries.map((entry) =>
    entry.generated ? `import { generated as ${id(entry)} } from './${entry.name}.gen';` : `import * as ${id(entry)} from './${entry.name}';`,
  );
  const list = entries.map((entry) => `  { name: '${entry.name}', ${entry.generated ? 'generated' : 'migration'}: ${id(entry)} },`);
  return `${generatedHeader}// The migration history in its order (codegen/migrationOrder.ts): every hand-written module and generated file
// of this folder. Codegen writes it from the folder, so a new file of either kind joins it.
import type { MigrationFile } from '../../../codegen/migrationOrder';
${imports.join('\n')}

export const migrationHistory: readonly MigrationFile[] = [
${list.join('\n')}
];
`;
}
