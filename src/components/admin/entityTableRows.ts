// What the entity table and its body share: the table's row type, a column's id and value, and a
// record's detail address.
import { createColumnHelper, createSortedRowModel, rowSortingFeature, tableFeatures, type Row } from '@tanstack/react-table';
import { ownColumnValue, type AnyEntity, type AnyRow } from '../../../schema/define';

export const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
});
export const helper = createColumnHelper<typeof features, AnyRow>();
export type TableRow = Row<typeof features, AnyRow>;

export type EntityColumn = AnyEntity['columns'][number];

export function columnId(column: EntityColumn): string {
  return 'key' in column ? column.key : column.id;
}

export function columnValue(column: EntityColumn, row: AnyRow): unknown {
  return ownColumnValue(column, row);
}

/** The address of a record's detail view. */
export function detailHref(entity: AnyEntity, row: AnyRow): string {
  return `/admin/${entity.key}/${row.id}`;
}
