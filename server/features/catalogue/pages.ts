// Which paths are pages of the SPA, so an unknown path gets a real 404 status (the SPA still
// renders its not-found page) while crawlers and link checkers see the truth. Typed against the
// generated route tree: a new client route without an entry here does not compile.
import { sql } from 'kysely';
import { registry, registryKeys, type RegistryKey } from '../../../schema/registry.gen';
import { toLatinDigits } from '../../../schema/rules/text';
import type { DB } from '../../platform/db';
import { plugInShared } from '../../engine/behaviours';
import { publicSections } from '../../engine/publicViews.gen';

type Params = Record<string, string>;
/** A page exists (true), does not (false), or lives at another, canonical address. */
type PageFound = boolean | { canonical: string };
type PageCheck = 'page' | ((params: Params, db: DB) => Promise<PageFound>);

/** An active category with at least one active course: an empty one is offered nowhere. */
const activeCategory = async ({ slug = '' }: Params, db: DB) =>
  Boolean(
    await db
      .selectFrom('categories')
      .innerJoin('courses', 'courses.categoryId', 'categories.id')
      .select('categories.id')
      .where('categories.slug', '=', slug)
      .where('categories.inActive', '=', 0)
      .where('courses.inActive', '=', 0)
      // One is enough: a category may hold any number of courses.
      .limit(1)
      .executeTakeFirst(),
  );

const teacher = async ({ slug = '' }: Params, db: DB) =>
  Boolean(await db.selectFrom('teachers').select('id').where('slug', '=', slug).executeTakeFirst());

/** A course has one address, under its own category: any other category segment is moved there. */
const activeCourse = async ({ categorySlug = '', courseSlug = '' }: Params, db: DB): Promise<PageFound> => {
  const course = await db
    .selectFrom('courses')
    .innerJoin('categories', 'categories.id', 'courses.categoryId')
    .select('categories.slug as categorySlug')
    .where('courses.slug', '=', courseSlug)
    .where('courses.inActive', '=', 0)
    .where('categories.inActive', '=', 0)
    .executeTakeFirst();
  if (!course) return false;
  if (course.categorySlug === categorySlug) return true;
  return { canonical: `/categories/${encodeURIComponent(course.categorySlug)}/${encodeURIComponent(courseSlug)}` };
};

const article = async ({ name = '' }: Params, db: DB) =>
  Boolean(await db.selectFrom('articles').select('id').where('slug', '=', name).executeTakeFirst());

/** A public section (a schema's publicView.section), and one of its records when they have pages. */
const section = async ({ section: path = '' }: Params) => Object.hasOwn(publicSections, path);
const sectionRecord = async ({ section: path = '', slug = '' }: Params, db: DB) => {
  const found = Object.hasOwn(publicSections, path) ? publicSections[path] : undefined;
  return Boolean(found?.one && (await found.one(db, slug)));
};

/** A record's detail view: a registry entity and one of its records (the id in Latin digits). */
const recordOfEntity = async ({ entity = '', id: typed = '' }: Params, db: DB) => {
  const id = toLatinDigits(typed);
  const key = registryKeys.find((candidate) => candidate === entity);
  if (!key || !/^[1-9][0-9]{0,14}$/.test(id)) return false;
  const found = await sql<{ id: number }>`select ${sql.ref('id')} from ${sql.table(registry[key].table)} where ${sql.ref('id')} = ${Number(id)}`.execute(db);
  return found.rows.length > 0;
};

