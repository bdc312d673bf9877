// The list protocol of the msw double (tests/support/msw-handlers.ts) over its in-memory rows.
import { columnReads, idsIn, namedThroughReferences, type AnyEntity, type AnyRow, type ListLabels, type RegistryKey } from '../../schema/define';
import { foldForSearch } from '../../schema/rules/text';

const protocolKeys = new Set(['page', 'pageSize', 'sort', 'q', 'ids']);

/**
 * The list protocol over the in-memory rows, as server/engine/listQuery.ts answers it: f.<field>
 * equality (repeated = any of), Persian-aware search over `searchIn`, sort (nulls last, id breaks
 * ties), page and total. Null when the URL has no protocol parameter (the whole list).
 */
export function listPage(entity: AnyEntity, all: readonly AnyRow[], params: URLSearchParams): { items: AnyRow[]; total: number } | null {
  const keys = [...params.keys()];
  if (!keys.some((key) => protocolKeys.has(key) || key.startsWith('f.'))) return null;
  let rows = [...all];
  for (const key of new Set(keys.filter((k) => k.startsWith('f.')))) {
    const field = key.slice(2);
    const wanted = params.getAll(key);
    rows = rows.filter((row) => wanted.includes(String(row[field])));
  }
  const ids = params.get('ids');
  if (ids) {
    const only = new Set(ids.split(',').map(Number));
    rows = rows.filter((row) => only.has(row.id));
  }
  const q = foldForSearch(params.get('q') ?? '');
  if (q) rows = rows.filter((row) => (entity.searchIn ?? []).some((field) => foldForSearch(String(row[field] ?? '')).includes(q)));
  const sort = params.get('sort') ?? '-id';
  const desc = sort.startsWith('-');
  const field = desc ? sort.slice(1) : sort;
  const order = new Intl.Collator('en');
  rows.sort((a, b) => {
    const x = a[field];
    const y = b[field];
    if (x === y) return desc ? b.id - a.id : a.id - b.id;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    const compared = typeof x === 'number' && typeof y === 'number' ? x - y : order.compare(String(x), String(y));
    return desc ? -compared : compared;
  });
  const page = Number(params.get('page') ?? 1);
  const pageSize = Number(params.get('pageSize') ?? 50);
  return { items: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length };
}


/** What the double's labels call answers: the labels of `ids` of `key`, following `path`. */
export type LabelsOf = (key: RegistryKey, ids: readonly number[], path: readonly string[]) => Record<string, string>;

/** The labels a page brings (server/engine/listLabels.ts), made of what the double's labels call answers. */
export function pageLabels(entity: AnyEntity, items: readonly AnyRow[], labelsOf: LabelsOf): ListLabels {
  const labels: ListLabels = { references: {}, columns: {}, names: namedThroughReferences(entity) ? labelsOf(entity.key, items.map((row) => row.id), []) : {} };
  for (const read of columnReads(entity, entity.columns)) {
    if (read.kind === 'reference') {
      labels.references[read.target] = { ...labels.references[read.target], ...labelsOf(read.target, items.flatMap((row) => idsIn(row[read.key])), []) };
      continue;
    }
    const path = 'path' in read.query && read.query.path !== '' ? read.query.path.split('.') : [];
    labels.columns[read.id] = labelsOf(read.target, items.flatMap((row) => idsIn(row[read.from])), path);
  }
  return labels;
}
