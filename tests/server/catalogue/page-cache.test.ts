// @vitest-environment node
// Public pages from memory (server/features/catalogue/pageCache.ts): a page is rendered once per
// version of the data it shows, and any committed write to what pages show — through the API,
// by another connection, through a second server on the same database — shows on the next
// request. Runs on SQLite and on PostgreSQL. The render is a stand-in for the built one
// (dist-ssr/entry-server.js) that lists the public courses' titles through the in-process API
// and counts its renders, so the server's own page path is what is tested.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, openPostgres, type DB } from '../../../server/platform/db';
import { PageCache, pageDataVersion, tablesNoPageReads, type KeptAnswer } from '../../../server/features/catalogue/pageCache';
import { EncodedBody } from '../../../server/platform/encoding';
import { databaseFor, rawSql, usePostgres } from '../../support/postgres-db';
import { courseBody } from '../../support/samples';
import { writeStandInBuild } from '../../support/stand-in-build';
import { adminPassword, adminPhone, startServer, type TestServer } from '../../support/server';

declare global {
  var pageRenders: number | undefined;
}
const renders = () => globalThis.pageRenders ?? 0;

const root = mkdtempSync(path.join(tmpdir(), 'academy-page-cache-'));
// Lists the public courses' titles through the in-process API and counts its renders.
const standInRender = `export async function render(request) {
      globalThis.pageRenders = (globalThis.pageRenders ?? 0) + 1;
      const pathname = request.url.split('?')[0];
      if (pathname.startsWith('/dashboard')) return { kind: 'shell' };
      if (pathname === '/categories/courses') return { kind: 'redirect', location: '/categories' };
      const answer = await request.callApi('GET', '/api/Public/courses');
      const titles = JSON.parse(answer.body).courses.map((course) => course.title).join(' | ');
      return { kind: 'page', html: '<main>' + titles + '</main>', head: { title: 'دوره‌ها', description: '', jsonLd: null }, routeIds: [] };
    }`;
const dist = writeStandInBuild(root, standInRender);

let server: TestServer;
let admin: string;
let categoryId: number;

