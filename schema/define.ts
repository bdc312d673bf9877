// The schema engine. One schema file, schema/<plural>.ts, is the whole entity: its fields with
// their types and limits, its table, its API operations, its admin table and screen texts.
// `npm run codegen` turns the schema files into everything else: the entity's block in
// openapi.yaml (and so the generated contract types), the registry (schema/registry.gen.ts),
// and the database migrations (server/platform/migrations/schema.gen.ts). The valibot validators the
// form and the server run are built here from the same declarations, so the contract's limits
// and the validators' limits cannot differ. No React here: the server imports it.
import * as v from 'valibot';
import type { RegistryKey } from './registryKeys.gen';
import {
  boundedNumber,
  defaultNumberLimits,
  emailPattern,
  fileReference,
  iranMobile,
  mobilePattern,
  newPassword,
  optionalNewPassword,
  optionalEmail,
  optionalPhone,
  isoInstant,
  optionalText,
  phonePattern,
  requiredText,
} from './validators';

import { formatJalaliLong } from './rules/calendar';

export { defaultNumberLimits };

export type { RegistryKey };

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** 'GET /api/Category/GetSelectList' and friends. */
export type OperationKey = `${HttpMethod} /api/${string}`;

export function splitOperation(op: OperationKey): { method: HttpMethod; path: string } {
  const [method = '', path = ''] = op.split(' ');
  if (method !== 'GET' && method !== 'POST' && method !== 'PUT' && method !== 'DELETE') {
    throw new Error(`unknown method in ${op}`);
  }
  return { method, path };
}

// ── Field declarations ───────────────────────────────────────────────────────────────────────

interface FieldCommon {
  label: string;
  /** Shown under the input, and the property's description in the contract. */
  hint?: string;
  /** Lay the field over the whole form width (text areas, editors). */
  wide?: boolean;
  /**
   * A property of the record that the admin form does not edit (a user's name, a message's
   * text): in the row the API answers, not in the create/update bodies.
   */
  readOnly?: boolean;
  /** The field's previous name: codegen then renames the column instead of dropping it. */
  renamedFrom?: string;
  /**
   * Written once, when the record is created (the add form and the create body carry it), then
   * read-only: in the row the API answers, never in an update body (a user's names).
   */
  createOnly?: true;
}

type TextKind = 'text' | 'textarea' | 'richText';
interface TextField extends FieldCommon {
  input: TextKind;
  required?: boolean;
  /** Defaults: text 200, textarea 5,000, richText 200,000 characters. */
  maxLength?: number;
  initial?: string;
}
interface EmailField extends FieldCommon {
  input: 'email';
  required?: boolean;
  initial?: string;
}
interface PhoneField extends FieldCommon {
  input: 'tel';
  required?: boolean;
  /**
   * An Iranian mobile that signs in (users.phoneNumber): validated and normalised by the rule
   * sign-up uses (iranMobile: any digits, +98 → 09xxxxxxxxx, never empty), so an admin's edit or
   * an import cannot store a number the account can no longer sign in with.
   */
  mobile?: true;
  initial?: string;
}
/** Image or video links: any URL or path is accepted and stored as the bare file name. */
interface FileField extends FieldCommon {
  input: 'imageLink' | 'videoLink';
  required?: boolean;
  initial?: string;
}
interface NumberField extends FieldCommon {
  input: 'number';
  integer?: boolean;
  /** Default 0. */
  min?: number;
  /** Default 10^12. */
  max?: number;
  initial?: number;
  /** Another number field of the record this one may not exceed (a course's ages; see orderMessage). */
  notAfter?: string;
}
/**
 * A reference: the registry entity referred to (0 = none), the field shown as its label, the
 * none label, and what deleting the referred record does to this row — 'refuse' (default: the
 * delete is refused while rows point at it, «۳ دوره به این دسته‌بندی وابسته است»), 'cascade'
 * (the rows go with it: the table's foreign key cascades; a learner's children) or 'keep' (the
 * row keeps the number as history and shows `none` once the record is gone; an order line's
 * course).
 */
