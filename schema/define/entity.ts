// The declaration of an entity (texts, operations, actions, links, badges; its columns are
// ./columns.ts) and the erased shape generic code (tables, forms, the server's CRUD) works with.
import * as v from 'valibot';
import type { RegistryKey } from '../registryKeys.gen';
import type { FieldDecl, FieldValue, InputKind, OperationKey, OptionValue, ReferenceDecl, ReferencesDecl } from './fields';
import type { SavePreviewDecl } from './preview';
import type { ColumnBase, ColumnDecl, DefaultOrderDecl, ManyColumn, PathColumn, RelatedOrderDecl } from './columns';
import type { NavDecl } from './nav';
import type { ActionDecl, ActionResultKind, RefusalFollowUp, RevertDecl } from './actions';

// ── Entity declarations ──────────────────────────────────────────────────────────────────────

export interface EntityTexts {
  title: string;
  /** The admin sidebar's link text. */
  nav: string;
  addButton?: string;
  addTitle?: string;
  editTitle: string;
  confirmRemove: string;
  empty?: string;
  failed: { list: string; save: string; remove: string };
  succeeded: { create?: string; update: string; remove: string };
  /** Show the server's `{message}` on a failed save or delete when it sends one (courses do). */
  preferServerMessage?: boolean;
}

/**
 * The entity's calls, all under /api/<api>/: each is on by default with its conventional name
 * (GetSelectList, Create, Update, Delete); `false` leaves it out, a string renames it. Only
 * names are given, never paths, so a schema cannot take over another entity's calls.
 */
export interface OpsDecl {
  list?: string | { name: string; itemsAt: string };
  create?: string | false;
  update?: string | false | { name: string; idKey: string };
  remove?: string | false;
}

/** The system properties every record has besides its fields. */
export interface SystemProps {
  id: number;
  /** Bumped by every update: the optimistic-concurrency check compares it. */
  version: number;
}

// A password, or any write-only field, is never part of a row.
export type RowOf<F extends Record<string, FieldDecl>> = SystemProps & { slug?: string } & {
  -readonly [K in keyof F as F[K] extends { input: 'password' } | { writeOnly: true } ? never : K]: FieldValue<F[K]>;
};

/** A column's value when it is the row's own (a key or a computed value); null for a path column. */
export function ownColumnValue(column: AnyEntity['columns'][number], row: AnyRow): unknown {
  if ('key' in column) return row[column.key];
  if ('path' in column || 'many' in column) return null;
  return column.value(row);
}

/** A column's id: its key, or its declared id. */
export const columnId = (column: AnyEntity['columns'][number]): string => ('key' in column ? column.key : column.id);

