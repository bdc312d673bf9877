// @vitest-environment node
// Bulk delete and CSV import of the generic admin, against the real server (SQLite, and
// PostgreSQL with TEST_DATABASE=postgres).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyDayStart } from '../../../schema/rules/calendar';
import { startFakeGateway, type FakeGateway } from '../../support/fake-gateway';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';
import { courseBody } from '../../support/samples';

let server: TestServer;
let gateway: FakeGateway;
let admin: string;
let learner: string;

beforeAll(async () => {
  gateway = await startFakeGateway();
  server = await startServer({ paymentGatewayUrl: gateway.url });
  admin = await server.signIn(adminPhone, adminPassword);
  learner = await signUpLearner(server, '09380000001');
});
afterAll(async () => {
  await server.close();
  await gateway.close();
});

type Row = Record<string, unknown> & { id: number };
interface BulkResult {
  deleted: number;
  skipped: Array<{ id: number; label: string; reason: string }>;
}
interface ImportResult {
  created: number;
  rows: number;
  dryRun: boolean;
  rejected: Array<{ line: number; message: string }>;
}

const bulkPath = '/api/Admin/{entity}/bulk-delete';
const importPath = '/api/Admin/{entity}/import';

const bulkDelete = (entity: string, body: unknown, token = admin) =>
  server.call<BulkResult & { message: string }>('POST', bulkPath, { token, params: { entity }, body });

const importCsv = (entity: string, csv: string, options: { dryRun?: boolean; token?: string; contentType?: string } = {}) =>
  server.call<ImportResult & { message: string }>('POST', importPath, {
    token: options.token ?? admin,
    params: { entity },
    query: options.dryRun ? { dryRun: '1' } : undefined,
    rawBody: csv,
    headers: { 'Content-Type': options.contentType ?? 'text/csv; charset=utf-8' },
  });

const list = async (path: string): Promise<Row[]> => {
  const answer = await server.call<Row[] | { queryResult: Row[] }>('GET', path, { token: admin });
  return Array.isArray(answer.body) ? answer.body : answer.body.queryResult;
};
const courses = () => list('/api/Course/GetSelectList');
const users = () => list('/api/User/GetPagedFilter');

const course = (title: string, extra: Record<string, unknown> = {}) => courseBody(title, { durationInHours: 10, priceInTomans: 1000, ...extra });