export interface ReferenceDecl {
  entity: RegistryKey;
  label: string;
  none: string;
  onDelete?: 'refuse' | 'cascade' | 'keep';
}
interface ReferenceField extends FieldCommon {
  input: 'reference';
  reference: ReferenceDecl;
  initial?: number;
  /**
   * 'actor': a reference to users that the server sets to the signed-in admin on every save
   * through the engine (who marked an attendance); read-only to the form.
   */
  auto?: 'actor';
}
interface CheckboxField extends FieldCommon {
  input: 'checkbox';
  initial?: boolean;
}
interface DateField extends FieldCommon {
  input: 'jalaliDate';
  /**
   * 'created': set by the server when the record is created (never null). 'updated': set by the
   * server to the time of every save through the engine (create, update); null until the first
   * (an attendance mark's time). Either is read-only to the form.
   */
  auto?: 'created' | 'updated';
  initial?: string | null;
  /** Another date field of the record this one may not come after (see orderMessage). */
  notAfter?: string;
  /**
   * The admin list offers a from–to filter of Jalali days for it (URL `f.<field>=1403-01-01..1403-01-31`;
   * the server accepts such a range on any date field).
   */
  filter?: 'range';
  /** A moment rather than a day (a server-set time): the detail view shows its time too. */
  moment?: true;
}
type OptionValue = string | number | boolean;
interface SelectField<T extends OptionValue = OptionValue> extends FieldCommon {
  input: 'select';
  /** Value and label pairs, shown in this order; the contract's enum. */
  options: ReadonlyArray<readonly [T, string]>;
  /** A prompt shown until a choice is made (its empty value is refused). */
  placeholder?: string;
  initial?: T;
  /**
   * Another select field of the record whose value this one may not come after (values compared
   * as written: 'HH:MM' times). See orderMessage.
   */
  notAfter?: string;
}

/**
 * A password chosen when the record is created (schema/validators.ts newPassword, the rule of
 * sign-up): create-only, never a column and never in a row the API answers. The entity's create
 * hook on the server (server/engine/behaviours.ts) turns it into what the table keeps. Not required:
 * an empty one is allowed and the hook decides what that means (users: no usable password yet).
 */
interface PasswordField extends FieldCommon {
  input: 'password';
  required?: boolean;
  initial?: '';
}

export type FieldDecl = TextField | EmailField | PhoneField | FileField | NumberField | ReferenceField | CheckboxField | DateField | SelectField | PasswordField;
export type InputKind = FieldDecl['input'];

/** The value a field holds in a record. */
export type FieldValue<F> = F extends SelectField<infer T>
  ? T
  : F extends { input: 'number' | 'reference' }
    ? number
    : F extends { input: 'checkbox' }
      ? boolean
      : F extends { input: 'jalaliDate'; auto: 'created' }
        ? string
        : F extends { input: 'jalaliDate' }
          ? string | null
          : string;

/** Cell kinds are resolved to components in src/ through a Record<CellKind, Component>. */
export type CellKind =
  | 'text'
  | 'number'
  | 'hours'
  | 'phone'
  | 'yesNo'
  | 'image'
  | 'video'
  | 'toman'
  | 'jalaliDate'
  | 'jalaliDateTime'
  | 'option'
  | 'excerpt'
  /** A `reference` field's id shown as the referenced record's label (fetched in one batch). */
  | 'reference'
  /** An option's label in a coloured pill, its colour from the column's `tones` (roles, statuses). */
  | 'badge'
  /** An email address as a `mailto:` link. */
  | 'email';

/** The colours a `badge` cell may take, by meaning rather than by hue. */
export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'accent';

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

/**
 * A named thing an admin does to one record besides editing and deleting it (lock an account,
 * refund an order): a button on the record's row and detail view, an optional confirmation, one
 * POST call `/api/<api>/<call>` with `{ id, version? }` that answers the changed record. What
 * the call does is the server's (server/engine/actions.ts holds one handler per declared action); the
 * engine gives every action the same version check, audit entry, toast and list update.
 */
