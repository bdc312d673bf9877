// The parent's own view: their profile, their children and the children's classes (the learner
// dashboard).
// GET /api/Learner/Schedule answers, per child, the weekly timetable of the courses the child is
// actively enrolled in, the next session that is not cancelled, the child's attendance per course
// and, for online courses only, the class link: read here for the enrolled child's parent and
// nobody else. PUT /api/Learner/Profile edits the parent's name, mobile and email with the
// sign-up rules; changing a sign-in identifier (the mobile, the email) needs the current password.
import type { FastifyRequest } from 'fastify';
import { timetableOf } from '../classes/port';
import { createChild, deleteChild, listChildren, updateChild } from './children';
import * as v from 'valibot';
import type { components } from '../../../codegen/openapi.gen';
import { academyClock, academyDayOf, dayKey } from '../../../schema/rules/calendar';
import { registry } from '../../../schema/registry.gen';
import { ProfileSchema } from '../../../schema/rules/forms/profileRules';
import { Attempts } from '../../platform/slidingCounters';
import { recordAudit } from '../../engine/audit';
import { changesRecord } from '../../engine/crud';
import { authTexts, verifyPassword, maxPasswordFailures, passwordWindowMs, sessionTexts } from '../identity/port';
import type { DB } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import { currentUser, given, parse, type Register } from '../../platform/http';

type Schemas = components['schemas'];
type CourseSchedule = Schemas['ChildCourseSchedule'];

export const familyTexts = {
  passwordForIdentifier: 'برای تغییر شماره موبایل یا ایمیل، رمز عبور فعلی را وارد کنید',
  userNotFound: 'کاربر یافت نشد',
} as const;

const pad = (n: number) => String(n).padStart(2, '0');
const courseType = (type: string): 'online' | 'offline' => (type === 'online' ? 'online' : 'offline');
const markedStatuses = ['present', 'absent', 'excused'] as const;
type Marked = (typeof markedStatuses)[number];
const isMarked = (status: string): status is Marked => markedStatuses.some((s) => s === status);

