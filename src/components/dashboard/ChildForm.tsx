import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import type { components } from '../../../codegen/openapi.gen';
import { academyDayOf, academyDayStart, isValidJalali } from '../../../schema/rules/calendar';
import { ChildSchema } from '../../../schema/rules/forms/childRules';
import { NameFields } from '../site/Field';
import { fieldErrors, type FieldErrors } from '../../../schema/rules/forms/formErrors';
import { StatusMessage } from '../site/StatusMessage';
import { completeJalali, JalaliDateSelect, type PartialJalali } from './JalaliDateSelect';
import { dashboardTexts, grades } from './texts';

type Child = components['schemas']['Child'];
export type ChildFields = components['schemas']['ChildFields'];

const texts = dashboardTexts.children;


type ChildField = 'firstName' | 'lastName' | 'grade' | 'birthDate';

interface Props {
  child: Child | null;
  onSave: (fields: ChildFields) => Promise<string | null>;
  onCancel: () => void;
}

function birthParts(birthDate: string | null | undefined): PartialJalali {
  if (!birthDate) return { jy: null, jm: null, jd: null };
  const date = new Date(birthDate);
  if (Number.isNaN(date.getTime())) return { jy: null, jm: null, jd: null };
  return academyDayOf(date);
}

/** Children are 3 to 19 or so; the list starts at this year for the odd newborn sibling. */
function birthYears(): number[] {
  const current = academyDayOf(new Date()).jy;
  return Array.from({ length: 20 }, (_, index) => current - index);
}

export function ChildForm({ child, onSave, onCancel }: Props) {
  const titleId = useId();
  const [values, setValues] = useState({
    firstName: child?.firstName ?? '',
    lastName: child?.lastName ?? '',
    grade: child?.grade ?? '',
  });
  const [birth, setBirth] = useState<PartialJalali>(() => birthParts(child?.birthDate));
  const [errors, setErrors] = useState<FieldErrors<ChildField>>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const set = (field: 'firstName' | 'lastName' | 'grade') => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    // The same rule the server runs on the body this form sends.
    const date = completeJalali(birth);
    const birthDate = date && isValidJalali(date) ? academyDayStart(date).toISOString() : '';
    const parsed = v.safeParse(ChildSchema, { ...values, birthDate });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.issues));
      return;
    }
    setSaving(true);
    const message = await onSave(parsed.output);
    setSaving(false);
    if (message) setFailure(message);
  };

  return (
    <form className="child-form form" noValidate aria-labelledby={titleId} onSubmit={(event) => void submit(event)}>
      <h3 id={titleId}>{child ? texts.editTitle : texts.addTitle}</h3>
      <div className="form-grid">
        <NameFields values={values} set={set} errors={errors} own={false} />
      </div>
      <div className="form-grid">
        <JalaliDateSelect
          legend={texts.birthDate}
          value={birth}
          years={birthYears()}
          error={errors.birthDate}
          onChange={(next) => {
            setBirth(next);
            setErrors((current) => ({ ...current, birthDate: undefined }));
          }}
        />
        <GradeSelect value={values.grade} onChange={set('grade')} error={errors.grade} />
      </div>
      {failure && <StatusMessage kind="error">{failure}</StatusMessage>}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? texts.saving : texts.save}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {texts.cancel}
        </button>
      </div>
    </form>
  );
}

function GradeSelect({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error?: string;
}) {
  const id = useId();
  // A grade typed elsewhere (older data) stays selectable instead of silently vanishing.
  const known: readonly string[] = grades;
  const options = known.includes(value) || !value ? known : [value, ...known];
  return (
    <div className="field">
      <label htmlFor={id}>{texts.grade}</label>
      <select
        id={id}
        value={value}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">انتخاب پایه</option>
        {options.map((grade) => (
          <option key={grade} value={grade}>
            {grade}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
