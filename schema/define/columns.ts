// The columns of an entity's admin list: a field of the row, a computed value, a path through
// references, or the records of another entity that refer to the row.
import type { RegistryKey } from '../registryKeys.gen';
import type { BadgeTone, CellKind, OptionValue } from './fields';

export type ColumnBase = {
  header: string;
  cell: CellKind;
  options?: Readonly<Record<string, string>>;
  /** `badge` cells: the tone of each option value (others are 'neutral'). */
  tones?: Readonly<Record<string, BadgeTone>>;
  /**
   * The cell is an input that saves this one field at once (taking the roll: each child's
   * present/absent/excused): only on a column whose `key` is an editable `select` field of an
   * entity with an update call. It saves through that update with the row's version, as the
   * form does, and a stale save opens the same conflict dialog. Drawn so in the entity's list
   * and in the related tables of the records it refers to (a session's attendance).
   */
  edit?: true;
  /**
   * A key column (an order's status, amount and date): the list draws it right after its first
   * column, which names the row, at its whole width, never cut or narrowed to make room and so
   * never under the row's sticky actions; a phone shows the row as a card of the first column
   * and the key columns. An entity that marks none shows its first columns on a phone (cardColumns).
   */
  essential?: true;
};
// `value` is a method so a schema's typed `(user) => …` fits the erased shape (method parameters
// are compared bivariantly) and generic code can still call it with an erased row.
export type ColumnDecl<R> = ColumnBase &
  ({ key: keyof R & string } | { id: string; value(row: R): string | number | boolean | null } | PathColumn<keyof R & string> | ManyColumn);

/**
 * A column showing the records of another entity that refer to this one (an order's course
 * titles, read from its items): `many.entity` is that entity, `many.by` its reference field to
 * this one, `many.show` the field of it shown (a reference shows its record's label); the values
 * are joined with «، ». Read by the server in one batch for the rows shown, as path columns are
 * (GET /api/Admin/{entity}/labels with `many`), and by the CSV export. Not sortable or filterable.
 */
export interface ManyColumn {
  id: string;
  many: { entity: RegistryKey; by: string; show: string } | ManyCount;
}

/**
 * A many column that counts instead of listing (a course's seats taken, «۱۲ از ۱۵»): the records
 * of `entity` whose reference `by` names the row and whose fields hold the `where` values
 * (select fields: `{ status: 'active' }`); with `of`, a number field of this entity, shown as
 * «<count> از <of>» when that field is above 0.
 */
export interface ManyCount {
  entity: RegistryKey;
  by: string;
  count: { where?: Readonly<Record<string, OptionValue>>; of?: string };
}

/** The labels call's `many` value of a many column: other.by.shown, or other.by.<column id> when it counts. */
export function manySpec(column: ManyColumn): string {
  const { entity, by } = column.many;
  return `${entity}.${by}.${'count' in column.many ? column.id : column.many.show}`;
}

/**
 * A column showing a property of a record this one refers to, or of one that record refers to
 * (an enrolment's child's parent's phone): `path` starts with a `reference` field of this entity,
 * goes on through `reference` fields of the entities reached, and ends at any field there — a
 * reference at the end shows that record's label. The server reads the values in one batch per
 * step for all the rows shown (GET /api/Admin/{entity}/labels with `path`), and the CSV export
 * the same way. Not sortable or filterable: the value is not in this entity's table.
 */
export interface PathColumn<First extends string = string> {
  id: string;
  path: readonly [First, ...string[]];
}

/**
 * The order of this entity's records where they are listed under a record they refer to (its
 * detail view's related group: a course's sessions by date, its weekly slots by weekday and
 * time): fields and directions, most significant first; the id breaks ties. Without it, the
 * entity's DefaultOrderDecl.
 */
export type RelatedOrderDecl<N extends string = string> = ReadonlyArray<readonly [N, 'asc' | 'desc']>;

/**
 * The order of the entity's list until the admin sorts it by a column, and of its records listed
 * under a record they refer to when it declares no RelatedOrderDecl (a message's replies): a field
 * and a direction, the id breaking ties the same way. Without it, the newest first (id descending).
 */
export type DefaultOrderDecl<N extends string = string> = readonly [N, 'asc' | 'desc'];

/** Columns a phone's card shows besides the one naming the row when an entity marks no key column. */
const cardDefault = 3;

const isPicture = (column: ColumnBase) => column.cell === 'image' || column.cell === 'video';

/**
 * What a phone's card of a row shows: the first column that is not a picture (it names the row),
 * then the key columns (marked `essential`, in their order), or, when none is marked, the next few.
 */
export function cardColumns<C extends ColumnBase>(columns: readonly C[]): C[] {
  const shown = columns.filter((column) => !isPicture(column));
  const marked = shown.slice(1).filter((column) => column.essential);
  return [...shown.slice(0, 1), ...(marked.length > 0 ? marked : shown.slice(1, 1 + cardDefault))];
}

/** The order a list draws its columns in: the first (naming the row), its key columns, the rest. */
export function listOrder<C extends ColumnBase>(columns: readonly C[]): C[] {
  const rest = columns.slice(1);
  return [...columns.slice(0, 1), ...rest.filter((column) => column.essential), ...rest.filter((column) => !column.essential)];
}
