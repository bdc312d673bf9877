import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { iranMobile, optionalEmail, requiredText } from '../../../../schema/validators';
import { api, serverMessage } from '../../../api/client';
import { authSearchQuery, type AuthSearch } from './redirect';
import { finishSignIn } from './finishSignIn';
import { Field } from '../Field';
import { fieldErrors, type FieldErrors } from '../formErrors';
import { StatusMessage } from '../StatusMessage';
import { useSeo } from '../../../lib/seo';
import './auth.css';

const SignUpSchema = v.object({
  firstName: requiredText('نام', 100),
  lastName: requiredText('نام خانوادگی', 100),
  phoneNumber: iranMobile('شماره موبایل'),
  emailAddress: optionalEmail('ایمیل'),
  password: v.pipe(
    v.string('رمز عبور باید متن باشد'),
    v.minLength(8, 'رمز عبور باید دست‌کم ۸ نویسه باشد'),
    v.maxLength(128, 'رمز عبور حداکثر ۱۲۸ نویسه است'),
  ),
});

type SignUpInput = v.InferInput<typeof SignUpSchema>;
type SignUpField = keyof SignUpInput;

const empty: SignUpInput = { firstName: '', lastName: '', phoneNumber: '', emailAddress: '', password: '' };
const failedText = 'عضویت انجام نشد. لطفاً دوباره تلاش کنید.';

/**
 * The form and its texts live here, not in the route file, so the route stub stays tiny. An island
 * (src/islands/): plain links, no router.
 */
export function SignUpForm(search: AuthSearch) {
  const [values, setValues] = useState<SignUpInput>(empty);
  const [errors, setErrors] = useState<FieldErrors<SignUpField>>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useSeo({ title: 'عضویت', description: 'ساخت حساب کاربری در آکادمی برای ثبت‌نام فرزندان در دوره‌ها' });

  const set = (field: SignUpField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = v.safeParse(SignUpSchema, values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.issues));
      return;
    }
    setSending(true);
    const { data, error } = await api.POST('/api/Auth/SignUp', { body: parsed.output });
    setSending(false);
    if (data) finishSignIn(data.accessToken, search.redirect);
    else setFailure(serverMessage(error) ?? failedText);
  };

  return (
    <div className="auth-page panel">
      <h1>عضویت در آکادمی</h1>
      <p className="auth-page__lead">
        مشخصات خودتان (پدر، مادر یا سرپرست) را وارد کنید؛ فرزندان را بعداً در داشبورد می‌افزایید.
      </p>
      {/* POST: sent before the island answers, a GET would put the password in the address bar. */}
      <form className="form" method="post" noValidate onSubmit={(event) => void submit(event)}>
        <div className="form-grid">
          <Field
            label="نام"
            name="firstName"
            autoComplete="given-name"
            value={values.firstName}
            onChange={set('firstName')}
            error={errors.firstName}
          />
          <Field
            label="نام خانوادگی"
            name="lastName"
            autoComplete="family-name"
            value={values.lastName}
            onChange={set('lastName')}
            error={errors.lastName}
          />
        </div>
        <Field
          label="شماره موبایل"
          name="phoneNumber"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          placeholder="۰۹۱۲۳۴۵۶۷۸۹"
          value={values.phoneNumber}
          onChange={set('phoneNumber')}
          error={errors.phoneNumber}
        />
        <Field
          label="ایمیل (اختیاری)"
          name="emailAddress"
          type="email"
          autoComplete="email"
          dir="ltr"
          value={values.emailAddress}
          onChange={set('emailAddress')}
          error={errors.emailAddress}
        />
        <Field
          label="رمز عبور"
          name="password"
          type="password"
          autoComplete="new-password"
          dir="ltr"
          hint="دست‌کم ۸ نویسه"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
        />
        {failure && <StatusMessage kind="error">{failure}</StatusMessage>}
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'در حال ثبت...' : 'عضویت'}
        </button>
      </form>
      <p className="auth-switch">
        قبلاً عضو شده‌اید؟{' '}
        <a href={`/auth/sign-in${authSearchQuery(search)}`}>
          ورود
        </a>
      </p>
    </div>
  );
}
