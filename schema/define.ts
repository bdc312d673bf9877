// The schema engine. One schema file, schema/<plural>.ts, is the whole entity: its fields with
// their types and limits, its table, its API operations, its admin table and screen texts.
// `npm run codegen` turns the schema files into everything else: the entity's block in
// openapi.yaml (and so the generated contract types), the registry (schema/registry.gen.ts),
// and the database migrations (server/platform/migrations/schema.gen.ts). The valibot validators the
// form and the server run are built here from the same declarations, so the contract's limits
// and the validators' limits cannot differ. No React here: the server imports it.
import type { RegistryKey } from './registryKeys.gen';
import { defaultNumberLimits } from './validators';
import { formatJalaliLong } from './rules/calendar';
import { validatorOf } from './define/validation';
import type { AnyAction } from './define/entity';
import type { ColumnDecl } from './define/columns';
import type { HttpMethod } from './define/fields';
import type { EntityDecl } from './define/entity';
import type { AnyField } from './define/entity';
import { isWriteOnly, type FieldDecl } from './define/fields';
import type { RowOf } from './define/entity';
import { assertEditableColumns, assertRelatedColumns } from './define/validation';
import type { AnyEntity } from './define/entity';
import { assertBulkEdit, assertFieldOrder } from './define/validation';
import type { OperationKey } from './define/fields';
import type { EntityOps } from './define/entity';
import { referenceTarget } from './define/listLabels';

export { defaultNumberLimits };
export type { RegistryKey };
export * from './define/fields';
export * from './define/columns';
export * from './define/entity';
export * from './define/actions';
export * from './define/validation';
export * from './define/records';
export * from './define/nav';
export * from './define/preview';
export * from './define/listLabels';

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
  if (decl.bulkEdit && decl.bulkEdit.length > 0) ops.bulkEdit = at('POST', 'BulkEdit');
  return ops;
}

function actionsOf(decl: EntityDecl<Record<string, FieldDecl>>): AnyAction[] {
  const api = decl.api ?? decl.name;
  return Object.entries(decl.actions ?? {}).map(([key, { call, tone, fields, result, ...rest }]) => ({
    ...rest,
    key,
    op: `POST /api/${api}/${call}`,
    tone: tone ?? 'neutral',
    result: result ?? 'toast',
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
  if (field.input === 'references') out.references = field.references;
  if (field.hint !== undefined) out.hint = field.hint;
  if (field.wide) out.wide = true;
  if (field.readOnly) out.readOnly = true;
  if (field.createOnly || isWriteOnly(field)) out.createOnly = true;
  if (field.optionalInBody) out.optionalInBody = true;
  if ('notAfter' in field && field.notAfter !== undefined) out.notAfter = field.notAfter;
  if (field.input === 'jalaliDate' && field.filter === 'range') out.rangeFilter = true;
  if (field.input === 'jalaliDate' && field.moment) out.moment = true;
  if (field.input === 'number' && field.money) out.money = true;
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
    searchThrough: decl.searchThrough,
    labelField: decl.labelField,
    actions: decl.actions,
    defaultedColumns: decl.defaultedColumns,
    publicView: decl.publicView,
    unique: decl.unique,
  };
  const allFields: Record<string, AnyField> = {};
  const fields: Record<string, AnyField> = {};
  const createFields: Record<string, AnyField> = {};
  for (const [name, field] of Object.entries(erased.fields)) {
    const made = anyField(field);
    // A password, or any write-only input, is never a property of the row.
    if (!isWriteOnly(field)) allFields[name] = made;
    if (field.readOnly) continue;
    createFields[name] = made;
    if (!made.createOnly) fields[name] = made;
  }
  assertFieldOrder(decl.key, fields);
  assertEditableColumns(decl.key, erased, fields);
  assertRelatedColumns(decl.key, erased);
  assertBulkEdit(decl.key, erased, fields);
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
    bulkEdit: erased.bulkEdit ?? [],
    links: (erased.links ?? []).map((link) => ({ ...link })),
    sidebar: decl.sidebar ?? true,
    decl: erased,
  };
  if (decl.slugFrom !== undefined) entity.slugFrom = decl.slugFrom;
  if (decl.searchIn !== undefined) entity.searchIn = decl.searchIn;
  if (decl.searchThrough !== undefined) entity.searchThrough = decl.searchThrough;
  if (decl.labelField !== undefined) entity.labelField = decl.labelField;
  if (decl.singular !== undefined) entity.singular = decl.singular;
  if (decl.importable !== undefined) entity.importable = decl.importable;
  if (decl.navBadge !== undefined) entity.navBadge = decl.navBadge;
  if (decl.onOpen !== undefined) entity.onOpen = decl.onOpen;
  if (decl.relatedOrder !== undefined) entity.relatedOrder = decl.relatedOrder;
  if (decl.defaultOrder !== undefined) entity.defaultOrder = decl.defaultOrder;
  if (erased.rowEmphasis !== undefined) entity.rowEmphasis = erased.rowEmphasis;
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

/**
 * Whether a record's name is made of other records' names (an enrolment: its child and its course),
 * so only the server can give it (its labels call, or a list's page for its rows).
 */
export function namedThroughReferences(entity: AnyEntity): boolean {
  return labelFieldsOf(entity).some((name) => referenceTarget(entity.allFields[name]) !== null);
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

