// The parent's own account (PUT /api/Learner/Profile): name, mobile and email under the sign-up
// rules (schema/validators.ts), checked here first so mistakes are told beside each input. The
// mobile and the email sign in, so changing either asks for the current password (the server
// insists too). The password itself is changed on the security page.
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import type { components } from '../../../codegen/openapi.gen';
import { iranMobile } from '../../../schema/validators';
import { ProfileSchema } from '../../../schema/rules/forms/profileRules';
import { api, clearGetCache, serverMessage } from '../../api/client';
import { toLatinDigits } from '../../../schema/rules/text';
import { Field, NameFields } from '../site/Field';
import { fieldErrors, type FieldErrors } from '../../../schema/rules/forms/formErrors';
import { StatusMessage } from '../site/StatusMessage';
import { familyTexts } from './familyTexts';

type Profile = components['schemas']['Profile'];
type Name = 'firstName' | 'lastName' | 'phoneNumber' | 'emailAddress' | 'currentPassword';

const texts = familyTexts.profile;


/** Whether the values move a sign-in identifier (normalised as the server compares them). */
function movesIdentifier(profile: Profile, phone: string, email: string): boolean {
  const mobile = v.safeParse(iranMobile(''), phone);
  const normalised = mobile.success ? mobile.output : toLatinDigits(phone);
  return normalised !== profile.phoneNumber || email.trim().toLowerCase() !== profile.emailAddress.toLowerCase();
}

export function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: (profile: Profile) => void }) {
  const [values, setValues] = useState({
    firstName: profile.firstName,
    lastName: profile.lastName,
    phoneNumber: profile.phoneNumber,
    emailAddress: profile.emailAddress,
    currentPassword: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Name>>({});
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const needsPassword = movesIdentifier(profile, values.phoneNumber, values.emailAddress);

  const set = (name: Name) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [name]: event.target.value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const parsed = v.safeParse(ProfileSchema, values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.issues));
      return;
    }
    if (needsPassword && values.currentPassword === '') {
      setErrors({ currentPassword: `${texts.password} ${texts.passwordHint}` });
      return;
    }
    setSaving(true);
    const { data, error } = await api.PUT('/api/Learner/Profile', { body: parsed.output });
    setSaving(false);
    if (!data) {
      setNotice({ kind: 'error', text: serverMessage(error) ?? texts.failed });
      return;
    }
    clearGetCache();
    setValues({ firstName: data.firstName, lastName: data.lastName, phoneNumber: data.phoneNumber, emailAddress: data.emailAddress, currentPassword: '' });
    setErrors({});
    setNotice({ kind: 'success', text: texts.saved });
    onSaved(data);
  };

  return (
    <form className="child-form form profile-form" noValidate aria-labelledby="profile-title" onSubmit={(event) => void submit(event)}>
      <h3 id="profile-title">{texts.title}</h3>
      <p className="security-form__intro">{texts.intro}</p>
      <div className="form-grid">
        <NameFields values={values} set={set} errors={errors} own />
        <Field label={texts.phone} name="phoneNumber" kind="phone" value={values.phoneNumber} onChange={set('phoneNumber')} error={errors.phoneNumber} />
        <Field label={texts.email} name="emailAddress" kind="email" value={values.emailAddress} onChange={set('emailAddress')} error={errors.emailAddress} />
      </div>
      {needsPassword && (
        <Field
          label={texts.password}
          name="currentPassword"
          kind="currentPassword"
          hint={texts.passwordHint}
          value={values.currentPassword}
          onChange={set('currentPassword')}
          error={errors.currentPassword}
        />
      )}
      {notice && <StatusMessage kind={notice.kind}>{notice.text}</StatusMessage>}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? texts.saving : texts.save}
        </button>
        <Link to="/dashboard/security" className="button button--ghost">
          {texts.passwordLink}
        </Link>
      </div>
    </form>
  );
}
