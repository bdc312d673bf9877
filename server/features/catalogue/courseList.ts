// The public course lists: the catalogue's search, a category's and a teacher's courses, one
// course, its related courses. The database filters, sorts and pages, so every query has a fixed
// size and every answer a bounded one, however many courses the academy holds: only the page's
// own courses (at most coursePageSize) are looked up by id, for their slots, seats and teacher.
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { components } from '../../../codegen/openapi.gen';
import { coursePageSize, jalaliDayStart, type CourseSearch } from '../../../schema/rules/courseFilters';
import { foldForSearch } from '../../../schema/rules/text';
import type { Database, DB } from '../../platform/db';
import { publicCourseView, publicTeacher, publicTeacherColumns } from '../../engine/publicViews.gen';
import { earlyBirdActive, registrationOpen, takenSeats } from '../commerce/port';

type Schemas = components['schemas'];

/** Which courses a list is drawn from besides the search: a category's page, a teacher's. */
export interface CourseScope {
  categoryId?: number;
  teacherId?: number;
}

type Joined = Database & { teacher: Database['teachers'] };
type Offered<O = object> = SelectQueryBuilder<Joined, 'courses' | 'categories' | 'teacher', O>;

/** Active courses of active categories, with their category and (when they have one) teacher. */
function offered(db: DB): Offered {
  return db
    .selectFrom('courses')
    .innerJoin('categories', 'categories.id', 'courses.categoryId')
    .leftJoin('teachers as teacher', 'teacher.id', 'courses.techerId')
    .where('courses.inActive', '=', 0)
    .where('categories.inActive', '=', 0);
}

type Where = ExpressionBuilder<Joined, 'courses' | 'categories' | 'teacher'>;

/** The search's filters except the words (those are folded in JavaScript, see pageOfCourses). */
function filtered(query: Offered, search: CourseSearch, scope: CourseScope): Offered {
  let q = query;
  if (scope.categoryId !== undefined) q = q.where('courses.categoryId', '=', scope.categoryId);
  if (scope.teacherId !== undefined) q = q.where('courses.techerId', '=', scope.teacherId);
  const { age, day, from } = search;
  // A bound of 0 is no bound.
  if (age !== undefined) {
    q = q.where((eb: Where) =>
      eb.and([
        eb.or([eb('courses.ageMin', '<=', 0), eb('courses.ageMin', '<=', age)]),
        eb.or([eb('courses.ageMax', '<=', 0), eb('courses.ageMax', '>=', age)]),
      ]),
    );
  }
  if (search.category) q = q.where('categories.slug', '=', search.category);
  if (search.type) q = q.where('courses.type', '=', search.type);
  if (day !== undefined) {
    q = q.where((eb: Where) =>
      eb.exists(eb.selectFrom('course_slots').select('course_slots.id').whereRef('course_slots.courseId', '=', 'courses.id').where('course_slots.weekday', '=', day)),
    );
  }
  if (search.priceMin !== undefined) q = q.where('courses.priceInTomans', '>=', search.priceMin);
  if (search.priceMax !== undefined) q = q.where('courses.priceInTomans', '<=', search.priceMax);
  // Moments are stored as ISO instants (toISOString), which compare as text in time order.
  if (from) q = q.where('courses.timeOfHolding', '>=', new Date(jalaliDayStart(from)).toISOString());
  if (search.difficulty) q = q.where('courses.difficulty', '=', search.difficulty);
  return q;
}

/** Soonest first, courses without a date last; by price first when asked. Ties by id, so pages never overlap. */
function sorted<O>(query: Offered<O>, sort: CourseSearch['sort']): Offered<O> {
  let q = query;
  if (sort === 'price-asc') q = q.orderBy('courses.priceInTomans', 'asc');
  if (sort === 'price-desc') q = q.orderBy('courses.priceInTomans', 'desc');
  return q.orderBy(sql`${sql.ref('courses.timeOfHolding')} is null`).orderBy('courses.timeOfHolding').orderBy('courses.id');
}

/** What a search's words are matched against: title, category, teacher, prerequisite (folded as the admin's search). */
const searchedText = (course: { title: string; categoryName: string; teacherName: string | null; prerequisite: string }) =>
  foldForSearch([course.title, course.categoryName, course.teacherName ?? '', course.prerequisite].join('\u0001'));

