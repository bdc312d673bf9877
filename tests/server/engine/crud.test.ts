// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitOperation, type OperationKey } from '../../../schema/define';
import { registry } from '../../../schema/registry.gen';
import type { AnyEntity } from '../../../schema/define';
import { defaultMaxReferences, maxLengthOf, numberLimits } from '../../../schema/define';
import { courseBody, sampleBody, sampleChild } from '../../support/samples';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';

let server: TestServer;
let admin: string;
let learner: string;

beforeAll(async () => {
  server = await startServer();
  admin = await server.signIn(adminPhone, adminPassword);
  learner = await signUpLearner(server, '09360000001');
  // An enrolment is made of a child and a course that exist: a seeded child, a new course.
  const child = (await server.call<Array<{ id: number }>>('GET', '/api/Child/GetSelectList', { token: admin })).body[0];
  const course = await server.call<{ id: number }>('POST', '/api/Course/Create', { token: admin, body: courseBody('دوره ثبت‌نام دستی نمونه') });
  const parentId = (await server.call<{ id: number }>('GET', '/api/Me', { token: learner })).body.id;
  validBodies.children = { firstName: 'ترانه', lastName: 'نمونه', userId: parentId, birthDate: sampleChild.birthDate, grade: 'سوم دبستان' };
  validBodies.enrollments = { childId: child?.id ?? 0, courseId: course.body.id, payment: 'cash', amountInTomans: 100_000, reference: '' };
});
afterAll(async () => {
  await server.close();
});

type Row = Record<string, unknown> & { id: number };
const op = (key: OperationKey) => splitOperation(key);

// Written out where a test below relies on the values; any other entity's body comes from its schema.
const curatedBodies: Record<string, Record<string, unknown>> = {
  categories: { name: 'نجوم برای کودکان', inActive: false, coverImage: 'https://cdn.example.com/uploads/images/category-ai.webp?v=2' },
  teachers: { fullName: 'نیما صادقی', skill: 'نجوم', descirption: 'مدرس نجوم', coverImage: 'course-2.webp' },
  articles: { author: 'نیما', name: 'ستاره‌ها چگونه می‌درخشند؟', body: '<p>متن</p>', image: '' },
  courses: courseBody('نجوم مقدماتی', {
    durationInHours: 10.5,
    timeOfHolding: '2030-01-01T10:00:00.000Z',
    registrationDeadline: null,
    priceInTomans: 1_000_000,
    type: 'online',
    inActive: false,
    difficulty: 'introductory',
    techerId: 0,
    categoryId: 0,
    prerequisite: '',
    coverImage: '',
    coverVideo: '',
    description: 'شرح',
    headings: 'یک\nدو',
  }),
};

const validBodies: Record<string, Record<string, unknown>> = {
  ...Object.fromEntries(Object.values(registry).map((entity) => [entity.key, sampleBody(entity)])),
  ...curatedBodies,
};
const bodyOf = (entity: AnyEntity): Record<string, unknown> => validBodies[entity.key] ?? sampleBody(entity);

