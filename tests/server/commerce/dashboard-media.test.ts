// @vitest-environment node
// Against the real server on SQLite, or PostgreSQL with
// TEST_DATABASE=postgres: the dashboard's money figures (Jalali months in Tehran time across a
// month boundary, per course, refunds, the date-range filter) and the media library (original
// names, where each file is used, a used file deleted only when confirmed, unknown names refused),
// on the local media folder and on an S3 bucket.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropDatabaseFor, rawSql, usePostgres } from '../../support/postgres-db';
import { mediaStoreKinds, useMediaStore } from '../../support/s3';
import { adminPassword, adminPhone, encodePng, startServer, type TestServer } from '../../support/server';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  // keepData: the last test restarts on the same data; afterAll removes it.
  server = await startServer({ keepData: true });
  admin = await server.signIn(adminPhone, adminPassword);
});
afterAll(async () => {
  if (!server) return;
  await server.app.close();
  rmSync(server.dataDir, { recursive: true, force: true });
  if (usePostgres) await dropDatabaseFor(server.dataDir);
});

interface Money {
  from: string;
  to: string;
  revenueInTomans: number;
  paidOrders: number;
  byMonth: Array<{ year: number; month: number; revenueInTomans: number; paidOrders: number }>;
  byCourse: Array<{ courseId: number; title: string; revenueInTomans: number; sold: number }>;
  today: { paidOrders: number; revenueInTomans: number };
  refunds: { count: number; amountInTomans: number; dueCount: number; dueInTomans: number; refundedCount: number; refundedInTomans: number };
}
type Dashboard = Record<string, number> & { money: Money };

const dashboard = async (query: Record<string, string> = {}) => {
  const answer = await server.call<Dashboard>('GET', '/api/User/GetDashboardData', { token: admin, query });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};

interface Place {
  entity: string;
  section: string;
  id: number;
  label: string;
  field: string;
}
interface Entry {
  name: string;
  originalName: string;
  size: number;
  type: string;
  uploadedAt: string;
  uploader: string | null;
  usedIn: Place[];
}
const library = async (mediaType: 'image' | 'video' = 'image') => {
  const answer = await server.call<{ items: Entry[] }>('GET', '/api/File/library', { token: admin, query: { mediaType } });
  expect(answer.status).toBe(200);
  return answer.body.items;
};

const uploadPng = async (name: string) => {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(encodePng(6, 6, (x) => [x * 40, 90, 200]))], { type: 'image/png' }), name);
  const answer = await server.call<{ fileName: string }>('POST', '/api/File/upload-image', { token: admin, rawBody: data });
  expect(answer.status).toBe(200);
  return answer.body.fileName;
};

