// Bulk rows for the benches: inserted straight into a running server's database (SQLite in WAL
// mode lets the server keep reading while this writes), in chunks inside one transaction.
import path from 'node:path';
import type { Insertable } from 'kysely';
import { nowIso, openDatabase, type CoursesTable, type DB, type UsersTable } from '../../server/platform/db';

export function openBenchDatabase(dataDir: string): DB {
  return openDatabase(path.join(dataDir, 'academy.sqlite'));
}

const chunk = 200;

export async function insertCourses(db: DB, count: number, prefix = 'bench'): Promise<void> {
  const category = await db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow();
  const teacher = await db.selectFrom('teachers').select('id').orderBy('id').executeTakeFirstOrThrow();
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += chunk) {
      const rows = Array.from({ length: Math.min(chunk, count - start) }, (_, k): Insertable<CoursesTable> => {
        const i = start + k;
        return {
          title: `دوره آزمایشی شماره ${i} ${['رباتیک', 'پایتون', 'طراحی وب', 'هوش مصنوعی'][i % 4]}`,
          slug: `${prefix}-course-${i}`,
          durationInHours: 10 + (i % 40),
          timeOfHolding: new Date(Date.UTC(2026, i % 12, 1 + (i % 28))).toISOString(),
          registrationDeadline: null,
          priceInTomans: 1_000_000 + ((i * 7919) % 9_000_000),
          description: 'توضیح کوتاه دوره برای آزمون سرعت.',
          coverImage: 'course-1.png',
          coverVideo: '',
          headings: 'سرفصل یک\nسرفصل دو',
          prerequisite: '',
          techerId: teacher.id,
          categoryId: category.id,
          difficulty: (['introductory', 'advanced', 'bootcamps', ''] as const)[i % 4] ?? '',
          type: i % 2 ? 'online' : 'offline',
          inActive: i % 10 === 0 ? 1 : 0,
          createdAt: now,
        };
      });
      await trx.insertInto('courses').values(rows).execute();
    }
  });
}

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
