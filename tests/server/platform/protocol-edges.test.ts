// @vitest-environment node
// Input and protocol edges: dates the calendar does not have and a
// registration deadline after the start are refused; names made only of invisible characters
// are refused while ZWNJ inside a word stays valid; a slug never takes a fixed page's word; a
// course answers only at its canonical address; a page that exists is HTML for any client that
// does not refuse HTML.
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessage } from '../../../schema/define';
import { registry } from '../../../schema/registry.gen';
import { hasVisibleText, isCalendarDate, requiredText } from '../../../schema/validators';
import { parseDateCell } from '../../../server/engine/csvImport';
import { reservedSlugs } from '../../../server/features/catalogue/pages';
import { courseBody, sampleChild } from '../../support/samples';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';

let server: TestServer;
let admin = '';
let learner = '';

beforeAll(async () => {
  // A built SPA without the server render: what the server itself does, not the render, is tested.
  const dist = mkdtempSync(path.join(tmpdir(), 'academy-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="fa" dir="rtl"><body><div id="root"></div></body></html>');
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{"src/main.tsx":{"file":"assets/main.js"}}');
  server = await startServer({ distDir: dist });
  admin = await server.signIn(adminPhone, adminPassword);
  learner = await signUpLearner(server, '09361112233');
});
afterAll(async () => {
  await server?.close();
});

type Row = Record<string, unknown> & { id: number; slug?: string };

describe('dates as the calendar has them', () => {
  const impossible = ['2026-02-30T00:00:00.000Z', '2026-02-29T10:00:00Z', '2026-04-31T00:00:00.000Z', '2025-13-01T00:00:00Z', '2026-00-10T00:00:00Z'];

  it('checks the day against its month and year', () => {
    for (const text of impossible) expect(isCalendarDate(text), text).toBe(false);
    for (const text of ['2024-02-29T00:00:00.000Z', '2026-02-28T23:59:59Z', '2026-12-31T20:30:00.000+03:30', '2026-03-20']) {
      expect(isCalendarDate(text), text).toBe(true);
    }
    // The CSV import's ISO spelling does not slide into the next month either.
    expect(parseDateCell('2026-02-30T00:00:00.000Z')).toBeUndefined();
  });

  it('refuses impossible dates in entity date fields, with the field named in Persian', async () => {
    for (const date of impossible) {
      const answer = await server.call<{ message: string }>('POST', '/api/Course/Create', {
        token: admin,
        body: courseBody('دوره تاریخ ناممکن', { timeOfHolding: date }),
      });
      expect(answer.status, date).toBe(400);
      expect(answer.body.message, date).toBe('تاریخ برگزاری تاریخ معتبری نیست');
    }
  });

  it("refuses an impossible child's birth date", async () => {
    const answer = await server.call<{ message: string }>('POST', '/api/Children/Create', {
      token: learner,
      body: { firstName: 'سارا', lastName: 'آزمون', birthDate: '2016-02-30T00:00:00.000Z', grade: sampleChild.grade },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/تاریخ تولد/);
    const fine = await server.call('POST', '/api/Children/Create', {
      token: learner,
      body: { firstName: 'سارا', lastName: 'آزمون', birthDate: '2016-02-29T00:00:00.000Z', grade: sampleChild.grade },
    });
    expect(fine.status).toBe(200);
  });

  it('refuses an impossible day in the audit log filter', async () => {
    const answer = await server.call<{ message: string }>('GET', '/api/Admin/audit', { token: admin, query: { from: '2026-02-30' } });
    expect(answer.status).toBe(400);
  });

  it("refuses a course whose registration deadline is after its start, on create and update (declared as `notAfter`)", async () => {
    expect(registry.courses.fields.registrationDeadline?.notAfter).toBe('timeOfHolding');
    const start = '2030-05-10T10:00:00.000Z';
    const late = await server.call<{ message: string }>('POST', '/api/Course/Create', {
      token: admin,
      body: courseBody('دوره با مهلت دیر', { timeOfHolding: start, registrationDeadline: '2030-05-11T10:00:00.000Z' }),
    });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('مهلت ثبت‌نام نمی‌تواند بعد از تاریخ برگزاری باشد');

    const made = await server.call<Row>('POST', '/api/Course/Create', {
      token: admin,
      body: courseBody('دوره با مهلت درست', { timeOfHolding: start, registrationDeadline: start }),
    });
    expect(made.status).toBe(200);
    const { id, version: _version, slug: _slug, ...fields } = made.body;
    const moved = await server.call<{ message: string }>('PUT', '/api/Course/Update', {
      token: admin,
      body: { ...fields, id, timeOfHolding: '2030-05-01T10:00:00.000Z' },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe('مهلت ثبت‌نام نمی‌تواند بعد از تاریخ برگزاری باشد');
    // Either date left empty has no order to keep.
    const open = await server.call('PUT', '/api/Course/Update', { token: admin, body: { ...fields, id, timeOfHolding: null } });
    expect(open.status).toBe(200);
  });

  it('gives the form the same order message the server gives', () => {
    const values = { timeOfHolding: '2030-05-10T10:00:00.000Z', registrationDeadline: '2030-05-11T00:00:00.000Z' };
    expect(orderMessage(registry.courses, 'registrationDeadline', values)).toBe('مهلت ثبت‌نام نمی‌تواند بعد از تاریخ برگزاری باشد');
    expect(orderMessage(registry.courses, 'registrationDeadline', { ...values, registrationDeadline: values.timeOfHolding })).toBeNull();
  });

  it("keeps numbers and times in order too: a course's ages (0 = no bound) and a class's hours", async () => {
    const reversed = await server.call<{ message: string }>('POST', '/api/Course/Create', { token: admin, body: courseBody('دوره سن وارونه', { ageMin: 10, ageMax: 6 }) });
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('حداقل سن (سال) نمی‌تواند بیشتر از حداکثر سن (سال) باشد');
    const fromSix = await server.call<Row>('POST', '/api/Course/Create', { token: admin, body: courseBody('دوره از شش سالگی', { ageMin: 6, ageMax: 0 }) });
    expect(fromSix.status).toBe(200);
    const slot = { courseId: fromSix.body.id, weekday: 2, startTime: '17:30', endTime: '16:00' };
    const backwards = await server.call<{ message: string }>('POST', '/api/CourseSlot/Create', { token: admin, body: slot });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('ساعت شروع نمی‌تواند بعد از ساعت پایان باشد');
    expect((await server.call('POST', '/api/CourseSlot/Create', { token: admin, body: { ...slot, startTime: '16:00', endTime: '17:30' } })).status).toBe(200);
  });
});

describe('names made of invisible characters', () => {
  const invisibleOnly = ['\u200c', '\u200d\u200c', '\u200b\u200b', '\u200e\u200f', '\u202b\u202c', '\u00a0\u00a0', '\u2060', '\ufeff', '\u061c', '\u2066\u2069', '\u3164'];

  it('refuses them as empty («… الزامی است»), and keeps ZWNJ inside Persian words', async () => {
    const schema = requiredText('نام');
    for (const text of invisibleOnly) {
      const result = v.safeParse(schema, text);
      expect(result.success, JSON.stringify(text)).toBe(false);
      expect(result.issues?.[0]?.message).toBe('نام الزامی است');
    }
    for (const text of ['می‌خواهم', 'کتاب‌ها', 'a', '۱']) expect(hasVisibleText(text), text).toBe(true);

    for (const name of invisibleOnly) {
      const answer = await server.call<{ message: string }>('POST', '/api/Category/Create', {
        token: admin,
        body: { name, inActive: false, coverImage: '' },
      });
      expect(answer.status, JSON.stringify(name)).toBe(400);
      expect(answer.body.message).toBe('نام الزامی است');
    }
    const persian = await server.call<Row>('POST', '/api/Category/Create', { token: admin, body: { name: 'کتاب‌خوانی', inActive: false, coverImage: '' } });
    expect(persian.status).toBe(200);
    expect(persian.body.name).toBe('کتاب‌خوانی');
  });
});

describe('slugs and canonical addresses', () => {
  it('reserves exactly the fixed pages beside each record page, as the route files have them', () => {
    const siteRoutes = readdirSync(path.join('src', 'routes', '_site'));
    const fixedUnderCategories = siteRoutes
      .map((file) => /^categories\.([^.$]+)\.tsx$/.exec(file)?.[1])
      .filter((word): word is string => word !== undefined && word !== 'index');
    expect(fixedUnderCategories).toContain('courses');
    expect([...reservedSlugs('categories')].sort()).toEqual(fixedUnderCategories.sort());
    const fixedUnderArticles = siteRoutes
      .map((file) => /^articles\.([^.$]+)\.tsx$/.exec(file)?.[1])
      .filter((word): word is string => word !== undefined && word !== 'index');
    expect([...reservedSlugs('articles')].sort()).toEqual(fixedUnderArticles.sort());
  });

  it('never gives a category the slug of a fixed page, so the category stays reachable', async () => {
    for (const name of ['courses', 'Courses']) {
      const made = await server.call<Row>('POST', '/api/Category/Create', { token: admin, body: { name, inActive: false, coverImage: '' } });
      expect(made.status).toBe(200);
      expect(made.body.slug).not.toBe('courses');
      expect(made.body.slug).toMatch(/^courses-\d+$/);
      // A category is offered once it has an active course (an empty one answers 404).
      const course = await server.call('POST', '/api/Course/Create', { token: admin, body: courseBody(`دوره ${name}`, { categoryId: made.body.id }) });
      expect(course.status).toBe(200);
      const page = await fetch(`${server.url}/categories/${made.body.slug}`, { headers: { Accept: 'text/html' } });
      expect(page.status).toBe(200);
      await page.arrayBuffer();
    }
  });

  it('moves a course under another category segment to its canonical address (301), keeping the query', async () => {
    const courses = (await server.call<{ courses: Array<{ slug: string; category: { slug: string } }> }>('GET', '/api/Public/courses')).body.courses;
    const course = courses[0];
    if (!course) throw new Error('no public course');
    const canonical = `/categories/${encodeURIComponent(course.category.slug)}/${encodeURIComponent(course.slug)}`;
    const other = courses.find((c) => c.category.slug !== course.category.slug)?.category.slug ?? 'x';
    for (const segment of ['anything', encodeURIComponent(other), 'courses-x']) {
      for (const accept of ['text/html', '*/*']) {
        const answer = await fetch(`${server.url}/categories/${segment}/${encodeURIComponent(course.slug)}?ref=mail`, { headers: { Accept: accept }, redirect: 'manual' });
        expect(answer.status, `${segment} ${accept}`).toBe(301);
        expect(answer.headers.get('location')).toBe(`${canonical}?ref=mail`);
        await answer.arrayBuffer();
      }
    }
    const direct = await fetch(`${server.url}${canonical}`, { headers: { Accept: 'text/html' }, redirect: 'manual' });
    expect(direct.status).toBe(200);
    await direct.arrayBuffer();
    const unknown = await fetch(`${server.url}/categories/anything/no-such-course`, { headers: { Accept: 'text/html' }, redirect: 'manual' });
    expect(unknown.status).toBe(404);
    await unknown.arrayBuffer();
  });
});

describe('pages for clients that do not refuse HTML', () => {
  const pages = ['/', '/articles', '/about-us', '/categories', '/categories?age=9', '/teachers'];

  it('answers an existing page 200 with HTML to curl, wget, bots and clients without Accept', async () => {
    const accepts: Array<string | null> = [null, '*/*', 'text/*', 'text/html;q=0.9', 'application/json;q=0.5, */*;q=0.1', 'TEXT/HTML', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'];
    for (const page of pages) {
      for (const accept of accepts) {
        const answer = await fetch(`${server.url}${page}`, { headers: accept === null ? {} : { Accept: accept } });
        expect(answer.status, `${page} ${accept}`).toBe(200);
        expect(answer.headers.get('content-type'), `${page} ${accept}`).toContain('text/html');
        expect(await answer.text()).toContain('id="root"');
      }
    }
  });

  it('answers JSON 404 to a client that takes only JSON or refuses HTML, and leaves /api alone', async () => {
    for (const accept of ['application/json', 'text/html;q=0, */*', 'image/png']) {
      for (const page of ['/articles', '/no-such-page']) {
        const answer = await fetch(`${server.url}${page}`, { headers: { Accept: accept } });
        expect(answer.status, `${page} ${accept}`).toBe(404);
        expect(await answer.json()).toEqual({ message: 'منبع یافت نشد' });
      }
    }
    const unknownForCurl = await fetch(`${server.url}/no-such-page`, { headers: { Accept: '*/*' } });
    expect(unknownForCurl.status).toBe(404);
    await unknownForCurl.arrayBuffer();
    for (const accept of ['*/*', 'text/html']) {
      const api = await fetch(`${server.url}/api/nope`, { headers: { Accept: accept } });
      expect(api.status).toBe(404);
      expect(await api.json()).toEqual({ message: 'منبع یافت نشد' });
    }
  });

  it('does not serve the build manifest under dist/.vite', async () => {
    for (const accept of [null, '*/*', 'text/html', 'application/json']) {
      for (const target of ['/.vite/manifest.json', '/.vite/', '/%2Evite/manifest.json', '/assets/../.vite/manifest.json']) {
        const answer = await fetch(`${server.url}${target}`, { headers: accept === null ? {} : { Accept: accept } });
        const body = await answer.text();
        expect(answer.status, `${target} ${accept}`).toBe(404);
        expect(body, `${target} ${accept}`).not.toContain('src/main.tsx');
      }
    }
  });
});
