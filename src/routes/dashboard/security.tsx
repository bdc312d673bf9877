import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { newPassword } from '../../../schema/validators';
import { api, clearGetCache, serverMessage } from '../../api/client';
import { dashboardTexts } from '../../components/dashboard/texts';
import { Field } from '../../components/site/Field';
import { fieldErrors, type FieldErrors } from '../../../schema/rules/forms/formErrors';
import { ConfirmDialog } from '../../components/site/ConfirmDialog';
import { StatusMessage } from '../../components/site/StatusMessage';
import { clearSession, saveToken } from '../../lib/auth';

export const Route = createFileRoute('/dashboard/security')({
  component: SecurityPage,
});

const texts = dashboardTexts.security;

// The server's rules (server/features/identity/signInSessions.ts), checked here first so the learner hears them at once.
const PasswordSchema = v.pipe(
  v.object({
    currentPassword: v.pipe(v.string(), v.nonEmpty(`${texts.current} الزامی است`)),
    newPassword: newPassword(texts.next),
    repeat: v.pipe(v.string(), v.nonEmpty(`${texts.repeat} الزامی است`)),
  }),
  v.forward(
    v.check((input) => input.newPassword === input.repeat, texts.mismatch),
    ['repeat'],
  ),
);

type PasswordField = 'currentPassword' | 'newPassword' | 'repeat';
type Notice = { kind: 'success' | 'error'; text: string } | null;

function SecurityPage() {
  return (
    <div className="panel">
      <div className="dash-toolbar">
        <h2>{texts.title}</h2>
      </div>
      <ChangePassword />
      <SignOutEverywhere />
    </div>
  );
}

function ChangePassword() {
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', repeat: '' });
  const [errors, setErrors] = useState<FieldErrors<PasswordField>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [saving, setSaving] = useState(false);

  const set = (field: PasswordField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const parsed = v.safeParse(PasswordSchema, values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.issues));
      return;
    }
    setSaving(true);
    const { data, error } = await api.POST('/api/Auth/ChangePassword', {
      body: { currentPassword: parsed.output.currentPassword, newPassword: parsed.output.newPassword },
    });
    setSaving(false);
    if (!data) {
      setNotice({ kind: 'error', text: serverMessage(error) ?? texts.changeFailed });
      return;
    }
    // This device goes on under the new token; every other one was signed out by the server.
    saveToken(data.accessToken);
    setValues({ currentPassword: '', newPassword: '', repeat: '' });
    setErrors({});
    setNotice({ kind: 'success', text: texts.changed });
  };

  return (
    <form className="child-form form security-form" noValidate aria-labelledby="security-password-title" onSubmit={(event) => void submit(event)}>
      <h3 id="security-password-title">{texts.passwordTitle}</h3>
      <p className="security-form__intro">{texts.passwordIntro}</p>
      <Field
        label={texts.current}
        name="currentPassword"
        kind="currentPassword"
        value={values.currentPassword}
        onChange={set('currentPassword')}
        error={errors.currentPassword}
      />
      <div className="form-grid">
        <Field
          label={texts.next}
          name="newPassword"
          kind="newPassword"
          hint={texts.nextHint}
          value={values.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword}
        />
        <Field
          label={texts.repeat}
          name="repeat"
          kind="newPassword"
          value={values.repeat}
          onChange={set('repeat')}
          error={errors.repeat}
        />
      </div>
      {notice && <StatusMessage kind={notice.kind}>{notice.text}</StatusMessage>}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? texts.changing : texts.change}
        </button>
      </div>
    </form>
  );
}

function SignOutEverywhere() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);

  const run = async () => {
    setAsking(false);
    setFailure(null);
    setBusy(true);
    const { data, error } = await api.POST('/api/Auth/SignOutEverywhere');
    setBusy(false);
    if (!data) {
      setFailure(serverMessage(error) ?? texts.everywhereFailed);
      return;
    }
    clearSession();
    clearGetCache();
    void navigate({ to: '/auth' });
  };

  return (
    <section className="child-form security-form" aria-labelledby="security-everywhere-title">
      <h3 id="security-everywhere-title">{texts.everywhereTitle}</h3>
      <p className="security-form__intro">{texts.everywhereIntro}</p>
      {failure && <StatusMessage kind="error">{failure}</StatusMessage>}
      <div className="form-actions">
        <button type="button" className="button button--danger" disabled={busy} onClick={() => setAsking(true)}>
          {texts.everywhere}
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        title={texts.everywhereTitle}
        confirmLabel={texts.everywhere}
        cancelLabel={texts.everywhereCancel}
        danger
        onConfirm={() => void run()}
        onCancel={() => setAsking(false)}
      >
        <p>{texts.everywhereConfirm}</p>
      </ConfirmDialog>
    </section>
  );
}