export interface ActionDecl<R> {
  /** The call's name under /api/<api>/. */
  call: string;
  /** The button's text. */
  label: string;
  /** Asked first, with the record's name under it; without it the action runs at once. */
  confirm?: string;
  /** The confirmation's button; defaults to `label`. */
  confirmLabel?: string;
  /**
   * The records it applies to (a locked account offers unlock, not lock). Evaluated on the
   * client to show the button and on the server to refuse the call otherwise. A method, so a
   * schema's typed `(user) => …` fits the erased shape.
   */
  when?(row: R): boolean;
  /** A destructive action is drawn as the delete button is. */
  tone?: 'danger' | 'neutral';
  /**
   * `false`: offered on the record's detail view only, not on every row of its list (a rare
   * action, such as a password reset link, would otherwise widen every row).
   */
  onRow?: false;
  /**
   * What the admin says when running it (the course a child moves to, whether to refund): the
   * same field kinds as an entity's, drawn as a small form in the action's dialog, checked by
   * the same validators in the form and on the server, and sent beside the id. The handler
   * receives them as `input`.
   */
  fields?: Readonly<Record<string, FieldDecl>>;
  /**
   * Why the action does not apply to a record `when` refuses («این سفارش پرداخت نشده است»): the
   * server's 409 message then, instead of the general one. A method, as `when` is.
   */
  refusal?(row: R): string;
  /**
   * How the audit log's «بازگرداندن» undoes what this action wrote (its own record's entry and the
   * entries it wrote for other records), given the inputs it was run with. Without it the change
   * is not undone: an action that moved money or seats cannot be reversed by copying columns back.
   * A method, as `when` is. See RevertDecl.
   */
  revert?(input: Readonly<Record<string, unknown>>): RevertDecl;
  succeeded: string;
  failed: string;
}

/**
 * `{ via: 'unlock' }`: run that declared action of the same entity, which takes no inputs, on the
 * record, with all its own checks (a free seat, the last administrator), as if an admin pressed
 * it. `'edit'`: each entry is undone as an ordinary edit, create or delete of its record would be
 * (the entity's own calls, validators, guards and write hooks). `{ never }`: refused, with the
 * reason shown on the audit screen.
 */
export type RevertDecl = { via: string } | 'edit' | { never: string };

// A password field is never part of a row.
export type RowOf<F extends Record<string, FieldDecl>> = SystemProps & { slug?: string } & {
  -readonly [K in keyof F as F[K] extends { input: 'password' } ? never : K]: FieldValue<F[K]>;
};

type ColumnBase = {
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
  /** See `AnyEntity.labelField`. */
  labelField?: NoInfer<keyof F & string> | ReadonlyArray<NoInfer<keyof F & string>>;
  /** One record in words («دوره»), for messages; see entitySingular. */
  singular?: string;
  /** The admin may create rows of this entity from a CSV file (POST /api/Admin/{entity}/import). */
  importable?: boolean;
  /** Record actions by key (see ActionDecl), in the order their buttons are drawn. */
  actions?: Readonly<Record<string, ActionDecl<RowOf<F>>>>;
  /**
   * `false`: no sidebar link (an order's items, its payment attempts): the records are read on
   * the detail view of what they belong to, and their list stays at /admin/<key>.
   */
  sidebar?: boolean;
  /** See NavBadgeDecl. */
  navBadge?: NavBadgeDecl<NoInfer<keyof F & string>>;
  /** See OnOpenDecl. */
  onOpen?: OnOpenDecl<NoInfer<keyof F & string>>;
  /** See RelatedOrderDecl. */
  relatedOrder?: RelatedOrderDecl<NoInfer<keyof F & string>>;
  /** See RecordLinkDecl. */
  links?: ReadonlyArray<RecordLinkDecl<RowOf<F>>>;
}

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
 * The order of this entity's records where they are listed under a record they refer to (its
 * detail view's related group: a course's sessions by date, its weekly slots by weekday and
 * time): fields and directions, most significant first; the id breaks ties. Without it, the
 * newest first (id descending).
 */
