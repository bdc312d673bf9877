import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { newPassword } from '../../../../schema/validators';
import { api, serverMessage } from '../../../api/client';
import { useSeo } from '../../../lib/seo';
import { Field } from '../Field';
import { fieldErrors, type FieldErrors } from '../../../../schema/rules/forms/formErrors';
import { StatusMessage } from '../StatusMessage';
import './auth.css';

/** The rule of sign-up for the new password, and the repeat that must match it. */
const ResetSchema = v.pipe(
  v.object({ password: newPassword('رمز عبور جدید'), repeat: v.string() }),
  v.forward(
    v.check((input) => input.password === input.repeat, 'تکرار رمز عبور با خود آن یکی نیست'),
    ['repeat'],
  ),
);
type ResetField = 'password' | 'repeat';

export const resetTexts = {
  title: 'گذاشتن رمز عبور تازه',
  lead: 'این پیوند (از مدیر آکادمی یا از ایمیلی که خواستید) فقط یک بار کار می‌کند. رمز تازه‌ای بگذارید؛ پس از آن همه دستگاه‌هایی که با حساب شما وارد شده‌اند خارج می‌شوند.',
  failed: 'رمز عبور تغییر نکرد. لطفاً دوباره تلاش کنید.',
  done: 'رمز عبور تازه ذخیره شد. اکنون با آن وارد شوید.',
  signIn: 'ورود به حساب',
} as const;

/**
 * The page a one-time reset link opens (/auth/reset/<token>). An island (src/islands/): plain
 * links, no router. The token goes to the server in the body of the call; links to other sites
 * carry only the site's origin (its Referrer-Policy), never this address.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const [values, setValues] = useState({ password: '', repeat: '' });
  const [errors, setErrors] = useState<FieldErrors<ResetField>>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  useSeo({ title: resetTexts.title, description: resetTexts.title });

  const set = (field: ResetField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = v.safeParse(ResetSchema, values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.issues));
      return;
    }
    setSending(true);
    const { data, error } = await api.POST('/api/Auth/ResetPassword', { body: { token, newPassword: parsed.output.password } });
    setSending(false);
    if (data) setDone(true);
    else setFailure(serverMessage(error) ?? resetTexts.failed);
  };

  if (done) {
    return (
      <div className="auth-page panel">
        <h1>{resetTexts.title}</h1>
        <StatusMessage kind="success">{resetTexts.done}</StatusMessage>
        <a className="button button--primary" href="/auth/sign-in">
          {resetTexts.signIn}
        </a>
      </div>
    );
  }

  return (
    <div className="auth-page panel">
      <h1>{resetTexts.title}</h1>
      <p className="auth-page__lead">{resetTexts.lead}</p>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <Field
          label="رمز عبور جدید"
          name="password"
          type="password"
          autoComplete="new-password"
          dir="ltr"
          hint="دست‌کم ۸ نویسه"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
        />
        <Field
          label="تکرار رمز عبور جدید"
          name="repeat"
          type="password"
          autoComplete="new-password"
          dir="ltr"
          value={values.repeat}
          onChange={set('repeat')}
          error={errors.repeat}
        />
        {failure && <StatusMessage kind="error">{failure}</StatusMessage>}
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'در حال ذخیره...' : 'ذخیره رمز تازه'}
        </button>
      </form>
    </div>
  );
}