export const pages: Readonly<Record<string, PageCheck>> = {
  '/': 'page',
  '/admin': 'page',
  '/admin/': 'page',
  '/admin/$entity': async ({ entity = '' }) => (registryKeys as readonly string[]).includes(entity),
  '/admin/$entity/$id': recordOfEntity,
  '/admin/dashboard': 'page',
  '/admin/emails': 'page',
  '/admin/audit': 'page',
  '/admin/media': 'page',
  '/admin/second-factor': 'page',
  // The spec sends both to /categories, where the all-courses search lives (query kept).
  '/courses': async () => ({ canonical: '/categories' }),
  '/about-us': 'page',
  '/contact-us': 'page',
  '/dashboard': 'page',
  '/dashboard/': 'page',
  '/dashboard/$': 'page',
  '/dashboard/cart': 'page',
  '/dashboard/courses': 'page',
  '/dashboard/payment': 'page',
  '/dashboard/security': 'page',
  '/dashboard/classes': 'page',
  '/dashboard/profile': 'page',
  // A paid order's invoice (the API refuses anyone but its owner and the admins).
  '/dashboard/invoice/$orderId': 'page',
  '/articles/': 'page',
  '/articles/$name': article,
  '/auth/': 'page',
  '/auth/sign-in': 'page',
  '/auth/sign-up': 'page',
  '/auth/forgot': 'page',
  '/auth/reset/$token': 'page',
  '/categories/': 'page',
  '/categories/courses': async () => ({ canonical: '/categories' }),
  '/teachers/': 'page',
  '/teachers/$slug': teacher,
  '/categories/$slug': activeCategory,
  '/categories/$categorySlug/$courseSlug': activeCourse,
  '/$section/': section,
  '/$section/$slug': sectionRecord,
};

interface Matcher {
  regex: RegExp;
  names: string[];
  check: PageCheck;
  staticSegments: number;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

// Static segments win over parameters, as in the client router (/categories/courses).
const matchers: Matcher[] = Object.entries(pages)
  .map(([pattern, check]) => {
    const names: string[] = [];
    const parts = segmentsOf(pattern).map((segment) => {
      if (segment === '$') {
        names.push('_splat');
        return '(.*)';
      }
      if (segment.startsWith('$')) {
        names.push(segment.slice(1));
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    });
    const staticSegments = segmentsOf(pattern).filter((s) => !s.startsWith('$')).length;
    return { regex: new RegExp(`^/${parts.join('/')}$`), names, check, staticSegments };
  })
  .sort((a, b) => b.staticSegments - a.staticSegments || a.names.length - b.names.length);

function decode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

export type PageStatus = 200 | 404 | { redirect: string };

/** 200 when the path is a page that exists, a redirect when it lives at another address, else 404. */
export async function pageStatus(pathname: string, db: DB): Promise<PageStatus> {
  const normalised = `/${segmentsOf(pathname).join('/')}`;
  for (const matcher of matchers) {
    const match = matcher.regex.exec(normalised);
    if (!match) continue;
    if (matcher.check === 'page') return 200;
    const params: Params = {};
    for (const [i, name] of matcher.names.entries()) {
      const value = decode(match[i + 1] ?? '');
      if (value === null) return 404;
      params[name] = value;
    }
    const found = await matcher.check(params, db);
    if (typeof found === 'object') return { redirect: found.canonical };
    return found ? 200 : 404;
  }
  return 404;
}

// ── Reserved slugs ───────────────────────────────────────────────────────────────────────────

/** The page where each public entity's records live, its slug being the last parameter. */
const recordPages: Partial<Record<RegistryKey, string>> = {
  categories: '/categories/$slug',
  courses: '/categories/$categorySlug/$courseSlug',
  articles: '/articles/$name',
  teachers: '/teachers/$slug',
};

/**
 * Words a record's slug may not be, because a fixed page at the same place would hide the
 * record: `/categories/courses` is a page of its own, so no category may be slugged `courses`.
 * Read from the route table above (typed against the router's route tree), so a new fixed page
 * reserves its word without a list to keep in step.
 */
export function reservedSlugs(entity: string): ReadonlySet<string> {
  const key = registryKeys.find((candidate) => candidate === entity);
  const page = key ? recordPages[key] : undefined;
  if (!page) return new Set();
  const parent = segmentsOf(page).slice(0, -1);
  const sameParent = (segments: string[]) =>
    segments.length === parent.length + 1 && parent.every((part, i) => part === segments[i] || (part.startsWith('$') && segments[i]?.startsWith('$') === true));
  const words = Object.keys(pages)
    .map(segmentsOf)
    .filter(sameParent)
    .map((segments) => segments[segments.length - 1] ?? '')
    .filter((last) => last !== '' && !last.startsWith('$'));
  return new Set(words.map((word) => word.toLowerCase()));
}

/** A record's slug never takes a page's address. */
export function plugInPageAddresses(): void {
  plugInShared({ reservedSlugs });
}
