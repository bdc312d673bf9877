// @vitest-environment node
// The list protocol (server/engine/listQuery.ts) through the real routes, on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import path from 'node:path';
import { usePostgres } from '../../support/postgres-db';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';
import { courseBody } from '../../support/samples';

let server: TestServer;
let admin: string;

type Row = Record<string, unknown> & { id: number };
interface Page {
  items: Row[];
  total: number;
}

const course = (title: string, extra: Record<string, unknown> = {}) => courseBody(title, { durationInHours: 10, priceInTomans: 1_000_000, ...extra });

const created: Row[] = [];

beforeAll(async () => {
  server = await startServer();
  admin = await server.signIn(adminPhone, adminPassword);
  for (const body of [
    course('کیک‌پزی برای کودکان', { priceInTomans: 300, type: 'offline' }),
    course('رباتیک سطح ۲', { priceInTomans: 100, inActive: true }),
    course('Python Basics', { priceInTomans: 200, prerequisite: 'آشنایی با کامپیوتر' }),
  ]) {
    const answer = await server.call<Row>('POST', '/api/Course/Create', { token: admin, body });
    expect(answer.status).toBe(200);
    created.push(answer.body);
  }
});
afterAll(async () => {
  await server.close();
});

const courses = (query: Record<string, string>) => server.call<Page>('GET', '/api/Course/GetSelectList', { token: admin, query });
const titles = (page: Page) => page.items.map((row) => row.title);