describe('money on the dashboard', () => {
  // 1405/01/01 (Nowruz) starts in Tehran at 2026-03-20T20:30Z; a minute either side is in
  // another Jalali month. Orders are written directly: the checkout has its own tests.
  beforeAll(async () => {
    await rawSql(server.dataDir, `insert into children ("userId", "firstName", "lastName", "birthDate", "grade") values (1, 'کودک', 'آزمایشی', null, 'سوم')`);
  });

  it('buckets revenue by Tehran Jalali month across Nowruz, per course, and follows the range', async () => {
    const orders: Array<[number, string, number, number, string]> = [
      // id, status, total, owed back, paidAt
      [9001, 'paid', 100000, 0, '2026-03-20T20:29:00.000Z'], // Tehran 1404/12/29 23:59
      [9002, 'paid', 250000, 0, '2026-03-20T20:31:00.000Z'], // Tehran 1405/01/01 00:01
      [9003, 'paid', 50000, 20000, '2026-03-20T20:00:00.000Z'], // 1404/12/29, one line owed back
      [9004, 'refundDue', 70000, 70000, '2026-03-22T10:00:00.000Z'], // 1405/01/02
      [9005, 'refunded', 40000, 0, '2026-03-25T10:00:00.000Z'], // 1405/01/05
      [9006, 'failed', 90000, 0, '2026-03-25T10:00:00.000Z'],
      [9007, 'paid', 60000, 0, '2026-03-30T10:00:00.000Z'], // 1405/01/10, one enrolment cancelled and paid back
    ];
    for (const [id, status, total, owed, paidAt] of orders) {
      await rawSql(server.dataDir, `insert into orders ("id", "userId", "status", "totalInTomans", "refundDueInTomans", "authority", "refId", "createdAt", "paidAt")
        values (${id}, 1, '${status}', ${total}, ${owed}, 'A${id}', 'R${id}', '${paidAt}', '${paidAt}')`);
    }
    const child = 'select max(id) from children';
    const items: Array<[number, number, number]> = [
      [9001, 1, 100000],
      [9002, 2, 250000],
      [9003, 1, 30000],
      [9003, 2, 20000],
      [9004, 3, 70000],
      [9007, 4, 50000],
      [9007, 5, 10000],
    ];
    for (const [order, course, price] of items) {
      await rawSql(server.dataDir, `insert into order_items ("orderId", "childId", "courseId", "priceInTomans", "childName", "courseTitle")
        values (${order}, (${child}), ${course}, ${price}, 'کودک', 'دوره ${course}')`);
    }
    // Order 9003 enrolled course 1 only; its course-2 line is the part owed back.
    await rawSql(server.dataDir, `insert into enrollments ("childId", "courseId", "orderId", "enrolledAt") values ((${child}), 1, 9003, '2026-03-20T20:00:00.000Z')`);
    // Order 9007: course 5's enrolment cancelled with its price paid back; the order stays paid.
    await rawSql(server.dataDir, `insert into enrollments ("childId", "courseId", "orderId", "enrolledAt") values ((${child}), 4, 9007, '2026-03-30T10:00:00.000Z')`);
    await rawSql(server.dataDir, `insert into enrollments ("childId", "courseId", "orderId", "enrolledAt", "status", "cancelledAt")
      values ((${child}), 5, 9007, '2026-03-30T10:00:00.000Z', 'cancelled', '2026-04-01T10:00:00.000Z')`);
    await rawSql(server.dataDir, `update orders set "refundedInTomans" = 10000 where id = 9007`);

    const both = (await dashboard({ from: '1404-12-01', to: '1405-01-31' })).money;
    expect(both.from).toBe('1404-12-01');
    expect(both.byMonth).toEqual([
      { year: 1404, month: 12, revenueInTomans: 130_000, paidOrders: 2 },
      { year: 1405, month: 1, revenueInTomans: 300_000, paidOrders: 2 },
    ]);
    expect(both.revenueInTomans).toBe(430_000);
    expect(both.byCourse.map((c) => [c.courseId, c.revenueInTomans, c.sold])).toEqual([
      [2, 250_000, 1],
      [1, 130_000, 2],
      [4, 50_000, 1],
    ]);
    expect(both.refunds).toEqual({ count: 4, amountInTomans: 140_000, dueCount: 2, dueInTomans: 90_000, refundedCount: 2, refundedInTomans: 50_000 });

    // Persian digits and slashes are read as well; Farvardin alone drops Esfand's orders.
    const farvardin = (await dashboard({ from: '۱۴۰۵/۰۱/۰۱', to: '۱۴۰۵/۰۱/۳۱' })).money;
    expect(farvardin.byMonth).toEqual([{ year: 1405, month: 1, revenueInTomans: 300_000, paidOrders: 2 }]);
    expect(farvardin.byCourse.map((c) => c.courseId)).toEqual([2, 4]);
    expect(farvardin.refunds).toMatchObject({ dueCount: 1, dueInTomans: 70_000, refundedCount: 2, refundedInTomans: 50_000 });

    // The last day of Esfand ends at the Tehran midnight, not at UTC's.
    const lastDay = (await dashboard({ from: '1404-12-29', to: '1404-12-29' })).money;
    expect(lastDay.revenueInTomans).toBe(130_000);

    // The spec's five counters are still there, unchanged in shape.
    const plain = await dashboard();
    for (const key of ['totalUsers', 'totalRegisterToday', 'totalCoursesSold', 'totalCoursesSoldToday', 'totalCourses']) {
      expect(typeof plain[key]).toBe('number');
    }
    expect(plain.money.byMonth).toHaveLength(12);
  });

  it('counts today in Tehran and refuses a bad range in Persian', async () => {
    const before = (await dashboard()).money.today;
    const now = new Date().toISOString();
    await rawSql(server.dataDir, `insert into orders ("id", "userId", "status", "totalInTomans", "refundDueInTomans", "authority", "refId", "createdAt", "paidAt")
      values (9010, 1, 'paid', 12000, 0, 'A9010', 'R9010', '${now}', '${now}')`);
    expect((await dashboard()).money.today).toEqual({ paidOrders: before.paidOrders + 1, revenueInTomans: before.revenueInTomans + 12_000 });

    const bad = await server.call<{ message: string }>('GET', '/api/User/GetDashboardData', { token: admin, query: { from: '1405-13-01' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('تاریخ شروع');
    const reversed = await server.call<{ message: string }>('GET', '/api/User/GetDashboardData', { token: admin, query: { from: '1405-02-01', to: '1405-01-01' } });
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('تاریخ شروع نمی‌تواند بعد از تاریخ پایان باشد');
  });
});

describe.each(mediaStoreKinds)('media that knows where it is used (%s store)', (kind) => {
  const media = useMediaStore(kind);
  // A server of its own per store, on fresh data (seeded), taking over from the one before.
  beforeAll(async () => {
    await server.app.close();
    rmSync(server.dataDir, { recursive: true, force: true });
    if (usePostgres) await dropDatabaseFor(server.dataDir);
    server = await startServer({ keepData: true, ...media.options() });
    admin = await server.signIn(adminPhone, adminPassword);
  });

  it('lists the seeded images with where they are used, and an upload with its original name', async () => {
    const seeded = await library();
    const cover = seeded.find((entry) => entry.name === 'course-1.webp');
    expect(cover?.size).toBeGreaterThan(0);
    expect(cover?.usedIn.some((place) => place.entity === 'courses' && place.section === 'دوره‌ها' && place.field === 'لینک تصویر کاور')).toBe(true);

    const name = await uploadPng('پوستر دوره تابستان.png');
    const entry = (await library()).find((e) => e.name === name);
    expect(entry).toMatchObject({ originalName: 'پوستر دوره تابستان.png', type: 'image/png', usedIn: [] });
    expect(entry?.uploader).not.toBeNull();
    expect(Date.parse(entry?.uploadedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses an image field naming a file not in the library, on create, update and import', async () => {
    const refused = await server.call<{ message: string }>('POST', '/api/Category/Create', {
      token: admin,
      body: { name: 'دسته بی‌تصویر', inActive: false, coverImage: 'nowhere.png' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('لینک تصویر');
    expect(refused.body.message).toContain('nowhere.png');

    const made = await server.call<{ id: number; version: number }>('POST', '/api/Category/Create', {
      token: admin,
      body: { name: 'دسته با تصویر', inActive: false, coverImage: 'category-ai.webp' },
    });
    expect(made.status).toBe(200);
    const update = await server.call<{ message: string }>('PUT', '/api/Category/Update', {
      token: admin,
      body: { id: made.body.id, name: 'دسته با تصویر', inActive: false, coverImage: '/uploads/images/missing.webp' },
    });
    expect(update.status).toBe(400);
    expect(update.body.message).toContain('missing.webp');

    const csv = 'title,type,priceInTomans,coverImage\nدوره وارداتی,online,1000,ghost.webp\n';
    const imported = await server.call<{ rejected: Array<{ line: number; message: string }> }>('POST', '/api/Admin/{entity}/import', {
      token: admin,
      params: { entity: 'courses' },
      query: { dryRun: '1' },
      rawBody: csv,
      headers: { 'Content-Type': 'text/csv; charset=utf-8' },
    });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body.rejected.some((r) => r.message.includes('ghost.webp'))).toBe(true);
  });

  it('refuses deleting a used file unless confirmed, naming the places (link fields and article bodies)', async () => {
    const name = await uploadPng('teacher.png');
    const teacher = await server.call<{ id: number }>('POST', '/api/Teacher/Create', {
      token: admin,
      body: { fullName: 'مدرس آزمایشی', skill: 'رباتیک', descirption: 'شرح', coverImage: name },
    });
    expect(teacher.status).toBe(200);
    // The sanitiser keeps no <img> today; a body stored with one (older data) still counts.
    await rawSql(server.dataDir, `update articles set "body" = '<p>متن</p><img src="/api/File/image/${name}">' where id = (select min(id) from articles)`);

    const used = (await library()).find((e) => e.name === name);
    expect(used?.usedIn.map((p) => p.entity).sort()).toEqual(['articles', 'teachers']);

    const refused = await server.call<{ message: string; places: Place[] }>('DELETE', '/api/File/delete', {
      token: admin,
      query: { fileName: name, mediaType: 'image' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('۲');
    expect(refused.body.places).toContainEqual({ entity: 'teachers', section: 'همیاران', id: teacher.body.id, label: 'مدرس آزمایشی', field: 'لینک تصویر' });
    expect((await fetch(`${server.url}/api/File/image/${name}`)).status).toBe(200);

    const unused = await uploadPng('spare.png');
    expect((await server.call('DELETE', '/api/File/delete', { token: admin, query: { fileName: unused, mediaType: 'image' } })).status).toBe(200);

    const confirmed = await server.call('DELETE', '/api/File/delete', { token: admin, query: { fileName: name, mediaType: 'image', confirmed: '1' } });
    expect(confirmed.status).toBe(200);
    expect((await library()).some((e) => e.name === name || e.name === unused)).toBe(false);
    expect((await fetch(`${server.url}/api/File/image/${name}`)).status).toBe(404);
  });

  it('registers files found in the store at start, and forgets those gone from it', async () => {
    // Put there by hand (a restored backup, a file copied in); and one the library knows removed.
    await server.media.save('images', 'restored-by-hand.png', encodePng(3, 3, () => [1, 2, 3]));
    const gone = await uploadPng('gone.png');
    await server.app.close();
    expect(await server.media.remove('images', gone)).toBe(true);
    server = await startServer({ dataDir: server.dataDir, ...media.options() });
    admin = await server.signIn(adminPhone, adminPassword);
    const entry = (await library()).find((e) => e.name === 'restored-by-hand.png');
    expect(entry).toMatchObject({ originalName: 'restored-by-hand.png', type: 'image/png', uploader: null });
    expect((await library()).some((e) => e.name === gone)).toBe(false);
  });
});
