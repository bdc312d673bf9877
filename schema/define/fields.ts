// The declarations of an entity's fields: every input kind, its options and the value it holds.
import type { RegistryKey } from '../registryKeys.gen';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

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
   * A field added after the spec's clients were written (a user's staff role): a body may leave
   * it out, and then a create takes its initial value and an update keeps what is stored.
   */
  optionalInBody?: true;
  /**
   * Whether its column may hold null. By default a date field without `auto: 'created'` may and
   * no other may; a table the server makes says so where its hand migration differs (an order's
   * gateway reference, null until it is paid).
   */
  nullable?: boolean;
  /**
   * Written once, when the record is created (the add form and the create body carry it), then
   * read-only: in the row the API answers, never in an update body (a user's names).
   */
  createOnly?: true;
  /**
   * Asked when the record is created and handed to the entity's create or insert hook
   * (server/engine/behaviours.ts), never a column nor a property of a row the API answers: how an
   * enrolment taken by hand was paid, which its order keeps. A password is always one.
   */
  writeOnly?: true;
}

export type TextKind = 'text' | 'textarea' | 'richText';
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
export interface NumberField extends FieldCommon {
  input: 'number';
  integer?: boolean;
  /** Default 0. */
  min?: number;
  /** Default 10^12. */
  max?: number;
  initial?: number;
  /** Another number field of the record this one may not exceed (a course's ages; see orderMessage). */
  notAfter?: string;
  /**
   * An amount in tomans (a price, a discount): wherever the site draws it generically (a public
   * section) it reads «… تومان», or «رایگان» when 0, through the one price formatter.
   */
  money?: true;
}
/**
 * A reference: the registry entity referred to (0 = none), the field shown as its label, the
 * none label, and what deleting the referred record does to this row — 'refuse' (default: the
 * delete is refused while rows point at it, «۳ دوره به این دسته‌بندی وابسته است»), 'cascade'
 * (the rows go with it: a server-made table's foreign key cascades, and the engine deletes a
 * schema-made table's rows, each audited; a learner's children) or 'keep' (the
 * row keeps the number as history and shows `none` once the record is gone; an order line's
 * course).
 */
export interface ReferenceDecl {
  entity: RegistryKey;
  label: string;
  none: string;
  onDelete?: 'refuse' | 'cascade' | 'keep';
  /**
   * The heading of the records referring through this field on the referenced record's page
   * («پاسخ‌ها» on a message's); the referring entity's sidebar name when left out.
   */
  relatedTitle?: string;
  /**
   * The ids of the referring entity's own columns that group shows, in this order (a message's
   * replies: status, channel, text, who, when — what a phone's width has room for first); all its
   * columns when left out.
   */
  relatedColumns?: ReadonlyArray<string>;
  /**
   * The form's picker also offers to add a record of the referenced entity (which must have a
   * create call): its own add form opens over this one, and the record it makes is chosen (a new
   * family's child, and its parent, while enrolling by hand).
   */
  addInPlace?: true;
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
/** The records a many-to-many field may choose among (ReferencesField). */
export interface ReferencesDecl {
  entity: RegistryKey;
  label: string;
  /** Shown when none is chosen. */
  none: string;
}
/**
 * Several records of another entity (a course's assistant teachers). Kept in a join table codegen
 * makes (`joinTableOf`: ownerId, targetId; each pair once, both sides indexed); a link goes with
 * either record when that record is deleted, so it never blocks a delete. The value is the ids
 * chosen; the form picks them from a searchable list, the list shows their labels, the filter
 * finds the rows linked to one, and the CSV writes and reads their labels.
 */
interface ReferencesField extends FieldCommon {
  input: 'references';
  references: ReferencesDecl;
  /** The most that may be chosen (default 20). */
  max?: number;
  initial?: readonly number[];
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
  /**
   * A day that has already come (when money was paid back by hand): one after today's academy day
   * is refused, «… نمی‌تواند در آینده باشد», by the form and the server alike.
   */
  notFuture?: true;
}
export type OptionValue = string | number | boolean;
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

/**
 * A staff role's permissions (schema/rules/permissions.ts Grants), kept as JSON text: the form
 * draws a grid of every entity's verbs, actions and sensitive fields; the server refuses text
 * that is not such a grant.
 */
interface GrantsField extends FieldCommon {
  input: 'grants';
  initial?: string;
}

export type FieldDecl = TextField | EmailField | PhoneField | FileField | NumberField | ReferenceField | ReferencesField | CheckboxField | DateField | SelectField | PasswordField | GrantsField;
export type InputKind = FieldDecl['input'];

/** The join table of a many-to-many field: courses.assistantTeacherIds → courses_assistant_teacher_ids. */
export function joinTableOf(table: string, field: string): string {
  return `${table}_${field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`;
}

/** The most records a many-to-many field may hold (ReferencesField.max). */
export const defaultMaxReferences = 20;

/** Whether a field is only an input of the create, never kept in its own row (FieldCommon.writeOnly). */
export const isWriteOnly = (field: Pick<FieldDecl, 'input' | 'writeOnly'>): boolean => field.writeOnly === true || field.input === 'password';

/** Whether a field's column may hold null (FieldCommon.nullable). */
export function nullableColumn(field: FieldDecl): boolean {
  return field.nullable ?? (field.input === 'jalaliDate' && field.auto !== 'created');
}

/** The value a field holds in a record. */
export type FieldValue<F> = F extends SelectField<infer T>
  ? T
  : F extends { input: 'references' }
    ? number[]
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
  /** A `references` field's ids shown as the records' labels, joined with «، ». */
  | 'references'
  /** An option's label in a coloured pill, its colour from the column's `tones` (roles, statuses). */
  | 'badge'
  /** An email address as a `mailto:` link. */
  | 'email'
  /** A birth date shown as whole years today, counted on academy days (schema/rules/age.ts). */
  | 'age';

/** The colours a `badge` cell may take, by meaning rather than by hue. */
export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'accent';

