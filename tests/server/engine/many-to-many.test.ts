// @vitest-environment node
// A many-to-many field (a course's assistant teachers, schema/courses.ts), against the real
// server on SQLite, or PostgreSQL with TEST_DATABASE=postgres: its join table made by codegen
// keeps each pair once; the links are part of the row everywhere the row goes (create, update,
// the whole list and a page, the filter, the audit log's revert, CSV out and in); a link goes
// with either record when that record is deleted and never holds a delete; and a client written
// before the field existed (the spec's Course/Create body) goes on working.
import { sql } from 'kysely';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConfiguredDatabase, type DB } from '../../../server/platform/db';
import { blankRecord } from '../../../schema/define';
import { registry } from '../../../schema/registry.gen';
import { databaseFor, usePostgres } from '../../support/postgres-db';
import { courseBody } from '../../support/samples';
import { adminPassword, adminPhone, startServer, type TestServer } from '../../support/server';

interface Course {
  id: number;
  version: number;
  title: string;
  techerId: number;
  assistantTeacherIds: number[];
}
let server: TestServer;
let db: DB;
let admin: string;
let categoryId = 0;
let coverImage = '';

beforeAll(async () => {
  server = await startServer();
  admin = await server.signIn(adminPhone, adminPassword);
  db = openConfiguredDatabase({ databaseUrl: usePostgres ? await databaseFor(server.dataDir) : undefined, databaseFile: path.join(server.dataDir, 'academy.sqlite') });
  const categories = await server.call<Array<{ id: number }>>('GET', '/api/Public/categories');
  categoryId = categories.body[0]?.id ?? 0;
  const teachers = await server.call<Array<{ coverImage: string }>>('GET', '/api/Teacher/GetSelectList', { token: admin });
  coverImage = teachers.body[0]?.coverImage ?? '';
});
afterAll(async () => {
  await db?.destroy();
  await server?.close();
});

async function newTeacher(fullName: string): Promise<number> {
  const body = { ...blankRecord(registry.teachers), fullName, skill: 'رباتیک', descirption: 'دستیار آموزشی', coverImage };
  const answer = await server.call<{ id: number }>('POST', '/api/Teacher/Create', { token: admin, body });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.id;
}
async function newCourse(title: string, assistantTeacherIds: number[]): Promise<Course> {
  const answer = await server.call<Course>('POST', '/api/Course/Create', { token: admin, body: courseBody(title, { categoryId, assistantTeacherIds }) });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}
const page = async (query: Record<string, string>) =>
  (await server.call<{ items: Course[] }>('GET', '/api/Course/GetSelectList', { token: admin, query: { page: '1', ...query } })).body.items;
const one = async (id: number) => {
  const [found] = await page({ ids: String(id) });
  if (!found) throw new Error(`no course ${id}`);
  return found;
};
/** An update with the course's fields, the many-to-many one only when `changes` names it. */
const update = (course: Course, changes: Record<string, unknown>) => {
  const { assistantTeacherIds: _left, ...base } = courseBody(course.title, { categoryId });
  return server.call<Course & { message?: string }>('PUT', '/api/Course/Update', { token: admin, body: { ...base, ...changes, id: course.id, version: course.version } });
};

