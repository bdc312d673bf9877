// The migration history as Kysely runs it. A static provider: every migration is imported (through
// the index codegen writes, history.gen.ts), not read from disk, so it works from any cwd and
// inside a bundle. Hand-written migrations are modules of this folder; the entity tables' are
// data codegen made from the schema files, applied by ./generated.ts.
import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { generatedMigration } from './generated';
import { migrationHistory } from './history.gen';
import { compareMigrationNames } from './order';

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

export function migratorFor<Tables>(db: Kysely<Tables>): Migrator {
  // Unordered: a migration written on a branch may land after later-named ones already ran.
  return new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true, nameComparator: compareMigrationNames });
}
