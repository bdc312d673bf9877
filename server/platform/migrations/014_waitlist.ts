// The waiting list of full courses: one entry per child and course, written by
// the server only (server/features/commerce/seats.ts) and presented by schema/waitlist.ts. `status` moves
// waiting → offered (a freed seat held for the child until `holdUntil`) → enrolled, or to
// expired (the hold ran out) / left (the parent or an admin took the child off the list); a child
// who joins again reuses the row and goes to the end of the list (`joinedAt`). `position` is the
// place among those still waiting (1 = next), renumbered by the server on every change; 0 otherwise.
import type { Kysely } from 'kysely';
import { withId } from './001_initial';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('waitlist_entries'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('courseId', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('childId', 'integer', (c) => c.notNull().references('children.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('waiting'))
    .addColumn('joinedAt', 'text', (c) => c.notNull())
    .addColumn('offeredAt', 'text')
    .addColumn('holdUntil', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('waitlist_child_course', ['childId', 'courseId'])
    .execute();
  await db.schema.createIndex('waitlist_course_status').on('waitlist_entries').columns(['courseId', 'status']).execute();
}