describe('a many-to-many field', () => {
  it('keeps the records chosen, each once, in every answer of the row: create, update, page, list and filter', async () => {
    const [a, b, c] = [await newTeacher('دستیار الف'), await newTeacher('دستیار ب'), await newTeacher('دستیار پ')];
    const course = await newCourse('رباتیک با دستیاران', [a, b, a]);
    expect(course.assistantTeacherIds).toEqual([a, b]);
    expect((await one(course.id)).assistantTeacherIds).toEqual([a, b]);
    const whole = await server.call<Course[] | { queryResult: Course[] }>('GET', '/api/Course/GetSelectList', { token: admin });
    const rows = Array.isArray(whole.body) ? whole.body : whole.body.queryResult;
    expect(rows.find((row) => row.id === course.id)?.assistantTeacherIds).toEqual([a, b]);

    // Filtered by one record: the rows linked to it.
    expect((await page({ 'f.assistantTeacherIds': String(b) })).map((row) => row.id)).toEqual([course.id]);
    expect(await page({ 'f.assistantTeacherIds': String(c) })).toEqual([]);
    expect((await server.call('GET', '/api/Course/GetSelectList', { token: admin, query: { page: '1', 'f.assistantTeacherIds': 'x' } })).status).toBe(400);

    // An update that leaves the field out keeps the links; one that names it replaces them.
    const kept = await update(course, { title: 'رباتیک با دستیاران ۲' });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.assistantTeacherIds).toEqual([a, b]);
    const replaced = await update(kept.body, { assistantTeacherIds: [c] });
    expect(replaced.body.assistantTeacherIds).toEqual([c]);
    expect((await page({ 'f.assistantTeacherIds': String(a) })).map((row) => row.id)).not.toContain(course.id);
    const cleared = await update(replaced.body, { assistantTeacherIds: [] });
    expect(cleared.body.assistantTeacherIds).toEqual([]);
  });

  it('refuses, in Persian, a record that does not exist, too many, and anything but ids', async () => {
    const course = await newCourse('دوره بدون دستیار', []);
    const missing = await update(course, { assistantTeacherIds: [987654] });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('مدرسان دستیار انتخاب‌شده وجود ندارد');
    const teachers = await Promise.all(Array.from({ length: 11 }, (_, i) => newTeacher(`دستیار شماره ${i + 1}`)));
    const tooMany = await update(course, { assistantTeacherIds: teachers });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('حداکثر ۱۰ مدرسان دستیار');
    for (const bad of ['1,2', [0], [1.5], ['3']]) {
      const answer = await update(course, { assistantTeacherIds: bad });
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.message).toMatch(/مدرسان دستیار/);
    }
    expect((await one(course.id)).assistantTeacherIds).toEqual([]);
  });

  it('keeps each pair once in the join table itself', async () => {
    const teacher = await newTeacher('دستیار یکتا');
    const course = await newCourse('دوره یکتا', [teacher]);
    await expect(sql`insert into ${sql.table('courses_assistant_teacher_ids')} (${sql.ref('ownerId')}, ${sql.ref('targetId')}) values (${course.id}, ${teacher})`.execute(db)).rejects.toThrow(
      /UNIQUE|duplicate key/i,
    );
  });

  it('goes with either record when it is deleted, never holding the delete; the audit log brings a deleted course back with its links', async () => {
    const [a, b] = [await newTeacher('دستیار رفتنی'), await newTeacher('دستیار ماندنی')];
    const course = await newCourse('دوره با دستیار رفتنی', [a, b]);
    const gone = await server.call('DELETE', '/api/Teacher/Delete', { token: admin, body: { id: a } });
    expect(gone.status, gone.text).toBe(200);
    expect((await one(course.id)).assistantTeacherIds).toEqual([b]);

    expect((await server.call('DELETE', '/api/Course/Delete', { token: admin, body: { id: course.id } })).status).toBe(200);
    const left = await sql<{ n: number }>`select count(*) as ${sql.ref('n')} from ${sql.table('courses_assistant_teacher_ids')} where ${sql.ref('ownerId')} = ${course.id}`.execute(db);
    expect(Number(left.rows[0]?.n)).toBe(0);

    const entries = await server.call<{ items: Array<{ id: number; action: string }> }>('GET', '/api/Admin/audit', { token: admin, query: { entity: 'courses', recordId: String(course.id) } });
    const deletion = entries.body.items.find((entry) => entry.action === 'delete');
    if (!deletion) throw new Error('no audit entry for the delete');
    const reverted = await server.call('POST', '/api/Admin/audit/{id}/revert', { token: admin, params: { id: String(deletion.id) } });
    expect(reverted.status, reverted.text).toBe(200);
    expect((await one(course.id)).assistantTeacherIds).toEqual([b]);
  });

  it('writes the records’ names in the CSV export and reads record numbers on import', async () => {
    const teacher = await newTeacher('دستیار خروجی');
    const course = await newCourse('دوره خروجی دستیار', [teacher]);
    const exported = await fetch(`${server.url}/api/Admin/courses/export?ids=${course.id}`, { headers: { Authorization: `Bearer ${admin}` } });
    const csv = await exported.text();
    expect(exported.status).toBe(200);
    expect(csv).toContain('مدرسان دستیار');
    expect(csv).toContain('دستیار خروجی');

    const header = 'عنوان,نوع دوره,دسته‌بندی,مدرسان دستیار';
    const imported = await server.call<{ created: number; rejected: Array<{ line: number; message: string }> }>('POST', '/api/Admin/{entity}/import', {
      token: admin,
      params: { entity: 'courses' },
      rawBody: `${header}\nدوره وارد شده با دستیار,آنلاین,${categoryId},"${String(teacher).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] ?? d)}"\n`,
      headers: { 'Content-Type': 'text/csv; charset=utf-8' },
    });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body.rejected).toEqual([]);
    const [made] = await page({ q: 'دوره وارد شده با دستیار' });
    expect(made?.assistantTeacherIds).toEqual([teacher]);
  });

  it('leaves the spec’s Course/Create body as it was: without the field, none are chosen', async () => {
    const { assistantTeacherIds: _left, ...specBody } = courseBody('دوره با بدنه مشخصات', { categoryId });
    const answer = await server.call<Course>('POST', '/api/Course/Create', { token: admin, body: specBody });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.assistantTeacherIds).toEqual([]);
  });
});
