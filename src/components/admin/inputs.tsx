// One component per input kind of the schema engine; a schema names the kind, this map draws it.
import { lazy, Suspense, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import type { AnyField, InputKind } from '../../../schema/define';
import { formatNumberDraft } from '../../../schema/rules/digits';
import { toLatinDigits } from '../../../schema/rules/text';
import { JalaliDatePicker } from './inputs/JalaliDatePicker';
import { MediaPicker } from './inputs/MediaPicker';
import { ReferencePicker } from './inputs/ReferencePicker';
import { ReferencesPicker } from './inputs/ReferencesPicker';
import { adminTexts } from './texts';

export interface InputProps {
  id: string;
  field: AnyField;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  invalid: boolean;
  /** The ids of the hint and error texts under the input. */
  describedBy: string | undefined;
}

// A staff role's grants grid carries what every entity offers a role: it loads with the roles form.
const GrantsEditor = lazy(() => import('./inputs/GrantsEditor').then((module) => ({ default: module.GrantsEditor })));

// tiptap is heavy: it loads only when a form with a rich-text field opens.
const RichTextEditor = lazy(() => import('./inputs/RichTextEditor').then((module) => ({ default: module.RichTextEditor })));

const text = (value: unknown): string => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));

function aria(props: InputProps) {
  return {
    id: props.id,
    'aria-invalid': props.invalid || undefined,
    'aria-describedby': props.describedBy,
    onBlur: props.onBlur,
  };
}

function textInput(type: 'text' | 'email' | 'tel') {
  function TextLikeInput(props: InputProps) {
    return (
      <input
        {...aria(props)}
        type={type}
        dir={type === 'text' ? undefined : 'ltr'}
        className="admin-input"
        value={text(props.value)}
        onChange={(event) => props.onChange(event.target.value)}
      />
    );
  }
  return TextLikeInput;
}

