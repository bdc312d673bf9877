// What a list's columns show of other records, read with the list's rows: the labels of the
// records its reference columns hold, and the values of its path and many columns. One rule for
// the server, which reads them with a list's page (and for a CSV export), and for the admin's
// table, which asks the labels call only for what a page did not bring.
import type { RegistryKey } from '../registryKeys.gen';
import { manySpec, type ManyColumn, type PathColumn } from './columns';
import type { AnyEntity, AnyField } from './entity';

type Column = AnyEntity['columns'][number];

/** The registry entity a field refers to, when it is a reference field (one record or several). */
export function referenceTarget(field: AnyField | undefined): RegistryKey | null {
  if (field?.input === 'reference' && field.reference) return field.reference.entity;
  return field?.input === 'references' && field.references ? field.references.entity : null;
}

/**
 * One reading a list column needs. A reference column shows its records' labels (by the
 * referenced entity, for every such column alike); a path column the text at the end of its path
 * from the record its first field refers to (by that record's id); a many column what the records
 * referring to the row say (by the row's id, `from` 'id'). `query` is the labels call's.
 */
export type ColumnRead =
  | { kind: 'reference'; key: string; target: RegistryKey }
  | { kind: 'column'; id: string; from: string; target: RegistryKey; query: { path: string } | { many: string } };

/** The row's field a path or many column is read through: its first reference, or the row's own id. */
export const readFrom = (column: PathColumn | ManyColumn): string => ('many' in column ? 'id' : column.path[0]);

export function columnReads(entity: AnyEntity, columns: readonly Column[]): ColumnRead[] {
  return columns.flatMap((column): ColumnRead[] => {
    if ('many' in column) return [{ kind: 'column', id: column.id, from: readFrom(column), target: entity.key, query: { many: manySpec(column) } }];
    if ('path' in column) {
      const target = referenceTarget(entity.allFields[readFrom(column)]);
      return target ? [{ kind: 'column', id: column.id, from: readFrom(column), target, query: { path: column.path.slice(1).join('.') } }] : [];
    }
    if ((column.cell !== 'reference' && column.cell !== 'references') || !('key' in column)) return [];
    const target = referenceTarget(entity.allFields[column.key]);
    return target ? [{ kind: 'reference', key: column.key, target }] : [];
  });
}

/** The positive whole ids a row's value holds (a many-to-many field holds several). */
export function idsIn(value: unknown): number[] {
  return (Array.isArray(value) ? value : [value]).filter((id): id is number => typeof id === 'number' && Number.isInteger(id) && id > 0);
}

/**
 * What a list page brings beside its rows (the list protocol's `labels`): per referenced entity,
 * the labels of the records the rows' reference columns hold; per path or many column, its values
 * by the id it is read through; the rows' own names when the entity is named through its
 * references (else none). Every reading the columns need has its entry, empty where the caller's
 * role may not read what it shows, so a page's rows need no labels call after them.
 */
export interface ListLabels {
  references: Record<string, Record<string, string>>;
  columns: Record<string, Record<string, string>>;
  names: Record<string, string>;
}
