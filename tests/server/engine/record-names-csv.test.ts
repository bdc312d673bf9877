// @vitest-environment node
// Records named by their labels, and CSV files a phone system reads, against the real server on
// SQLite or PostgreSQL: a record named through its references (an enrolment by its child and its
// course, an attendance row by its child) has that name from the labels call and the detail call;
// every export writes each column in one digit system (phones, numbers and ages Latin, dates and
// names Persian), a reference to nothing in its field's own words («ثبت دستی»), the roster with the
// child's age, and the academy's day in an RFC 6266 / 5987 file name.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConfiguredDatabase, type DB } from '../../../server/platform/db';
import { registry, registryKeys } from '../../../schema/registry.gen';
import { csvColumns, csvDigits } from '../../../schema/importable';
import { parseCsv } from '../../../schema/rules/csv';
import { ageOn } from '../../../schema/rules/age';
import { toPersianDigits } from '../../../schema/rules/text';
import { academyDayOf, dayKey } from '../../../schema/rules/calendar';
import { courseBody, sampleChild } from '../../support/samples';
import { databaseFor, usePostgres } from '../../support/postgres-db';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';

let server: TestServer;
let db: DB;
let admin: string;
const ids = { course: 0, child: 0, enrolment: 0, attendance: 0 };
const courseTitle = 'رباتیک برای نوجوانان 2';
const parentPhone = '09350000041';

