// Which entities the admin may fill from a CSV file (`importable: true` in a schema file), and
// the columns such a file may have (the server's import and the screen's sample header share them).
import type { AnyEntity, AnyField } from './define';

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