beforeAll(async () => {
  server = await startServer({ distDir: dist });
  admin = await server.signIn(adminPhone, adminPassword);
  const categories = await server.call<Array<{ id: number }>>('GET', '/api/Category/GetSelectList', { token: admin });
  categoryId = categories.body[0]?.id ?? 0;
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const page = async (target = server, address = '/', headers: Record<string, string> = {}) => {
  const answer = await fetch(`${target.url}${address}`, { headers: { accept: 'text/html', ...headers } });
  return { status: answer.status, headers: answer.headers, text: await answer.text() };
};

async function createCourse(title: string): Promise<Record<string, unknown>> {
  const created = await server.call<Record<string, unknown>>('POST', '/api/Course/Create', { token: admin, body: courseBody(title, { categoryId }) });
  expect(created.status, created.text).toBe(200);
  return created.body;
}

/** A second handle on the test server's database, as another process would have. */
async function openSameDatabase(): Promise<DB> {
  return usePostgres ? openPostgres(await databaseFor(server.dataDir)) : openDatabase(path.join(server.dataDir, 'academy.sqlite'));
}

describe('a public page is rendered once per version of what it shows', () => {
  it('answers from memory in every encoding, and 304 to a browser that has it', async () => {
    await page();
    const before = renders();
    const identity = await page(server, '/', { 'accept-encoding': 'identity' });
    const brotli = await page(server, '/', { 'accept-encoding': 'br' });
    const gzip = await page(server, '/', { 'accept-encoding': 'gzip' });
    expect(renders()).toBe(before);
    expect(identity.status).toBe(200);
    expect(identity.text).toContain('<main>');
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(brotli.text).toBe(identity.text);
    expect(gzip.text).toBe(identity.text);
    expect(identity.headers.get('vary')).toContain('Accept-Encoding');
    expect(identity.headers.get('cache-control')).toBe('no-cache');
    // The security headers come with a kept page as with any answer.
    expect(identity.headers.get('content-security-policy')).toContain("default-src 'self'");

    const etag = identity.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(`${server.url}/`, { headers: { accept: 'text/html', 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it("shows an admin's save on the very next request", async () => {
    await page();
    const course = await createCourse('دوره تازه برای حافظه صفحه');
    const afterCreate = await page();
    expect(afterCreate.text).toContain('دوره تازه برای حافظه صفحه');

    const updated = await server.call('PUT', '/api/Course/Update', { token: admin, body: { ...course, title: 'دوره تازه با نام نو' } });
    expect(updated.status, updated.text).toBe(200);
    const afterUpdate = await page();
    expect(afterUpdate.text).toContain('دوره تازه با نام نو');
    expect(afterUpdate.text).not.toContain('دوره تازه برای حافظه صفحه');
    expect(afterUpdate.headers.get('etag')).not.toBe(afterCreate.headers.get('etag'));

    const removed = await server.call('DELETE', '/api/Course/Delete', { token: admin, body: { id: course.id } });
    expect(removed.status, removed.text).toBe(200);
    expect((await page()).text).not.toContain('دوره تازه با نام نو');
  });

  it('shows a write by another connection (another process, a hand-made statement) on the next request', async () => {
    const course = await createCourse('دوره‌ای که دیگری تغییرش می‌دهد');
    expect((await page()).text).toContain('دوره‌ای که دیگری تغییرش می‌دهد');
    await rawSql(server.dataDir, `update courses set title = 'نامی که پردازه دیگر نوشت' where id = ${Number(course.id)}`);
    expect((await page()).text).toContain('نامی که پردازه دیگر نوشت');
  });

  it('two servers on one database: a save through one shows on the other at once', async () => {
    const second = await startServer({ distDir: dist, dataDir: server.dataDir, keepData: true, seed: false });
    try {
      await page(second);
      await page(server);
      const course = await createCourse('دوره ثبت‌شده در سرور اول');
      expect((await page(second)).text).toContain('دوره ثبت‌شده در سرور اول');
      const secondAdmin = await second.signIn(adminPhone, adminPassword);
      const renamed = await second.call('PUT', '/api/Course/Update', { token: secondAdmin, body: { ...course, title: 'نامی که سرور دوم داد' } });
      expect(renamed.status, renamed.text).toBe(200);
      expect((await page(server)).text).toContain('نامی که سرور دوم داد');
    } finally {
      await second.close();
    }
  });

  it('requests arriving together share one render', async () => {
    await createCourse('دوره‌ای برای درخواست‌های هم‌زمان');
    const before = renders();
    const answers = await Promise.all(Array.from({ length: 12 }, () => page()));
    expect(renders() - before).toBe(1);
    for (const answer of answers) expect(answer.text).toContain('دوره‌ای برای درخواست‌های هم‌زمان');
  });

  it('keeps redirects, but not pages the server does not render (the dashboard)', async () => {
    await page(server, '/categories/courses');
    const before = renders();
    const moved = await fetch(`${server.url}/categories/courses`, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(moved.status).toBe(301);
    expect(renders()).toBe(before);

    await page(server, '/dashboard');
    const dashboard = await page(server, '/dashboard');
    expect(dashboard.status).toBe(200);
    expect(renders()).toBe(before + 2);
  });
});

describe('what moves the version', () => {
  it('writes no page reads (sign-ins, a family, a cart, a contact message) leave the kept pages alone', async () => {
    await page();
    const db = await openSameDatabase();
    try {
      const version = await pageDataVersion(db);
      const before = renders();
      await server.signIn(adminPhone, adminPassword);
      await server.call('POST', '/api/Auth/SignIn', { body: { username: adminPhone, password: 'not-the-password-1' } });
      const child = await server.call('POST', '/api/Children/Create', {
        token: admin,
        body: { firstName: 'رها', lastName: 'آزمون', birthDate: '2016-03-20T00:00:00.000Z', grade: 'سوم' },
      });
      expect(child.status, child.text).toBe(200);
      await page();
      expect(await pageDataVersion(db)).toBe(version);
      expect(renders()).toBe(before);
    } finally {
      await db.destroy();
    }
  });

  it('every table is watched by the version, or named with the reason no page reads it', async () => {
    const db = await openSameDatabase();
    try {
      const tables = (await db.introspection.getTables()).map((table) => table.name);
      const watched = tables.filter((table) => !(table in tablesNoPageReads) && !['kysely_migration', 'kysely_migration_lock', 'sqlite_sequence'].includes(table));
      expect(watched).toEqual(expect.arrayContaining(['courses', 'categories', 'teachers', 'articles', 'course_slots', 'class_sessions', 'holidays', 'enrollments', 'orders', 'waitlist_entries']));
      let moved = 0;
      for (const table of watched) {
        const rows = await sql<{ n: number | string }>`select count(*) as ${sql.ref('n')} from ${sql.table(table)}`.execute(db);
        if (Number(rows.rows[0]?.n ?? 0) === 0) continue;
        const before = await pageDataVersion(db);
        // A write that changes nothing is still a write: every trigger on the table fires.
        await sql`update ${sql.table(table)} set ${sql.ref('id')} = ${sql.ref('id')} where ${sql.ref('id')} = (select min(${sql.ref('id')}) from ${sql.table(table)})`.execute(db);
        expect(await pageDataVersion(db), table).not.toBe(before);
        moved += 1;
      }
      expect(moved).toBeGreaterThanOrEqual(6);
      // A table no page reads does not move it.
      const before = await pageDataVersion(db);
      await sql`update ${sql.table('users')} set ${sql.ref('id')} = ${sql.ref('id')}`.execute(db);
      expect(await pageDataVersion(db)).toBe(before);
    } finally {
      await db.destroy();
    }
  });

  it('a transaction that writes many rows moves it, once committed', async () => {
    const db = await openSameDatabase();
    try {
      const before = await pageDataVersion(db);
      await db.transaction().execute(async (trx) => {
        await sql`update ${sql.table('categories')} set ${sql.ref('id')} = ${sql.ref('id')}`.execute(trx);
        await sql`update ${sql.table('courses')} set ${sql.ref('id')} = ${sql.ref('id')}`.execute(trx);
      });
      const after = await pageDataVersion(db);
      expect(after).not.toBe(before);
      // PostgreSQL: one move per transaction, however many rows (the row is locked only at commit).
      if (usePostgres) expect(Number(after) - Number(before)).toBe(1);
    } finally {
      await db.destroy();
    }
  });
});

describe('how long a page is kept', () => {
  const pageOf = (html: string): KeptAnswer => ({ kind: 'page', body: new EncodedBody(Buffer.from(html)), etag: '"x"' });

  /**
   * Asks for `url` at each moment (ms after `start`) from one cache whose clock is set to it, and
   * answers how many renders had happened after each request.
   */
  async function rendersAt(db: Awaited<ReturnType<typeof openSameDatabase>>, url: string, start: number, moments: number[]): Promise<number[]> {
    let now = start;
    const cache = new PageCache(db, { entries: 100, bytes: 1 << 20 }, () => now);
    let rendered = 0;
    const counts: number[] = [];
    for (const moment of moments) {
      now = start + moment;
      await cache.get(url, async () => pageOf(`<p>${++rendered}</p>`));
      counts.push(rendered);
    }
    return counts;
  }

  it('until the next registration deadline in the catalogue, and never longer than a minute', async () => {
    const db = await openSameDatabase();
    try {
      const now = Date.now();
      const course = await createCourse('دوره‌ای که ثبت‌نامش به‌زودی بسته می‌شود');
      // The deadline is written by hand: the API's validator keeps such dates to whole days.
      await rawSql(server.dataDir, `update courses set "registrationDeadline" = '${new Date(now + 30_000).toISOString()}' where id = ${Number(course.id)}`);
      expect(await rendersAt(db, '/deadline', now, [0, 29_000, 31_000])).toEqual([1, 1, 2]);

      await rawSql(server.dataDir, `update courses set "registrationDeadline" = null where id = ${Number(course.id)}`);
      expect(await rendersAt(db, '/quiet', Date.now(), [0, 59_000, 61_000])).toEqual([1, 1, 2]);
    } finally {
      await db.destroy();
    }
  });

  it("until a course's start, or the end of its early-bird day, whichever comes first", async () => {
    const db = await openSameDatabase();
    try {
      const now = Date.now();
      const course = await createCourse('دوره‌ای که به‌زودی شروع می‌شود');
      // The early-bird price holds through the stored day: it ends a day after the instant.
      await rawSql(
        server.dataDir,
        `update courses set "registrationDeadline" = null, "timeOfHolding" = '${new Date(now + 40_000).toISOString()}', ` +
          `"earlyBirdUntil" = '${new Date(now - 86_400_000 + 20_000).toISOString()}' where id = ${Number(course.id)}`,
      );
      expect(await rendersAt(db, '/soon', now, [0, 19_000, 21_000, 39_000, 41_000])).toEqual([1, 1, 2, 2, 3]);
    } finally {
      await db.destroy();
    }
  });

  it('within its limits: the page used longest ago goes first', async () => {
    const db = await openSameDatabase();
    try {
      const cache = new PageCache(db, { entries: 2, bytes: 1 << 20 });
      const rendered: string[] = [];
      const render = (url: string) => async () => {
        rendered.push(url);
        return pageOf(`<p>${url}</p>`);
      };
      await cache.get('/a', render('/a'));
      await cache.get('/b', render('/b'));
      await cache.get('/a', render('/a'));
      await cache.get('/c', render('/c'));
      expect(cache.size).toBe(2);
      await cache.get('/a', render('/a'));
      await cache.get('/b', render('/b'));
      expect(rendered).toEqual(['/a', '/b', '/c', '/b']);
    } finally {
      await db.destroy();
    }
  });
});
