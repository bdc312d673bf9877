// @vitest-environment node
// Saved named views and the CSV export of a list (server/engine/adminLists.ts), on SQLite and PostgreSQL.
import { courseBody } from '../../support/samples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';

let server: TestServer;
let admin: string;
let learner: string;
let secondAdmin: string;

interface View {
  id: number;
  entity: string;
  name: string;
  query: string;
  createdAt: string;
}

beforeAll(async () => {
  server = await startServer();
  admin = await server.signIn(adminPhone, adminPassword);
  learner = await signUpLearner(server, '09360000011');
  // A second administrator: a learner promoted by the first.
  await signUpLearner(server, '09360000012');
  const users = await server.call<{ items: Array<{ id: number }> }>('GET', '/api/User/GetPagedFilter', { token: admin, query: { q: '09360000012' } });
  const id = users.body.items[0]?.id;
  if (!id) throw new Error('no second user');
  const promoted = await server.call('PUT', '/api/User/UpdateByAdmin', {
    token: admin,
    body: { userId: id, phoneNumber: '09360000012', emailAddress: '', role: 300 },
  });
  expect(promoted.status).toBe(200);
  secondAdmin = await server.signIn('09360000012', 'learner-pass-123');

  const course = (title: string, type: string, timeOfHolding: string | null) =>
    courseBody(title, {
    durationInHours: 12.5,
    timeOfHolding,
    registrationDeadline: null,
    priceInTomans: 2_500_000,
    type,
    inActive: false,
    difficulty: 'advanced',
    techerId: 0,
    categoryId: 0,
    prerequisite: '=cmd|calc',
    coverImage: '',
    coverVideo: '',
    description: '',
    headings: '',
  });
  for (const body of [course('خروجی حضوری، "ویژه"', 'offline', '2026-03-21T08:00:00.000Z'), course('خروجی آنلاین', 'online', null)]) {
    const answer = await server.call('POST', '/api/Course/Create', { token: admin, body });
    expect(answer.status).toBe(200);
  }
});
afterAll(async () => {
  await server.close();
});

