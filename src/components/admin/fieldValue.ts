// A field's value as an admin reads it (option labels, yes/no, Jalali dates, Persian digits, the
// names of referenced records), for the conflict dialog and the audit log's before/after.
import { labelFieldsOf, recordLabel, type AnyEntity, type AnyField } from '../../../schema/define';
import { formatJalaliNumeric } from '../../../schema/rules/calendar';
import { formatPersianNumber, formatToman, htmlToPlainText, toPersianDigits, truncate } from '../../../schema/rules/text';
import { namedThroughReferences, type Labels } from './relations';
import { adminTexts } from './texts';

const longest = 120;

/** Stored booleans may come back as 0/1 (an audit snapshot keeps the column's value). */
const sameOption = (option: unknown, value: unknown) =>
  option === value || (typeof option === 'boolean' && (value === 0 || value === 1) && option === (value === 1));

/** A referenced record by its name when `labels` holds it, else by its number (deleted since, or not read yet). */
const referencedName = (id: unknown, labels: Labels | undefined) =>
  labels?.[String(id)] ?? `${adminTexts.recordNumber} ${toPersianDigits(String(id))}`;

export function formatFieldValue(field: AnyField | undefined, value: unknown, labels?: Labels): string {
  if (value === null || value === undefined || value === '') return '—';
  if (!field) return typeof value === 'number' ? formatPersianNumber(value) : truncate(toPersianDigits(String(value)), longest);
  switch (field.input) {
    case 'select': {
      const option = field.options?.find(([candidate]) => sameOption(candidate, value));
      return option ? option[1] : toPersianDigits(String(value));
    }
    case 'checkbox':
      return value === true || value === 1 ? adminTexts.yes : adminTexts.no;
    case 'reference':
      return value === 0 ? (field.reference?.none ?? '—') : referencedName(value, labels);
    case 'references':
      return Array.isArray(value) && value.length > 0
        ? value.map((id) => referencedName(id, labels)).join('، ')
        : (field.references?.none ?? '—');
    case 'number':
      if (typeof value !== 'number') return toPersianDigits(String(value));
      return field.money ? formatToman(value) : formatPersianNumber(value);
    case 'jalaliDate':
      return typeof value === 'string' ? formatJalaliNumeric(value) : '—';
    case 'richText':
      return typeof value === 'string' ? toPersianDigits(truncate(htmlToPlainText(value), longest)) || '—' : '—';
    default:
      // Digits shown Persian; an e-mail address, a link or a Latin word keeps its own (digits.ts).
      return toPersianDigits(truncate(String(value), longest));
  }
}

/** A field's label, or a column's header for a property that is no form field (messages). */
export function propertyLabel(entity: AnyEntity, name: string): string {
  // Read-only fields too (an order's status, its refunded amount): a change log names them all.
  const field = entity.allFields[name];
  if (field) return field.label;
  const column = entity.columns.find((c) => ('key' in c ? c.key : c.id) === name);
  return column?.header ?? name;
}

/**
 * What names a record in a sentence (a dialog, a sheet, an audit entry): the same name references
 * and detail views show (the schema's labelField), e.g. a user's first and last name; one named
 * through its references by the server's label (`labels`, from useRecordNames); its number only
 * while that label is not read yet, or for a record with no name at all.
 */
export function recordName(entity: AnyEntity, row: Record<string, unknown>, labels?: Labels): string {
  // A record that names itself is named from the row as it is now (just edited, say).
  const local = !namedThroughReferences(entity) && labelFieldsOf(entity).some((name) => typeof row[name] === 'string' && String(row[name]).trim());
  const label = local ? recordLabel(entity, row) : labels?.[String(row.id ?? '')];
  return label ? toPersianDigits(truncate(label, 60)) : `${adminTexts.recordNumber} ${toPersianDigits(String(row.id ?? ''))}`;
}