/** The courses with these ids, in this order, as the public sees them. `ids` is one page at most. */
async function coursesByIds(db: DB, ids: readonly number[]): Promise<Schemas['PublicCourse'][]> {
  if (ids.length === 0) return [];
  const rows = await offered(db)
    .selectAll('courses')
    .select(['categories.slug as categorySlug', 'categories.name as categoryName'])
    .where('courses.id', 'in', ids)
    .execute();
  const teacherIds = [...new Set(rows.map((r) => r.techerId).filter((id) => id > 0))];
  const teachers = new Map(
    (teacherIds.length ? await db.selectFrom('teachers').select(publicTeacherColumns).where('id', 'in', teacherIds).execute() : []).map((t) => [t.id, publicTeacher(t)]),
  );
  const slots = await db
    .selectFrom('course_slots')
    .select(['courseId', 'weekday', 'startTime', 'endTime'])
    .where('courseId', 'in', ids)
    .orderBy('weekday')
    .orderBy('startTime')
    .execute();
  const seatsTaken = await takenSeats(db, rows.filter((r) => r.capacity > 0).map((r) => r.id));
  const now = Date.now();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id): Schemas['PublicCourse'][] => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        // What schema/courses.ts lets the public see, then what only the server can tell.
        ...publicCourseView(row),
        registrationOpen: registrationOpen(row, now),
        seatsLeft: row.capacity > 0 ? Math.max(0, Number(row.capacity) - (seatsTaken.get(row.id) ?? 0)) : null,
        weeklySlots: slots
          .filter((slot) => slot.courseId === row.id)
          .map((slot) => ({ weekday: Number(slot.weekday), startTime: slot.startTime, endTime: slot.endTime })),
        category: { slug: row.categorySlug, name: row.categoryName },
        teacher: teachers.get(row.techerId) ?? null,
        // The early-bird price while it lasts (server/features/commerce/discounts.ts decides, as the cart does).
        ...(earlyBirdActive(
          { priceInTomans: Number(row.priceInTomans), earlyBirdPriceInTomans: Number(row.earlyBirdPriceInTomans), earlyBirdUntil: row.earlyBirdUntil },
          now,
        ) && row.earlyBirdUntil
          ? { earlyBird: { priceInTomans: Number(row.earlyBirdPriceInTomans), until: row.earlyBirdUntil } }
          : {}),
      },
    ];
  });
}

/**
 * One page of the courses that pass `search` within `scope`. Without words the database counts
 * and pages; with words it sends the filtered courses' searched fields only (a few short strings
 * each), which are folded here as everywhere else, and the page's courses are then read by id.
 */
export async function pageOfCourses(db: DB, search: CourseSearch, scope: CourseScope = {}): Promise<Schemas['PublicCoursePage']> {
  const page = search.page ?? 1;
  const offset = (page - 1) * coursePageSize;
  const base = filtered(offered(db), search, scope);
  let total: number;
  let ids: number[];
  if (search.q) {
    const needle = foldForSearch(search.q);
    const candidates = await sorted(base.select(['courses.id', 'courses.title', 'courses.prerequisite', 'categories.name as categoryName', 'teacher.fullName as teacherName']), search.sort).execute();
    const matching = candidates.filter((course) => searchedText(course).includes(needle));
    total = matching.length;
    ids = matching.slice(offset, offset + coursePageSize).map((course) => course.id);
  } else {
    const counted = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst();
    total = Number(counted?.total ?? 0);
    ids = offset < total ? (await sorted(base.select('courses.id'), search.sort).limit(coursePageSize).offset(offset).execute()).map((row) => row.id) : [];
  }
  return { courses: await coursesByIds(db, ids), total, page, pageSize: coursePageSize, pageCount: Math.ceil(total / coursePageSize) };
}

/** One active course by its slug. */
export async function offeredCourse(db: DB, slug: string): Promise<Schemas['PublicCourse'] | undefined> {
  const row = await offered(db).select('courses.id').where('courses.slug', '=', slug).executeTakeFirst();
  return row ? (await coursesByIds(db, [row.id]))[0] : undefined;
}

const relatedCount = 4;

/**
 * Up to four others: the same category first (soonest first), then the nearest age range (how
 * many years apart the two ranges are, 0 when they overlap, a missing bound open), soonest first
 * among equals.
 */
export async function relatedCourses(db: DB, course: Schemas['PublicCourse']): Promise<Schemas['PublicCourse'][]> {
  const others = offered(db).where('courses.id', '<>', course.id);
  const sameCategory = await sorted(others.select('courses.id').where('categories.slug', '=', course.category.slug), undefined).limit(relatedCount).execute();
  let ids = sameCategory.map((row) => row.id);
  if (ids.length < relatedCount) {
    // Below: the other course's whole range lies under this one's; above: over it. At most one is positive.
    const below = course.ageMin > 0 ? sql`case when ${sql.ref('courses.ageMax')} > 0 then ${sql.lit(course.ageMin)} - ${sql.ref('courses.ageMax')} else 0 end` : sql`0`;
    const above = course.ageMax > 0 ? sql`${sql.ref('courses.ageMin')} - ${sql.lit(course.ageMax)}` : sql`0`;
    const gap = sql`case when ${below} > 0 then ${below} when ${above} > 0 then ${above} else 0 end`;
    const nearest = await others
      .select('courses.id')
      .where('categories.slug', '<>', course.category.slug)
      .orderBy(gap)
      .orderBy(sql`${sql.ref('courses.timeOfHolding')} is null`)
      .orderBy('courses.timeOfHolding')
      .orderBy('courses.id')
      .limit(relatedCount - ids.length)
      .execute();
    ids = [...ids, ...nearest.map((row) => row.id)];
  }
  return coursesByIds(db, ids);
}

/** Every offered course's address parts (the sitemap): two short strings each, read in one query. */
export async function offeredCourseAddresses(db: DB): Promise<Array<{ slug: string; categorySlug: string }>> {
  return offered(db).select(['courses.slug', 'categories.slug as categorySlug']).orderBy('courses.id').execute();
}