/** A new password (create-only fields): never filled in by the browser from a saved one. */
function PasswordInput(props: InputProps) {
  return (
    <input
      {...aria(props)}
      type="password"
      dir="ltr"
      autoComplete="new-password"
      className="admin-input"
      value={text(props.value)}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}

function TextareaInput(props: InputProps) {
  return (
    <textarea
      {...aria(props)}
      className="admin-input admin-textarea"
      rows={4}
      value={text(props.value)}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}

/**
 * Typed digits may be Persian, Arabic or Latin; the value is a number, and an empty or
 * unreadable entry is NaN so the field's validator reports it rather than saving a silent 0.
 * Shown grouped in Persian digits (۴٬۳۰۰٬۰۰۰); the caret stays after the digit it followed when
 * separators come and go.
 */
function NumberInput(props: InputProps) {
  const [draft, setDraft] = useState(() => (typeof props.value === 'number' && !Number.isNaN(props.value) ? String(props.value) : ''));
  const input = useRef<HTMLInputElement>(null);
  // How many digits (and decimal points) stood before the caret at the last change.
  const caret = useRef<number | null>(null);
  const shown = formatNumberDraft(draft);
  useLayoutEffect(() => {
    const element = input.current;
    const before = caret.current;
    if (!element || before === null || document.activeElement !== element) return;
    caret.current = null;
    let position = 0;
    for (let seen = 0; position < shown.length && seen < before; position++) if (!separators.test(shown.charAt(position))) seen++;
    element.setSelectionRange(position, position);
  }, [shown]);
  return (
    <input
      {...aria(props)}
      ref={input}
      type="text"
      inputMode="decimal"
      className="admin-input"
      value={shown}
      onChange={(event) => {
        const typed = event.target.value;
        const end = event.target.selectionStart ?? typed.length;
        caret.current = Array.from(typed.slice(0, end)).filter((c) => !separators.test(c)).length;
        const latin = toLatinDigits(typed).replace(/[٫]/g, '.').replace(/[٬,\s]/g, '');
        setDraft(latin);
        props.onChange(latin === '' ? Number.NaN : Number(latin));
      }}
    />
  );
}

/** Characters the number input draws but the admin does not type: thousands separators, spaces. */
const separators = /[٬,\s]/;

function CheckboxInput(props: InputProps) {
  return (
    <input
      {...aria(props)}
      type="checkbox"
      className="admin-checkbox"
      checked={props.value === true}
      onChange={(event) => props.onChange(event.target.checked)}
    />
  );
}

/** HTML options carry strings; the field's values may be numbers or booleans, so index them. */
function OptionSelect(props: InputProps & { options: ReadonlyArray<readonly [unknown, string]>; placeholder?: string }) {
  const { options, placeholder } = props;
  const index = options.findIndex(([value]) => value === props.value);
  return (
    <select
      {...aria(props)}
      className="admin-input admin-select"
      value={index >= 0 ? String(index) : ''}
      onChange={(event) => {
        const chosen = options[Number(event.target.value)];
        props.onChange(event.target.value === '' || !chosen ? '' : chosen[0]);
      }}
    >
      {(placeholder !== undefined || index < 0) && (
        <option value="" disabled={placeholder !== undefined && index >= 0}>
          {placeholder ?? ''}
        </option>
      )}
      {options.map(([value, label], i) => (
        <option key={String(value)} value={String(i)}>
          {label}
        </option>
      ))}
    </select>
  );
}

function SelectInput(props: InputProps) {
  return <OptionSelect {...props} options={props.field.options ?? []} placeholder={props.field.placeholder} />;
}

/** What a picker of records takes from the form's input props. */
const pickerProps = ({ id, field, value, onChange, onBlur, invalid, describedBy }: InputProps) => ({ id, field, value, onChange, onBlur, invalid, describedBy });

/** A searchable combobox over the referenced entity's records (inputs/ReferencePicker.tsx). */
function ReferenceInput(props: InputProps) {
  return <ReferencePicker {...pickerProps(props)} />;
}

/** The records of a many-to-many field, as chips, with the combobox to add one (inputs/ReferencesPicker.tsx). */
function ReferencesInput(props: InputProps) {
  return <ReferencesPicker {...pickerProps(props)} />;
}

function DateInput(props: InputProps) {
  return (
    <JalaliDatePicker
      id={props.id}
      value={typeof props.value === 'string' && props.value !== '' ? props.value : null}
      onChange={(value) => {
        props.onChange(value);
        props.onBlur();
      }}
      // Kept in the form as typed: its check names what is wrong and keeps it from being saved.
      onUnreadable={(text) => {
        props.onChange(text);
        props.onBlur();
      }}
      invalid={props.invalid}
      describedBy={props.describedBy}
    />
  );
}


function RichTextInput(props: InputProps) {
  return (
    <Suspense
      fallback={
        <div className="admin-editor-slot">
          <div className="admin-cell-muted admin-editor-placeholder">{adminTexts.loading}</div>
        </div>
      }
    >
      <RichTextEditor id={props.id} value={text(props.value)} onChange={(html) => props.onChange(html)} />
    </Suspense>
  );
}

function GrantsInput(props: InputProps) {
  return (
    <Suspense fallback={<div className="admin-cell-muted">{adminTexts.loading}</div>}>
      <GrantsEditor {...props} label={props.field.label} />
    </Suspense>
  );
}

export const inputRenderers: Record<InputKind, ComponentType<InputProps>> = {
  text: textInput('text'),
  email: textInput('email'),
  tel: textInput('tel'),
  textarea: TextareaInput,
  number: NumberInput,
  checkbox: CheckboxInput,
  select: SelectInput,
  reference: ReferenceInput,
  references: ReferencesInput,
  jalaliDate: DateInput,
  imageLink: MediaPicker,
  videoLink: MediaPicker,
  richText: RichTextInput,
  password: PasswordInput,
  grants: GrantsInput,
};
