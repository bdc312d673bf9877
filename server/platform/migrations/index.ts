// The migration history as Kysely runs it. A static provider: every migration is imported (through
// the index codegen writes, history.gen.ts), not read from disk, so it works from any cwd and
// inside a bundle. Hand-written migrations are modules of this folder; the entity tables' are
// data codegen made from the schema files, applied by ./generated.ts.
import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { generatedMigration } from './generated';
import { migrationHistory } from './history.gen';
import { compareMigrationNames, migrationEra } from '../../../codegen/migrationOrder';

const migrations: Record<string, Migration> = Object.fromEntries(
  migrationHistory.map((file) => [file.name, 'generated' in file ? generatedMigration(file.generated) : file.migration]),
);

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

/** Migrations folded from unreleased ones, with the names they replace. */
export const foldedMigrations: ReadonlyArray<{ name: string; replaces: readonly string[] }> = migrationHistory.flatMap((file) =>
  'generated' in file && file.generated.replaces ? [{ name: file.name, replaces: file.generated.replaces }] : [],
);

export function migratorFor<Tables>(db: Kysely<Tables>, provider: MigrationProvider = migrationProvider): Migrator {
  // Unordered: a migration written on a branch may land after later-named ones already ran.
  return new Migrator({ db, provider, allowUnorderedMigrations: true, nameComparator: compareMigrationNames });
}

/**
 * One migrator per era of names (./order.ts), each knowing the migrations of its era and the
 * earlier ones, to be run in turn. Kysely runs the pending migrations in plain name order
 * whatever its comparator says, which would put a stamped migration (20261128…) before the g00N
 * ones it builds on (a column added to a table g004 made) on a new database; within one era,
 * name order is the history's. Each also knows those already run (`ran`), which Kysely requires.
 */
export function migratorsInOrder<Tables>(db: Kysely<Tables>, ran: ReadonlySet<string>): Migrator[] {
  return historyEras().map((era) => {
    const known = Object.fromEntries(Object.entries(migrations).filter(([name]) => migrationEra(name) <= era || ran.has(name)));
    return migratorFor(db, { getMigrations: () => Promise.resolve(known) });
  });
}

/**
 * Migrates a new database up to `target` and no further, era by era as `migrate` does (Kysely's
 * own `migrateTo` would run the stamped migrations first, their names sorting before g00N):
 * for a test that writes rows as they stood before one migration and then runs it.
 */
export async function migrateNewDatabaseTo<Tables>(db: Kysely<Tables>, target: string): Promise<unknown> {
  const eras = historyEras();
  const migrators = migratorsInOrder(db, new Set());
  for (const [index, migrator] of migrators.entries()) {
    const reached = eras[index] === migrationEra(target);
    const { error } = reached ? await migrator.migrateTo(target) : await migrator.migrateToLatest();
    if (error || reached) return error;
  }
  return undefined;
}

/** The eras the history's names fall in, earliest first: one migrator each. */
function historyEras(): number[] {
  return [...new Set(migrationHistory.map((file) => migrationEra(file.name)))].sort((a, b) => a - b);
}