async function createCourse(title: string, extra: Record<string, unknown> = {}): Promise<Row> {
  const answer = await server.call<Row>('POST', '/api/Course/Create', { token: admin, body: course(title, extra) });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

describe('bulk delete', () => {
  it('deletes the chosen rows in one call; unknown ids are reported, not fatal', async () => {
    const made = await Promise.all(['حذف ۱', 'حذف ۲', 'حذف ۳'].map((t) => createCourse(t)));
    const answer = await bulkDelete('courses', { ids: [...made.map((c) => c.id), 999_999] });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.deleted).toBe(3);
    expect(answer.body.skipped).toEqual([{ id: 999_999, label: 'شناسه ۹۹۹۹۹۹', reason: 'پیدا نشد (شاید پیش‌تر حذف شده است)' }]);
    const left = new Set((await courses()).map((c) => c.id));
    for (const c of made) expect(left.has(c.id)).toBe(false);
  });

  it('skips teachers still referenced by courses, naming the count in Persian digits', async () => {
    const teacher = async (fullName: string) =>
      (await server.call<Row>('POST', '/api/Teacher/Create', { token: admin, body: { fullName, skill: 'ریاضی', descirption: 'شرح', coverImage: 'course-1.webp' } })).body;
    const busy = await teacher('مدرس پرکار');
    const free = await teacher('مدرس آزاد');
    await createCourse('دوره‌ی الف', { techerId: busy.id });
    await createCourse('دوره‌ی ب', { techerId: busy.id });
    const answer = await bulkDelete('teachers', { ids: [busy.id, free.id] });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      deleted: 1,
      skipped: [{ id: busy.id, label: 'مدرس پرکار', reason: '۲ مورد از دوره‌ها به آن وابسته است' }],
    });
    const teachers = await list('/api/Teacher/GetSelectList');
    expect(teachers.some((t) => t.id === busy.id)).toBe(true);
    expect(teachers.some((t) => t.id === free.id)).toBe(false);
  });

  it('skips a course with enrolments (a foreign key) and still deletes the others in the same call', async () => {
    const child = await server.call<{ id: number }>('POST', '/api/Children/Create', {
      token: learner,
      body: { firstName: 'آوا', lastName: 'آزمون', birthDate: '2016-03-20T00:00:00.000Z', grade: 'سوم' },
    });
    const open = (await server.call<{ courses: Array<{ id: number; title: string; registrationOpen: boolean }> }>('GET', '/api/Public/courses')).body.courses.find(
      (c) => c.registrationOpen,
    );
    if (!open) throw new Error('no open course in the seed');
    await server.call('POST', '/api/Cart/Add', { token: learner, body: { courseId: open.id, childId: child.body.id } });
    const checkout = await server.call<{ paymentUrl: string }>('POST', '/api/Orders/Checkout', { token: learner });
    const pay = await fetch(`${checkout.body.paymentUrl}/pay`, { method: 'POST', redirect: 'manual' });
    const callback = new URL(pay.headers.get('location') ?? '');
    const verified = await server.call<{ status: string }>('GET', '/api/Payment/Verify', {
      token: learner,
      query: { Authority: callback.searchParams.get('Authority') ?? '', Status: 'OK' },
    });
    expect(verified.body.status).toBe('paid');

    const spare = await createCourse('دوره‌ی یدک');
    const answer = await bulkDelete('courses', { ids: [open.id, spare.id] });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.deleted).toBe(1);
    // Enrolments are an entity now: the reason counts them (the foreign key would refuse too),
    // beside the course's weekly slots and sessions, which the seed gives every course.
    expect(answer.body.skipped).toEqual([{ id: open.id, label: open.title, reason: expect.stringMatching(/(^|؛ )[۰-۹]+ مورد از ثبت‌نام‌ها به آن وابسته است(؛|$)/) }]);
    const ids = new Set((await courses()).map((c) => c.id));
    expect(ids.has(open.id)).toBe(true);
    expect(ids.has(spare.id)).toBe(false);
  });

  it('never deletes the signed-in admin; other accounts go (with their children)', async () => {
    await signUpLearner(server, '09380000002');
    const all = await users();
    const me = all.find((u) => u.phoneNumber === adminPhone);
    const other = all.find((u) => u.phoneNumber === '09380000002');
    if (!me || !other) throw new Error('accounts missing');
    const answer = await bulkDelete('users', { ids: [me.id, other.id] });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.deleted).toBe(1);
    expect(answer.body.skipped).toEqual([{ id: me.id, label: 'مدیر سامانه', reason: 'حساب کاربری خودتان را نمی‌توانید حذف کنید' }]);
    expect((await users()).some((u) => u.id === other.id)).toBe(false);
  });

  it('all matching a filter: f.<field> equality, with the confirmed count checked', async () => {
    await createCourse('آفلاین یک', { type: 'offline', inActive: true });
    await createCourse('آفلاین دو', { type: 'offline', inActive: true });
    await createCourse('آفلاین فعال', { type: 'offline', inActive: false });
    const query = 'f.type=offline&f.inActive=true&page=1&pageSize=50&sort=-id';
    const stale = await bulkDelete('courses', { query, expected: 5 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('۵');
    const answer = await bulkDelete('courses', { query, expected: 2 });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ deleted: 2, skipped: [] });
    const titles = (await courses()).map((c) => c.title);
    expect(titles).toContain('آفلاین فعال');
    expect(titles).not.toContain('آفلاین یک');
    const unknown = await bulkDelete('courses', { query: 'f.nothing=1' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/[\u0600-\u06ff]/);
  });

  it('refuses bad bodies, unknown entities and more than 1000 ids in Persian; learners get 403', async () => {
    for (const body of [{}, { ids: [] }, { ids: ['1'] }, { ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, { ids: [1], query: '' }]) {
      const answer = await bulkDelete('courses', body);
      expect(answer.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(answer.body.message).toMatch(/[\u0600-\u06ff]/);
    }
    expect((await bulkDelete('nothing', { ids: [1] })).status).toBe(404);
    const asLearner = await bulkDelete('courses', { ids: [1] }, learner);
    expect(asLearner.status).toBe(403);
    expect(asLearner.body.message).toBe('دسترسی غیرمجاز');
    const anonymous = await server.call('POST', bulkPath, { params: { entity: 'courses' }, body: { ids: [1] } });
    expect(anonymous.status).toBe(401);
  });
});

describe('CSV import', () => {
  const header = 'title,durationInHours,priceInTomans,type,inActive,difficulty,timeOfHolding,registrationDeadline,techerId,categoryId,prerequisite,coverImage,coverVideo,description,headings';

  it('imports a good file: Persian labels as headers, Persian digits, Jalali dates, option labels, a BOM', async () => {
    const csv =
      '\ufeffعنوان دوره,مدت (ساعت),قیمت (تومان),نوع دوره,وضعیت دوره,سطح دوره,تاریخ برگزاری,پیش‌نیاز\r\n' +
      'ورودی یک,۱۲,"۱٬۲۰۰٬۰۰۰",آنلاین,فعال,مقدماتی,۱۴۰۵/۰۱/۱۵,ندارد\r\n' +
      'ورودی دو,8,٥٠٠٠٠٠,offline,غیرفعال,,1405/2/3,"پایتون, مقدماتی"\r\n';
    const dry = await importCsv('courses', csv, { dryRun: true });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body).toEqual({ created: 0, rows: 2, dryRun: true, rejected: [] });
    expect((await courses()).some((c) => c.title === 'ورودی یک')).toBe(false);

    const answer = await importCsv('courses', csv);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ created: 2, rows: 2, dryRun: false, rejected: [] });
    const rows = await courses();
    const one = rows.find((c) => c.title === 'ورودی یک');
    const two = rows.find((c) => c.title === 'ورودی دو');
    expect(one).toMatchObject({ durationInHours: 12, priceInTomans: 1_200_000, type: 'online', inActive: false, difficulty: 'introductory', prerequisite: 'ندارد' });
    expect(one?.timeOfHolding).toBe(academyDayStart({ jy: 1405, jm: 1, jd: 15 }).toISOString());
    expect(two).toMatchObject({ durationInHours: 8, priceInTomans: 500_000, type: 'offline', inActive: true, difficulty: '', prerequisite: 'پایتون, مقدماتی' });
    expect(two?.timeOfHolding).toBe(academyDayStart({ jy: 1405, jm: 2, jd: 3 }).toISOString());
    expect(typeof one?.slug).toBe('string');
  });

  it('one bad row: nothing is written and the report names its line and reason', async () => {
    const csv = [
      header,
      'درست یک,10,1000,online,false,,,,0,0,,,,,',
      'بدون مدت,-5,1000,online,false,,,,0,0,,,,,',
      'نوع نادرست,10,1000,هیبرید,false,,1405/13/40,,0,0,,,,,',
      'مدرس ناموجود,10,1000,online,false,,,,987654,0,,,,,',
    ].join('\n');
    const before = (await courses()).length;
    const answer = await importCsv('courses', csv);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.created).toBe(0);
    expect(answer.body.rows).toBe(4);
    expect(answer.body.rejected.map((r) => r.line)).toEqual([3, 4, 5]);
    expect(answer.body.rejected[0]?.message).toContain('مدت (ساعت)');
    expect(answer.body.rejected[1]?.message).toContain('نوع دوره');
    expect(answer.body.rejected[1]?.message).toContain('تاریخ برگزاری');
    expect(answer.body.rejected[2]?.message).toBe('مدرس با شناسه ۹۸۷۶۵۴ وجود ندارد');
    expect((await courses()).length).toBe(before);
    expect((await courses()).some((c) => c.title === 'درست یک')).toBe(false);
  });

  it('creates accounts that cannot sign in: phone required and unique, role 1 unless 300', async () => {
    const csv = [
      'نام,نام خانوادگی,شماره تلفن,ایمیل,نقش',
      'مینا,کاظمی,۰۹۱۲۳۴۵۶۷۸۹,mina@example.com,',
      'پدرام,نوری,09120000001,,مدیر سیستم',
    ].join('\n');
    const answer = await importCsv('users', csv);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ created: 2, rows: 2, dryRun: false, rejected: [] });
    const all = await users();
    expect(all.find((u) => u.phoneNumber === '09123456789')).toMatchObject({ firstName: 'مینا', lastName: 'کاظمی', role: 1, emailAddress: 'mina@example.com' });
    expect(all.find((u) => u.phoneNumber === '09120000001')).toMatchObject({ role: 300 });
    const signIn = await server.call('POST', '/api/Auth/SignIn', { body: { username: '09123456789', password: '' } });
    expect(signIn.status).toBe(400);
    const tryPassword = await server.call('POST', '/api/Auth/SignIn', { body: { username: '09123456789', password: '!imported' } });
    expect(tryPassword.status).toBe(401);

    const again = await importCsv('users', ['phoneNumber,emailAddress,role', '09123456789,,1', ',,1', '09351234567,x@example.com,1', '09351234567,,1', '09351230000,,5'].join('\n'));
    expect(again.body.created).toBe(0);
    expect(again.body.rejected).toEqual([
      { line: 2, message: 'حساب کاربری با این شماره تلفن وجود دارد' },
      { line: 3, message: 'شماره تلفن الزامی است' },
      { line: 5, message: 'شماره تلفن تکراری است (همان سطر ۴)' },
      { line: 6, message: 'نقش را از فهرست انتخاب کنید' },
    ]);
  });

  it('refuses what is not an importable CSV, in Persian', async () => {
    const cases: Array<[string, string, Record<string, string | boolean>, number]> = [
      ['courses', '', {}, 400],
      ['courses', header, {}, 400],
      ['courses', 'title,رنگ\nالف,قرمز', {}, 400],
      ['courses', 'title,عنوان\nالف,ب', {}, 400],
      ['teachers', 'fullName\nالف', {}, 400],
      ['courses', 'title\nالف', { contentType: 'application/json' }, 400],
    ];
    for (const [entity, csv, options, status] of cases) {
      const answer = await importCsv(entity, csv, options);
      expect(answer.status, `${entity} ${csv.slice(0, 20)}`).toBe(status);
      expect(answer.body.message).toMatch(/[\u0600-\u06ff]/);
    }
    const windows1256 = Buffer.from([0x74, 0x69, 0x74, 0x6c, 0x65, 0x0a, 0xc7, 0xe1, 0xdd]);
    const latin = await server.call<{ message: string }>('POST', importPath, {
      token: admin,
      params: { entity: 'courses' },
      rawBody: new Blob([windows1256]),
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(latin.status).toBe(400);
    expect(latin.body.message).toContain('UTF-8');
    const big = await importCsv('courses', `title\n${'الف\n'.repeat(800_000)}`);
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('حجم فایل بیش از ۵ مگابایت است');
    const many = await importCsv('courses', `title\n${'الف\n'.repeat(5001)}`);
    expect(many.status).toBe(400);
    expect(many.body.message).toContain('۵٬۰۰۰');
    expect((await importCsv('courses', 'title\nالف', { token: learner })).status).toBe(403);
  });
});
