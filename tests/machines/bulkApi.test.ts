// The bulk machines' calls on their own (src/machines/bulkApi.ts): what each sends, and what it
// makes of a refusal, an unreachable server and an answer that is not a report.
import { offContract, server } from './server';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { registry } from '../../schema/registry.gen';
import { clearGetCache } from '../../src/api/client';
import { ApiError } from '../../src/api/operations';
import { bulkDeleteRows, bulkEditRows, importCsv } from '../../src/machines/bulkApi';

const { courses, categories } = registry;
const ids = { kind: 'ids' as const, ids: [1, 2] };
const all = { kind: 'allMatching' as const, query: 'q=ربات' };

beforeEach(() => clearGetCache());

interface Sent {
  path: string;
  search: string;
  type: string | null;
  body: string;
}
function answering(method: 'post', path: string, answer: () => Response) {
  const sent: Sent[] = [];
  server.use(
    http[method](`*${path}`, async ({ request }) => {
      const url = new URL(request.url);
      sent.push({ path: url.pathname, search: url.search, type: request.headers.get('content-type'), body: await request.text() });
      return answer();
    }),
  );
  return sent;
}
const wrong = (body: JsonBodyType, status = 200) => HttpResponse.json(body, { status, headers: offContract });

describe('bulk delete', () => {
  it('sends the chosen ids, or the query with the count confirmed, to the entity’s own address', async () => {
    const sent = answering('post', '/api/Admin/courses/bulk-delete', () => HttpResponse.json({ deleted: 2, skipped: [] }));
    await expect(bulkDeleteRows({ entity: courses, selection: ids, count: 2 })).resolves.toEqual({ deleted: 2, skipped: [] });
    await bulkDeleteRows({ entity: courses, selection: all, count: 7 });
    expect(sent.map((s) => [s.path, JSON.parse(s.body)])).toEqual([
      ['/api/Admin/courses/bulk-delete', { ids: [1, 2] }],
      ['/api/Admin/courses/bulk-delete', { query: 'q=ربات', expected: 7 }],
    ]);
  });

  it('a refusal carries its status and the server’s words; no answer at all is status 0', async () => {
    answering('post', '/api/Admin/courses/bulk-delete', () => HttpResponse.json({ message: 'فهرست تغییر کرده است' }, { status: 409 }));
    await expect(bulkDeleteRows({ entity: courses, selection: all, count: 7 })).rejects.toMatchObject({ status: 409, serverMessage: 'فهرست تغییر کرده است' });
    server.use(http.post('*/api/Admin/courses/bulk-delete', () => HttpResponse.error()));
    await expect(bulkDeleteRows({ entity: courses, selection: ids, count: 2 })).rejects.toMatchObject({ status: 0 });
  });
});

describe('bulk edit', () => {
  const change = { field: 'inActive', value: true, text: 'بله' };

  it('an entity without a bulk edit is refused before anything is sent', async () => {
    await expect(bulkEditRows({ entity: categories, selection: ids, count: 2, change })).rejects.toEqual(new ApiError(400, undefined));
  });

  it('sends the rows, the field and the value, and takes a report', async () => {
    const report = { updated: 1, unchanged: 1, skipped: [] };
    const sent = answering('post', '/api/Course/BulkEdit', () => HttpResponse.json(report));
    await expect(bulkEditRows({ entity: courses, selection: ids, count: 2, change })).resolves.toEqual(report);
    await bulkEditRows({ entity: courses, selection: all, count: 5, change });
    expect(sent.map((s) => JSON.parse(s.body))).toEqual([
      { ids: [1, 2], field: 'inActive', value: true },
      { query: 'q=ربات', expected: 5, field: 'inActive', value: true },
    ]);
  });

  it.each([
    ['no count of the updated', { unchanged: 0, skipped: [] }],
    ['a count that is text', { updated: '1', unchanged: 0, skipped: [] }],
    ['no count of the unchanged', { updated: 1, skipped: [] }],
    ['an unchanged count that is text', { updated: 1, unchanged: '0', skipped: [] }],
    ['no skipped rows', { updated: 1, unchanged: 0 }],
    ['skipped rows that are no list', { updated: 1, unchanged: 0, skipped: 'none' }],
    ['no object at all', null],
  ])('an answer with %s is no report', async (_, body) => {
    answering('post', '/api/Course/BulkEdit', () => wrong(body));
    await expect(bulkEditRows({ entity: courses, selection: ids, count: 2, change })).rejects.toMatchObject({ status: 200 });
  });
});

describe('import', () => {
  const report = { created: 0, rows: 1, dryRun: true, rejected: [] };

  it('sends the file as written, as CSV text, checking first without writing', async () => {
    const sent = answering('post', '/api/Admin/courses/import', () => HttpResponse.json(report));
    await expect(importCsv({ entity: courses, csv: 'title\nربات', dryRun: true })).resolves.toEqual(report);
    await importCsv({ entity: courses, csv: 'title\nربات', dryRun: false });
    expect(sent.map((s) => [s.search, s.type, s.body])).toEqual([
      ['?dryRun=1', 'text/csv; charset=utf-8', 'title\nربات'],
      ['', 'text/csv; charset=utf-8', 'title\nربات'],
    ]);
  });

  it('a refused file carries the server’s words; no answer at all is status 0', async () => {
    answering('post', '/api/Admin/courses/import', () => HttpResponse.json({ message: 'ستون ناشناخته: رنگ' }, { status: 400 }));
    await expect(importCsv({ entity: courses, csv: 'رنگ', dryRun: true })).rejects.toMatchObject({ status: 400, serverMessage: 'ستون ناشناخته: رنگ' });
    server.use(http.post('*/api/Admin/courses/import', () => HttpResponse.error()));
    await expect(importCsv({ entity: courses, csv: 'رنگ', dryRun: true })).rejects.toMatchObject({ status: 0 });
  });
});