/** The learner's children with their timetable, next session and attendance. */
export async function scheduleOf(db: DB, userId: number, now: Date = new Date()): Promise<Schemas['LearnerSchedule']> {
  const children = await db.selectFrom('children').select(['id', 'firstName', 'lastName']).where('userId', '=', userId).orderBy('id').execute();
  if (children.length === 0) return { children: [] };
  const childIds = children.map((c) => c.id);
  // The dated sessions to come, cancelled and moved ones included (the schedule's one reading).
  const upcomingByChild = new Map((await timetableOf(db, userId, now.getTime())).map((t) => [t.childId, t.sessions]));
  const enrolments = await db
    .selectFrom('enrollments')
    .innerJoin('courses', 'courses.id', 'enrollments.courseId')
    .leftJoin('categories', 'categories.id', 'courses.categoryId')
    .select([
      'enrollments.childId',
      'courses.id as courseId',
      'courses.title',
      'courses.slug',
      'courses.type',
      'courses.address',
      'courses.room',
      'courses.classLink',
      'categories.slug as categorySlug',
    ])
    .where('enrollments.childId', 'in', childIds)
    .where('enrollments.status', '=', 'active')
    .orderBy('enrollments.id')
    .execute();
  const courseIds = [...new Set(enrolments.map((e) => e.courseId))];
  const slots =
    courseIds.length === 0
      ? []
      : await db
          .selectFrom('course_slots')
          .select(['courseId', 'weekday', 'startTime', 'endTime'])
          .where('courseId', 'in', courseIds)
          .orderBy('weekday')
          .orderBy('startTime')
          .execute();
  // From two days back: a stored date is an instant, and the day it names is read locally below.
  const from = new Date(now.getTime() - 2 * 86_400_000).toISOString();
  const upcoming =
    courseIds.length === 0
      ? []
      : await db
          .selectFrom('class_sessions')
          .select(['id', 'courseId', 'date', 'startTime', 'endTime', 'room', 'note', 'movedFrom'])
          .where('courseId', 'in', courseIds)
          .where('status', '=', 'scheduled')
          .where('date', '>=', from)
          .orderBy('date')
          .orderBy('startTime')
          .execute();
  const today = dayKey(academyDayOf(now));
  const clock = academyClock(now);
  const time = `${pad(clock.hour)}:${pad(clock.minute)}`;
  const ahead = upcoming.filter((s) => {
    if (!s.date) return false;
    const day = dayKey(academyDayOf(new Date(s.date)));
    return day > today || (day === today && s.endTime > time);
  });
  const marks = await db
    .selectFrom('attendance')
    .innerJoin('class_sessions', 'class_sessions.id', 'attendance.sessionId')
    .select(['attendance.childId', 'attendance.sessionId', 'attendance.status', 'attendance.note', 'class_sessions.courseId', 'class_sessions.date', 'class_sessions.startTime'])
    .where('attendance.childId', 'in', childIds)
    .where('attendance.status', '<>', 'unmarked')
    .orderBy('class_sessions.date', 'desc')
    .execute();

  return {
    children: children.map((child) => {
      const own = enrolments.filter((e) => e.childId === child.id);
      const courses: CourseSchedule[] = own.map((e) => {
        const type = courseType(e.type);
        const records = marks.flatMap((m) =>
          m.childId === child.id && m.courseId === e.courseId && isMarked(m.status)
            ? [{ sessionId: m.sessionId, date: m.date, startTime: m.startTime, status: m.status, note: m.note }]
            : [],
        );
        const count = (status: Marked) => records.filter((r) => r.status === status).length;
        const course: CourseSchedule = {
          courseId: e.courseId,
          title: e.title,
          slug: e.slug,
          categorySlug: e.categorySlug ?? '',
          type,
          address: type === 'offline' ? e.address : '',
          room: type === 'offline' ? e.room : '',
          slots: slots.filter((s) => s.courseId === e.courseId).map((s) => ({ weekday: s.weekday, startTime: s.startTime, endTime: s.endTime })),
          attendance: { present: count('present'), absent: count('absent'), excused: count('excused') },
          records,
        };
        // The link is the enrolled child's parent's alone (and an admin's, in the panel).
        if (type === 'online' && e.classLink !== '') course.classLink = e.classLink;
        return course;
      });
      const next = ahead.find((s) => own.some((e) => e.courseId === s.courseId));
      const nextCourse = next ? courses.find((c) => c.courseId === next.courseId) : undefined;
      let nextSession: Schemas['ScheduledSession'] | null = null;
      if (next?.date && nextCourse) {
        nextSession = {
          sessionId: next.id,
          courseId: next.courseId,
          title: nextCourse.title,
          type: nextCourse.type,
          date: next.date,
          startTime: next.startTime,
          endTime: next.endTime,
          address: nextCourse.address,
          // A session may meet in another room than the course's.
          room: nextCourse.type === 'offline' ? next.room || nextCourse.room : '',
          note: next.note,
          moved: next.movedFrom !== null,
        };
        if (nextCourse.classLink !== undefined) nextSession.classLink = nextCourse.classLink;
      }
      return { childId: child.id, childName: `${child.firstName} ${child.lastName}`.trim(), courses, nextSession, sessions: upcomingByChild.get(child.id) ?? [] };
    }),
  };
}

const objectMessage = 'بدنه درخواست باید یک شیء JSON باشد';
const profileBody = v.object(ProfileSchema.entries, objectMessage);
const profileLabels = { firstName: 'نام', lastName: 'نام خانوادگی', phoneNumber: 'شماره موبایل', emailAddress: 'ایمیل' };

const isUniqueViolation = (error: unknown, column: string) =>
  error instanceof Error && /UNIQUE constraint failed|duplicate key/i.test(error.message) && error.message.includes(column);