export interface EntityDecl<F extends Record<string, FieldDecl>, K extends string = string> {
  /** The contract's component name (PascalCase, singular): `Coupon` → components Coupon, CouponFields… */
  name: string;
  /** The registry key (plural): the file name, the admin route /admin/<key>. */
  key: K;
  /** The database table; defaults to the key. */
  table?: string;
  /**
   * Who makes the table. 'schema' (the default): codegen creates and alters it from the fields.
   * 'server': the records are the server's own (orders written by checkout, sign-in sessions),
   * their table made by a hand migration in server/platform/migrations; the schema file only presents
   * them (contract, admin screens, lists, actions) and codegen makes no migration for it. The
   * server refuses to start when a declared field, or `version`, has no column.
   */
  tableOwner?: 'schema' | 'server';
  /** The /api/<api>/ segment of its calls; defaults to `name`. */
  api?: string;
  ops?: OpsDecl;
  fields: F;
  /**
   * Columns the server keeps in the entity's table that no form shows, edits or answers (a user's
   * password hash, a payment's gateway authority). They are part of the table's type, and of its
   * migrations when the schema makes the table, never of a row the API answers.
   */
  stored?: Readonly<Record<string, StoredColumn>>;
  /**
   * Columns whose values may appear together only once (a table the schema makes): each a unique
   * index, a clash answered «… تکراری است».
   */
  unique?: ReadonlyArray<ReadonlyArray<NoInfer<keyof F & string>>>;
  /** See PublicViewDecl. */
  publicView?: PublicViewDecl<NoInfer<keyof F & string>>;
  /**
   * For a table the server makes (`tableOwner: 'server'`): the columns its hand migration gave a
   * default, which an insert may leave out. (For a table the schema makes, codegen knows.)
   */
  defaultedColumns?: ReadonlyArray<NoInfer<keyof F & string> | 'version'>;
  columns: ReadonlyArray<ColumnDecl<RowOf<F>>>;
  texts: EntityTexts;
  /** After a save: reload the list from the server, or patch the row in place (users). */
  afterSave?: 'reload' | 'patch';
  /** After a delete: reload, or drop the row locally (users). */
  afterRemove?: 'reload' | 'removeLocal';
  /** Public entities get a stable, unique slug made from this field when created. */
  slugFrom?: NoInfer<keyof F & string>;
  /** Fields the search looks in. */
  searchIn?: ReadonlyArray<NoInfer<keyof F & string>>;
  /** See SearchThroughDecl. */
  searchThrough?: ReadonlyArray<SearchThroughDecl<NoInfer<keyof F & string>>>;
  /** See `AnyEntity.labelField`. */
  labelField?: NoInfer<keyof F & string> | ReadonlyArray<NoInfer<keyof F & string>>;
  /** One record in words («دوره»), for messages; see entitySingular. */
  singular?: string;
  /** The admin may create rows of this entity from a CSV file (POST /api/Admin/{entity}/import). */
  importable?: boolean;
  /** Record actions by key (see ActionDecl), in the order their buttons are drawn. */
  actions?: Readonly<Record<string, ActionDecl<RowOf<F>>>>;
  /**
   * Fields the list may set on many chosen rows at once («ویرایش گروهی»): a course's category or
   * status. Each row is saved as its edit form would save it (POST /api/<api>/BulkEdit); a row a
   * rule refuses is reported and left as it was. Needs the update call.
   */
  bulkEdit?: ReadonlyArray<NoInfer<keyof F & string>>;
  /**
   * `false`: no sidebar link (an order's items, its payment attempts): the records are read on
   * the detail view of what they belong to, and their list stays at /admin/<key>.
   */
  sidebar?: boolean;
  /** The sidebar's group and place (NavDecl); without it, defaultNav. */
  nav?: NavDecl;
  /** See NavBadgeDecl. */
  navBadge?: NavBadgeDecl<NoInfer<keyof F & string>>;
  /** See OnOpenDecl. */
  onOpen?: OnOpenDecl<NoInfer<keyof F & string>>;
  savePreview?: SavePreviewDecl;
  /** See RelatedOrderDecl. */
  relatedOrder?: RelatedOrderDecl<NoInfer<keyof F & string>>;
  /** See DefaultOrderDecl. */
  defaultOrder?: DefaultOrderDecl<NoInfer<keyof F & string>>;
  /** The rows the list draws in bold (an unopened message); a method, as ActionDecl.when is. */
  rowEmphasis?(row: RowOf<F>): boolean;
  /** See RecordLinkDecl. */
  links?: ReadonlyArray<RecordLinkDecl<RowOf<F>>>;
  /**
   * Fields a staff role may be kept from (hidden) or kept from changing (read-only): prices,
   * amounts, parents' contacts. The roles screen offers these for each entity the role reads.
   */
  sensitive?: ReadonlyArray<NoInfer<keyof F & string>>;
  /** See ScopeDecl. */
  scope?: ScopeDecl<NoInfer<keyof F & string>>;
  /** Fields only an administrator may change: read-only to every staff role, whatever it is granted. */
  administratorOnly?: ReadonlyArray<NoInfer<keyof F & string>>;
  /** `false`: no staff role may be granted anything of this entity (the roles themselves). */
  staffGrantable?: false;
}

/**
 * The rows that are a teacher's own, for a role granted an entity «فقط موارد خودِ مدرس»:
 * `teacher` names the fields that point at teachers (a course's teacher and its assistants; any
 * of them being the account's teacher makes the row theirs); `through` names a reference to an
 * entity with a scope of its own (a session through its course). The server filters every list,
 * count, export, label and record read by it, and refuses a write outside it.
 */
export type ScopeDecl<N extends string = string> = { teacher: ReadonlyArray<N> } | { through: N };


/**
 * A link on the record's detail view to a page made from the record (an order's invoice), opened
 * in a new tab: its text, and its path, or null when this record has none (an unpaid order).
 * A method, as ActionDecl.when is. The page itself checks who may see it.
 */
