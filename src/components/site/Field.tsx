import { useEffect, type Dispatch, type InputHTMLAttributes, type RefObject, type SetStateAction, type TextareaHTMLAttributes } from 'react';

/**
 * What a kind of value asks of its control, so each form names the kind and never repeats the
 * attributes (the keyboard a phone shows, what the browser may fill in, the direction of digits).
 */
const fieldKinds = {
  phone: { inputMode: 'tel', autoComplete: 'tel', dir: 'ltr' },
  email: { type: 'email', autoComplete: 'email', dir: 'ltr' },
  username: { autoComplete: 'username', dir: 'ltr' },
  currentPassword: { type: 'password', autoComplete: 'current-password', dir: 'ltr' },
  newPassword: { type: 'password', autoComplete: 'new-password', dir: 'ltr' },
  code: { autoComplete: 'one-time-code', inputMode: 'numeric', dir: 'ltr' },
  givenName: { autoComplete: 'given-name' },
  familyName: { autoComplete: 'family-name' },
  fullName: { autoComplete: 'name' },
} as const satisfies Record<string, InputHTMLAttributes<HTMLInputElement>>;

export type FieldKind = keyof typeof fieldKinds;

interface FieldBase {
  label: string;
  /** The kind of value: its control's type, keyboard, autofill and direction (fieldKinds). */
  kind?: FieldKind;
  /**
   * Also names the control's id. Public forms are hydrated as islands on their own
   * (src/islands/), where React's useId would not match the id rendered within the whole page.
   */
  name: string;
  error?: string;
  hint?: string;
}

type InputFieldProps = FieldBase & InputHTMLAttributes<HTMLInputElement> & { multiline?: false };
type TextareaFieldProps = FieldBase & TextareaHTMLAttributes<HTMLTextAreaElement> & { multiline: true };

/** Label, control and its Persian error, wired for screen readers. */
export function Field(props: InputFieldProps | TextareaFieldProps) {
  const id = `field-${props.name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [props.error ? errorId : '', props.hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, 'aria-invalid': props.error ? true : undefined, 'aria-describedby': describedBy };

  let control;
  if (props.multiline) {
    const { label: _label, error: _error, hint: _hint, multiline: _multiline, kind: _kind, ...rest } = props;
    control = <textarea {...rest} {...common} />;
  } else {
    const { label: _label, error: _error, hint: _hint, multiline: _multiline, kind, ...rest } = props;
    control = <input {...(kind ? fieldKinds[kind] : {})} {...rest} {...common} />;
  }

  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {control}
      {props.hint && (
        <p id={hintId} className="field__hint">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={errorId} className="field__error">
          {props.error}
        </p>
      )}
    </div>
  );
}

type NamePart = 'firstName' | 'lastName';

export const nameFieldTexts = { firstName: 'نام', lastName: 'نام خانوادگی' } as const;

/**
 * A person's first and last name, as every form that asks for them shows them (the one name rule
 * checks both: schema/validators.ts). `own`: the signed-in person's, which the browser may fill in;
 * a child's is not.
 */
export function NameFields(props: {
  values: Readonly<Record<NamePart, string>>;
  set: (field: NamePart) => (event: { target: { value: string } }) => void;
  errors: Partial<Record<NamePart, string>>;
  own: boolean;
}) {
  const { values, set, errors, own } = props;
  return (
    <>
      <Field label={nameFieldTexts.firstName} name="firstName" kind={own ? 'givenName' : undefined} autoComplete={own ? undefined : 'off'} value={values.firstName} onChange={set('firstName')} error={errors.firstName} />
      <Field label={nameFieldTexts.lastName} name="lastName" kind={own ? 'familyName' : undefined} autoComplete={own ? undefined : 'off'} value={values.lastName} onChange={set('lastName')} error={errors.lastName} />
    </>
  );
}

/**
 * On a slow phone a server-rendered form is on screen seconds before its island hydrates, and
 * what the visitor types meanwhile is in the page but not in the island's state: the form would
 * show the text and refuse it as empty. Once hydrated, the island takes those values over. (Here,
 * beside the fields, so that it travels in the chunk the forms already share.)
 */
export function useTypedBeforeHydration<K extends string>(
  form: RefObject<HTMLFormElement | null>,
  fields: readonly K[],
  setValues: Dispatch<SetStateAction<Record<K, string>>>,
): void {
  useEffect(() => {
    if (!form.current) return;
    const typed = new FormData(form.current);
    setValues((current) => {
      const next = { ...current };
      for (const name of fields) {
        const value = typed.get(name);
        if (typeof value === 'string') next[name] = value;
      }
      return next;
    });
    // Once, after hydration: later typing goes through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
