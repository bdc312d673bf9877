// The labels a list's page brings with its rows (schema/define/listLabels.ts), read as the
// labels call reads them and for the same role: a page's reference columns and path and many
// columns need no call after the rows. The CSV export reads its cells' labels here too.
import { columnReads, idsIn, namedThroughReferences, type AnyEntity, type ListLabels, type RegistryKey } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import type { PanelAccess } from '../../schema/rules/permissions';
import type { DB } from '../platform/db';
import { manyValues, pathValues, recordLabels } from './relations';
import { readsEntity } from './staffView';

const byId = (values: ReadonlyMap<number, string>): Record<string, string> => Object.fromEntries([...values].map(([id, text]) => [String(id), text]));

/**
 * The labels `columns` of `entity` show for `rows` (as the role sees them: a field it may not
 * see is not in them), and with `names` the rows' own names when the entity is named through its
 * references. A referenced entity the role may not read, like the labels call it would be
 * refused, has its entry with nothing in it.
 */
export async function listLabels(
  db: DB,
  entity: AnyEntity,
  columns: readonly AnyEntity['columns'][number][],
  rows: readonly Readonly<Record<string, unknown>>[],
  panel: PanelAccess,
  options: { names?: boolean } = {},
): Promise<ListLabels> {
  const labels: ListLabels = { references: {}, columns: {}, names: {} };
  if (options.names && namedThroughReferences(entity)) labels.names = byId(await recordLabels(db, entity, rows.flatMap((row) => idsIn(row.id))));
  const referenced = new Map<RegistryKey, Set<number>>();
  for (const read of columnReads(entity, columns)) {
    if (read.kind === 'reference') {
      const ids = referenced.get(read.target) ?? new Set<number>();
      for (const row of rows) for (const id of idsIn(row[read.key])) ids.add(id);
      referenced.set(read.target, ids);
      continue;
    }
    const ids = [...new Set(rows.flatMap((row) => idsIn(row[read.from])))];
    if (!readsEntity(panel, read.target) || ids.length === 0) {
      labels.columns[read.id] = {};
    } else if ('many' in read.query) {
      labels.columns[read.id] = byId(await manyValues(db, entity, ids, read.query.many, panel));
    } else {
      const path = read.query.path === '' ? [] : read.query.path.split('.');
      labels.columns[read.id] = byId(await pathValues(db, registry[read.target], ids, path, panel));
    }
  }
  for (const [target, ids] of referenced) {
    labels.references[target] = readsEntity(panel, target) && ids.size > 0 ? byId(await recordLabels(db, registry[target], [...ids])) : {};
  }
  return labels;
}
