// @vitest-environment node
// Bulk edit (a schema's `bulkEdit` declaration) against the real server: SQLite, and PostgreSQL
// with TEST_DATABASE=postgres. Each row is saved as its edit form saves it: the same
// validators, rules, version bump and audit entry; a row a rule refuses is reported.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankRecord } from '../../../schema/define';
import { registry } from '../../../schema/registry.gen';
import { adminPassword, adminPhone, startServer, type TestServer } from '../../support/server';
import { courseBody } from '../../support/samples';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startServer();
  admin = await server.signIn(adminPhone, adminPassword);
});
afterAll(async () => {
  await server.close();
});

type Row = Record<string, unknown> & { id: number; version: number };
interface BulkEditResult {
  updated: number;
  unchanged: number;
  skipped: Array<{ id: number; label: string; reason: string }>;
}
interface AuditEntry {
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const bulkEdit = (api: string, body: unknown) => server.call<BulkEditResult & { message: string }>('POST', `/api/${api}/BulkEdit`, { token: admin, body });

async function create(api: string, body: Record<string, unknown>): Promise<Row> {
  const answer = await server.call<Row>('POST', `/api/${api}/Create`, { token: admin, body });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}
const course = (title: string) => create('Course', courseBody(title, { durationInHours: 10, priceInTomans: 1000 }));
const coursesById = async (ids: readonly number[]) => {
  const answer = await server.call<{ items: Row[] }>('GET', '/api/Course/GetSelectList', { token: admin, query: { page: '1', ids: ids.join(',') } });
  return new Map(answer.body.items.map((row) => [row.id, row]));
};
const auditOf = async (entity: string, recordId: number) =>
  (await server.call<{ items: AuditEntry[] }>('GET', '/api/Admin/audit', { token: admin, query: { entity, recordId: String(recordId) } })).body.items;

describe('bulk edit', () => {
  it('sets a declared field on the chosen rows, each with its version bump and an audit entry of its own', async () => {
    const category = await create('Category', { name: 'رباتیک گروهی', inActive: false, coverImage: '' });
    const made = await Promise.all(['گروهی ۱', 'گروهی ۲', 'گروهی ۳'].map(course));
    const answer = await bulkEdit('Course', { ids: made.map((c) => c.id), field: 'categoryId', value: category.id });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ updated: 3, unchanged: 0, skipped: [] });
    const now = await coursesById(made.map((c) => c.id));
    for (const before of made) {
      expect(now.get(before.id)?.categoryId).toBe(category.id);
      expect(now.get(before.id)?.version).toBe(before.version + 1);
      // Nothing else of the record moved.
      expect(now.get(before.id)?.title).toBe(before.title);
      const [entry] = await auditOf('courses', before.id);
      expect(entry?.action).toBe('update');
      expect(entry?.before?.categoryId).toBe(before.categoryId);
      expect(entry?.after?.categoryId).toBe(category.id);
    }
    // Again: every row already holds it, so nothing is written and nothing is logged again.
    const again = await bulkEdit('Course', { ids: made.map((c) => c.id), field: 'categoryId', value: category.id });
    expect(again.body).toEqual({ updated: 0, unchanged: 3, skipped: [] });
    expect(await auditOf('courses', made[0]?.id ?? 0)).toHaveLength(2);
  });