export type RelatedOrderDecl<N extends string = string> = ReadonlyArray<readonly [N, 'asc' | 'desc']>;

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
  hint?: string;
  wide?: boolean;
  readOnly?: boolean;
  /** Written when the record is created only (see FieldCommon.createOnly; password fields). */
  createOnly?: boolean;
  /** The field of the same record (same input kind) this one may not come after or exceed. */
  notAfter?: string;
  /** Date fields: the list offers a date-range filter (DateField.filter). */
  rangeFilter?: boolean;
  /** Date fields: shown with their time (DateField.moment). */
  moment?: boolean;
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
  when?(row: AnyRow): boolean;
  refusal?(row: AnyRow): string;
  /** See ActionDecl.revert. */
  revert?(input: Readonly<Record<string, unknown>>): RevertDecl;
  tone: 'danger' | 'neutral';
  /** See ActionDecl.onRow. */
  onRow?: false;
  /** The action's inputs (see ActionDecl.fields); empty when it asks nothing. */
  fields: Readonly<Record<string, AnyField>>;
  succeeded: string;
  failed: string;
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
  /** See RecordLinkDecl; empty when the schema declares none. */
  links: ReadonlyArray<AnyLink>;
  /** See EntityDecl.sidebar (default true). */
  sidebar: boolean;
  /** See RelatedOrderDecl. */
  relatedOrder?: RelatedOrderDecl;
  /** The declaration it was made from: codegen reads it for the contract and the migrations. */
  decl: EntityDecl<Record<string, FieldDecl>>;
}

// ── Limits and validators, one source for the contract and the runtime ───────────────────────

const defaultMaxLength: Record<TextKind | 'email' | 'tel' | 'imageLink' | 'videoLink' | 'password', number> = {
  text: 200,
  textarea: 5000,
  richText: 200_000,
  email: 254,
  tel: 20,
  imageLink: 1000,
  videoLink: 1000,
  password: 128,
};

export function maxLengthOf(field: FieldDecl): number | undefined {
  switch (field.input) {
    case 'text':
    case 'textarea':
    case 'richText':
      return field.maxLength ?? defaultMaxLength[field.input];
    case 'email':
    case 'tel':
    case 'imageLink':
    case 'videoLink':
    case 'password':
      return defaultMaxLength[field.input];
    default:
      return undefined;
  }
}

export function numberLimits(field: NumberField): { min: number; max: number } {
  return { min: field.min ?? defaultNumberLimits.min, max: field.max ?? defaultNumberLimits.max };
}

/** The contract regex of the stored forms (codegen writes them as `pattern`). */
export const patterns = { email: `^$|${emailPattern.source}`, tel: phonePattern.source, mobile: mobilePattern.source } as const;

function validatorOf(field: FieldDecl): v.GenericSchema<unknown, unknown> {
  const l = field.label;
  const required = 'required' in field && field.required === true;
  switch (field.input) {
    case 'text':
    case 'textarea':
    case 'richText': {
      const max = maxLengthOf(field) ?? defaultMaxLength[field.input];
      return required ? requiredText(l, max) : optionalText(l, max);
    }
    case 'email':
      return optionalEmail(l, required);
    case 'tel':
      // Typed with Persian, Arabic or Latin digits; stored with Latin ones.
      return field.mobile ? iranMobile(l) : optionalPhone(l, required);
    case 'imageLink':
    case 'videoLink':
      return fileReference(l, required, defaultMaxLength[field.input]);
    case 'number':
      return boundedNumber(l, { ...numberLimits(field), integer: field.integer === true });
    case 'reference':
      return boundedNumber(l, { min: 0, max: 2_147_483_647, integer: true });
    case 'checkbox':
      return v.boolean(`${l} باید بله یا خیر باشد`);
    case 'jalaliDate': {
      const date = isoInstant(l);
      return field.auto === 'created' ? date : v.nullable(date);
    }
    case 'password':
      return required ? newPassword(l) : optionalNewPassword(l);
    case 'select': {
      const allowed: readonly OptionValue[] = field.options.map(([value]) => value);
      return v.custom<OptionValue>((value) => allowed.some((a) => a === value), `${l} را از فهرست انتخاب کنید`);
    }
  }
}

