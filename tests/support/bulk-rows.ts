// Many courses at once, for the scale test of the public pages (tests/server/catalogue/public-scale.test.ts)
// and the benches (scripts/bench/bulk.ts): inserted straight into a server's database (SQLite in
// WAL mode lets the server keep reading while this writes; PostgreSQL through a second pool), in
// chunks inside one transaction. Every tenth course is inactive; all of them are in the first
// category and have the first teacher, the worst case for a category's and a teacher's page.
import type { Insertable } from 'kysely';
import { nowIso, type CoursesTable, type DB } from '../../server/platform/db';

const chunk = 1_000;

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