  it('reports a row a rule refuses with its label and the rule\'s Persian reason, and saves the rest', async () => {
    const category = await create('Category', { name: 'بازی‌سازی گروهی', inActive: false, coverImage: '' });
    const target = await course('دوره‌ی کد گروهی');
    const coupon = (code: string, courseId: number) => create('Coupon', { ...blankRecord(registry.coupons), code, kind: 'percent', percent: 10, courseId });
    const free = await coupon('BULK-FREE', 0);
    const tied = await coupon('BULK-TIED', target.id);
    const answer = await bulkEdit('Coupon', { ids: [free.id, tied.id], field: 'categoryId', value: category.id });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      updated: 1,
      unchanged: 0,
      skipped: [{ id: tied.id, label: 'BULK-TIED', reason: 'کد تخفیف یا برای یک دوره است یا برای یک دسته‌بندی؛ یکی از آن دو را خالی بگذارید' }],
    });
    const coupons = (await server.call<Row[]>('GET', '/api/Coupon/GetSelectList', { token: admin })).body;
    expect(coupons.find((c) => c.id === free.id)?.categoryId).toBe(category.id);
    const kept = coupons.find((c) => c.id === tied.id);
    expect(kept?.categoryId).toBe(0);
    expect(kept?.version).toBe(tied.version);
    expect(await auditOf('coupons', tied.id)).toHaveLength(1);
  });

  it('all matching a list query: the rows the list shows, refused (409) when the count confirmed is no longer true', async () => {
    const made = await Promise.all(['فیلتر گروهی الف', 'فیلتر گروهی ب'].map(course));
    const query = new URLSearchParams({ q: 'فیلتر گروهی' }).toString();
    const stale = await bulkEdit('Course', { query, expected: 5, field: 'inActive', value: true });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('فهرست تغییر کرده است: شما ۵ مورد را تأیید کردید ولی اکنون ۲ مورد مطابقت دارند. فهرست را دوباره بارگذاری و بررسی کنید.');
    expect([...(await coursesById(made.map((c) => c.id))).values()].every((c) => c.inActive === false)).toBe(true);
    const answer = await bulkEdit('Course', { query, expected: 2, field: 'inActive', value: true });
    expect(answer.body).toEqual({ updated: 2, unchanged: 0, skipped: [] });
    expect([...(await coursesById(made.map((c) => c.id))).values()].every((c) => c.inActive === true)).toBe(true);
  });

  it('refuses a field the schema does not declare, a value its validator refuses and a bad body, in Persian (400), writing nothing', async () => {
    const made = await course('دوره‌ی دست‌نخورده');
    const cases: Array<[unknown, string]> = [
      [{ ids: [made.id], field: 'title', value: 'عنوان تازه' }, '«title» در دوره‌ها گروهی ویرایش نمی‌شود'],
      [{ ids: [made.id], field: 'inActive', value: 'شاید' }, ''],
      [{ ids: [made.id], field: 'categoryId', value: -3 }, ''],
      [{ ids: [made.id], field: 'categoryId', value: 987_654 }, 'دسته‌بندی'],
      [{ ids: [], field: 'inActive', value: true }, 'شناسه‌ها باید فهرستی از ۱ تا ۱٬۰۰۰ عدد صحیح مثبت باشند'],
      [{ ids: [made.id] }, 'بدنه درخواست باید فیلد (field)، مقدار (value) و یکی از { ids } یا { query } را داشته باشد'],
    ];
    for (const [body, message] of cases) {
      const answer = await bulkEdit('Course', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message, JSON.stringify(body)).toMatch(/[\u0600-\u06FF]/);
      expect(answer.body.message).toContain(message);
    }
    expect((await coursesById([made.id])).get(made.id)?.version).toBe(made.version);
  });

  it('archives messages together, as their edit form would (the internal note kept)', async () => {
    const sent = await server.call('POST', '/api/Contact', { body: { fullName: 'پدر آزمون', phoneNumber: '09121234567', emailAddress: '', message: 'سلام، کلاس کی شروع می‌شود؟' } });
    expect(sent.status, sent.text).toBeLessThan(300);
    const messages = (await server.call<Row[]>('GET', '/api/Contact/GetSelectList', { token: admin })).body;
    expect(messages.length).toBeGreaterThan(0);
    const answer = await bulkEdit('Contact', { ids: messages.map((m) => m.id), field: 'status', value: 'archived' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.updated + answer.body.unchanged).toBe(messages.length);
    expect(answer.body.skipped).toEqual([]);
    const after = (await server.call<Row[]>('GET', '/api/Contact/GetSelectList', { token: admin })).body;
    for (const message of after) {
      expect(message.status).toBe('archived');
      expect(message.note).toBe(messages.find((m) => m.id === message.id)?.note);
    }
  });

  it('only an admin may call it', async () => {
    const answer = await server.call('POST', '/api/Course/BulkEdit', { body: { ids: [1], field: 'inActive', value: true } });
    expect(answer.status).toBe(401);
  });
});
