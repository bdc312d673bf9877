// A child moved to another course (the enrolments' `move` action) keeps the enrolment and the
// order that paid for it; `paidCourseId` remembers the course the order line was bought for, so a
// later refund of the enrolment pays back that line's price. Null while never moved.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('enrollments').addColumn('paidCourseId', 'integer').execute();
}
