import { useRef, useState, type FormEvent, type MouseEvent } from 'react';
import * as v from 'valibot';
import { api, serverMessage } from '../../../api/client';
import { useSeo } from '../../../lib/seo';
import { Field } from '../Field';
import { fieldErrors, type FieldErrors } from '../../../../schema/rules/forms/formErrors';
import type { PostedForm } from '../../../../schema/rules/forms/postedForm';
import { StatusMessage } from '../StatusMessage';
import { afterSend, CodeStep, codeStepState, initialCodeFlow, useTypedCode, type CodeFlow } from './CodeStep';
import { ForgotCodeSchema, ForgotMailSchema, ForgotPhoneSchema, forgotTexts } from '../../../../schema/rules/forms/forgotRules';
import { authSearchQuery, type AuthFormProps, type AuthSearch } from '../../../../schema/rules/forms/redirect';
import './auth.css';

type Mode = 'sms' | 'email';

/**
 * The forgotten-password page (/auth/forgot), an island (src/islands/): plain links, no router.
 * By SMS: the number, then its code with the new password; every session of the account ends.
 * By e-mail: the address; a one-time link (/auth/reset/<token>) is mailed if an account has it.
 * Either answer is the same whether or not the number or address has an account.
 */
export function ForgotPasswordForm({ posted, ...search }: AuthFormProps) {
  const [mode, setMode] = useState<Mode>(posted?.mode === 'email' || (!posted && search.with === 'email') ? 'email' : 'sms');
  const [done, setDone] = useState(posted?.step === 'done');
  useSeo({ title: forgotTexts.title, description: 'بازیابی رمز عبور حساب آکادمی با کد پیامکی یا پیوند ایمیل' });
  const choose = (next: Mode) => (event: MouseEvent) => {
    event.preventDefault();
    setMode(next);
  };
  const own = (form: Mode) => (posted && posted.mode === form ? posted : undefined);

  if (done) {
    return (
      <div className="auth-page panel">
        <h1>{forgotTexts.title}</h1>
        <StatusMessage kind="success">{forgotTexts.done}</StatusMessage>
        <p className="auth-switch">
          <a className="button button--primary" href={`/auth/sign-in${authSearchQuery(search)}`}>
            {forgotTexts.signIn}
          </a>
        </p>
      </div>
    );
  }

  return (
    <div className="auth-page panel">
      <h1>{forgotTexts.title}</h1>
      <p className="auth-page__lead">{forgotTexts.lead}</p>
      <nav className="auth-ways" aria-label="روش بازیابی">
        <a href={`/auth/forgot${authSearchQuery(search)}`} aria-current={mode === 'sms' ? 'page' : undefined} onClick={choose('sms')}>
          {forgotTexts.bySms}
        </a>
        <a href={`/auth/forgot${authSearchQuery(search, 'email')}`} aria-current={mode === 'email' ? 'page' : undefined} onClick={choose('email')}>
          {forgotTexts.byMail}
        </a>
      </nav>
      {mode === 'sms' ? <BySms search={search} posted={own('sms')} onDone={() => setDone(true)} /> : <ByMail search={search} posted={own('email')} />}
      <p className="auth-switch">
        <a href={`/auth/sign-in${authSearchQuery(search)}`}>بازگشت به ورود</a>
      </p>
    </div>
  );
}

type PasswordField = 'newPassword' | 'repeat';

