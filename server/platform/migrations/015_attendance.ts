// Attendance (schema/attendance.ts, a server-owned table): one row per child per class session,
// made for the children actively enrolled when the admin opens the roll («حضور و غیاب»), then
// marked present, absent or excused. A child appears once per session (the unique index), so two
// admins opening the roll at once cannot make a second row. The session is referred to without a
// foreign key: class_sessions is made by a generated migration that runs after this one on a new
// database; the engine refuses deleting a session that has attendance instead.
import type { Kysely } from 'kysely';
import { withId } from './001_initial';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('attendance'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sessionId', 'integer', (c) => c.notNull())
    .addColumn('childId', 'integer', (c) => c.notNull().references('children.id').onDelete('cascade'))
    .addColumn('enrollmentId', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('unmarked'))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('takenBy', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('takenAt', 'text')
    .execute();
  await db.schema.createIndex('attendance_session_child_unique').on('attendance').columns(['sessionId', 'childId']).unique().execute();
  await db.schema.createIndex('attendance_childId_idx').on('attendance').column('childId').execute();
}
