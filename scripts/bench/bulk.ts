// Bulk rows for the benches: inserted straight into a running server's database (SQLite in WAL
// mode lets the server keep reading while this writes), in chunks inside one transaction.
import path from 'node:path';
import type { Insertable } from 'kysely';
import { nowIso, openDatabase, type DB, type UsersTable } from '../../server/platform/db';

// The courses are made as the server suite's scale test makes them (one place for both).
export { insertCourses } from '../../tests/support/bulk-rows';

export function openBenchDatabase(dataDir: string): DB {
  return openDatabase(path.join(dataDir, 'academy.sqlite'));
}

const chunk = 200;

export async function insertUsers(db: DB, count: number): Promise<void> {
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += chunk) {
      const rows = Array.from({ length: Math.min(chunk, count - start) }, (_, k): Insertable<UsersTable> => {
        const i = start + k;
        return {
          firstName: ['علی', 'سارا', 'محمد', 'زهرا', 'رضا'][i % 5] ?? '',
          lastName: `کاربر ${i}`,
          phoneNumber: `0935${String(i).padStart(7, '0')}`,
          emailAddress: `user${i}@bench.example`,
          // Never a valid scrypt hash: these accounts cannot sign in.
          passwordHash: '!',
          role: 1,
          isLockout: 0,
          lastLogin: null,
          createdAt: now,
          tokenVersion: 0,
        };
      });
      await trx.insertInto('users').values(rows).execute();
    }
  });
}

export const median = (values: number[]): number => {
  // A run that saw no change is NaN: it has no place in the order.
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