beforeAll(async () => {
  server = await startServer();
  db = openConfiguredDatabase({
    databaseUrl: usePostgres ? await databaseFor(server.dataDir) : undefined,
    databaseFile: path.join(server.dataDir, 'academy.sqlite'),
  });
  admin = await server.signIn(adminPhone, adminPassword);
  const parent = await signUpLearner(server, parentPhone);
  const course = await server.call<{ id: number }>('POST', '/api/Course/Create', { token: admin, body: courseBody(courseTitle, { priceInTomans: 900_000 }) });
  expect(course.status, course.text).toBe(200);
  ids.course = course.body.id;
  const child = await server.call<{ id: number }>('POST', '/api/Children/Create', {
    token: parent,
    body: { firstName: 'سارا', lastName: 'نامدار', birthDate: sampleChild.birthDate, grade: sampleChild.grade },
  });
  expect(child.status, child.text).toBe(200);
  ids.child = child.body.id;
  // Taken by hand: no order paid for it.
  const enrolment = await db
    .insertInto('enrollments')
    .values({ childId: ids.child, courseId: ids.course, orderId: null, enrolledAt: new Date().toISOString(), status: 'active', cancelledAt: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.enrolment = Number(enrolment.id);
  const session = await db
    .insertInto('class_sessions')
    .values({ courseId: ids.course, date: new Date().toISOString(), startTime: '16:00', endTime: '17:30', status: 'scheduled', movedFrom: null, room: '', note: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rolled = await server.call('POST', '/api/ClassSession/Roll', { token: admin, body: { id: Number(session.id) } });
  expect(rolled.status, rolled.text).toBe(200);
  const row = await db.selectFrom('attendance').select('id').where('childId', '=', ids.child).executeTakeFirstOrThrow();
  ids.attendance = Number(row.id);
});
afterAll(async () => {
  await db?.destroy();
  await server?.close();
});

const labelsOf = async (entity: string, id: number) =>
  (await server.call<{ labels: Record<string, string> }>('GET', '/api/Admin/{entity}/labels', { token: admin, params: { entity }, query: { ids: String(id) } })).body.labels;

describe('records named by their labels', () => {
  it('names an enrolment by its child and its course, and an attendance row by its child', async () => {
    expect(await labelsOf('enrollments', ids.enrolment)).toEqual({ [ids.enrolment]: `سارا نامدار ${courseTitle}` });
    expect(await labelsOf('attendance', ids.attendance)).toEqual({ [ids.attendance]: 'سارا نامدار' });
    const detail = await server.call<{ label: string }>('GET', '/api/Admin/{entity}/{id}', { token: admin, params: { entity: 'enrollments', id: String(ids.enrolment) } });
    expect(detail.body.label).toBe(`سارا نامدار ${courseTitle}`);
  });
});

const persian = /[۰-۹]/;

async function exported(entity: string, query: Record<string, string> = {}) {
  const answer = await server.call<string>('GET', '/api/Admin/{entity}/export', { token: admin, params: { entity }, query });
  expect(answer.status, answer.text).toBe(200);
  const [header = [], ...rows] = parseCsv(answer.text).map((record) => record.cells);
  return { header, rows, disposition: answer.headers.get('content-disposition') ?? '' };
}

describe('CSV a phone system can read', () => {
  it('writes the roster with Latin phones and ages, Persian dates, and a manual payment as «ثبت دستی»', async () => {
    const { header, rows } = await exported('enrollments', { 'f.courseId': String(ids.course) });
    const row = rows.find((cells) => cells[0] === String(ids.enrolment));
    expect(row).toBeDefined();
    const cell = (name: string) => row?.[header.indexOf(name)];
    expect(cell('تلفن والد')).toBe(parentPhone);
    expect(cell('سن')).toBe(String(ageOn(sampleChild.birthDate, new Date())));
    expect(cell('پرداخت (کد پیگیری)')).toBe('ثبت دستی');
    expect(cell('تاریخ ثبت‌نام')).toMatch(/^[۰-۹]{4}\/[۰-۹]{2}\/[۰-۹]{2}$/);
    expect(cell('دوره')).toBe('رباتیک برای نوجوانان ۲');
  });

  it('keeps every column of every export in one digit system', async () => {
    for (const key of registryKeys) {
      const { header, rows } = await exported(key);
      for (const { column } of csvColumns(registry[key])) {
        const digits = csvDigits[column.cell];
        if (digits === 'asWritten') continue;
        const at = header.indexOf(column.header);
        for (const cells of rows) {
          const text = cells[at] ?? '';
          // A Persian column is as the panel shows it: a Latin word (ESP32) keeps its own digits.
          if (digits === 'latin') expect(persian.test(text), `${key} «${column.header}»: ${text}`).toBe(false);
          else expect(text, `${key} «${column.header}»`).toBe(toPersianDigits(text));
        }
      }
    }
  });

  it('names the file after the list and the academy day, as RFC 6266 and 5987 say', async () => {
    const { disposition } = await exported('enrollments');
    const day = dayKey(academyDayOf(new Date()));
    expect(disposition).toBe(`attachment; filename="enrollments-${day}.csv"; filename*=UTF-8''${encodeURIComponent(`ثبت‌نام‌ها-${day}.csv`)}`);
    // The ASCII name is plain: a client that reads only it still gets a usable name.
    expect(/^[\x20-\x7e]*$/.test(disposition)).toBe(true);
  });

  it('imports a course whose teacher was exported as «بدون مدرس» back with none', async () => {
    const { header, rows } = await exported('courses', { ids: String(ids.course) });
    const row = rows[0] ?? [];
    expect(row[header.indexOf('مدرس')]).toBe('بدون مدرس');
    const again = row.map((text, at) => (header[at] === 'عنوان' ? `${courseTitle} دوم` : text));
    const file = `\ufeff${[header, again].map((cells) => cells.map((text) => `"${text.replace(/"/g, '""')}"`).join(',')).join('\r\n')}\r\n`;
    const imported = await server.call<{ created: number; rejected: unknown[] }>('POST', '/api/Admin/{entity}/import', {
      token: admin,
      params: { entity: 'courses' },
      rawBody: file,
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body.rejected).toEqual([]);
    const made = await db.selectFrom('courses').select(['techerId']).where('title', '=', `${courseTitle} دوم`).executeTakeFirstOrThrow();
    expect(Number(made.techerId)).toBe(0);
  });
});
