import { useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { api, serverMessage } from '../../../api/client';
import { authSearchQuery, type AuthFormProps } from './redirect';
import { finishSignIn } from './finishSignIn';
import { Field, useTypedBeforeHydration } from '../Field';
import { fieldErrors, type FieldErrors } from '../formErrors';
import { StatusMessage } from '../StatusMessage';
import { useSeo } from '../../../lib/seo';
import { signInFailed, SignInSchema } from './signInRules';
import './auth.css';

type SignInInput = v.InferInput<typeof SignInSchema>;
type SignInField = keyof SignInInput;

/**
 * The form and its texts live here, not in the route file, so the route stub stays tiny. An island
 * (src/islands/): plain links, no router.
 */
export function SignInForm({ posted, ...search }: AuthFormProps) {
  // After a plain post (before this island arrived) the server rendered the form with what was
  // typed and what went wrong; hydration starts from the same. The password is never sent back.
  const [values, setValues] = useState<SignInInput>({ username: posted?.values.username ?? '', password: '' });
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, ['username', 'password'], setValues);
  const [errors, setErrors] = useState<FieldErrors<SignInField>>(posted?.errors ?? {});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(posted?.failure ?? null);
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
    else setFailure(serverMessage(error) ?? signInFailed);
  };

  return (
    <div className="auth-page panel">
      <h1>ورود به حساب کاربری</h1>
      <p className="auth-page__lead">با شماره موبایل یا ایمیل و رمز عبور خود وارد شوید.</p>
      {/* Posted before the island answers, the server signs in (server/formPosts.ts); a GET
          would put the password in the address bar. */}
      <form ref={formRef} className="form" method="post" action={`/auth/sign-in${authSearchQuery(search)}`} noValidate onSubmit={(event) => void submit(event)}>
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