/** GET /api/Me */
export async function readProfile(db: DB, request: FastifyRequest): Promise<Schemas['Profile']> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'firstName', 'lastName', 'phoneNumber', 'emailAddress', 'role'])
    .where('id', '=', currentUser(request).id)
    .executeTakeFirst();
  if (!user) throw new HttpError(404, familyTexts.userNotFound);
  return { ...user, role: user.role === 300 ? 300 : user.role === 1 ? 1 : 0 };
}


/** The parent's own calls: profile, children, their classes. */
export function registerFamily(register: Register, db: DB): void {
  const attempts = new Attempts(db);
  register('GET /api/Me', 'learner', given(db, readProfile));
  register('GET /api/Children', 'learner', given(db, listChildren));
  register('POST /api/Children/Create', 'learner', given(db, createChild));
  register('PUT /api/Children/Update', 'learner', given(db, updateChild));
  register('DELETE /api/Children/Delete', 'learner', given(db, deleteChild));
  register('GET /api/Learner/Schedule', 'learner', learnerSchedule);
  register('PUT /api/Learner/Profile', 'learner', updateProfile);

  async function learnerSchedule(request: FastifyRequest) {
    return scheduleOf(db, currentUser(request).id);
  }

  async function updateProfile(request: FastifyRequest): Promise<Schemas['Profile']> {
    const actor = currentUser(request);
    const body = parse(profileBody, request.body, profileLabels);
    const user = await db.selectFrom('users').selectAll().where('id', '=', actor.id).executeTakeFirst();
    if (!user) throw new HttpError(404, familyTexts.userNotFound);
    // The mobile and the email are what the owner signs in with: a stolen token must not move them.
    if (body.phoneNumber !== user.phoneNumber || body.emailAddress !== user.emailAddress.toLowerCase()) {
      if (body.currentPassword === '') throw new HttpError(400, familyTexts.passwordForIdentifier);
      // The same guess budget as a password change (one bucket for both).
      const bucket = `password:${actor.id}`;
      await attempts.record(bucket);
      if ((await attempts.count(bucket, passwordWindowMs)) > maxPasswordFailures) throw new HttpError(429, sessionTexts.tooMany);
      if (!(await verifyPassword(body.currentPassword, user.passwordHash))) throw new HttpError(400, sessionTexts.wrongPassword);
      await attempts.clear(bucket);
    }
    const phoneTaken = await db.selectFrom('users').select('id').where('phoneNumber', '=', body.phoneNumber).where('id', '<>', actor.id).executeTakeFirst();
    if (phoneTaken) throw new HttpError(409, authTexts.phoneTaken);
    if (body.emailAddress !== '') {
      const emailTaken = await db.selectFrom('users').select('id').where('emailAddress', '=', body.emailAddress).where('id', '<>', actor.id).executeTakeFirst();
      if (emailTaken) throw new HttpError(409, authTexts.emailTaken);
    }
    const values = { firstName: body.firstName, lastName: body.lastName, phoneNumber: body.phoneNumber, emailAddress: body.emailAddress };
    try {
      // Saved as it was: nothing is written, so no entry stands before an admin's undo of a real change.
      const unchanged = !changesRecord(registry.users, user, values, new Map());
      const saved = unchanged ? user : await db.transaction().execute(async (trx) => {
        const after = await trx
          .updateTable('users')
          .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
          .where('id', '=', actor.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        // The admins' trail shows the owner's own edits beside theirs.
        await recordAudit(trx, { actor, entity: registry.users, recordId: actor.id, action: 'update', before: user, after });
        return after;
      });
      return {
        id: saved.id,
        firstName: saved.firstName,
        lastName: saved.lastName,
        phoneNumber: saved.phoneNumber,
        emailAddress: saved.emailAddress,
        role: saved.role === 300 ? 300 : saved.role === 1 ? 1 : 0,
      };
    } catch (error) {
      // Two accounts taking one number at the same moment: the unique index decides.
      if (isUniqueViolation(error, 'phoneNumber')) throw new HttpError(409, authTexts.phoneTaken);
      if (isUniqueViolation(error, 'emailAddress')) throw new HttpError(409, authTexts.emailTaken);
      throw error;
    }
  }
}
