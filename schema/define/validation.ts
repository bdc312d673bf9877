// Limits and validators built from the declarations, one source for the contract and the runtime;
// the order between two fields; the cells an admin edits in place.
import * as v from 'valibot';
import { boundedNumber, defaultNumberLimits, recordIds, emailOrEmptyPattern, fileReference, iranMobile, mobilePattern, newPassword, optionalNewPassword, optionalEmail, optionalPhone, isoInstant, optionalText, phonePattern, requiredText } from '../validators';
import { defaultMaxReferences, type OptionValue } from './fields';
import { isAfterToday } from '../rules/calendar';
import { grantsMaxLength, isGrantsText } from '../rules/permissions';
import type { InputKind } from './fields';
import type { NumberField } from './fields';
import type { TextKind } from './fields';
import type { AnyField } from './entity';
import type { EntityDecl } from './entity';
import { columnId } from './entity';
import type { FieldDecl } from './fields';
import type { AnyEntity } from './entity';

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
    case 'grants':
      return grantsMaxLength;
    default:
      return undefined;
  }
}

export function numberLimits(field: NumberField): { min: number; max: number } {
  return { min: field.min ?? defaultNumberLimits.min, max: field.max ?? defaultNumberLimits.max };
}

/** The contract regex of the stored forms (codegen writes them as `pattern`). */
export const patterns = { email: emailOrEmptyPattern.source, tel: phonePattern.source, mobile: mobilePattern.source } as const;

export function validatorOf(field: FieldDecl): v.GenericSchema<unknown, unknown> {
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
    case 'references':
      return recordIds(l, field.max ?? defaultMaxReferences);
    case 'checkbox':
      return v.boolean(`${l} باید بله یا خیر باشد`);
    case 'jalaliDate': {
      const date = field.notFuture ? v.pipe(isoInstant(l), v.check((value) => !isAfterToday(value), `${l} نمی‌تواند در آینده باشد`)) : isoInstant(l);
      return field.auto === 'created' ? date : v.nullable(date);
    }
    case 'password':
      return required ? newPassword(l) : optionalNewPassword(l);
    case 'select': {
      const allowed: readonly OptionValue[] = field.options.map(([value]) => value);
      return v.custom<OptionValue>((value) => allowed.some((a) => a === value), `${l} را از فهرست انتخاب کنید`);
    }
    case 'grants':
      return v.pipe(v.string(`${l} نامعتبر است`), v.maxLength(grantsMaxLength, `${l} بیش از حد بزرگ است`), v.check(isGrantsText, `${l} نامعتبر است`));
  }
}

// ── Order between two fields (`notAfter`) ────────────────────────────────────────────────────
// A date, number or select field may declare another field of the same kind that it must not come
// after (a course's registration deadline and its start, its youngest and oldest age, a class's
// start and end time). The body schema (server and form submit) and the form's field validator
// (the message under the input) both run `orderMessage`.

const orderedKinds: readonly InputKind[] = ['jalaliDate', 'number', 'select'];

export function assertFieldOrder(key: string, fields: Readonly<Record<string, AnyField>>): void {
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

export function assertEditableColumns(key: string, decl: EntityDecl<Record<string, FieldDecl>>, fields: Readonly<Record<string, AnyField>>): void {
  for (const column of decl.columns) {
    if (!column.edit) continue;
    const name = 'key' in column ? column.key : undefined;
    if (name === undefined || fields[name]?.input !== 'select' || decl.ops?.update === false) {
      throw new Error(`${key}: an editable column (edit: true) must show an editable select field of an entity with an update call, not ${JSON.stringify(name ?? columnId(column))}`);
    }
  }
}

/**
 * Bulk edit sets fields the edit form edits, of an entity with an update call; a many-to-many
 * field or a password is no value to give many rows at once.
 */
export function assertBulkEdit(key: string, decl: EntityDecl<Record<string, FieldDecl>>, fields: Readonly<Record<string, AnyField>>): void {
  for (const name of decl.bulkEdit ?? []) {
    const input = fields[name]?.input;
    if (input === undefined || input === 'references' || input === 'password' || decl.ops?.update === false) {
      throw new Error(`${key}: bulkEdit names '${name}', which is not a field its edit form edits (or the entity has no update call)`);
    }
  }
}

/** A reference's `relatedColumns` name columns its own entity declares. */
export function assertRelatedColumns(key: string, decl: EntityDecl<Record<string, FieldDecl>>): void {
  const ids = new Set(decl.columns.map(columnId));
  for (const [name, field] of Object.entries(decl.fields)) {
    if (field.input !== 'reference') continue;
    const unknown = (field.reference.relatedColumns ?? []).filter((id) => !ids.has(id));
    if (unknown.length > 0) throw new Error(`${key}: the field '${name}' shows columns it does not declare under the record it refers to: ${unknown.join(', ')}`);
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

