// @vitest-environment node
// The generic relation calls against the real server (SQLite, and PostgreSQL with
// TEST_DATABASE=postgres): labels of referenced records, a picker's Persian-aware choices, and a
// record's detail with the records that reference it. Every answer is checked against openapi.yaml.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';
import { courseBody } from '../../support/samples';

let server: TestServer;
let admin: string;
let learner: string;

type Row = Record<string, unknown> & { id: number };
interface Related {
  entity: string;
  field: string;
  title: string;
  total: number;
  items: Row[];
}

beforeAll(async () => {
  server = await startServer();
  admin = await server.signIn(adminPhone, adminPassword);
  learner = await signUpLearner(server, '09360000011');
});
afterAll(async () => {
  await server.close();
});

const labelsPath = '/api/Admin/{entity}/labels';
const optionsPath = '/api/Admin/{entity}/options';
const recordPath = '/api/Admin/{entity}/{id}';

async function list(path: string): Promise<Row[]> {
  const answer = await server.call<Row[]>('GET', path, { token: admin });
  expect(answer.status).toBe(200);
  return answer.body;
}

const courseOf = (title: string, techerId: number, categoryId: number) =>
  courseBody(title, { durationInHours: 8, timeOfHolding: '2030-01-01T10:00:00.000Z', priceInTomans: 100_000, techerId, categoryId });

describe('access', () => {
  const calls: Array<{ path: string; params: Record<string, string>; query: Record<string, string> | undefined }> = [
    { path: labelsPath, params: { entity: 'teachers' }, query: { ids: '1' } },
    { path: optionsPath, params: { entity: 'teachers' }, query: { q: 'x' } },
    { path: recordPath, params: { entity: 'categories', id: '1' }, query: undefined },
  ];
  for (const call of calls) {
    it(`${call.path}: 401 anonymous, 403 learner`, async () => {
      const anonymous = await server.call<{ message: string }>('GET', call.path, { params: call.params, query: call.query });
      expect(anonymous.status).toBe(401);
      const asLearner = await server.call<{ message: string }>('GET', call.path, { token: learner, params: call.params, query: call.query });
      expect(asLearner.status).toBe(403);
      expect(asLearner.body.message).toBe('دسترسی غیرمجاز');
    });
  }
});