// ── Order between two fields (`notAfter`) ────────────────────────────────────────────────────
// A date, number or select field may declare another field of the same kind that it must not come
// after (a course's registration deadline and its start, its youngest and oldest age, a class's
// start and end time). The body schema (server and form submit) and the form's field validator
// (the message under the input) both run `orderMessage`.

const orderedKinds: readonly InputKind[] = ['jalaliDate', 'number', 'select'];

function assertFieldOrder(key: string, fields: Readonly<Record<string, AnyField>>): void {
  for (const [name, field] of Object.entries(fields)) {
    if (field.notAfter === undefined) continue;
    const other = fields[field.notAfter];
    if (!orderedKinds.includes(field.input) || other?.input !== field.input || field.notAfter === name) {
      throw new Error(`${key}.${name}: notAfter must name another editable field of the same kind (date, number or select), not ${JSON.stringify(field.notAfter)}`);
    }
  }
}

/** Comparable forms of two values of one kind, or null when either is empty or unreadable. */
function comparable(input: InputKind, a: unknown, b: unknown): readonly [number, number] | readonly [string, string] | null {
  if (input === 'jalaliDate') {
    if (typeof a !== 'string' || typeof b !== 'string') return null;
    const [x, y] = [Date.parse(a), Date.parse(b)];
    return Number.isNaN(x) || Number.isNaN(y) ? null : [x, y];
  }
  // 0 is a number field's blank (blankValue): an age range «from 6» has no upper bound.
  if (input === 'number') return typeof a === 'number' && typeof b === 'number' && a !== 0 && b !== 0 ? [a, b] : null;
  return typeof a === 'string' && typeof b === 'string' && a !== '' && b !== '' ? [a, b] : null;
}

/** The field's order message for these values, or null when it is in order or either value is empty. */
export function orderMessage(entity: Pick<AnyEntity, 'fields'>, name: string, values: Readonly<Record<string, unknown>>): string | null {
  const field = entity.fields[name];
  const otherName = field?.notAfter;
  if (!field || otherName === undefined) return null;
  const other = entity.fields[otherName];
  if (!other) return null;
  const pair = comparable(field.input, values[name], values[otherName]);
  if (pair === null || pair[0] <= pair[1]) return null;
  return `${field.label} نمی‌تواند ${field.input === 'number' ? 'بیشتر' : 'بعد'} از ${other.label} باشد`;
}

// ── Editable cells (`edit: true`) ────────────────────────────────────────────────────────────

function assertEditableColumns(key: string, decl: EntityDecl<Record<string, FieldDecl>>, fields: Readonly<Record<string, AnyField>>): void {
  for (const column of decl.columns) {
    if (!column.edit) continue;
    const name = 'key' in column ? column.key : undefined;
    if (name === undefined || fields[name]?.input !== 'select' || decl.ops?.update === false) {
      throw new Error(`${key}: an editable column (edit: true) must show an editable select field of an entity with an update call, not ${JSON.stringify(name ?? columnId(column))}`);
    }
  }
}

/** The fields the server sets itself on every save (see DateField.auto 'updated', ReferenceField.auto). */
export function stampedOnSave(entity: AnyEntity): { times: string[]; actors: string[] } {
  const times: string[] = [];
  const actors: string[] = [];
  for (const [name, field] of Object.entries(entity.decl.fields)) {
    if (field.input === 'jalaliDate' && field.auto === 'updated') times.push(name);
    if (field.input === 'reference' && field.auto === 'actor') actors.push(name);
  }
  return { times, actors };
}

// ── defineEntity ─────────────────────────────────────────────────────────────────────────────

const conventionalOps = { list: 'GetSelectList', create: 'Create', update: 'Update', remove: 'Delete' } as const;

