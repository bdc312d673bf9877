import { useRef, useState, type FormEvent, type MouseEvent } from 'react';
import * as v from 'valibot';
import { api, serverMessage } from '../../../api/client';
import { authSearchQuery, type AuthFormProps, type AuthSearch } from '../../../../schema/rules/forms/redirect';
import { finishSignIn } from './finishSignIn';
import { afterSend, CodeStep, codeStepState, initialCodeFlow, useTypedCode, type CodeFlow } from './CodeStep';
import { Field, useTypedBeforeHydration } from '../Field';
import { fieldErrors, type FieldErrors } from '../../../../schema/rules/forms/formErrors';
import type { PostedForm } from '../../../../schema/rules/forms/postedForm';
import { StatusMessage } from '../StatusMessage';
import { useSeo } from '../../../lib/seo';
import { CodeRequestSchema, CodeSignInSchema, signInFailed, SignInSchema } from '../../../../schema/rules/forms/signInRules';
import './auth.css';

type SignInInput = v.InferInput<typeof SignInSchema>;
type SignInField = keyof SignInInput;
type Mode = 'password' | 'code';

export const signInTexts = {
  title: 'ورود به حساب کاربری',
  byPassword: 'با رمز عبور',
  byCode: 'با کد پیامکی',
  passwordLead: 'با شماره موبایل یا ایمیل و رمز عبور خود وارد شوید.',
  codeLead: 'شماره موبایل حسابتان را بنویسید تا کد ورود برایتان پیامک شود. حساب‌های مدیریت فقط با رمز عبور وارد می‌شوند.',
  sendCode: 'ارسال کد',
  sending: 'در حال ارسال...',
  signIn: 'ورود',
  signingIn: 'در حال ورود...',
  forgot: 'رمز عبور را فراموش کرده‌اید؟',
} as const;

/**
 * The form and its texts live here, not in the route file, so the route stub stays tiny. An island
 * (src/islands/): plain links, no router. Two ways in on one page: the password, or a code sent by
 * SMS; each is a link (`?with=code`) before the island runs, and switches in place after.
 */
export function SignInForm({ posted, ...search }: AuthFormProps) {
  const [mode, setMode] = useState<Mode>(posted?.mode === 'code' || (!posted && search.with === 'code') ? 'code' : 'password');
  useSeo({ title: 'ورود', description: 'ورود به حساب کاربری آکادمی با شماره موبایل و رمز عبور یا کد پیامکی' });
  const choose = (next: Mode) => (event: MouseEvent) => {
    event.preventDefault();
    setMode(next);
  };
  const own = (form: Mode) => (posted && (posted.mode ?? 'password') === form ? posted : undefined);

  return (
    <div className="auth-page panel">
      <h1>{signInTexts.title}</h1>
      <nav className="auth-ways" aria-label="روش ورود">
        <a href={`/auth/sign-in${authSearchQuery(search)}`} aria-current={mode === 'password' ? 'page' : undefined} onClick={choose('password')}>
          {signInTexts.byPassword}
        </a>
        <a href={`/auth/sign-in${authSearchQuery(search, 'code')}`} aria-current={mode === 'code' ? 'page' : undefined} onClick={choose('code')}>
          {signInTexts.byCode}
        </a>
      </nav>
      {mode === 'password' ? <PasswordSignIn search={search} posted={own('password')} /> : <CodeSignIn search={search} posted={own('code')} />}
      <p className="auth-switch">
        <a href={`/auth/forgot${authSearchQuery(search)}`}>{signInTexts.forgot}</a>
      </p>
      <p className="auth-switch">
        حساب ندارید؟{' '}
        <a href={`/auth/sign-up${authSearchQuery(search)}`}>
          عضویت
        </a>
      </p>
    </div>
  );
}