describe('generic CRUD of the registry', () => {
  for (const entity of Object.values(registry)) {
    it(`${entity.key}: 401 anonymous, 403 learner, 200 admin on every operation`, async () => {
      const ops = [entity.ops.list, entity.ops.create, entity.ops.update, entity.ops.remove].filter((o): o is OperationKey => !!o);
      for (const key of ops) {
        const { method, path } = op(key);
        const anonymous = await server.call<{ message: string }>(method, path, { body: method === 'GET' ? undefined : {} });
        expect(anonymous.status, `${key} anonymous`).toBe(401);
        expect(anonymous.body.message).toMatch(/[\u0600-\u06ff]/);
        const asLearner = await server.call<{ message: string }>(method, path, { token: learner, body: method === 'GET' ? undefined : {} });
        expect(asLearner.status, `${key} learner`).toBe(403);
        expect(asLearner.body.message).toBe('دسترسی غیرمجاز');
      }

      const list = op(entity.ops.list);
      const listed = await server.call<Row[] | { queryResult: Row[] }>(list.method, list.path, { token: admin });
      expect(listed.status).toBe(200);
      const rows = (b: Row[] | { queryResult: Row[] }) => (Array.isArray(b) ? b : b.queryResult);
      expect(JSON.stringify(listed.body)).not.toMatch(/passwordHash|tokenVersion/);

      let target: Row | undefined;
      if (entity.ops.create) {
        const create = op(entity.ops.create);
        const created = await server.call<Row>(create.method, create.path, { token: admin, body: bodyOf(entity) });
        expect(created.status).toBe(200);
        target = created.body;
        const relisted = await server.call<Row[] | { queryResult: Row[] }>(list.method, list.path, { token: admin });
        expect(rows(relisted.body).map((r) => r.id)).toContain(created.body.id);
      } else if (entity.key === 'users') {
        // A learner of its own: the seed's learners have paid orders, which keep an account.
        await signUpLearner(server, '09360000077');
        const relisted = await server.call<Row[] | { queryResult: Row[] }>(list.method, list.path, { token: admin });
        target = rows(relisted.body).find((r) => r.phoneNumber === '09360000077');
      } else {
        target = rows(listed.body)[0];
      }
      if (!target) throw new Error('no row to work on');

      if (entity.ops.update) {
        const update = op(entity.ops.update);
        const idKey = entity.ops.updateIdKey ?? 'id';
        const body = { ...Object.fromEntries(Object.keys(entity.fields).map((k) => [k, target[k]])), [idKey]: target.id };
        const updated = await server.call<Row>(update.method, update.path, { token: admin, body });
        expect(updated.status).toBe(200);
        expect(updated.body.id).toBe(target.id);
        const missing = await server.call<{ message: string }>(update.method, update.path, { token: admin, body: { ...body, [idKey]: 999999 } });
        expect(missing.status).toBe(404);
        expect(missing.body.message).toBe('رکورد یافت نشد');
      }

      if (entity.ops.remove) {
        const remove = op(entity.ops.remove);
        const removed = await server.call<{ id: number }>(remove.method, remove.path, { token: admin, body: { id: target.id } });
        expect(removed.status).toBe(200);
        expect(removed.body).toEqual({ id: target.id });
        const again = await server.call(remove.method, remove.path, { token: admin, body: { id: target.id } });
        expect(again.status).toBe(404);
      }
    });
  }
});

describe('declared limits', () => {
  // The limits written in each schema file are the contract's and the server's: a value just past
  // each one is refused with 400 and a Persian message naming the field.
  for (const entity of Object.values(registry)) {
    const create = entity.ops.create;
    if (!create) continue;
    it(`${entity.key}: refuses values past each field's limits`, async () => {
      const { method, path } = op(create);
      const cases: Array<[string, unknown]> = [];
      for (const [name, field] of Object.entries(entity.decl.fields)) {
        if (field.readOnly) continue;
        if (field.input === 'number') {
          const { min, max } = numberLimits(field);
          cases.push([name, max + 1], [name, min - 1]);
          if (field.integer) cases.push([name, min + 0.5]);
        }
        const maxLength = maxLengthOf(field);
        if (maxLength !== undefined && field.input !== 'imageLink' && field.input !== 'videoLink') cases.push([name, 'ب'.repeat(maxLength + 1)]);
        if (field.input === 'select') cases.push([name, 'not-an-option']);
        if (field.input === 'reference') cases.push([name, -1]);
        if (field.input === 'references') cases.push([name, [0]], [name, Array.from({ length: (field.max ?? defaultMaxReferences) + 1 }, (_, i) => i + 1)]);
      }
      for (const [name, value] of cases) {
        const answer = await server.call<{ message: string }>(method, path, { token: admin, body: { ...bodyOf(entity), [name]: value } });
        expect(answer.status, `${entity.key}.${name} = ${String(value).slice(0, 20)}`).toBe(400);
        expect(answer.body.message).toContain(entity.decl.fields[name]?.label ?? name);
      }
    });
  }
});