function opsOf(decl: EntityDecl<Record<string, FieldDecl>>): EntityOps {
  const api = decl.api ?? decl.name;
  const declared = decl.ops ?? {};
  const at = (method: HttpMethod, name: string): OperationKey => `${method} /api/${api}/${name}`;
  const list = declared.list ?? conventionalOps.list;
  const ops: EntityOps = { list: at('GET', typeof list === 'string' ? list : list.name) };
  if (typeof list === 'object') ops.listItemsAt = list.itemsAt;
  const create = declared.create ?? conventionalOps.create;
  if (create !== false) ops.create = at('POST', create);
  const update = declared.update ?? conventionalOps.update;
  if (update !== false) {
    ops.update = at('PUT', typeof update === 'string' ? update : update.name);
    if (typeof update === 'object') ops.updateIdKey = update.idKey;
  }
  const remove = declared.remove ?? conventionalOps.remove;
  if (remove !== false) ops.remove = at('DELETE', remove);
  return ops;
}

function actionsOf(decl: EntityDecl<Record<string, FieldDecl>>): AnyAction[] {
  const api = decl.api ?? decl.name;
  return Object.entries(decl.actions ?? {}).map(([key, { call, tone, fields, ...rest }]) => ({
    ...rest,
    key,
    op: `POST /api/${api}/${call}`,
    tone: tone ?? 'neutral',
    fields: Object.fromEntries(Object.entries(fields ?? {}).map(([name, field]) => [name, anyField(field)])),
  }));
}

function anyField(field: FieldDecl): AnyField {
  const out: AnyField = { label: field.label, input: field.input, validate: validatorOf(field) };
  if (field.initial !== undefined) out.initial = field.initial;
  if (field.input === 'select') {
    out.options = field.options;
    if (field.placeholder !== undefined) out.placeholder = field.placeholder;
  }
  if (field.input === 'reference') out.reference = field.reference;
  if (field.hint !== undefined) out.hint = field.hint;
  if (field.wide) out.wide = true;
  if (field.readOnly) out.readOnly = true;
  if (field.createOnly || field.input === 'password') out.createOnly = true;
  if ('notAfter' in field && field.notAfter !== undefined) out.notAfter = field.notAfter;
  if (field.input === 'jalaliDate' && field.filter === 'range') out.rangeFilter = true;
  if (field.input === 'jalaliDate' && field.moment) out.moment = true;
  return out;
}

/**
 * An entity from its declaration. The field types, the row type the columns see and every name
 * (columns, search, slug source) are checked by `tsc` against the declaration itself.
 */
export function defineEntity<const F extends Record<string, FieldDecl>, const K extends RegistryKey>(
  decl: EntityDecl<F, K>,
): AnyEntity & { key: K } {
  const fieldDecls: Record<string, FieldDecl> = decl.fields;
  const columns: ReadonlyArray<ColumnDecl<RowOf<Record<string, FieldDecl>>>> = decl.columns;
  const erased: EntityDecl<Record<string, FieldDecl>> = {
    ...decl,
    fields: fieldDecls,
    columns,
    slugFrom: decl.slugFrom,
    searchIn: decl.searchIn,
    labelField: decl.labelField,
    actions: decl.actions,
  };
  const allFields: Record<string, AnyField> = {};
  const fields: Record<string, AnyField> = {};
  const createFields: Record<string, AnyField> = {};
  for (const [name, field] of Object.entries(erased.fields)) {
    const made = anyField(field);
    // A password is never a property of the row.
    if (field.input !== 'password') allFields[name] = made;
    if (field.readOnly) continue;
    createFields[name] = made;
    if (!made.createOnly) fields[name] = made;
  }
  assertFieldOrder(decl.key, fields);
  assertEditableColumns(decl.key, erased, fields);
  const entity: AnyEntity & { key: K } = {
    key: decl.key,
    component: decl.name,
    table: decl.table ?? decl.key,
    ops: opsOf(erased),
    fields,
    allFields,
    createFields,
    columns: erased.columns,
    texts: decl.texts,
    afterSave: decl.afterSave ?? 'reload',
    afterRemove: decl.afterRemove ?? 'reload',
    actions: actionsOf(erased),
    links: (erased.links ?? []).map((link) => ({ ...link })),
    sidebar: decl.sidebar ?? true,
    decl: erased,
  };
  if (decl.slugFrom !== undefined) entity.slugFrom = decl.slugFrom;
  if (decl.searchIn !== undefined) entity.searchIn = decl.searchIn;
  if (decl.labelField !== undefined) entity.labelField = decl.labelField;
  if (decl.singular !== undefined) entity.singular = decl.singular;
  if (decl.importable !== undefined) entity.importable = decl.importable;
  if (decl.navBadge !== undefined) entity.navBadge = decl.navBadge;
  if (decl.onOpen !== undefined) entity.onOpen = decl.onOpen;
  if (decl.relatedOrder !== undefined) entity.relatedOrder = decl.relatedOrder;
  return entity;
}