function PasswordSignIn({ search, posted }: { search: AuthSearch; posted?: PostedForm }) {
  // After a plain post (before this island arrived) the server rendered the form with what was
  // typed and what went wrong; hydration starts from the same. The password is never sent back.
  const [values, setValues] = useState<SignInInput>({ username: posted?.values.username ?? '', password: '' });
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, ['username', 'password'], setValues);
  const [errors, setErrors] = useState<FieldErrors<SignInField>>(posted?.errors ?? {});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(posted?.failure ?? null);

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
    <>
      <p className="auth-page__lead">{signInTexts.passwordLead}</p>
      {/* Posted before the island answers, the server signs in (server/features/catalogue/formPosts.ts); a GET
          would put the password in the address bar. */}
      <form ref={formRef} className="form" method="post" action={`/auth/sign-in${authSearchQuery(search)}`} noValidate onSubmit={(event) => void submit(event)}>
        <Field
          label="شماره موبایل یا ایمیل"
          name="username"
          kind="username"
          value={values.username}
          onChange={set('username')}
          error={errors.username}
        />
        <Field
          label="رمز عبور"
          name="password"
          kind="currentPassword"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
        />
        {failure && <StatusMessage kind="error">{failure}</StatusMessage>}
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? signInTexts.signingIn : signInTexts.signIn}
        </button>
      </form>
    </>
  );
}

function CodeSignIn({ search, posted }: { search: AuthSearch; posted?: PostedForm }) {
  const [flow, setFlow] = useState<CodeFlow>(() => initialCodeFlow(posted));
  const formRef = useRef<HTMLFormElement>(null);
  useTypedCode(formRef, setFlow);
  const action = `/auth/sign-in${authSearchQuery(search, 'code')}`;

  const sendCode = async () => {
    const parsed = v.safeParse(CodeRequestSchema, { phoneNumber: flow.phone });
    if (!parsed.success) {
      setFlow((current) => ({ ...current, step: 'phone', errors: fieldErrors(parsed.issues) }));
      return;
    }
    setFlow((current) => ({ ...current, sending: true, failure: null }));
    const result = await api.POST('/api/Auth/SendCode', { body: { phoneNumber: parsed.output.phoneNumber, purpose: 'signIn' } });
    setFlow((current) => afterSend(current, result, signInFailed));
  };

  const verify = async () => {
    const parsed = v.safeParse(CodeSignInSchema, { phoneNumber: flow.phone, code: flow.code });
    if (!parsed.success) {
      setFlow((current) => ({ ...current, errors: fieldErrors(parsed.issues) }));
      return;
    }
    setFlow((current) => ({ ...current, sending: true, failure: null }));
    const { data, error } = await api.POST('/api/Auth/SignInWithCode', { body: parsed.output });
    if (data) {
      finishSignIn(data.accessToken, search.redirect, data);
      return;
    }
    setFlow((current) => ({ ...current, sending: false, code: '', failure: serverMessage(error) ?? signInFailed }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void (flow.step === 'phone' ? sendCode() : verify());
  };

  return (
    <>
      {flow.step === 'phone' && <p className="auth-page__lead">{signInTexts.codeLead}</p>}
      <form ref={formRef} className="form" method="post" action={action} noValidate onSubmit={submit}>
        {flow.step === 'phone' ? (
          <>
            <Field
              label="شماره موبایل"
              name="phoneNumber"
              kind="phone"
              placeholder="۰۹۱۲۳۴۵۶۷۸۹"
              value={flow.phone}
              onChange={(event) => setFlow((current) => ({ ...current, phone: event.target.value, errors: { ...current.errors, phoneNumber: undefined } }))}
              error={flow.errors.phoneNumber}
            />
            {flow.failure && <StatusMessage kind="error">{flow.failure}</StatusMessage>}
            <button type="submit" name="step" value="send" className="button button--primary" disabled={flow.sending}>
              {flow.sending ? signInTexts.sending : signInTexts.sendCode}
            </button>
          </>
        ) : (
          <>
            <input type="hidden" name="phoneNumber" value={flow.phone} />
            <CodeStep
              {...codeStepState(flow, setFlow)}
              phone={flow.phone}
              onCode={(code) => setFlow((current) => ({ ...current, code, errors: { ...current.errors, code: undefined } }))}
              onResend={() => void sendCode()}
              backHref={action}
              submitLabel={flow.sending ? signInTexts.signingIn : signInTexts.signIn}
            />
          </>
        )}
      </form>
    </>
  );
}
