// Which entities the admin may fill from a CSV file (`importable: true` in a schema file), and
// the columns such a file may have: the server's import, its export and the screen's sample
// header all read them here, so what the panel exports, it imports back.
import type { AnyEntity, AnyField } from './define';
import type { CellKind } from './define/fields';

export function isImportable(entity: AnyEntity): boolean {
  return entity.importable === true;
}

/** A column an import file may carry: an entity field, or (accounts) a name part. */
export interface ImportColumn {
  name: string;
  label: string;
  field: AnyField | null;
}

/**
 * An account's first and last name are row properties its admin form does not edit, but a
 * list of people to import has them; they are accepted for the accounts table only.
 */
const accountNameColumns: ImportColumn[] = [
  { name: 'firstName', label: 'نام', field: null },
  { name: 'lastName', label: 'نام خانوادگی', field: null },
];

export function importColumns(entity: AnyEntity): ImportColumn[] {
  const fields = Object.entries(entity.fields).map(([name, field]) => ({ name, label: field.label, field }));
  return entity.table === 'users' ? [...accountNameColumns, ...fields] : fields;
}

type Column = AnyEntity['columns'][number];

/**
 * One column of an entity's CSV export: the export writes `column`'s cell under its header, and
 * the import reads that header back into `fills` (null: a column only shown, such as the record's
 * number or a course's seats taken, which the import skips).
 */
export interface CsvColumn {
  column: Column;
  fills: ImportColumn | null;
}

/**
 * The one digit system each kind of CSV column is written in, whatever its cells hold: what a
 * machine matches or sums (numbers, money, phone numbers an SMS panel or a spreadsheet looks up,
 * ages) in Latin digits; what people read (Jalali dates, which Latin digits would make a
 * spreadsheet take for Gregorian ones, option labels, record names) in Persian as the panel shows
 * them (a Latin word such as ESP32 keeps its own); free text and addresses as they were written,
 * so they import back unchanged.
 */
export const csvDigits: Record<CellKind, 'latin' | 'persian' | 'asWritten'> = {
  number: 'latin',
  hours: 'latin',
  toman: 'latin',
  phone: 'latin',
  age: 'latin',
  jalaliDate: 'persian',
  jalaliDateTime: 'persian',
  option: 'persian',
  badge: 'persian',
  yesNo: 'persian',
  reference: 'persian',
  references: 'persian',
  text: 'asWritten',
  excerpt: 'asWritten',
  email: 'asWritten',
  image: 'asWritten',
  video: 'asWritten',
};

const idColumn: Column = { id: 'id', header: 'شناسه', cell: 'number', value: (row) => Number(row.id) };

/** How a value the list shows no column for is written: as the form would show it. */
function cellOf(field: AnyField | null): Pick<Column, 'cell' | 'options'> {
  const cells: Partial<Record<AnyField['input'], CellKind>> = {
    number: 'number',
    tel: 'phone',
    checkbox: 'yesNo',
    jalaliDate: 'jalaliDate',
    reference: 'reference',
    references: 'references',
  };
  if (field?.input === 'select') return { cell: 'option', options: Object.fromEntries((field.options ?? []).map(([value, label]) => [String(value), label])) };
  return { cell: (field && cells[field.input]) ?? 'text' };
}

/**
 * The columns of the entity's CSV export, in order: the record's number, the list's columns,
 * then (an importable entity) every other column its import reads, so a file exported from the
 * panel imports back whole. A password is never written.
 */
export function csvColumns(entity: AnyEntity): CsvColumn[] {
  const imports = isImportable(entity) ? importColumns(entity) : [];
  const byName = new Map(imports.map((column) => [column.name, column]));
  const shown = [idColumn, ...entity.columns].map((column) => ({ column, fills: ('key' in column ? byName.get(column.key) : undefined) ?? null }));
  const covered = new Set(shown.flatMap(({ fills }) => (fills ? [fills.name] : [])));
  const rest = imports
    .filter((column) => !covered.has(column.name) && column.field?.input !== 'password')
    .map((column) => ({ column: { key: column.name, header: column.label, ...cellOf(column.field) }, fills: column }));
  return [...shown, ...rest];
}