export interface RecordLinkDecl<R> {
  label: string;
  href(row: R): string | null;
}

/**
 * Records the search of a list also looks through, by their own `searchIn` fields, so a record is
 * found the way people describe it: `{ reference: 'userId' }` the record this one's reference
 * field names (an order by its learner's name or phone); `{ entity: 'orderItems', by: 'orderId' }`
 * the rows of another entity whose reference field `by` names this one (an order by its
 * children's names). One step only; the engine refuses at start a path that does not lead to a
 * searched entity (server/engine/listSearch.ts).
 */
export type SearchThroughDecl<K extends string = string> = { reference: K } | { entity: RegistryKey; by: string };

/**
 * A count beside the entity's sidebar link: the records whose select field `field` holds
 * `value` (new messages). Counted by the server for every entity in one call
 * (GET /api/Admin/badges), read again after every change the admin makes.
 */
export interface NavBadgeDecl<N extends string = string> {
  field: N;
  value: OptionValue;
  /** What the count counts, for screen readers: «پیام تازه». */
  title: string;
}

/**
 * A transition the server makes when an admin opens the record's detail view (the detail call,
 * GET /api/Admin/{entity}/{id}): a select field holding `from` is set to `to` (a new message
 * becomes read), with the version bump and an audit entry, as an edit would be.
 */
export interface OnOpenDecl<N extends string = string> {
  field: N;
  from: OptionValue;
  to: OptionValue;
}

// ── The erased shape generic code works with ─────────────────────────────────────────────────

export type AnyRow = Record<string, unknown> & { id: number };

export interface AnyField {
  label: string;
  input: InputKind;
  validate: v.GenericSchema<unknown, unknown>;
  initial?: unknown;
  options?: ReadonlyArray<readonly [unknown, string]>;
  placeholder?: string;
  reference?: ReferenceDecl;
  /** A many-to-many field's records (input 'references'). */
  references?: ReferencesDecl;
  hint?: string;
  wide?: boolean;
  readOnly?: boolean;
  /** Written when the record is created only (see FieldCommon.createOnly; password fields). */
  createOnly?: boolean;
  /** See FieldCommon.optionalInBody. */
  optionalInBody?: true;
  /** The field of the same record (same input kind) this one may not come after or exceed. */
  notAfter?: string;
  /** Date fields: the list offers a date-range filter (DateField.filter). */
  rangeFilter?: boolean;
  /** Date fields: shown with their time (DateField.moment). */
  moment?: boolean;
  /** Number fields: an amount in tomans (NumberField.money), shown «… تومان». */
  money?: boolean;
}

export interface EntityOps {
  list: OperationKey;
  /** Where the rows are in the list answer, when it is not the array itself. */
  listItemsAt?: string;
  create?: OperationKey;
  update?: OperationKey;
  /** Name of the id in the update body ('id' unless the schema says otherwise). */
  updateIdKey?: string;
  remove?: OperationKey;
  /** Present when the schema declares `bulkEdit`. */
  bulkEdit?: OperationKey;
}

/** A declared action with its call resolved. */
export interface AnyLink {
  label: string;
  href(row: AnyRow): string | null;
}

export interface AnyAction {
  key: string;
  op: OperationKey;
  label: string;
  confirm?: string;
  confirmLabel?: string;
  detail?(row: AnyRow): string;
  /** See ActionDecl.initial. */
  initial?(row: AnyRow): Readonly<Record<string, unknown>>;
  when?(row: AnyRow): boolean;
  refusal?(row: AnyRow): string;
  /** See ActionDecl.revert. */
  revert?(input: Readonly<Record<string, unknown>>): RevertDecl;
  tone: 'danger' | 'neutral';
  /** See ActionDecl.onRow. */
  onRow?: false;
  /** See ActionDecl.administratorOnly. */
  administratorOnly?: true;
  /** The action's inputs (see ActionDecl.fields); empty when it asks nothing. */
  fields: Readonly<Record<string, AnyField>>;
  /** See ActionResultKind ('toast' when the schema says nothing). */
  result: ActionResultKind;
  onRefusal?: Readonly<Record<string, RefusalFollowUp>>;
  succeeded: string;
  failed: string;
}

