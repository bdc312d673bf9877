// @vitest-environment node
// Search through a list's references (the schema's searchThrough) and the ranking of a searched
// list, through the real routes, on SQLite and PostgreSQL: an order found the way a parent
// describes it (phone in either digit system or with +98, surname, child's name), a learner
// renamed found under the new name, and titles ranked exact > prefix > word prefix > contains.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso, openDatabase, openPostgres, type DB } from '../../../server/platform/db';
import { labelWords, searchRanker, wordPrefixPattern } from '../../../server/engine/searchRank';
import { databaseFor, usePostgres } from '../../support/postgres-db';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';
import { courseBody } from '../../support/samples';

type Row = Record<string, unknown> & { id: number };
interface Page {
  items: Row[];
  total: number;
}

let server: TestServer;
let db: DB;
let admin: string;
let orderId = 0;
const phone = '09127654321';

beforeAll(async () => {
  server = await startServer();
  db = usePostgres ? openPostgres(await databaseFor(server.dataDir), 2) : openDatabase(path.join(server.dataDir, 'academy.sqlite'));
  admin = await server.signIn(adminPhone, adminPassword);
  await signUpLearner(server, phone);
  // Written past the engine, as another process would: each table's own triggers keep its search.
  const user = await db.selectFrom('users').select('id').where('phoneNumber', '=', phone).executeTakeFirstOrThrow();
  await db.updateTable('users').set({ lastName: 'کاظمی‌نژاد' }).where('id', '=', user.id).execute();
  const child = await db.insertInto('children').values({ userId: user.id, firstName: 'آرتین', lastName: 'کاظمی‌نژاد', birthDate: null, grade: 'سوم' }).returning('id').executeTakeFirstOrThrow();
  const order = await db
    .insertInto('orders')
    .values({ userId: user.id, status: 'paid', totalInTomans: 1000, invoiceNumber: null, refId: 'REF-777', cardPan: null, createdAt: nowIso(), paidAt: nowIso(), refundedAt: null, refundUnconfirmedAt: null, authority: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  orderId = order.id;
  const course = await db.selectFrom('courses').select('id').orderBy('id').executeTakeFirstOrThrow();
  await db.insertInto('order_items').values({ orderId, courseTitle: 'رباتیک', childName: 'آرتین کاظمی‌نژاد', courseId: course.id, childId: child.id, listPriceInTomans: 1000, priceInTomans: 1000 }).execute();
});
afterAll(async () => {
  await db?.destroy();
  await server?.close();
});

const list = (api: string, query: Record<string, string>) => server.call<Page>('GET', `/api/${api}/GetSelectList`, { token: admin, query: { pageSize: '200', ...query } });
const orderIds = async (q: string) => {
  const answer = await list('OrderRecord', { q });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.items.map((row) => row.id);
};

describe('search through references', () => {
  it("finds an order by the parent's phone in either digit system, with +98 or 0098, by surname and by the child's name", async () => {
    for (const q of [phone, '۰۹۱۲۷۶۵۴۳۲۱', '٠٩١٢٧٦٥٤٣٢١', '7654321', '+989127654321', '00989127654321', '+۹۸ ۹۱۲ ۷۶۵ ۴۳۲۱', 'کاظمی نژاد', 'آرتین']) {
      expect(await orderIds(q), q).toEqual([orderId]);
    }
    // Still by its own fields, and nothing by what nobody holds.
    expect(await orderIds('ref-777')).toEqual([orderId]);
    expect(await orderIds('09120000000')).toEqual([]);
  });

  it('finds a learner renamed under the new name, and no longer under the old', async () => {
    await db.updateTable('users').set({ lastName: 'شریفی' }).where('phoneNumber', '=', phone).execute();
    expect(await orderIds('شریفی')).toEqual([orderId]);
    expect(await orderIds('کاظمی‌نژاد')).toEqual([orderId]); // still the child's name on the item
    await db.updateTable('order_items').set({ childName: 'آرتین' }).where('orderId', '=', orderId).execute();
    expect(await orderIds('کاظمی‌نژاد')).toEqual([]);
    // A child found through its parent, an enrolment through its child and course.
    const children = await list('Child', { q: 'شریفی' });
    expect(children.body.items.map((row) => row.firstName)).toEqual(['آرتین']);
    const nika = await db.selectFrom('children').select('id').where('firstName', '=', 'نیکا').executeTakeFirstOrThrow();
    const enrolments = await list('EnrollmentRecord', { q: 'نيکا' });
    expect(enrolments.status, enrolments.text).toBe(200);
    expect(enrolments.body.total).toBeGreaterThan(0);
    expect(new Set(enrolments.body.items.map((row) => row.childId))).toEqual(new Set([nika.id]));
  });
});

describe('ranking a searched list', () => {
  const titles = ['آموزش پایتون پیشرفته', 'میکروپایتون', 'پایتون برای نوجوانان', 'پایتون', 'طراحی بازی با اسکرچ', 'اسکرچ جونیور'];
  const made = new Map<string, number>();
  beforeAll(async () => {
    for (const title of titles) {
      const answer = await server.call<Row>('POST', '/api/Course/Create', { token: admin, body: courseBody(title, { durationInHours: 10, listPriceInTomans: 1000, priceInTomans: 1000 }) });
      expect(answer.status, answer.text).toBe(200);
      made.set(title, answer.body.id);
    }
  });
  const ranked = async (query: Record<string, string>) => {
    const answer = await list('Course', query);
    expect(answer.status, answer.text).toBe(200);
    const ours = new Set(made.values());
    return answer.body.items.filter((row) => ours.has(row.id)).map((row) => row.title);
  };

  it('puts an exact title first, then a prefix, a word prefix, then the rest (newest first within each)', async () => {
    expect(await ranked({ q: 'پایتون' })).toEqual(['پایتون', 'پایتون برای نوجوانان', 'آموزش پایتون پیشرفته', 'میکروپایتون']);
    expect(await ranked({ q: 'اسکرچ' })).toEqual(['اسکرچ جونیور', 'طراحی بازی با اسکرچ']);
    // A needle spanning two words, typed without the space.
    expect(await ranked({ q: 'پایتونپیشرفته' })).toEqual(['آموزش پایتون پیشرفته']);
    expect(await ranked({ q: 'بازی با' })).toEqual(['طراحی بازی با اسکرچ']);
  });

  it("keeps the admin's own sort when one is chosen", async () => {
    expect(await ranked({ q: 'پایتون', sort: 'id' })).toEqual(['آموزش پایتون پیشرفته', 'میکروپایتون', 'پایتون برای نوجوانان', 'پایتون']);
  });
});

describe('rank rules', () => {
  it('reads labels word by word', () => {
    expect(labelWords('  طراحی  بازی‌ها\tبا Scratch ')).toBe(' طراحی بازیها با scratch');
    expect(searchRanker('پایتونبرای')(labelWords('پایتون برای نوجوانان'))).toBe(1);
    expect(searchRanker('پایتون')(labelWords('آموزش پایتون'))).toBe(2);
    expect(searchRanker('پایتون')(labelWords('میکروپایتون'))).toBe(3);
    expect(searchRanker('c++')(labelWords('آموزش C++ مقدماتی'))).toBe(2);
    expect(wordPrefixPattern('c++')).toBe(' c ?\\+ ?\\+');
  });
});
