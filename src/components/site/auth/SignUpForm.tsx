import { useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { api, serverMessage } from '../../../api/client';
import { authSearchQuery, type AuthFormProps } from '../../../../schema/rules/forms/redirect';
import { finishSignIn } from './finishSignIn';
import { afterSend, CodeStep, codeStepState, initialCodeFlow, type CodeFlow } from './CodeStep';
import { Field, NameFields, useTypedBeforeHydration } from '../Field';
import { fieldErrors, type FieldErrors } from '../../../../schema/rules/forms/formErrors';
import { StatusMessage } from '../StatusMessage';
import { useSeo } from '../../../lib/seo';
import { CodeRequestSchema } from '../../../../schema/rules/forms/signInRules';
import { SignUpCodeSchema, signUpFailed, SignUpSchema } from '../../../../schema/rules/forms/signUpRules';
import './auth.css';

type SignUpInput = v.InferInput<typeof SignUpSchema>;
type SignUpField = keyof SignUpInput;

export const signUpTexts = {
  lead: 'مشخصات خودتان (پدر، مادر یا سرپرست) را وارد کنید؛ فرزندان را بعداً در داشبورد می‌افزایید.',
  codeLead: 'برای اطمینان از اینکه این شماره مال شماست، کدی که به آن پیامک شد را بنویسید.',
  sendCode: 'دریافت کد تأیید',
  sending: 'در حال ارسال...',
  confirm: 'تأیید و عضویت',
  confirming: 'در حال ثبت...',
  edit: 'ویرایش مشخصات',
  passwordAgain: 'رمز عبور (دوباره بنویسید)',
} as const;

/**
 * The form and its texts live here, not in the route file, so the route stub stays tiny. An island
 * (src/islands/): plain links, no router. Two steps: the details (checked whole, then a code is
 * sent to the phone), then the code; the account is made only with the right code, so the phone
 * is proven before it exists.
 */
export function SignUpForm({ posted, ...search }: AuthFormProps) {
  // After a plain post the server rendered what was typed and what went wrong (never the password).
  const typed = posted?.values ?? {};
  const [values, setValues] = useState<SignUpInput>({
    firstName: typed.firstName ?? '',
    lastName: typed.lastName ?? '',
    phoneNumber: typed.phoneNumber ?? '',
    emailAddress: typed.emailAddress ?? '',
    password: '',
  });
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, ['firstName', 'lastName', 'phoneNumber', 'emailAddress', 'password'], setValues);
  const [errors, setErrors] = useState<FieldErrors<SignUpField>>(posted?.errors ?? {});
  const [flow, setFlow] = useState<CodeFlow>(() => initialCodeFlow(posted));
  // Opened on the code step by a plain post, the page never had the password: it is asked there.
  const [askPassword] = useState(posted?.step === 'code');
  useSeo({ title: 'عضویت', description: 'ساخت حساب کاربری در آکادمی برای ثبت‌نام فرزندان در دوره‌ها' });
  const action = `/auth/sign-up${authSearchQuery(search)}`;

  const set = (field: SignUpField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** Checks the details and sends the phone its code; "send again" needs only the number. */
  const sendCode = async (again = false) => {
    const parsed = again ? v.safeParse(CodeRequestSchema, { phoneNumber: values.phoneNumber }) : v.safeParse(SignUpSchema, values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.issues);
      setErrors(found);
      // A detail to fix is on the first step, unless it is the password the code step asks for.
      const onlyPassword = Object.keys(found).every((field) => field === 'password');
      if (!(askPassword && onlyPassword)) setFlow((current) => ({ ...current, step: 'phone' }));
      return;
    }
    setFlow((current) => ({ ...current, sending: true, failure: null }));
    const result = await api.POST('/api/Auth/SendCode', { body: { phoneNumber: parsed.output.phoneNumber, purpose: 'signUp' } });
    setFlow((current) => afterSend(current, result, signUpFailed));
  };

  const signUp = async () => {
    const parsed = v.safeParse(SignUpCodeSchema, { ...values, code: flow.code });
    if (!parsed.success) {
      const found = fieldErrors(parsed.issues);
      setErrors(found);
      const onCodeStep = Object.keys(found).every((field) => field === 'code' || (askPassword && field === 'password'));
      setFlow((current) => ({ ...current, errors: { code: found.code }, ...(onCodeStep ? {} : { step: 'phone' as const }) }));
      return;
    }
    setFlow((current) => ({ ...current, sending: true, failure: null }));
    const { data, error } = await api.POST('/api/Auth/SignUp', { body: parsed.output });
    if (data) {
      finishSignIn(data.accessToken, search.redirect);
      return;
    }
    setFlow((current) => ({ ...current, sending: false, code: '', failure: serverMessage(error) ?? signUpFailed }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void (flow.step === 'phone' ? sendCode() : signUp());
  };

  return (
    <div className="auth-page panel">
      <h1>عضویت در آکادمی</h1>
      <p className="auth-page__lead">{flow.step === 'phone' ? signUpTexts.lead : signUpTexts.codeLead}</p>
      {/* Posted before the island answers, the server sends the code, then signs up
          (server/features/catalogue/formPosts.ts); a GET would put the details and the password in the address bar. */}
      <form ref={formRef} className="form" method="post" action={action} noValidate onSubmit={submit}>
        {flow.step === 'phone' ? (
          <>
            <div className="form-grid">
              <NameFields values={values} set={set} errors={errors} own />
            </div>
            <Field
              label="شماره موبایل"
              name="phoneNumber"
              kind="phone"
              placeholder="۰۹۱۲۳۴۵۶۷۸۹"
              hint="کد تأیید به این شماره پیامک می‌شود"
              value={values.phoneNumber}
              onChange={set('phoneNumber')}
              error={errors.phoneNumber}
            />
            <Field
              label="ایمیل (اختیاری)"
              name="emailAddress"
              kind="email"
              value={values.emailAddress}
              onChange={set('emailAddress')}
              error={errors.emailAddress}
            />
            <Field
              label="رمز عبور"
              name="password"
              kind="newPassword"
              hint="دست‌کم ۸ نویسه"
              value={values.password}
              onChange={set('password')}
              error={errors.password}
            />
            {flow.failure && <StatusMessage kind="error">{flow.failure}</StatusMessage>}
            <button type="submit" name="step" value="send" className="button button--primary" disabled={flow.sending}>
              {flow.sending ? signUpTexts.sending : signUpTexts.sendCode}
            </button>
          </>
        ) : (
          <>
            {/* The details travel with the code when it is posted before the island runs. */}
            <input type="hidden" name="firstName" value={values.firstName} />
            <input type="hidden" name="lastName" value={values.lastName} />
            <input type="hidden" name="phoneNumber" value={values.phoneNumber} />
            <input type="hidden" name="emailAddress" value={values.emailAddress ?? ''} />
            <CodeStep
              {...codeStepState(flow, setFlow)}
              phone={values.phoneNumber}
              onCode={(code) => setFlow((current) => ({ ...current, code, errors: { code: undefined } }))}
              onResend={() => void sendCode(true)}
              backHref={action}
              backLabel={signUpTexts.edit}
              submitLabel={flow.sending ? signUpTexts.confirming : signUpTexts.confirm}
            >
              {/* Never sent back by the server: after a plain post it is asked again here. */}
              {askPassword && (
                <Field
                  label={signUpTexts.passwordAgain}
                  name="password"
                  kind="newPassword"
                  hint="دست‌کم ۸ نویسه"
                  value={values.password}
                  onChange={set('password')}
                  error={errors.password}
                />
              )}
            </CodeStep>
          </>
        )}
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
