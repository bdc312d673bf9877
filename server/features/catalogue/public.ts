// The public catalogue (x-access public), robots.txt and sitemap.xml.
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { components } from '../../../codegen/openapi.gen';
import { filterCourses, parseCourseSearch } from '../../../schema/rules/courseFilters';
import { htmlToPlainText, truncate } from '../../../schema/rules/text';
import type { AppConfig } from '../../platform/config';
import type { CoursesTable, DB } from '../../platform/db';
import { publicArticleView, publicSections, publicCategoryView, publicCategoryViewColumns, publicCourseView, publicTeacher, publicTeacherColumns } from '../../engine/publicViews.gen';
import { HttpError } from '../../platform/errors';
import { parse, type Register } from '../../platform/http';
import { sanitizeRichText } from '../../platform/sanitize';
import { earlyBirdActive } from '../commerce/discounts';
import { takenSeats } from '../commerce/seats';
import type { Selectable } from 'kysely';

type Schemas = components['schemas'];
type CourseRow = Selectable<CoursesTable>;

export const publicTexts = {
  categoryNotFound: 'دسته‌بندی مورد نظر یافت نشد',
  courseNotFound: 'دوره مورد نظر یافت نشد',
  articleNotFound: 'مقاله مورد نظر یافت نشد',
  teacherNotFound: 'مدرس مورد نظر یافت نشد',
} as const;

const slugParams = v.object({
  slug: v.pipe(v.string('نشانی نامعتبر است'), v.minLength(1, 'نشانی نامعتبر است'), v.maxLength(200, 'نشانی نامعتبر است')),
});

export function registrationOpen(course: Pick<CourseRow, 'registrationDeadline'>, now = Date.now()): boolean {
  if (!course.registrationDeadline) return true;
  const deadline = Date.parse(course.registrationDeadline);
  return Number.isNaN(deadline) || deadline > now;
}

/** Soonest holding date first; courses without a date last. */
function bySoonest(a: CourseRow, b: CourseRow): number {
  const ta = a.timeOfHolding ? Date.parse(a.timeOfHolding) : Infinity;
  const tb = b.timeOfHolding ? Date.parse(b.timeOfHolding) : Infinity;
  return ta === tb ? a.id - b.id : ta - tb;
}

/** Seats spoken for in each course: see server/features/commerce/seats.ts (one rule for the pages, cart, checkout and settlement). */
export { takenSeats };

