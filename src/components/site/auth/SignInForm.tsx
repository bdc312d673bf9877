import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { requiredText } from '../../../../schema/validators';
import { api, serverMessage } from '../../../api/client';
import { authSearchQuery, type AuthSearch } from './redirect';
import { finishSignIn } from './finishSignIn';
import { Field } from '../Field';
import { fieldErrors, type FieldErrors } from '../formErrors';
import { StatusMessage } from '../StatusMessage';
import { useSeo } from '../../../lib/seo';
import { toLatinDigits } from '../../../lib/text';
import './auth.css';

const SignInSchema = v.object({
  // Mobile numbers may be typed with Persian digits; e-mail addresses pass through untouched.
  username: v.pipe(
    requiredText('شماره موبایل یا ایمیل', 254),
    v.transform((s) => (s.includes('@') ? s : toLatinDigits(s).replace(/[\s-]/g, ''))),
  ),
  password: requiredText('رمز عبور', 128),
});

type SignInInput = v.InferInput<typeof SignInSchema>;
type SignInField = keyof SignInInput;

const failedText = 'ورود انجام نشد. لطفاً دوباره تلاش کنید.';

/**
 * The form and its texts live here, not in the route file, so the route stub stays tiny. An island
 * (src/islands/): plain links, no router.
 */
export function SignInForm(search: AuthSearch) {
  const [values, setValues] = useState<SignInInput>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<SignInField>>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useSeo({ title: 'ورود', description: 'ورود به حساب کاربری آکادمی با شماره موبایل یا ایمیل' });

  const set = (field: SignInField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = v.safeParse(SignInSchema, values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.issues));
      return;
    }
    setSending(true);
    const { data, error } = await api.POST('/api/Auth/SignIn', { body: parsed.output });
    setSending(false);
    if (data) finishSignIn(data.accessToken, search.redirect, data);
    else setFailure(serverMessage(error) ?? failedText);
  };

  return (
    <div className="auth-page panel">
      <h1>ورود به حساب کاربری</h1>
      <p className="auth-page__lead">با شماره موبایل یا ایمیل و رمز عبور خود وارد شوید.</p>
      {/* POST: sent before the island answers, a GET would put the password in the address bar. */}
      <form className="form" method="post" noValidate onSubmit={(event) => void submit(event)}>
        <Field
          label="شماره موبایل یا ایمیل"
          name="username"
          autoComplete="username"
          dir="ltr"
          value={values.username}
          onChange={set('username')}
          error={errors.username}
        />
        <Field
          label="رمز عبور"
          name="password"
          type="password"
          autoComplete="current-password"
          dir="ltr"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
        />
        {failure && <StatusMessage kind="error">{failure}</StatusMessage>}
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'در حال ورود...' : 'ورود'}
        </button>
      </form>
      <p className="auth-switch">
        حساب ندارید؟{' '}
        <a href={`/auth/sign-up${authSearchQuery(search)}`}>
          عضویت
        </a>
      </p>
    </div>
  );
}
