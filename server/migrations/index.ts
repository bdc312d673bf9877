// A static provider: migrations are imported, not read from disk, so they work from any cwd
// and inside a bundle. Add new ones here in order.
import type { Migration, MigrationProvider } from 'kysely/migration';
import * as m001 from './001_initial';
import * as m002 from './002_team_safety';

const migrations: Record<string, Migration> = {
  '001_initial': m001,
  '002_team_safety': m002,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