/** Active courses of active categories, with what a public course page shows. */
export async function publicCourses(db: DB, filter: { courseSlug?: string; categoryId?: number; teacherId?: number } = {}) {
  let query = db
    .selectFrom('courses')
    .innerJoin('categories', 'categories.id', 'courses.categoryId')
    .selectAll('courses')
    .select(['categories.slug as categorySlug', 'categories.name as categoryName'])
    .where('courses.inActive', '=', 0)
    .where('categories.inActive', '=', 0);
  if (filter.courseSlug !== undefined) query = query.where('courses.slug', '=', filter.courseSlug);
  if (filter.categoryId !== undefined) query = query.where('courses.categoryId', '=', filter.categoryId);
  if (filter.teacherId !== undefined) query = query.where('courses.techerId', '=', filter.teacherId);
  const rows = await query.execute();
  const teacherIds = [...new Set(rows.map((r) => r.techerId).filter((id) => id > 0))];
  const teachers = teacherIds.length
    ? await db.selectFrom('teachers').selectAll().where('id', 'in', teacherIds).execute()
    : [];
  const courseIds = rows.map((r) => r.id);
  const slots = courseIds.length
    ? await db.selectFrom('course_slots').select(['courseId', 'weekday', 'startTime', 'endTime']).where('courseId', 'in', courseIds).orderBy('weekday').orderBy('startTime').execute()
    : [];
  const seatsTaken = await takenSeats(db, rows.filter((r) => r.capacity > 0).map((r) => r.id));
  const now = Date.now();
  return rows.sort(bySoonest).map(
    (row): Schemas['PublicCourse'] => {
      const teacher = teachers.find((t) => t.id === row.techerId);
      return {
        // What schema/courses.ts lets the public see, then what only the server can tell.
        ...publicCourseView(row),
        registrationOpen: registrationOpen(row, now),
        seatsLeft: row.capacity > 0 ? Math.max(0, Number(row.capacity) - (seatsTaken.get(row.id) ?? 0)) : null,
        weeklySlots: slots
          .filter((slot) => slot.courseId === row.id)
          .map((slot) => ({ weekday: Number(slot.weekday), startTime: slot.startTime, endTime: slot.endTime })),
        category: { slug: row.categorySlug, name: row.categoryName },
        teacher: teacher
          ? publicTeacher(teacher)
          : null,
        // The early-bird price while it lasts (server/features/commerce/discounts.ts decides, as the cart does).
        ...(earlyBirdActive(
          { priceInTomans: Number(row.priceInTomans), earlyBirdPriceInTomans: Number(row.earlyBirdPriceInTomans), earlyBirdUntil: row.earlyBirdUntil },
          now,
        ) && row.earlyBirdUntil
          ? { earlyBird: { priceInTomans: Number(row.earlyBirdPriceInTomans), until: row.earlyBirdUntil } }
          : {}),
      };
    },
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);


/** Teachers with at least one active course of an active category, by name. */
export async function publicTeachers(db: DB): Promise<Schemas['PublicTeacherSummary'][]> {
  const columns = publicTeacherColumns.map((column) => `teachers.${column}` as const);
  const rows = await db
    .selectFrom('teachers')
    .innerJoin('courses', 'courses.techerId', 'teachers.id')
    .innerJoin('categories', 'categories.id', 'courses.categoryId')
    .select(columns)
    .select((eb) => eb.fn.count<number>('courses.id').as('courseCount'))
    .where('courses.inActive', '=', 0)
    .where('categories.inActive', '=', 0)
    .groupBy(columns)
    .orderBy('teachers.fullName')
    .orderBy('teachers.id')
    .execute();
  return rows.map((r) => ({ ...publicTeacher(r), courseCount: Number(r.courseCount) }));
}

/** How far apart two age ranges are, in years (0 when they overlap; a missing bound is open). */
function ageGap(a: Pick<Schemas['PublicCourse'], 'ageMin' | 'ageMax'>, b: Pick<Schemas['PublicCourse'], 'ageMin' | 'ageMax'>): number {
  const [aMin, aMax] = [a.ageMin || 0, a.ageMax || Infinity];
  const [bMin, bMax] = [b.ageMin || 0, b.ageMax || Infinity];
  return Math.max(0, aMin - bMax, bMin - aMax);
}

/** Up to four others: the same category first (soonest first), then the nearest age range. */
export function relatedCourses(course: Schemas['PublicCourse'], all: readonly Schemas['PublicCourse'][]): Schemas['PublicCourse'][] {
  const others = all.filter((c) => c.id !== course.id);
  const sameCategory = others.filter((c) => c.category.slug === course.category.slug);
  // `all` is soonest first and the sort is stable, so equal gaps stay soonest first.
  const byAge = others.filter((c) => c.category.slug !== course.category.slug).sort((a, b) => ageGap(course, a) - ageGap(course, b));
  return [...sameCategory, ...byAge].slice(0, 4);
}

const categoryColumns = publicCategoryViewColumns.map((column) => `categories.${column}` as const);

async function publicCategories(db: DB, slug?: string): Promise<Schemas['PublicCategory'][]> {
  let query = db
    .selectFrom('categories')
    .leftJoin('courses', (join) => join.onRef('courses.categoryId', '=', 'categories.id').on('courses.inActive', '=', 0))
    .select(categoryColumns)
    .select((eb) => eb.fn.count<number>('courses.id').as('courseCount'))
    .where('categories.inActive', '=', 0)
    .groupBy(categoryColumns)
    // A category with no active course is not offered anywhere (index, home, menu, sitemap, page).
    .having((eb) => eb.fn.count('courses.id'), '>', 0)
    .orderBy('categories.id');
  if (slug !== undefined) query = query.where('categories.slug', '=', slug);
  const rows = await query.execute();
  return rows.map((r) => ({ ...publicCategoryView(r), courseCount: Number(r.courseCount) }));
}

export function registerPublic(register: Register, db: DB) {
  register('GET /api/Public/categories', () => publicCategories(db));

  register('GET /api/Public/categories/{slug}', async (request): Promise<Schemas['PublicCategoryPage']> => {
    const { slug } = parse(slugParams, request.params);
    const [category] = await publicCategories(db, slug);
    if (!category) throw new HttpError(404, publicTexts.categoryNotFound);
    return { category, courses: await publicCourses(db, { categoryId: category.id }) };
  });

  register('GET /api/Public/courses', async (request) => {
    const { search, errors } = parseCourseSearch(isRecord(request.query) ? request.query : {});
    const [message] = Object.values(errors);
    if (message) throw new HttpError(400, message);
    return filterCourses(await publicCourses(db), search);
  });

  register('GET /api/Public/courses/{slug}/related', async (request) => {
    const { slug } = parse(slugParams, request.params);
    const all = await publicCourses(db);
    const course = all.find((c) => c.slug === slug);
    if (!course) throw new HttpError(404, publicTexts.courseNotFound);
    return relatedCourses(course, all);
  });

  register('GET /api/Public/teachers', () => publicTeachers(db));

  register('GET /api/Public/teachers/{slug}', async (request): Promise<Schemas['PublicTeacherPage']> => {
    const { slug } = parse(slugParams, request.params);
    const teacher = await db.selectFrom('teachers').selectAll().where('slug', '=', slug).executeTakeFirst();
    if (!teacher) throw new HttpError(404, publicTexts.teacherNotFound);
    return { teacher: publicTeacher(teacher), courses: await publicCourses(db, { teacherId: teacher.id }) };
  });

  register('GET /api/Public/courses/{slug}', async (request) => {
    const { slug } = parse(slugParams, request.params);
    const [course] = await publicCourses(db, { courseSlug: slug });
    if (!course) throw new HttpError(404, publicTexts.courseNotFound);
    return course;
  });

  register('GET /api/Public/articles', async (): Promise<Schemas['PublicArticleSummary'][]> => {
    const rows = await db.selectFrom('articles').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
    return rows.map((a) => ({ ...publicArticleView(a), excerpt: truncate(htmlToPlainText(a.body), 160) }));
  });

  register('GET /api/Public/articles/{slug}', async (request): Promise<Schemas['PublicArticle']> => {
    const { slug } = parse(slugParams, request.params);
    const a = await db.selectFrom('articles').selectAll().where('slug', '=', slug).executeTakeFirst();
    if (!a) throw new HttpError(404, publicTexts.articleNotFound);
    return {
      ...publicArticleView(a),
      excerpt: truncate(htmlToPlainText(a.body), 160),
      // Sanitised again on the way out: rows written before a rule change, or by hand, are safe too.
      body: sanitizeRichText(a.body),
    };
  });
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** robots.txt and sitemap.xml: not API operations, so registered directly. */
export function registerSeoFiles(app: FastifyInstance, db: DB, config: AppConfig) {
  app.get('/robots.txt', async (_request, reply) => {
    reply.header('Content-Type', 'text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600');
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /dashboard',
      'Disallow: /api/',
      `Sitemap: ${config.publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const categories = await publicCategories(db);
    const courses = await publicCourses(db);
    const teachers = await publicTeachers(db);
    const articles = await db.selectFrom('articles').select(['slug', 'createdAt']).orderBy('id', 'desc').execute();
    // The public sections (schemas' publicView.section), and their records' pages where they have them.
    const sections = await Promise.all(
      Object.entries(publicSections).map(async ([path, section]) => ({ path, slugs: section.one ? (await section.list(db)).flatMap((record) => (record.slug ? [record.slug] : [])) : [] })),
    );
    const url = (path: string, lastmod?: string) =>
      `  <url><loc>${xmlEscape(config.publicUrl + path)}</loc>${lastmod ? `<lastmod>${xmlEscape(lastmod.slice(0, 10))}</lastmod>` : ''}</url>`;
    const seg = encodeURIComponent;
    const lines = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      url('/'),
      url('/categories'),
      url('/teachers'),
      url('/articles'),
      url('/about-us'),
      url('/contact-us'),
      ...categories.map((c) => url(`/categories/${seg(c.slug)}`)),
      ...courses.map((c) => url(`/categories/${seg(c.category.slug)}/${seg(c.slug)}`)),
      ...teachers.map((t) => url(`/teachers/${seg(t.slug)}`)),
      ...articles.map((a) => url(`/articles/${seg(a.slug)}`, a.createdAt)),
      ...sections.flatMap(({ path, slugs }) => [url(`/${seg(path)}`), ...slugs.map((slug) => url(`/${seg(path)}/${seg(slug)}`))]),
      '</urlset>',
      '',
    ];
    reply.header('Content-Type', 'application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600');
    return lines.join('\n');
  });
}
