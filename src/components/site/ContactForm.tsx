import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { iranMobile, optionalEmail, requiredText } from '../../../schema/validators';
import { api, serverMessage } from '../../api/client';
import { Field } from './Field';
import { fieldErrors, type FieldErrors } from './formErrors';
import { StatusMessage } from './StatusMessage';

export const contactTexts = {
  sent: 'پیام شما ارسال شد. همکاران ما به‌زودی با شما تماس می‌گیرند.',
  failed: 'ارسال پیام انجام نشد. لطفاً دوباره تلاش کنید.',
  submit: 'ارسال پیام',
  sending: 'در حال ارسال...',
} as const;

const ContactSchema = v.object({
  fullName: requiredText('نام و نام خانوادگی', 100),
  phoneNumber: iranMobile('شماره موبایل'),
  emailAddress: optionalEmail('ایمیل'),
  message: v.pipe(requiredText('متن پیام', 2000), v.minLength(5, 'متن پیام کوتاه است')),
});

type ContactInput = v.InferInput<typeof ContactSchema>;
type ContactField = keyof ContactInput;

const empty: ContactInput = { fullName: '', phoneNumber: '', emailAddress: '', message: '' };

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

export function ContactForm() {
  const [values, setValues] = useState<ContactInput>(empty);
  const [errors, setErrors] = useState<FieldErrors<ContactField>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const set = (field: ContactField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = v.safeParse(ContactSchema, values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.issues));
      return;
    }
    setStatus({ kind: 'sending' });
    const { data, error } = await api.POST('/api/Contact', { body: parsed.output });
    if (data) {
      setValues(empty);
      setStatus({ kind: 'sent' });
    } else {
      setStatus({ kind: 'failed', message: serverMessage(error) ?? contactTexts.failed });
    }
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)} aria-label="فرم تماس">
      <div className="form-grid">
        <Field
          label="نام و نام خانوادگی"
          name="fullName"
          autoComplete="name"
          value={values.fullName}
          onChange={set('fullName')}
          error={errors.fullName}
        />
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
      </div>
      <Field
        label="متن پیام"
        name="message"
        multiline
        rows={5}
        value={values.message}
        onChange={set('message')}
        error={errors.message}
      />
      <div>
        <button type="submit" className="button button--primary" disabled={status.kind === 'sending'}>
          {status.kind === 'sending' ? contactTexts.sending : contactTexts.submit}
        </button>
      </div>
      {status.kind === 'sent' && <StatusMessage kind="success">{contactTexts.sent}</StatusMessage>}
      {status.kind === 'failed' && <StatusMessage kind="error">{status.message}</StatusMessage>}
    </form>
  );
}
