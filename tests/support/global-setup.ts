// Once per test run: the test servers' administrator password hashed at the run's cost (the real
// 2^17 in the security suite), handed to every file (tests/support/server.ts). Each test server
// seeds its administrator with this string instead of hashing the same password again, which at
// the real cost took a second of CPU per server started.
import type { TestProject } from 'vitest/node';
import { hashPassword } from '../../server/features/identity/passwords';
import { adminPassword } from './server-accounts';

export async function setup(project: TestProject): Promise<void> {
  project.provide('adminPasswordHash', await hashPassword(adminPassword));
}

declare module 'vitest' {
  export interface ProvidedContext {
    adminPasswordHash: string;
  }
}