function BySms({ search, posted, onDone }: { search: AuthSearch; posted?: PostedForm; onDone: () => void }) {
  const [flow, setFlow] = useState<CodeFlow>(() => initialCodeFlow(posted));
  const [passwords, setPasswords] = useState({ newPassword: '', repeat: '' });
  const [errors, setErrors] = useState<FieldErrors<PasswordField>>({ newPassword: posted?.errors.newPassword, repeat: posted?.errors.repeat });
  const formRef = useRef<HTMLFormElement>(null);
  useTypedCode(formRef, setFlow);
  const action = `/auth/forgot${authSearchQuery(search)}`;

  const sendCode = async () => {
    const parsed = v.safeParse(ForgotPhoneSchema, { phoneNumber: flow.phone });
    if (!parsed.success) {
      setFlow((current) => ({ ...current, step: 'phone', errors: fieldErrors(parsed.issues) }));
      return;
    }
    setFlow((current) => ({ ...current, sending: true, failure: null }));
    const result = await api.POST('/api/Auth/SendCode', { body: { phoneNumber: parsed.output.phoneNumber, purpose: 'reset' } });
    setFlow((current) => afterSend(current, result, forgotTexts.failed));
  };

  const reset = async () => {
    const parsed = v.safeParse(ForgotCodeSchema, { phoneNumber: flow.phone, code: flow.code, ...passwords });
    if (!parsed.success) {
      const found = fieldErrors(parsed.issues);
      setErrors({ newPassword: found.newPassword, repeat: found.repeat });
      setFlow((current) => ({ ...current, errors: { code: found.code } }));
      return;
    }
    setFlow((current) => ({ ...current, sending: true, failure: null }));
    const { phoneNumber, code, newPassword } = parsed.output;
    const { data, error } = await api.POST('/api/Auth/ResetPasswordWithCode', { body: { phoneNumber, code, newPassword } });
    if (data) {
      onDone();
      return;
    }
    setFlow((current) => ({ ...current, sending: false, code: '', failure: serverMessage(error) ?? forgotTexts.failed }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void (flow.step === 'phone' ? sendCode() : reset());
  };
  const setPassword = (field: PasswordField) => (event: { target: { value: string } }) => {
    setPasswords((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <form ref={formRef} className="form" method="post" action={action} noValidate onSubmit={submit} aria-label="بازیابی با پیامک">
      {flow.step === 'phone' ? (
        <>
          <Field
            label="شماره موبایل حساب"
            name="phoneNumber"
            kind="phone"
            placeholder="۰۹۱۲۳۴۵۶۷۸۹"
            value={flow.phone}
            onChange={(event) => setFlow((current) => ({ ...current, phone: event.target.value, errors: { ...current.errors, phoneNumber: undefined } }))}
            error={flow.errors.phoneNumber}
          />
          {flow.failure && <StatusMessage kind="error">{flow.failure}</StatusMessage>}
          <button type="submit" name="step" value="send" className="button button--primary" disabled={flow.sending}>
            {flow.sending ? 'در حال ارسال...' : 'ارسال کد'}
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
            submitLabel={flow.sending ? 'در حال ذخیره...' : 'ذخیره رمز تازه'}
          >
            <Field
              label="رمز عبور جدید"
              name="newPassword"
              kind="newPassword"
              hint="دست‌کم ۸ نویسه"
              value={passwords.newPassword}
              onChange={setPassword('newPassword')}
              error={errors.newPassword}
            />
            <Field
              label="تکرار رمز عبور جدید"
              name="repeat"
              kind="newPassword"
              value={passwords.repeat}
              onChange={setPassword('repeat')}
              error={errors.repeat}
            />
          </CodeStep>
        </>
      )}
    </form>
  );
}

function ByMail({ search, posted }: { search: AuthSearch; posted?: PostedForm }) {
  const [email, setEmail] = useState(posted?.values.emailAddress ?? '');
  const [error, setError] = useState<string | undefined>(posted?.errors.emailAddress);
  const [failure, setFailure] = useState<string | null>(posted?.failure ?? null);
  const [notice, setNotice] = useState<string | null>(posted?.sent ? (posted.notice ?? null) : null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = v.safeParse(ForgotMailSchema, { emailAddress: email });
    if (!parsed.success) {
      setError(fieldErrors(parsed.issues).emailAddress);
      return;
    }
    setSending(true);
    const { data, error: refused } = await api.POST('/api/Auth/SendResetLink', { body: parsed.output });
    setSending(false);
    if (data) setNotice(data.message);
    else setFailure(serverMessage(refused) ?? forgotTexts.failed);
  };

  return (
    <form className="form" method="post" action={`/auth/forgot${authSearchQuery(search, 'email')}`} noValidate onSubmit={(event) => void submit(event)} aria-label="بازیابی با ایمیل">
      <Field
        label="ایمیل حساب"
        name="emailAddress"
        kind="email"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(undefined);
        }}
        error={error}
      />
      {notice && <StatusMessage kind="success">{notice}</StatusMessage>}
      {failure && <StatusMessage kind="error">{failure}</StatusMessage>}
      <button type="submit" name="step" value="mail" className="button button--primary" disabled={sending}>
        {sending ? 'در حال ارسال...' : 'ارسال پیوند به ایمیل'}
      </button>
    </form>
  );
}