describe('list protocol', () => {
  it('answers the whole list exactly as before without parameters', async () => {
    const list = await server.call<Row[]>('GET', '/api/Course/GetSelectList', { token: admin });
    expect(Array.isArray(list.body)).toBe(true);
    const users = await server.call<{ queryResult: Row[] }>('GET', '/api/User/GetPagedFilter', { token: admin });
    expect(Array.isArray(users.body.queryResult)).toBe(true);
  });

  it('pages with a total, newest first by default', async () => {
    const all = await server.call<Row[]>('GET', '/api/Course/GetSelectList', { token: admin });
    const first = await courses({ pageSize: '2' });
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(all.body.length);
    expect(first.body.items.map((r) => r.id)).toEqual(all.body.slice(0, 2).map((r) => r.id));
    const second = await courses({ pageSize: '2', page: '2' });
    expect(second.body.items.map((r) => r.id)).toEqual(all.body.slice(2, 4).map((r) => r.id));
    // Rows are shaped as the contract's Course: booleans, no stray columns.
    expect(typeof first.body.items[0]?.inActive).toBe('boolean');
    expect(first.body.items[0]).not.toHaveProperty('createdAt');
  });

  it('sorts by a row property both ways', async () => {
    const ids = created.map((row) => row.id).join(',');
    const up = await courses({ ids, sort: 'priceInTomans' });
    expect(titles(up.body)).toEqual(['رباتیک سطح ۲', 'Python Basics', 'کیک‌پزی برای کودکان']);
    const down = await courses({ ids, sort: '-priceInTomans' });
    expect(titles(down.body)).toEqual(['کیک‌پزی برای کودکان', 'Python Basics', 'رباتیک سطح ۲']);
  });

  it('puts empty values last both ways, on both databases', async () => {
    const all = await server.call<Row[]>('GET', '/api/Course/GetSelectList', { token: admin });
    const dated = all.body.find((row) => row.timeOfHolding !== null);
    if (!dated) throw new Error('no dated course in the seed');
    const ids = [...created.map((row) => row.id), dated.id].join(',');
    for (const sort of ['timeOfHolding', '-timeOfHolding']) {
      const page = await courses({ ids, sort });
      expect(page.body.items[0]?.id, sort).toBe(dated.id);
      expect(page.body.items.slice(1).every((row) => row.timeOfHolding === null), sort).toBe(true);
    }
  });

  it('searches Persian-aware: Arabic ي/ك, ZWNJ and spaces, digits, case', async () => {
    for (const q of ['كيك پزي', 'کیکپزی', 'کیک پزی', 'كيك‌پزي']) {
      const found = await courses({ q });
      expect(titles(found.body), q).toEqual(['کیک‌پزی برای کودکان']);
    }
    for (const q of ['سطح 2', 'سطح ٢', 'سطح۲']) {
      expect(titles((await courses({ q })).body), q).toEqual(['رباتیک سطح ۲']);
    }
    expect(titles((await courses({ q: 'PYTHON' })).body)).toEqual(['Python Basics']);
    // Every searched field counts: prerequisite.
    expect(titles((await courses({ q: 'كامپيوتر' })).body)).toEqual(['Python Basics']);
    expect((await courses({ q: 'هیچ‌چیز-نیست' })).body).toEqual({ items: [], total: 0, labels: { references: { teachers: {}, categories: {} }, columns: { seats: {} }, names: {} } });
  });

  it('sees a write at once (the SQLite search index follows the database)', async () => {
    const made = await server.call<Row>('POST', '/api/Course/Create', { token: admin, body: course('سفالگری ۷ تا ۹ سال') });
    expect(titles((await courses({ q: 'سفالگري ٧' })).body)).toEqual(['سفالگری ۷ تا ۹ سال']);
    await server.call('DELETE', '/api/Course/Delete', { token: admin, body: { id: made.body.id } });
    expect((await courses({ q: 'سفالگري' })).body.total).toBe(0);
  });

  it('follows edits and writes made outside the API (the change log of the SQLite index)', async () => {
    const made = await server.call<Row>('POST', '/api/Course/Create', { token: admin, body: course('نجوم کودکان') });
    expect(titles((await courses({ q: 'نجوم' })).body)).toEqual(['نجوم کودکان']);
    const edited = await server.call<Row>('PUT', '/api/Course/Update', { token: admin, body: { ...course('ستاره‌شناسی کودکان'), id: made.body.id } });
    expect(edited.status).toBe(200);
    expect((await courses({ q: 'نجوم' })).body.total).toBe(0);
    expect(titles((await courses({ q: 'ستاره شناسي' })).body)).toEqual(['ستاره‌شناسی کودکان']);
    if (!usePostgres) {
      // Another process writing the database file (an import script, a second server).
      const other = new Database(path.join(server.dataDir, 'academy.sqlite'));
      other.prepare('update courses set title = ? where id = ?').run('کیهان‌شناسی کودکان', made.body.id);
      other.close();
      expect(titles((await courses({ q: 'کیهان' })).body)).toEqual(['کیهان‌شناسی کودکان']);
      expect((await courses({ q: 'ستاره' })).body.total).toBe(0);
    }
    await server.call('DELETE', '/api/Course/Delete', { token: admin, body: { id: made.body.id } });
    expect((await courses({ q: 'کودکان' })).body.items.map((row) => row.id)).not.toContain(made.body.id);
  });

  it('filters by equality, repeated = any of, booleans as true/false', async () => {
    const ids = created.map((row) => row.id).join(',');
    expect(titles((await courses({ ids, 'f.type': 'offline' })).body)).toEqual(['کیک‌پزی برای کودکان']);
    expect(titles((await courses({ ids, 'f.inActive': 'true' })).body)).toEqual(['رباتیک سطح ۲']);
    const query = new URLSearchParams([['ids', ids], ['f.priceInTomans', '100'], ['f.priceInTomans', '300'], ['sort', 'priceInTomans']]);
    const answer = await fetch(`${server.url}/api/Course/GetSelectList?${query}`, { headers: { Authorization: `Bearer ${admin}` } });
    const body: unknown = await answer.json();
    expect(body).toMatchObject({ total: 2, items: [{ title: 'رباتیک سطح ۲' }, { title: 'کیک‌پزی برای کودکان' }] });
  });

  it('pages users under items, never with password columns, searching phone numbers in Persian digits', async () => {
    const users = await server.call<Page>('GET', '/api/User/GetPagedFilter', { token: admin, query: { q: '۰۹۱۲۰۰۰' } });
    expect(users.status).toBe(200);
    expect(users.body.items.map((u) => u.phoneNumber)).toEqual([adminPhone]);
    expect(JSON.stringify(users.body)).not.toMatch(/passwordHash|tokenVersion/);
    const admins = await server.call<Page>('GET', '/api/User/GetPagedFilter', { token: admin, query: { 'f.role': '300', 'f.isLockout': 'false' } });
    expect(admins.body.total).toBe(1);
  });

  it('answers 400 in Persian for bad parameters', async () => {
    const bad: Array<Record<string, string>> = [
      { page: '0' },
      { pageSize: '501' },
      { pageSize: 'x' },
      { sort: 'passwordHash' },
      { sort: 'nothing' },
      { 'f.nothing': '1' },
      { 'f.inActive': 'maybe' },
      { 'f.priceInTomans': 'cheap' },
      { ids: '1,x' },
      { q: 'ا'.repeat(201) },
    ];
    for (const query of bad) {
      const answer = await server.call<{ message: string }>('GET', '/api/Course/GetSelectList', { token: admin, query });
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body.message).toMatch(/[\u0600-\u06ff]/);
    }
    const users = await server.call<{ message: string }>('GET', '/api/User/GetPagedFilter', { token: admin, query: { sort: 'passwordHash' } });
    expect(users.status).toBe(400);
  });

  it('keeps the list admin-only with parameters too', async () => {
    const learner = await signUpLearner(server, '09360000077');
    const answer = await server.call('GET', '/api/Course/GetSelectList', { token: learner, query: { page: '1' } });
    expect(answer.status).toBe(403);
  });
});
