import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { newPassword, oneTimeCode } from '../../../../schema/validators';
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
type ResetField = 'password' | 'repeat' | 'code';

const CodeSchema = v.object({ code: oneTimeCode('کد ۶ رقمی') });

export const resetTexts = {
  title: 'گذاشتن رمز عبور تازه',
  lead: 'این پیوند (از مدیر آکادمی یا از ایمیلی که خواستید) فقط یک بار کار می‌کند. رمز تازه‌ای بگذارید؛ پس از آن همه دستگاه‌هایی که با حساب شما وارد شده‌اند خارج می‌شوند. برای حساب مدیریت، کد پیامکی‌ای هم که به موبایل حساب فرستاده می‌شود لازم است.',
  failed: 'رمز عبور تغییر نکرد. لطفاً دوباره تلاش کنید.',
  askCode: 'ارسال کد به موبایل حساب',
  askAgain: 'ارسال دوباره کد',
  codeFailed: 'کد فرستاده نشد. لطفاً دوباره تلاش کنید.',
  done: 'رمز عبور تازه ذخیره شد. اکنون با آن وارد شوید.',
  signIn: 'ورود به حساب',
} as const;

/** An administrator's link: the server asked for the SMS code too (its words), then sent it. */
interface StaffStep {
  step: 'ask' | 'code';
  notice: string;
}

/**
 * The page a one-time reset link opens (/auth/reset/<token>). An island (src/islands/): plain
 * links, no router. The token goes to the server in the body of the call; links to other sites
 * carry only the site's origin (its Referrer-Policy), never this address. An account that opens
 * the admin panel is answered 403 with what to do: the page then asks for the code the server
 * SMSes to the account's own phone (SendResetLinkCode) and sends it with the new password.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const [values, setValues] = useState({ password: '', repeat: '', code: '' });
  const [staff, setStaff] = useState<StaffStep | null>(null);
  const [errors, setErrors] = useState<FieldErrors<ResetField>>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  useSeo({ title: resetTexts.title, description: resetTexts.title });

  const set = (field: ResetField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const askCode = async () => {
    setFailure(null);
    setSending(true);
    const { data, error } = await api.POST('/api/Auth/SendResetLinkCode', { body: { token } });
    setSending(false);
    if (data) setStaff({ step: 'code', notice: data.message });
    else setFailure(serverMessage(error) ?? resetTexts.codeFailed);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = v.safeParse(ResetSchema, values);
    const typedCode = staff?.step === 'code' ? v.safeParse(CodeSchema, { code: values.code }) : undefined;
    if (!parsed.success || (typedCode && !typedCode.success)) {
      setErrors({ ...(parsed.success ? {} : fieldErrors(parsed.issues)), ...(typedCode && !typedCode.success ? fieldErrors(typedCode.issues) : {}) });
      return;
    }
    setSending(true);
    const code = typedCode?.success ? { code: typedCode.output.code } : {};
    const { data, error, response } = await api.POST('/api/Auth/ResetPassword', { body: { token, newPassword: parsed.output.password, ...code } });
    setSending(false);
    if (data) setDone(true);
    else if (response.status === 403) setStaff({ step: 'ask', notice: serverMessage(error) ?? resetTexts.lead });
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
          kind="newPassword"
          hint="دست‌کم ۸ نویسه"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
        />
        <Field
          label="تکرار رمز عبور جدید"
          name="repeat"
          kind="newPassword"
          value={values.repeat}
          onChange={set('repeat')}
          error={errors.repeat}
        />
        {staff && <StatusMessage kind="info">{staff.notice}</StatusMessage>}
        {staff?.step === 'code' && (
          <Field
            label="کد ۶ رقمی"
            name="code"
            kind="code"
            className="code-input"
            autoFocus
            hint="کدی که به موبایل حساب پیامک شد"
            value={values.code}
            onChange={set('code')}
            error={errors.code}
          />
        )}
        {failure && <StatusMessage kind="error">{failure}</StatusMessage>}
        {staff?.step === 'ask' ? (
          <button type="button" className="button button--primary" disabled={sending} onClick={() => void askCode()}>
            {sending ? 'در حال ارسال...' : resetTexts.askCode}
          </button>
        ) : (
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? 'در حال ذخیره...' : 'ذخیره رمز تازه'}
          </button>
        )}
        {staff?.step === 'code' && (
          <button type="button" className="button button--ghost" disabled={sending} onClick={() => void askCode()}>
            {resetTexts.askAgain}
          </button>
        )}
      </form>
    </div>
  );
}
