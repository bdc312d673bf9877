// The schema-engine contract. A schema file describes one entity: its API operations, form
// fields, table columns and screen texts. The SPA (generic table/form/modal + machines), the
// test mocks and the server's generic CRUD all read it. No React here: the server imports it.
import * as v from 'valibot';
import type { components, paths } from '../codegen/openapi.gen';

export type Schemas = components['schemas'];

type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/** 'GET /api/Category/GetSelectList' and friends: every operation the contract defines. */
export type OperationKey = {
  [P in keyof paths & string]: {
    [M in HttpMethod]: paths[P][M] extends undefined ? never : `${Uppercase<M>} ${P}`;
  }[HttpMethod];
}[keyof paths & string];

export function splitOperation(op: OperationKey): { method: Uppercase<HttpMethod>; path: string } {
  const [method = '', path = ''] = op.split(' ');
  if (method !== 'GET' && method !== 'POST' && method !== 'PUT' && method !== 'DELETE') {
    throw new Error(`unknown method in ${op}`);
  }
  return { method, path };
}

/** What each input kind edits. A field may only use a kind whose value type fits the contract. */
export interface InputValue {
  text: string;
  textarea: string;
  email: string;
  tel: string;
  imageLink: string;
  videoLink: string;
  richText: string;
  number: number;
  reference: number;
  checkbox: boolean;
  jalaliDate: string | null;
  select: string | number | boolean;
}
export type InputKind = keyof InputValue;
export type FieldValue = InputValue[InputKind];

type KindsFor<T> = { [K in InputKind]: [T] extends [InputValue[K]] ? K : never }[InputKind];

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
  | 'excerpt';

export type RegistryKey = 'categories' | 'courses' | 'articles' | 'teachers' | 'users' | 'messages';

export interface FieldDef<T> {
  label: string;
  input: KindsFor<T>;
  /** Runs in the form (per field) and on the server (whole body). Defaults to a type check. */
  validate?: v.GenericSchema<unknown, T>;
  /** The blank value of a new record; defaults by kind ('' / 0 / false / null / first option). */
  initial?: T;
  /** For `select`: value and label pairs, shown in this order. */
  options?: ReadonlyArray<readonly [T, string]>;
  /** For `select` with no valid preselection: the prompt shown until a choice is made. */
  placeholder?: string;
  /** For `reference`: the registry entity whose list offers the choices, and its label field. */
  reference?: { entity: RegistryKey; label: string; none: string };
  hint?: string;
  /** Lay the field over the whole form width (text areas, editors). */
  wide?: boolean;
}

type ColumnBase = { header: string; cell: CellKind; options?: Readonly<Record<string, string>> };
export type ColumnDef<R> = ColumnBase &
  (
    | { key: keyof R & string }
    | { id: string; value: (row: R) => string | number | boolean | null }
  );

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

export interface EntityOps {
  list: OperationKey;
  /** Where the rows are in the list answer, when it is not the array itself. */
  listItemsAt?: string;
  create?: OperationKey;
  update?: OperationKey;
  /** Name of the id in the update body ('id' unless the contract says otherwise). */
  updateIdKey?: string;
  remove?: OperationKey;
}

type Row<N extends keyof Schemas> = Schemas[N];

export interface EntityDef<N extends keyof Schemas, F extends keyof Row<N> & string> {
  key: RegistryKey;
  /** The contract's component schema for one row. */
  component: N;
  /** The database table the server's generic CRUD reads and writes. */
  table: string;
  ops: EntityOps;
  fields: { [K in F]: FieldDef<Row<N>[K]> };
  columns: ReadonlyArray<ColumnDef<Row<N>>>;
  texts: EntityTexts;
  /** After a save: reload the list from the server, or patch the row in place (users). */
  afterSave: 'reload' | 'patch';
  /** After a delete: reload, or drop the row locally (users). */
  afterRemove: 'reload' | 'removeLocal';
  /** Public entities get a stable, unique slug made from this field when created. */
  slugFrom?: NoInfer<F>;
  /** Fields the table's search box looks in. */
  searchIn?: ReadonlyArray<keyof Row<N> & string>;
  /** One record in words («دوره»), for messages; see entitySingular. */
  singular?: string;
}

/**
 * Typed identity: `defineEntity<'Category'>()({...})` checks every field and column name and
 * every field's kind and validator against the generated contract types.
 */
export function defineEntity<N extends keyof Schemas>() {
  return <F extends keyof Row<N> & string>(def: EntityDef<N, F>): EntityDef<N, F> => def;
}