describe('labels', () => {
  it('answers the label of each existing id, in one call', async () => {
    const teachers = await list('/api/Teacher/GetSelectList');
    const ids = teachers.slice(0, 3).map((t) => t.id);
    const answer = await server.call<{ labels: Record<string, string> }>('GET', labelsPath, {
      token: admin,
      params: { entity: 'teachers' },
      query: { ids: [...ids, 999_999].join(',') },
    });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.labels).sort()).toEqual(ids.map(String).sort());
    for (const teacher of teachers.slice(0, 3)) expect(answer.body.labels[String(teacher.id)]).toBe(teacher.fullName);
  });

  it('labels categories by name and answers {} for no ids', async () => {
    const categories = await list('/api/Category/GetSelectList');
    const first = categories[0];
    if (!first) throw new Error('no category');
    const answer = await server.call<{ labels: Record<string, string> }>('GET', labelsPath, {
      token: admin,
      params: { entity: 'categories' },
      query: { ids: String(first.id) },
    });
    expect(answer.body.labels).toEqual({ [String(first.id)]: first.name });
    const none = await server.call<{ labels: Record<string, string> }>('GET', labelsPath, { token: admin, params: { entity: 'categories' } });
    expect(none.status).toBe(200);
    expect(none.body.labels).toEqual({});
  });

  it('refuses bad ids (400) and an unknown entity (404), in Persian', async () => {
    for (const ids of ['1,x', '-1', '0', '1.5', '1,,2']) {
      const bad = await server.call<{ message: string }>('GET', labelsPath, { token: admin, params: { entity: 'teachers' }, query: { ids } });
      expect(bad.status, ids).toBe(400);
      expect(bad.body.message).toMatch(/[\u0600-\u06ff]/);
    }
    const many = Array.from({ length: 501 }, (_, i) => i + 1).join(',');
    const tooMany = await server.call<{ message: string }>('GET', labelsPath, { token: admin, params: { entity: 'teachers' }, query: { ids: many } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('۵۰۰');
    const unknown = await server.call<{ message: string }>('GET', labelsPath, { token: admin, params: { entity: 'vouchers' }, query: { ids: '1' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/[\u0600-\u06ff]/);
  });
});

describe('options', () => {
  let yousefi: Row;
  beforeAll(async () => {
    const created = await server.call<Row>('POST', '/api/Teacher/Create', {
      token: admin,
      body: { fullName: 'یاسمن یوسفی‌نیا', skill: 'رباتیک ۳', descirption: 'مدرس', coverImage: 'course-1.webp' },
    });
    expect(created.status).toBe(200);
    yousefi = created.body;
    const numbered = await server.call<Row>('POST', '/api/Category/Create', {
      token: admin,
      body: { name: 'پایتون ۲', inActive: false, coverImage: '' },
    });
    expect(numbered.status).toBe(200);
  });

  it('matches Arabic ي/ك, ZWNJ/space variants and any digits', async () => {
    const ask = async (entity: string, q: string) => {
      const answer = await server.call<{ options: Array<{ id: number; label: string }> }>('GET', optionsPath, {
        token: admin,
        params: { entity },
        query: { q },
      });
      expect(answer.status).toBe(200);
      return answer.body.options;
    };
    // Arabic yeh and a space where the name has a ZWNJ.
    expect((await ask('teachers', 'ياسمن يوسفي نيا')).map((o) => o.id)).toEqual([yousefi.id]);
    expect((await ask('teachers', 'يوسفينيا')).map((o) => o.label)).toEqual(['یاسمن یوسفی‌نیا']);
    // Arabic kaf matches Persian ک.
    expect((await ask('teachers', 'كريمي')).map((o) => o.label)).toContain('سارا کریمی');
    // Latin and Arabic-Indic digits match Persian ones.
    expect((await ask('categories', 'پايتون 2')).map((o) => o.label)).toEqual(['پایتون ۲']);
    expect((await ask('categories', 'پایتون ٢')).map((o) => o.label)).toEqual(['پایتون ۲']);
    // No text: every record, up to the limit; labels that start with the text come first.
    const all = await ask('teachers', '');
    expect(all.length).toBe(5);
    const limited = await server.call<{ options: unknown[] }>('GET', optionsPath, { token: admin, params: { entity: 'teachers' }, query: { limit: '2' } });
    expect(limited.body.options.length).toBe(2);
    expect((await ask('teachers', 'زززز')).length).toBe(0);
  });

  it('refuses a bad limit (400) and an unknown entity (404)', async () => {
    for (const limit of ['0', '101', 'ten', '-3']) {
      const bad = await server.call<{ message: string }>('GET', optionsPath, { token: admin, params: { entity: 'teachers' }, query: { limit } });
      expect(bad.status, limit).toBe(400);
      expect(bad.body.message).toBe('تعداد نتایج باید عددی بین ۱ و ۱۰۰ باشد');
    }
    const unknown = await server.call('GET', optionsPath, { token: admin, params: { entity: 'nothing' } });
    expect(unknown.status).toBe(404);
  });
});

describe('record detail', () => {
  let category: Row;
  let teacher: Row;
  const created: Row[] = [];
  beforeAll(async () => {
    const c = await server.call<Row>('POST', '/api/Category/Create', { token: admin, body: { name: 'نجوم', inActive: false, coverImage: '' } });
    const t = await server.call<Row>('POST', '/api/Teacher/Create', {
      token: admin,
      body: { fullName: 'نیما صادقی', skill: 'نجوم', descirption: 'مدرس', coverImage: 'course-1.webp' },
    });
    category = c.body;
    teacher = t.body;
    for (const title of ['نجوم ۱', 'نجوم ۲', 'نجوم ۳']) {
      const course = await server.call<Row>('POST', '/api/Course/Create', { token: admin, body: courseOf(title, teacher.id, category.id) });
      expect(course.status, course.text).toBe(200);
      created.push(course.body);
    }
    await server.call<Row>('POST', '/api/Course/Create', { token: admin, body: courseOf('بی‌مدرس', 0, category.id) });
  });

  it("answers a category with its courses (the newest first), shaped as contract rows", async () => {
    const answer = await server.call<{ record: Row; label: string; related: Related[] }>('GET', recordPath, {
      token: admin,
      params: { entity: 'categories', id: String(category.id) },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.record).toMatchObject({ id: category.id, name: 'نجوم', inActive: false });
    expect(answer.body.label).toBe('نجوم');
    // A category's courses, and the coupons limited to it.
    expect(answer.body.related.map((group) => group.entity).sort()).toEqual(['coupons', 'courses']);
    const courses = answer.body.related.find((group) => group.entity === 'courses');
    expect(courses).toMatchObject({ entity: 'courses', field: 'categoryId', title: 'دوره‌ها', total: 4 });
    expect(courses?.items.map((c) => c.title)).toEqual(['بی‌مدرس', 'نجوم ۳', 'نجوم ۲', 'نجوم ۱']);
    expect(courses?.items[0]?.inActive).toBe(false);
  });

  it("answers a teacher's courses", async () => {
    const answer = await server.call<{ record: Row; related: Related[] }>('GET', recordPath, {
      token: admin,
      params: { entity: 'teachers', id: String(teacher.id) },
    });
    expect(answer.status).toBe(200);
    const courses = answer.body.related.find((r) => r.entity === 'courses');
    expect(courses?.field).toBe('techerId');
    expect(courses?.total).toBe(3);
    expect(courses?.items.map((c) => c.id).sort()).toEqual(created.map((c) => c.id).sort());
  });

  it("answers a user with their children (a server-owned table presented by a schema file), and never leaks secrets", async () => {
    const users = await server.call<{ queryResult: Row[] }>('GET', '/api/User/GetPagedFilter', { token: admin });
    const first = users.body.queryResult[0];
    if (!first) throw new Error('no user');
    const answer = await server.call<{ record: Row; related: Related[] }>('GET', recordPath, {
      token: admin,
      params: { entity: 'users', id: String(first.id) },
    });
    expect(answer.status).toBe(200);
    // Their orders, the messages sent to them and their sign-in history.
    expect(answer.body.related.map((group) => [group.entity, group.field])).toEqual([
      ['children', 'userId'],
      ['notifications', 'userId'],
      ['orders', 'userId'],
      ['sessions', 'userId'],
    ]);
    expect(answer.text).not.toMatch(/passwordHash|tokenVersion/);
  });

  it('404 for a missing record or unknown entity, 400 for a malformed id, in Persian', async () => {
    const missing = await server.call<{ message: string }>('GET', recordPath, { token: admin, params: { entity: 'categories', id: '999999' } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('رکورد یافت نشد');
    const unknown = await server.call<{ message: string }>('GET', recordPath, { token: admin, params: { entity: 'coupons', id: '1' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/[\u0600-\u06ff]/);
    for (const id of ['abc', '0', '1.5']) {
      const bad = await server.call<{ message: string }>('GET', recordPath, { token: admin, params: { entity: 'categories', id } });
      expect(bad.status, id).toBe(400);
      expect(bad.body.message).toBe('شناسه نامعتبر است');
    }
  });
});