/**
 * What the public site may see of a record: these fields, with `id` (and `slug` when the entity
 * has one). Codegen makes the contract's `component` of them and the server's projection of a row
 * (server/engine/publicViews.gen.ts: numbers as numbers, rich text sanitised); the public answers
 * are built on both, so a field added here reaches every public answer and page that shows the
 * component, and a field removed fails `tsc` wherever one was read. Nothing else of the row leaves.
 */
export interface PublicViewDecl<K extends string = string> {
  component: string;
  fields: ReadonlyArray<K>;
  /** See PublicSectionDecl: the site shows the records itself. */
  section?: PublicSectionDecl<K>;
}

/**
 * A section of the public site made of an entity's records, with no page written for it: the
 * list at /<path> (newest first) and, when the entity has a slug, each record at /<path>/<slug>,
 * answered by GET /api/Public/sections/<path>[/<slug>] with the public view of each record and
 * drawn from the view's fields (their labels and kinds). Features that serve their own pages
 * (courses, teachers, articles) do not declare one.
 */
export interface PublicSectionDecl<K extends string = string> {
  /** The address segment, Latin lower case: /holidays. */
  path: string;
  title: string;
  lead?: string;
  /** A checkbox field: records are left out of the section while it is set (inActive). */
  hiddenWhen?: K;
  /** The list's order; newest first when left out. */
  sort?: readonly [K, 'asc' | 'desc'];
  /** Shown when no record is there to show. */
  empty: string;
}

/** A column the server keeps beside the fields (EntityDecl.stored), as the database holds it. */
export interface StoredColumn {
  type: 'text' | 'integer' | 'bigint' | 'real';
  nullable?: true;
  /** The database's default, for a table the schema makes. */
  default?: string | number;
  /** The only values it holds, when it is one of a few words. */
  values?: readonly string[];
}

export interface AnyEntity {
  key: RegistryKey;
  /** The contract component of one row. */
  component: string;
  table: string;
  ops: EntityOps;
  /** The fields the form edits and the create/update bodies carry. */
  fields: Readonly<Record<string, AnyField>>;
  /** Every declared field, read-only ones included (the row's own properties besides id, version, slug). */
  allFields: Readonly<Record<string, AnyField>>;
  /** The fields the add form shows and the create body carries: `fields` and the create-only ones. */
  createFields: Readonly<Record<string, AnyField>>;
  navBadge?: NavBadgeDecl;
  onOpen?: OnOpenDecl;
  columns: ReadonlyArray<ColumnBase & ({ key: string } | { id: string; value(row: AnyRow): string | number | boolean | null } | PathColumn | ManyColumn)>;
  texts: EntityTexts;
  afterSave: 'reload' | 'patch';
  afterRemove: 'reload' | 'removeLocal';
  slugFrom?: string;
  searchIn?: ReadonlyArray<string>;
  searchThrough?: ReadonlyArray<SearchThroughDecl>;
  /**
   * The field(s) naming one record to people: shown for a reference to it (tables, the picker,
   * detail views), joined by a space when several (users: first and last name). Optional;
   * `labelFieldsOf` defaults it to `slugFrom`, else the first `searchIn` field, else the first
   * text field.
   */
  labelField?: string | ReadonlyArray<string>;
  /** How messages name one record («۳ دوره به این دسته‌بندی وابسته است»); see entitySingular. */
  singular?: string;
  /** See EntityDecl.importable (default false). */
  importable?: boolean;
  /** See ActionDecl; empty when the schema declares none. */
  actions: ReadonlyArray<AnyAction>;
  /** See EntityDecl.bulkEdit; empty when the schema declares none. */
  bulkEdit: ReadonlyArray<string>;
  /** See RecordLinkDecl; empty when the schema declares none. */
  links: ReadonlyArray<AnyLink>;
  /** See EntityDecl.sidebar (default true). */
  sidebar: boolean;
  /** See RelatedOrderDecl and DefaultOrderDecl. */
  relatedOrder?: RelatedOrderDecl;
  defaultOrder?: DefaultOrderDecl;
  /** See EntityDecl.rowEmphasis. */
  rowEmphasis?(row: AnyRow): boolean;
  /** The declaration it was made from: codegen reads it for the contract and the migrations. */
  decl: EntityDecl<Record<string, FieldDecl>>;
}

