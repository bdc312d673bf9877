// Records and bodies: blank records, the form's fields, the body schemas of create, update and
// actions, the first issue's message, the actions a record offers.
import * as v from 'valibot';
import type { AnyAction } from './entity';
import type { AnyField } from './entity';
import type { AnyEntity } from './entity';
import { orderMessage } from './validation';
import type { AnyRow } from './entity';

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
    case 'references':
      return [];
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
    // A many-to-many field may be left out: none on a create, its links kept on an update, so a
    // client written before the field existed (the spec's) goes on working.
    if (field.input === 'references') {
      entries[name] = mode === 'create' ? v.optional(fieldSchema(field), []) : v.optional(fieldSchema(field));
      continue;
    }
    if (field.optionalInBody) {
      entries[name] = mode === 'create' ? v.optional(fieldSchema(field), field.initial ?? blankValue(field)) : v.optional(fieldSchema(field));
      continue;
    }
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
