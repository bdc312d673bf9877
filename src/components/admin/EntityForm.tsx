// The generic add/edit form: one input per schema field, each validated by its own schema
// (valibot speaks Standard Schema, which TanStack Form runs directly) with its Persian message
// under it. Submitting hands the values to the form machine, which owns saving.
import { useForm, useStore } from '@tanstack/react-form';
import { useEffect, useId, useRef } from 'react';
import * as v from 'valibot';
import { orderMessage, fieldSchema, formFields, type AnyEntity, type AnyField } from '../../../schema/define';
import { normaliseArticleHtml } from '../../lib/articleHtml';
import { firstField } from './dialogFocus';
import { inputRenderers } from './inputs';
import { fileProblem } from './mediaLibrary';
import { adminTexts } from './texts';

/** What the form draws: an entity's editable fields, or a record action's inputs. */
export type FormFields = Pick<AnyEntity, 'fields'> & { createFields?: AnyEntity['createFields'] };

export interface EntityFormProps {
  entity: FormFields;
  /** An add form also shows the create-only fields (a new user's names and password). */
  mode?: 'add' | 'edit';
  initialValues: Record<string, unknown>;
  saving: boolean;
  /** The submit button's text and look: «ذخیره» unless an action names its own. */
  submitLabel?: string;
  tone?: 'danger' | 'neutral';
  onSubmit: (values: Record<string, unknown>) => void;
  onCancel: () => void;
  /** Told whenever the form starts or stops holding changes the admin has not saved. */
  onDirtyChange?: (dirty: boolean) => void;
}

function messageOf(error: unknown): string | null {
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return null;
}

/**
 * A field's first problem: its own schema's, then its order (`notAfter`) against the other
 * field's current value, so the order message shows under the input as soon as either changes.
 */
function problemOf(entity: FormFields, name: string, field: AnyField, value: unknown, values: Record<string, unknown>): string | undefined {
  const own = v.safeParse(fieldSchema(field), value);
  if (!own.success) return own.issues[0]?.message;
  const file = fileProblem(field, own.output);
  if (file !== undefined) return file;
  return orderMessage(entity, name, { ...values, [name]: value }) ?? undefined;
}

/** What the machine receives: rich text normalised as the spec asks (§3). */
export function prepareValues(entity: FormFields, values: Record<string, unknown>): Record<string, unknown> {
  const prepared: Record<string, unknown> = { ...values };
  for (const [name, field] of Object.entries(entity.fields)) {
    const value = prepared[name];
    if (field.input === 'richText' && typeof value === 'string') prepared[name] = normaliseArticleHtml(value);
  }
  return prepared;
}

export function EntityForm({ entity, mode = 'edit', initialValues, saving, submitLabel, tone = 'neutral', onSubmit, onCancel, onDirtyChange }: EntityFormProps) {
  const baseId = useId();
  const form = useForm({
    defaultValues: initialValues,
    onSubmit: ({ value }) => onSubmit(prepareValues(entity, value)),
  });
  const dirty = useStore(form.store, (state) => state.isDirty);
  // Every field is checked before the submit: TanStack Form's first submit of a form that already
  // holds an error (the first field's, on its blur as «ذخیره» is pressed) stops before checking the
  // others, so one click would name only that field.
  const submitAll = async () => {
    await form.validateAllFields('submit');
    await form.handleSubmit();
  };
  // The form arrives after its dialog opened (it loads lazily): it takes focus on its first field
  // unless the admin already moved into one.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const element = formRef.current;
    if (element && !element.contains(document.activeElement)) firstField(element)?.focus();
  }, []);
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  return (
    <form
      ref={formRef}
      className="admin-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        void submitAll();
      }}
    >
      <div className="admin-form-grid">
        {Object.entries(formFields(entity, mode)).map(([name, field]) => {
          const Input = inputRenderers[field.input];
          const id = `${baseId}-${name}`;
          return (
            <form.Field
              key={name}
              name={name}
              validators={{
                onChange: ({ value, fieldApi }) => problemOf(entity, name, field, value, fieldApi.form.state.values),
                onBlur: ({ value, fieldApi }) => problemOf(entity, name, field, value, fieldApi.form.state.values),
                // Both causes: a blur of the other date would otherwise leave this field's blur error standing.
                onChangeListenTo: field.notAfter === undefined ? [] : [field.notAfter],
                onBlurListenTo: field.notAfter === undefined ? [] : [field.notAfter],
              }}
            >
              {(api) => {
                const shown = api.state.meta.isTouched || form.state.submissionAttempts > 0;
                const message = shown ? (api.state.meta.errors.map(messageOf).find((m) => m !== null) ?? null) : null;
                const hintId = field.hint ? `${id}-hint` : undefined;
                const errorId = message ? `${id}-error` : undefined;
                const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
                const checkbox = field.input === 'checkbox';
                // A field the caller's role may see but not change (accessView.ts): a disabled
                // fieldset disables whatever its input is made of, keys and pointer alike.
                const Frame = field.readOnly ? 'fieldset' : 'div';
                return (
                  <Frame
                    className={`admin-field${field.wide ? ' admin-field-wide' : ''}${checkbox ? ' admin-field-checkbox' : ''}${field.readOnly ? ' admin-field-locked' : ''}`}
                    disabled={field.readOnly || undefined}
                  >
                    <label htmlFor={id} className="admin-label">
                      {field.label}
                    </label>
                    <Input
                      id={id}
                      field={field}
                      value={api.state.value}
                      onChange={(value) => {
                        api.handleChange(value);
                        // A blur (or submit) error would otherwise stay under a field already fixed
                        // until the admin leaves it (a select changed with the keyboard).
                        if (api.state.meta.errorMap.onBlur !== undefined) void api.validate('blur');
                      }}
                      onBlur={api.handleBlur}
                      invalid={message !== null}
                      describedBy={describedBy}
                    />
                    {field.hint && (
                      <p id={hintId} className="admin-hint">
                        {field.hint}
                      </p>
                    )}
                    {field.readOnly && <p className="admin-hint">{adminTexts.readOnlyField}</p>}
                    {/* The message's line is kept whether or not it shows: a blur error that
                        pushed the form down between a click's press and release on «ذخیره»
                        would lose that click (the release lands beside the moved button). */}
                    <div className="admin-error-line">
                      {message && (
                        <p id={errorId} className="admin-error" role="alert">
                          {message}
                        </p>
                      )}
                    </div>
                  </Frame>
                );
              }}
            </form.Field>
          );
        })}
      </div>
      <div className="admin-form-actions">
        <button type="button" className="admin-button admin-button-secondary" onClick={onCancel} disabled={saving}>
          {adminTexts.cancel}
        </button>
        <button type="submit" className={`admin-button admin-button-${tone === 'danger' ? 'danger' : 'primary'}`} disabled={saving}>
          {saving ? adminTexts.saving : (submitLabel ?? adminTexts.save)}
        </button>
      </div>
    </form>
  );
}
