// The public catalogue (x-access public), robots.txt and sitemap.xml.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { components } from '../../../codegen/openapi.gen';
import { courseSearchTexts, parseCourseSearch, type CourseSearch } from '../../../schema/rules/courseFilters';
import { htmlToPlainText, truncate } from '../../../schema/rules/text';
import type { AppConfig } from '../../platform/config';
import type { DB } from '../../platform/db';
import { publicArticleView, publicSections, publicCategoryView, publicCategoryViewColumns, publicTeacher, publicTeacherColumns } from '../../engine/publicViews.gen';
import { HttpError } from '../../platform/errors';
import { parse, type Register } from '../../platform/http';
import { sanitizeRichText } from '../../platform/sanitize';
import { offeredCourse, offeredCourseAddresses, pageOfCourses, relatedCourses } from './courseList';

type Schemas = components['schemas'];

export const publicTexts = {
  categoryNotFound: 'دسته‌بندی مورد نظر یافت نشد',
  courseNotFound: 'دوره مورد نظر یافت نشد',
  articleNotFound: 'مقاله مورد نظر یافت نشد',
  teacherNotFound: 'مدرس مورد نظر یافت نشد',
} as const;

const slugParams = v.object({
  slug: v.pipe(v.string('نشانی نامعتبر است'), v.minLength(1, 'نشانی نامعتبر است'), v.maxLength(200, 'نشانی نامعتبر است')),
});

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A list's query string read as a search (a Persian 400 for what cannot be read). `allowed`
 * names the keys this list takes: any other is as unknown as a made-up one.
 */
function courseSearch(query: unknown, allowed: (key: string) => boolean = () => true): CourseSearch {
  const raw = isRecord(query) ? query : {};
  const { search, errors } = parseCourseSearch(raw);
  const [message] = Object.values(errors);
  if (message) throw new HttpError(400, message);
  if (Object.keys(raw).some((key) => !allowed(key))) throw new HttpError(400, courseSearchTexts.unknown);
  return search;
}

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
  register('GET /api/Public/categories', 'public', listPublicCategories);
  register('GET /api/Public/categories/{slug}', 'public', publicCategoryPage);
  register('GET /api/Public/courses', 'public', listPublicCourses);
  register('GET /api/Public/courses/{slug}/related', 'public', publicRelatedCourses);
  register('GET /api/Public/teachers', 'public', listPublicTeachers);
  register('GET /api/Public/teachers/{slug}', 'public', publicTeacherPage);
  register('GET /api/Public/courses/{slug}', 'public', publicCourseBySlug);
  register('GET /api/Public/articles', 'public', listPublicArticles);
  register('GET /api/Public/articles/{slug}', 'public', publicArticleBySlug);

  function listPublicCategories() {
    return publicCategories(db);
  }

  async function publicCategoryPage(request: FastifyRequest): Promise<Schemas['PublicCategoryPage']> {
    const { slug } = parse(slugParams, request.params);
    // The category is the page itself: naming another one in the query is no filter of it.
    const search = courseSearch(request.query, (key) => key !== 'category');
    const [category] = await publicCategories(db, slug);
    if (!category) throw new HttpError(404, publicTexts.categoryNotFound);
    return { category, courses: await pageOfCourses(db, search, { categoryId: category.id }) };
  }

  async function listPublicCourses(request: FastifyRequest) {
    return pageOfCourses(db, courseSearch(request.query));
  }

  async function publicRelatedCourses(request: FastifyRequest) {
    const { slug } = parse(slugParams, request.params);
    const course = await offeredCourse(db, slug);
    if (!course) throw new HttpError(404, publicTexts.courseNotFound);
    return relatedCourses(db, course);
  }

  function listPublicTeachers() {
    return publicTeachers(db);
  }

  async function publicTeacherPage(request: FastifyRequest): Promise<Schemas['PublicTeacherPage']> {
    const { slug } = parse(slugParams, request.params);
    const search = courseSearch(request.query, (key) => key === 'page');
    const teacher = await db.selectFrom('teachers').selectAll().where('slug', '=', slug).executeTakeFirst();
    if (!teacher) throw new HttpError(404, publicTexts.teacherNotFound);
    return { teacher: publicTeacher(teacher), courses: await pageOfCourses(db, search, { teacherId: teacher.id }) };
  }

  async function publicCourseBySlug(request: FastifyRequest) {
    const { slug } = parse(slugParams, request.params);
    const course = await offeredCourse(db, slug);
    if (!course) throw new HttpError(404, publicTexts.courseNotFound);
    return course;
  }

  async function listPublicArticles(): Promise<Schemas['PublicArticleSummary'][]> {
    const rows = await db.selectFrom('articles').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
    return rows.map((a) => ({ ...publicArticleView(a), excerpt: truncate(htmlToPlainText(a.body), 160) }));
  }

  async function publicArticleBySlug(request: FastifyRequest): Promise<Schemas['PublicArticle']> {
    const { slug } = parse(slugParams, request.params);
    const a = await db.selectFrom('articles').selectAll().where('slug', '=', slug).executeTakeFirst();
    if (!a) throw new HttpError(404, publicTexts.articleNotFound);
    return {
      ...publicArticleView(a),
      excerpt: truncate(htmlToPlainText(a.body), 160),
      // Sanitised again on the way out: rows written before a rule change, or by hand, are safe too.
      body: sanitizeRichText(a.body),
    };
  }
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** robots.txt and sitemap.xml: not API operations, so registered directly. */
export function registerSeoFiles(app: FastifyInstance, db: DB, config: AppConfig) {
  app.get('/robots.txt', robotsTxt);
  app.get('/sitemap.xml', sitemapXml);

  async function robotsTxt(_request: FastifyRequest, reply: FastifyReply) {
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
  }

  async function sitemapXml(_request: FastifyRequest, reply: FastifyReply) {
    const categories = await publicCategories(db);
    const courses = await offeredCourseAddresses(db);
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
      ...courses.map((c) => url(`/categories/${seg(c.categorySlug)}/${seg(c.slug)}`)),
      ...teachers.map((t) => url(`/teachers/${seg(t.slug)}`)),
      ...articles.map((a) => url(`/articles/${seg(a.slug)}`, a.createdAt)),
      ...sections.flatMap(({ path, slugs }) => [url(`/${seg(path)}`), ...slugs.map((slug) => url(`/${seg(path)}/${seg(slug)}`))]),
      '</urlset>',
      '',
    ];
    reply.header('Content-Type', 'application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600');
    return lines.join('\n');
  }
}