describe('saved views', () => {
  it('saves, lists (own only), replaces by name and deletes', async () => {
    const saved = await server.call<View>('POST', '/api/Admin/views', {
      token: admin,
      body: { entity: 'courses', name: 'دوره‌های حضوری', query: '?f.type=offline&sort=-priceInTomans' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ entity: 'courses', name: 'دوره‌های حضوری', query: 'f.type=offline&sort=-priceInTomans' });

    await server.call('POST', '/api/Admin/views', { token: secondAdmin, body: { entity: 'courses', name: 'مال من', query: 'q=x' } });
    const mine = await server.call<View[]>('GET', '/api/Admin/views', { token: admin, query: { entity: 'courses' } });
    expect(mine.body.map((view) => view.name)).toEqual(['دوره‌های حضوری']);
    const none = await server.call<View[]>('GET', '/api/Admin/views', { token: admin, query: { entity: 'users' } });
    expect(none.body).toEqual([]);

    const replaced = await server.call<View>('POST', '/api/Admin/views', {
      token: admin,
      body: { entity: 'courses', name: 'دوره‌های حضوری', query: 'f.type=offline' },
    });
    const after = await server.call<View[]>('GET', '/api/Admin/views', { token: admin, query: { entity: 'courses' } });
    expect(after.body).toEqual([replaced.body]);

    // Another admin's view cannot be deleted (answered as missing).
    const theirs = await server.call<View[]>('GET', '/api/Admin/views', { token: secondAdmin, query: { entity: 'courses' } });
    const theirId = theirs.body[0]?.id ?? 0;
    const refused = await server.call<{ message: string }>('DELETE', '/api/Admin/views/{id}', { token: admin, params: { id: String(theirId) } });
    expect(refused.status).toBe(404);

    const removed = await server.call('DELETE', '/api/Admin/views/{id}', { token: admin, params: { id: String(replaced.body.id) } });
    expect(removed.status).toBe(200);
    expect((await server.call<View[]>('GET', '/api/Admin/views', { token: admin, query: { entity: 'courses' } })).body).toEqual([]);
  });

  it('refuses bad input in Persian, and learners', async () => {
    for (const body of [
      { entity: 'nothing', name: 'x', query: '' },
      { entity: 'courses', name: '  ', query: '' },
      { entity: 'courses', name: 'x', query: 'sort=passwordHash' },
      { entity: 'courses', name: 'x' },
    ]) {
      const answer = await server.call<{ message: string }>('POST', '/api/Admin/views', { token: admin, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toMatch(/[\u0600-\u06ff]/);
    }
    const asLearner = await server.call('GET', '/api/Admin/views', { token: learner, query: { entity: 'courses' } });
    expect(asLearner.status).toBe(403);
    const post = await server.call('POST', '/api/Admin/views', { token: learner, body: { entity: 'courses', name: 'x', query: '' } });
    expect(post.status).toBe(403);
  });
});

describe('CSV export', () => {
  it('answers Excel-ready CSV of the filtered view', async () => {
    const answer = await fetch(`${server.url}/api/Admin/courses/export?f.type=offline&q=${encodeURIComponent('خروجي')}`, {
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toMatch(/attachment; filename="courses-/);
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith('\ufeff')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    // The list's columns, then every other column the import reads (so the file imports back).
    expect(lines[0]).toBe(
      'شناسه,عنوان,مدت (ساعت),قیمت (تومان),صندلی‌ها,تاریخ برگزاری,پیش‌نیاز,مدرس,مدرسان دستیار,دسته‌بندی,نوع دوره,وضعیت دوره,' +
        'تاریخ آخرین جلسه,مهلت ثبت‌نام,قیمت ثبت‌نام زودهنگام (تومان),مهلت ثبت‌نام زودهنگام,سطح دوره,حداقل سن (سال),حداکثر سن (سال),ظرفیت (نفر),' +
        'نشانی محل برگزاری,کلاس,لینک کلاس آنلاین,لینک تصویر کاور,لینک ویدیوی معرفی,توضیحات,سرفصل‌ها',
    );
    // The filter held: only the offline course; quotes doubled, a formula kept as text; no teacher
    // or category said in the field's own words.
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^\d+,"خروجی حضوری، ""ویژه""",12\.5,2500000,0,۱۴۰۵\/۰۱\/۰۱,'=cmd\|calc,بدون مدرس,,بدون دسته‌بندی,حضوری,فعال,/);
  });

  it('exports users with labels and Latin-digit phones (an SMS panel matches them), never secrets', async () => {
    const answer = await fetch(`${server.url}/api/Admin/users/export?f.role=300&sort=id`, { headers: { Authorization: `Bearer ${admin}` } });
    const text = await answer.text();
    expect(text).toContain('نام کامل,ایمیل,شماره تلفن,نقش,وضعیت,آخرین ورود');
    expect(text).toContain(',09120000000,');
    expect(text).not.toContain('۰۹۱۲۰۰۰۰۰۰۰');
    expect(text).toContain('مدیر سیستم');
    expect(text).not.toContain('کاربر عادی');
    expect(text).not.toMatch(/scrypt|passwordHash/);
  });

  it('is for admins only, and refuses bad parameters and unknown entities', async () => {
    const asLearner = await server.call<{ message: string }>('GET', '/api/Admin/{entity}/export', { token: learner, params: { entity: 'courses' } });
    expect(asLearner.status).toBe(403);
    expect(asLearner.body.message).toBe('دسترسی غیرمجاز');
    const anonymous = await server.call('GET', '/api/Admin/{entity}/export', { params: { entity: 'courses' } });
    expect(anonymous.status).toBe(401);
    const bad = await server.call('GET', '/api/Admin/{entity}/export', { token: admin, params: { entity: 'courses' }, query: { sort: 'nope' } });
    expect(bad.status).toBe(400);
    const unknown = await server.call('GET', '/api/Admin/{entity}/export', { token: admin, params: { entity: 'nothing' } });
    expect(unknown.status).toBe(404);
  });
});