/** «دوره» for courses: the schema's `singular`, else its edit title without «ویرایش». */
export function entitySingular(entity: AnyEntity): string {
  return entity.singular ?? entity.texts.editTitle.replace(/^ویرایش\s+/, '');
}

/** The fields that make a record's label (see `AnyEntity.labelField`); [] when it has none. */
export function labelFieldsOf(entity: AnyEntity): string[] {
  if (typeof entity.labelField === 'string') return [entity.labelField];
  if (entity.labelField) return [...entity.labelField];
  const first = entity.slugFrom ?? entity.searchIn?.[0] ?? Object.entries(entity.allFields).find(([, field]) => field.input === 'text')?.[0];
  return first === undefined ? [] : [first];
}

/** A record's label from its row; its id when the label fields are empty. */
export function recordLabel(entity: AnyEntity, row: Record<string, unknown>): string {
  const parts = labelFieldsOf(entity)
    // A select field names itself by its option's label («تأیید پرداخت»), not its stored code;
    // a date by its Jalali day («۱ آذر ۱۴۰۵», a class session), not the stored instant.
    .map((name) => {
      const field = entity.allFields[name];
      const value = row[name];
      if (field?.input === 'jalaliDate' && typeof value === 'string' && value !== '') return formatJalaliLong(value);
      return field?.options?.find(([option]) => option === value)?.[1] ?? value;
    })
    .filter((value) => value !== null && value !== undefined && String(value).trim() !== '')
    .map(String);
  return parts.length > 0 ? parts.join(' ').trim() : String(row.id ?? '');
}

// ── Records and bodies ───────────────────────────────────────────────────────────────────────

/** The validator a field runs (built from its declaration). */
export function fieldSchema(field: AnyField): v.GenericSchema<unknown, unknown> {
  return field.validate;
}

export function blankValue(field: AnyField): unknown {
  if (field.initial !== undefined) return field.initial;
  switch (field.input) {
    case 'number':
    case 'reference':
      return 0;
    case 'checkbox':
      return false;
    case 'jalaliDate':
      return null;
    case 'select':
      return field.placeholder !== undefined ? '' : (field.options?.[0]?.[0] ?? '');
    default:
      return '';
  }
}

/**
 * A new record's values: the add form's fields (an entity's create-only ones included) at their
 * blanks; an action's inputs (which have only `fields`) likewise.
 */
export function blankRecord(entity: Pick<AnyEntity, 'fields'> & { createFields?: AnyEntity['createFields'] }): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entity.createFields ?? entity.fields).map(([name, field]) => [name, blankValue(field)]));
}

/** The fields a form shows: the add form's (create-only ones included) or the edit form's. */
export function formFields(
  entity: Pick<AnyEntity, 'fields'> & { createFields?: AnyEntity['createFields'] },
  mode: 'add' | 'edit',
): Readonly<Record<string, AnyField>> {
  return mode === 'add' ? (entity.createFields ?? entity.fields) : entity.fields;
}