describe('validation', () => {
  it('answers 400 with a Persian message for missing and wrong-typed fields', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ inActive: false, coverImage: '' }, 'نام ارسال نشده است'],
      [{ name: '   ', inActive: false, coverImage: '' }, 'نام الزامی است'],
      [{ name: 'x', inActive: 'yes', coverImage: '' }, 'غیرفعال باید بله یا خیر باشد'],
      [{ name: 42, inActive: false, coverImage: '' }, 'نام باید متن باشد'],
    ];
    for (const [body, message] of cases) {
      const answer = await server.call<{ message: string }>('POST', '/api/Category/Create', { token: admin, body });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    const course = await server.call<{ message: string }>('POST', '/api/Course/Create', {
      token: admin,
      body: { ...validBodies.courses, priceInTomans: -5 },
    });
    expect(course.status).toBe(400);
    expect(course.body.message).toMatch(/منفی/);
    const badType = await server.call<{ message: string }>('POST', '/api/Course/Create', {
      token: admin,
      body: { ...validBodies.courses, type: 'hybrid' },
    });
    expect(badType.status).toBe(400);
    const badId = await server.call<{ message: string }>('DELETE', '/api/Category/Delete', { token: admin, body: { id: 'one' } });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toBe('شناسه باید عدد باشد');
  });

  it('answers 400 for invalid JSON, non-object bodies, wrong content types and huge bodies', async () => {
    const invalid = await server.call<{ message: string }>('POST', '/api/Category/Create', {
      token: admin,
      rawBody: '{"name": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('بدنه درخواست JSON معتبر نیست');
    for (const body of [[1, 2], null, 'text', 5]) {
      const answer = await server.call<{ message: string }>('POST', '/api/Category/Create', { token: admin, body });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/شیء JSON/);
    }
    const xml = await server.call<{ message: string }>('POST', '/api/Category/Create', {
      token: admin,
      rawBody: '<name/>',
      headers: { 'Content-Type': 'application/xml' },
    });
    expect(xml.status).toBe(400);
    expect(xml.body.message).toMatch(/JSON/);
    const huge = await server.call<{ message: string }>('POST', '/api/Category/Create', {
      token: admin,
      body: { name: 'x'.repeat(1_200_000), inActive: false, coverImage: '' },
    });
    expect(huge.status).toBe(400);
    expect(huge.body.message).toBe('حجم بدنه درخواست بیش از حد مجاز است');
    const proto = await server.call('POST', '/api/Category/Create', {
      token: admin,
      rawBody: '{"name":"x","inActive":false,"coverImage":"","__proto__":{"admin":true}}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(proto.status).toBe(400);
  });

  it('answers 404 with a Persian message for unknown API paths', async () => {
    const response = await fetch(`${server.url}/api/Nothing/Here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'منبع یافت نشد' });
    const wrongMethod = await fetch(`${server.url}/api/Category/Create`, { headers: { Authorization: `Bearer ${admin}` } });
    expect(wrongMethod.status).toBe(404);
  });
});

describe('categories, slugs and references', () => {
  it('keeps bare file names, makes unique stable slugs and refuses deleting a category in use', async () => {
    const body = { name: 'برنامه‌نویسی وب!', inActive: false, coverImage: 'https://x.ir/uploads/images/course-3.webp?x=1#top' };
    const first = await server.call<Row>('POST', '/api/Category/Create', { token: admin, body });
    const second = await server.call<Row>('POST', '/api/Category/Create', { token: admin, body });
    const third = await server.call<Row>('POST', '/api/Category/Create', { token: admin, body });
    expect(first.body.coverImage).toBe('course-3.webp');
    expect(first.body.slug).toBe('برنامه-نویسی-وب');
    expect(second.body.slug).toBe('برنامه-نویسی-وب-2');
    expect(third.body.slug).toBe('برنامه-نویسی-وب-3');

    const renamed = await server.call<Row>('PUT', '/api/Category/Update', {
      token: admin,
      body: { id: first.body.id, name: 'نام تازه', inActive: true, coverImage: 'C:\\images\\course-4.webp' },
    });
    expect(renamed.body).toMatchObject({ name: 'نام تازه', inActive: true, coverImage: 'course-4.webp', slug: 'برنامه-نویسی-وب' });

    const course = await server.call<Row>('POST', '/api/Course/Create', {
      token: admin,
      body: { ...validBodies.courses, categoryId: second.body.id },
    });
    expect(course.status).toBe(200);
    const refused = await server.call<{ message: string }>('DELETE', '/api/Category/Delete', { token: admin, body: { id: second.body.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/دوره/);
  });

  it('sanitises rich text on write', async () => {
    const created = await server.call<Row>('POST', '/api/Article/Create', {
      token: admin,
      body: {
        author: 'الف',
        name: 'آزمون امنیت',
        image: '',
        body: '<p style="text-align: right; position: fixed" onclick="x()">سلام<script>alert(1)</script></p><a href="javascript:alert(1)">بد</a><a href="https://ok.ir" target="_self">خوب</a><img src=x onerror=alert(1)><iframe src="https://evil"></iframe>',
      },
    });
    expect(created.status).toBe(200);
    const html = String(created.body.body);
    expect(html).toContain('<p style="text-align:right">سلام</p>');
    expect(html).not.toMatch(/script|onclick|javascript|onerror|iframe|<img|position/);
    expect(html).toContain('<a href="https://ok.ir" target="_blank" rel="noopener noreferrer">خوب</a>');
  });

  it('persists across a restart on the same data dir', async () => {
    const restartable = await startServer({ keepData: true });
    const token = await restartable.signIn(adminPhone, adminPassword);
    const created = await restartable.call<Row>('POST', '/api/Category/Create', {
      token,
      body: { name: 'ماندگار', inActive: true, coverImage: 'course-5.webp' },
    });
    const updated = await restartable.call<Row>('PUT', '/api/Category/Update', {
      token,
      body: { id: created.body.id, name: 'ماندگار ۲', inActive: false, coverImage: 'course-6.webp' },
    });
    expect(updated.status).toBe(200);
    const doomed = await restartable.call<Row>('POST', '/api/Category/Create', { token, body: { name: 'حذفی', inActive: false, coverImage: '' } });
    await restartable.call('DELETE', '/api/Category/Delete', { token, body: { id: doomed.body.id } });
    await restartable.app.close();

    const again = await startServer({ dataDir: restartable.dataDir });
    try {
      // The same JWT key (kept in the data dir? no: set in config) and the same database.
      const list = await again.call<Row[]>('GET', '/api/Category/GetSelectList', { token });
      expect(list.status).toBe(200);
      expect(list.body.find((c) => c.id === created.body.id)).toMatchObject({ name: 'ماندگار ۲', inActive: false, coverImage: 'course-6.webp', slug: 'ماندگار' });
      expect(list.body.find((c) => c.id === doomed.body.id)).toBeUndefined();
      expect(again.printed.join('\n')).not.toContain('Admin sign-in');
    } finally {
      await again.close();
      const { rmSync } = await import('node:fs');
      rmSync(restartable.dataDir, { recursive: true, force: true });
    }
  });

  it('lists users without secrets and lets an admin change a role that takes effect at once', async () => {
    const users = await server.call<{ queryResult: Row[] }>('GET', '/api/User/GetPagedFilter', { token: admin });
    const me = users.body.queryResult.find((u) => u.phoneNumber === '09360000001');
    if (!me) throw new Error('learner not listed');
    expect(Object.keys(me).sort()).toEqual(['emailAddress', 'firstName', 'id', 'isLockout', 'lastLogin', 'lastName', 'phoneNumber', 'role', 'staffRoleId', 'teacherId', 'version'].sort());
    expect(me.isLockout).toBe(false);
    const promoted = await server.call<Row>('PUT', '/api/User/UpdateByAdmin', {
      token: admin,
      body: { userId: me.id, phoneNumber: '۰۹۳۶۰۰۰۰۰۰۱', emailAddress: 'promoted@example.com', role: 300 },
    });
    expect(promoted.body).toMatchObject({ role: 300, phoneNumber: '09360000001' });
    expect((await server.call('GET', '/api/Course/GetSelectList', { token: learner })).status).toBe(200);
    const taken = await server.call<{ message: string }>('PUT', '/api/User/UpdateByAdmin', {
      token: admin,
      body: { userId: me.id, phoneNumber: adminPhone, emailAddress: '', role: 1 },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/تکراری/);
    const badRole = await server.call('PUT', '/api/User/UpdateByAdmin', {
      token: admin,
      body: { userId: me.id, phoneNumber: '09360000001', emailAddress: '', role: 0 },
    });
    expect(badRole.status).toBe(400);
  });
});
