// msw handlers for the bulk endpoints over a mock backend's rows: bulk delete (ids or an
// f.<field> query) and a CSV import that accepts lines whose first cell is filled. Rows can be
// protected to see them reported as skipped.
import { http, HttpResponse } from 'msw';
import type { RegistryKey } from '../../schema/define';
import { registry, registryKeys } from '../../schema/registry.gen';
import { parseCsv } from '../../schema/rules/csv';
import type { MockBackend } from './msw-handlers';
import { sampleRow } from './samples';

export function bulkHandlers(backend: MockBackend) {
  const protectedRows = new Map<number, string>();
  const requests: Array<{ entity: string; body: unknown; dryRun?: boolean; csv?: string }> = [];
  const keyOf = (value: unknown): RegistryKey | undefined => registryKeys.find((key) => key === value);

  const handlers = [
    http.post('*/api/Admin/:entity/bulk-delete', async ({ params, request }) => {
      const key = keyOf(params.entity);
      if (!key) return HttpResponse.json({ message: 'این بخش در پنل مدیریت وجود ندارد' }, { status: 404 });
      const body: unknown = await request.json();
      requests.push({ entity: key, body });
      const rows = backend.rows(key);
      let ids: number[];
      if (typeof body === 'object' && body !== null && 'ids' in body && Array.isArray(body.ids)) {
        ids = body.ids.filter((id): id is number => typeof id === 'number');
      } else if (typeof body === 'object' && body !== null && 'query' in body && typeof body.query === 'string') {
        const filters = [...new URLSearchParams(body.query)].filter(([name]) => name.startsWith('f.'));
        ids = rows.filter((row) => filters.every(([name, value]) => String(row[name.slice(2)]) === value)).map((row) => row.id);
        if ('expected' in body && typeof body.expected === 'number' && body.expected !== ids.length) {
          return HttpResponse.json({ message: 'فهرست تغییر کرده است' }, { status: 409 });
        }
      } else return HttpResponse.json({ message: 'بدنه درخواست نامعتبر است' }, { status: 400 });
      const skipped = [];
      let deleted = 0;
      for (const id of ids) {
        const index = rows.findIndex((row) => row.id === id);
        const reason = protectedRows.get(id);
        if (index < 0) skipped.push({ id, label: `شناسه ${id}`, reason: 'پیدا نشد' });
        else if (reason) skipped.push({ id, label: String(rows[index]?.title ?? rows[index]?.name ?? id), reason });
        else {
          rows.splice(index, 1);
          deleted++;
        }
      }
      return HttpResponse.json({ deleted, skipped });
    }),
    http.post('*/api/Admin/:entity/import', async ({ params, request }) => {
      const key = keyOf(params.entity);
      if (!key) return HttpResponse.json({ message: 'این بخش در پنل مدیریت وجود ندارد' }, { status: 404 });
      const csv = await request.text();
      const dryRun = new URL(request.url).searchParams.get('dryRun') === '1';
      requests.push({ entity: key, body: null, dryRun, csv });
      if (request.headers.get('content-type')?.startsWith('text/csv') !== true) {
        return HttpResponse.json({ message: 'فایل باید با نوع text/csv ارسال شود' }, { status: 400 });
      }
      const [, ...data] = parseCsv(csv);
      const rejected = data.filter((r) => (r.cells[0] ?? '').trim() === '').map((r) => ({ line: r.line, message: 'عنوان دوره الزامی است' }));
      let created = 0;
      if (!dryRun && rejected.length === 0) {
        for (const record of data) backend.rows(key).push({ ...sampleRow(registry[key], 5000 + backend.rows(key).length), title: record.cells[0] ?? '' });
        created = data.length;
      }
      return HttpResponse.json({ created, rows: data.length, dryRun, rejected });
    }),
  ];

  return {
    handlers,
    requests,
    protect(id: number, reason: string) {
      protectedRows.set(id, reason);
    },
    reset() {
      protectedRows.clear();
      requests.length = 0;
    },
  };
}
