// A static provider: migrations are imported, not read from disk, so they work from any cwd
// and inside a bundle. Add new ones here in order.
import type { Migration, MigrationProvider } from 'kysely/migration';
import * as m001 from './001_initial';
import * as m003 from './003_saved_views';

const migrations: Record<string, Migration> = {
  '001_initial': m001,
  '003_saved_views': m003,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