/** A record being edited starts from the row's values over the blank defaults (spec §4). */
export function editRecord(entity: AnyEntity, row: AnyRow): Record<string, unknown> {
  const blank = Object.fromEntries(Object.entries(entity.fields).map(([name, field]) => [name, blankValue(field)]));
  for (const name of Object.keys(blank)) {
    const value = row[name];
    if (value !== undefined && value !== null) blank[name] = value;
    else if (value === null && entity.fields[name]?.input === 'jalaliDate') blank[name] = null;
  }
  return blank;
}

const idSchema = v.pipe(
  v.number('شناسه باید عدد باشد'),
  v.integer('شناسه باید عدد صحیح باشد'),
  v.minValue(1, 'شناسه نامعتبر است'),
);

/**
 * The request body schema of create (fields) or update (fields + id under `updateIdKey`, and
 * optionally the `version` the edit started from). Every field is required, as the contract
 * says; unknown keys are dropped.
 */
export function bodySchema(entity: AnyEntity, mode: 'create' | 'update', options: { createOnly?: boolean } = {}) {
  const entries: Record<string, v.GenericSchema<unknown, unknown>> = {};
  const labels: Array<readonly [string, string]> = [];
  // A create carries the create-only fields too, except where the caller makes them itself (a
  // CSV import of users names them from its own columns and sets no password).
  const sent = mode === 'create' && options.createOnly !== false ? entity.createFields : entity.fields;
  for (const [name, field] of Object.entries(sent)) {
    entries[name] = fieldSchema(field);
    labels.push([name, field.label]);
  }
  if (mode === 'update') {
    const idKey = entity.ops.updateIdKey ?? 'id';
    entries[idKey] = idSchema;
    labels.push([idKey, 'شناسه']);
    const badVersion = 'نسخه رکورد نامعتبر است';
    entries.version = v.optional(v.pipe(v.number(badVersion), v.integer(badVersion), v.minValue(0, badVersion)));
  }
  const notAnObject = 'بدنه درخواست باید یک شیء JSON باشد';
  // valibot reports a missing key with the object's own message; name the missing field instead.
  const everyFieldSent = v.rawCheck<Record<string, unknown>>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const [name, label] of labels) {
      if (dataset.value[name] === undefined) addIssue({ message: `${label} ارسال نشده است` });
    }
  });
  const fieldsInOrder = v.rawCheck<Record<string, unknown>>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const name of Object.keys(entity.fields)) {
      const message = orderMessage(entity, name, dataset.value);
      if (message !== null) addIssue({ message });
    }
  });
  return v.pipe(
    v.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), notAnObject),
    everyFieldSent,
    v.object(entries, notAnObject),
    fieldsInOrder,
  );
}

export const idBodySchema = v.object({ id: idSchema }, 'بدنه درخواست باید یک شیء JSON باشد');

/** A record action's body: the record's id, optionally the version seen, and the action's inputs. */
export function actionBodySchema(action: Pick<AnyAction, 'fields'>) {
  const inputs: Record<string, v.GenericSchema<unknown, unknown>> = {};
  for (const [name, field] of Object.entries(action.fields)) inputs[name] = fieldSchema(field);
  const notAnObject = 'بدنه درخواست باید یک شیء JSON باشد';
  const everyInputSent = v.rawCheck<Record<string, unknown>>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const [name, field] of Object.entries(action.fields)) {
      if (dataset.value[name] === undefined) addIssue({ message: `${field.label} ارسال نشده است` });
    }
  });
  return v.pipe(
    v.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), notAnObject),
    everyInputSent,
    v.object({ id: idSchema, ...inputs }, notAnObject),
  );
}

/** The first validation message, for a `{ message }` error body or a toast. */
export function firstIssueMessage(issues: ReadonlyArray<{ message: string }>): string {
  return issues[0]?.message ?? 'اطلاعات ارسالی نامعتبر است';
}

/** The record actions that apply to this row (their `when`), in declaration order. */
export function actionsFor(entity: AnyEntity, row: AnyRow): AnyAction[] {
  return entity.actions.filter((action) => !action.when || action.when(row));
}