/** The erased shape generic code works with: rows are plain records keyed by field name. */
export type AnyRow = Record<string, unknown> & { id: number };
export interface AnyField {
  label: string;
  input: InputKind;
  validate?: v.GenericSchema<unknown, unknown>;
  initial?: unknown;
  options?: ReadonlyArray<readonly [unknown, string]>;
  placeholder?: string;
  reference?: { entity: RegistryKey; label: string; none: string };
  hint?: string;
  wide?: boolean;
}
export interface AnyEntity {
  key: RegistryKey;
  component: string;
  table: string;
  ops: EntityOps;
  fields: Readonly<Record<string, AnyField>>;
  // `value` is a method so a schema's typed `(user: User) => …` fits (method parameters are
  // compared bivariantly) and generic code can still call it with an erased row.
  columns: ReadonlyArray<ColumnBase & ({ key: string } | { id: string; value(row: AnyRow): string | number | boolean | null })>;
  texts: EntityTexts;
  afterSave: 'reload' | 'patch';
  afterRemove: 'reload' | 'removeLocal';
  slugFrom?: string;
  searchIn?: ReadonlyArray<string>;
  // Team safety (feat-safety): how messages name one record, e.g. «۳ دوره به این دسته‌بندی
  // وابسته است». Optional; defaults to the edit title without «ویرایش» (see entitySingular).
  singular?: string;
}

/** «دوره» for courses: the schema's `singular`, else its edit title without «ویرایش». */
export function entitySingular(entity: AnyEntity): string {
  return entity.singular ?? entity.texts.editTitle.replace(/^ویرایش\s+/, '');
}

const typeChecks: Record<InputKind, (label: string) => v.GenericSchema<unknown, unknown>> = {
  text: (l) => v.string(`${l} باید متن باشد`),
  textarea: (l) => v.string(`${l} باید متن باشد`),
  email: (l) => v.string(`${l} باید متن باشد`),
  tel: (l) => v.string(`${l} باید متن باشد`),
  imageLink: (l) => v.string(`${l} باید متن باشد`),
  videoLink: (l) => v.string(`${l} باید متن باشد`),
  richText: (l) => v.string(`${l} باید متن باشد`),
  number: (l) => v.number(`${l} باید عدد باشد`),
  reference: (l) => v.number(`${l} باید عدد باشد`),
  checkbox: (l) => v.boolean(`${l} باید بله یا خیر باشد`),
  jalaliDate: (l) => v.nullable(v.pipe(v.string(`${l} باید تاریخ باشد`), v.isoTimestamp(`${l} تاریخ معتبری نیست`))),
  select: () => v.unknown(),
};

/** The validator a field runs: its own, else the type check of its kind (select: its options). */
export function fieldSchema(field: AnyField): v.GenericSchema<unknown, unknown> {
  if (field.validate) return field.validate;
  if (field.input === 'select' && field.options) {
    const allowed = field.options.map(([value]) => value);
    return v.custom<unknown>((value) => allowed.includes(value), `${field.label} را از فهرست انتخاب کنید`);
  }
  return typeChecks[field.input](field.label);
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

export function blankRecord(entity: AnyEntity): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entity.fields).map(([name, field]) => [name, blankValue(field)]));
}

/** A record being edited starts from the row's values over the blank defaults (spec §4). */
export function editRecord(entity: AnyEntity, row: AnyRow): Record<string, unknown> {
  const blank = blankRecord(entity);
  for (const name of Object.keys(blank)) {
    const value = row[name];
    if (value !== undefined && value !== null) blank[name] = value;
    else if (value === null && entity.fields[name]?.input === 'jalaliDate') blank[name] = null;
  }
  return blank;
}

/**
 * The request body schema of create (fields) or update (fields + id under `updateIdKey`).
 * Every field is required, as the contract says; unknown keys are dropped.
 */
export function bodySchema(entity: AnyEntity, mode: 'create' | 'update') {
  const entries: Record<string, v.GenericSchema<unknown, unknown>> = {};
  const labels: Array<readonly [string, string]> = [];
  for (const [name, field] of Object.entries(entity.fields)) {
    entries[name] = fieldSchema(field);
    labels.push([name, field.label]);
  }
  if (mode === 'update') {
    const idKey = entity.ops.updateIdKey ?? 'id';
    entries[idKey] = v.pipe(
      v.number('شناسه باید عدد باشد'),
      v.integer('شناسه باید عدد صحیح باشد'),
      v.minValue(1, 'شناسه نامعتبر است'),
    );
    labels.push([idKey, 'شناسه']);
  }
  const notAnObject = 'بدنه درخواست باید یک شیء JSON باشد';
  // valibot reports a missing key with the object's own message; name the missing field instead.
  const everyFieldSent = v.rawCheck<Record<string, unknown>>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const [name, label] of labels) {
      if (dataset.value[name] === undefined) addIssue({ message: `${label} ارسال نشده است` });
    }
  });
  return v.pipe(
    v.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), notAnObject),
    everyFieldSent,
    v.object(entries, notAnObject),
  );
}

export const idBodySchema = v.object(
  { id: v.pipe(v.number('شناسه باید عدد باشد'), v.integer('شناسه باید عدد صحیح باشد'), v.minValue(1, 'شناسه نامعتبر است')) },
  'بدنه درخواست باید یک شیء JSON باشد',
);

/** The first validation message, for a `{ message }` error body or a toast. */
export function firstIssueMessage(issues: ReadonlyArray<{ message: string }>): string {
  return issues[0]?.message ?? 'اطلاعات ارسالی نامعتبر است';
}
