// Once per test run: the test servers' administrator password hashed at the run's cost (the real
// 2^17 in the security suite), handed to every file (tests/support/server.ts). Each test server
// seeds its administrator with this string instead of hashing the same password again, which at
// the real cost took a second of CPU per server started.
// On PostgreSQL, also once per run: a database with every migration run, which each test server's
// database is copied from (tests/support/postgres-db.ts), dropped when the run ends.
import type { TestProject } from 'vitest/node';
import { hashPassword } from '../../server/features/identity/passwords';
import { createMigratedTemplate, dropTemplate, usePostgres } from './postgres-db';
import { adminPassword } from './server-accounts';

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('adminPasswordHash', await hashPassword(adminPassword));
  const template = usePostgres ? await createMigratedTemplate() : '';
  project.provide('postgresTemplate', template);
  return async () => {
    if (template) await dropTemplate(template);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    adminPasswordHash: string;
    /** The migrated database test servers start from on PostgreSQL; empty on SQLite. */
    postgresTemplate: string;
  }
}
