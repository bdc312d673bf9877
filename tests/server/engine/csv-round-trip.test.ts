// @vitest-environment node
// What the panel exports, it imports: for every importable entity of the registry, a record is
// made on one server, exported as the admin list's CSV, and that file imported into a second
// server seeded alike; the record made there exports to the same cells, its number aside. Its
// references point at seeded records, so they travel as the labels the export writes. Against the
// real server on SQLite, or PostgreSQL with TEST_DATABASE=postgres.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitOperation, type AnyEntity } from '../../../schema/define';
import { isImportable } from '../../../schema/importable';
import { registry } from '../../../schema/registry.gen';
import { parseCsv } from '../../../schema/rules/csv';
import { sampleBody } from '../../support/samples';
import { adminPassword, adminPhone, startServer, type TestServer } from '../../support/server';

let from: TestServer;
let to: TestServer;
const tokens = new Map<TestServer, string>();

beforeAll(async () => {
  [from, to] = await Promise.all([startServer(), startServer()]);
  for (const server of [from, to]) tokens.set(server, await server.signIn(adminPhone, adminPassword));
});
afterAll(async () => {
  await Promise.all([from?.close(), to?.close()]);
});

async function exported(server: TestServer, entity: string, query: Record<string, string> = {}): Promise<string[][]> {
  const answer = await server.call<string>('GET', '/api/Admin/{entity}/export', { token: tokens.get(server), params: { entity }, query });
  expect(answer.status, answer.text).toBe(200);
  return parseCsv(answer.text).map((record) => record.cells);
}

/** A sample create body whose references name the target's first record, as a real one would. */
async function bodyWithReferences(entity: AnyEntity): Promise<Record<string, unknown>> {
  const body = sampleBody(entity, 57);
  for (const [name, field] of Object.entries(entity.fields)) {
    const target = field.reference?.entity ?? field.references?.entity;
    if (!target) continue;
    const [, first] = await exported(from, target, { sort: 'id' });
    const id = Number(first?.[0]);
    expect(id).toBeGreaterThan(0);
    body[name] = field.input === 'references' ? [id] : id;
  }
  return body;
}

const importable = Object.values(registry).filter(isImportable);

describe('a CSV exported from the panel imports back', () => {
  it('covers the importable entities', () => {
    expect(importable.map((entity) => entity.key).sort()).toEqual(['courses', 'users']);
  });

  for (const entity of importable) {
    it(`${entity.key}: the exported record is made again with the same cells`, async () => {
      const create = entity.ops.create;
      if (!create) throw new Error(`${entity.key} has no create call`);
      const { method, path } = splitOperation(create);
      const created = await from.call<{ id: number }>(method, path, { token: tokens.get(from), body: await bodyWithReferences(entity) });
      expect(created.status, created.text).toBe(200);
      const [header = [], row = []] = await exported(from, entity.key, { ids: String(created.body.id) });
      expect(row[0]).toBe(String(created.body.id));

      const file = `\ufeff${[header, row].map((cells) => cells.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',')).join('\r\n')}\r\n`;
      const imported = await to.call<{ created: number; rejected: unknown[] }>('POST', '/api/Admin/{entity}/import', {
        token: tokens.get(to),
        params: { entity: entity.key },
        rawBody: file,
        headers: { 'Content-Type': 'text/csv' },
      });
      expect(imported.status, imported.text).toBe(200);
      expect(imported.body.rejected).toEqual([]);
      expect(imported.body.created).toBe(1);

      const [again = [], made = []] = await exported(to, entity.key, { sort: '-id' });
      expect(again).toEqual(header);
      expect(made.slice(1)).toEqual(row.slice(1));
    });
  }
});

describe('a reference written as its record’s name', () => {
  it('is refused with the field’s name when it names no record, or more than one', async () => {
    const token = tokens.get(to);
    const teacher = { skill: 'رباتیک', descirption: 'شرح', coverImage: 'course-1.webp' };
    for (let i = 0; i < 2; i++) expect((await to.call('POST', '/api/Teacher/Create', { token, body: { fullName: 'همنام دوتایی', ...teacher } })).status).toBe(200);
    const file = 'عنوان,نوع دوره,مدرس\r\nدوره یک,آنلاین,ناشناس\r\nدوره دو,آنلاین,همنام دوتایی\r\n';
    const answer = await to.call<{ created: number; rejected: Array<{ line: number; message: string }> }>('POST', '/api/Admin/{entity}/import', {
      token,
      params: { entity: 'courses' },
      query: { dryRun: '1' },
      rawBody: file,
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.rejected).toEqual([
      { line: 2, message: 'مدرس «ناشناس» یافت نشد' },
      { line: 3, message: 'مدرس «همنام دوتایی» به بیش از یک رکورد اشاره دارد؛ به جای نام، شناسه آن را بنویسید' },
    ]);
  });
});
