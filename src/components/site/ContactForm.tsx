import { useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { api, serverMessage } from '../../api/client';
import { Field, useTypedBeforeHydration } from './Field';
import { fieldErrors, type FieldErrors } from '../../../schema/rules/forms/formErrors';
import { ContactSchema, contactTexts } from '../../../schema/rules/forms/contactRules';
import type { PostedForm } from '../../../schema/rules/forms/postedForm';
import { StatusMessage } from './StatusMessage';

type ContactInput = v.InferInput<typeof ContactSchema>;
type ContactField = keyof ContactInput;

const empty: ContactInput = { fullName: '', phoneNumber: '', emailAddress: '', message: '' };

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

function initialStatus(posted: PostedForm | undefined): Status {
  if (posted?.sent) return { kind: 'sent' };
  if (posted?.failure) return { kind: 'failed', message: posted.failure };
  return { kind: 'idle' };
}

/** `posted`: the server's answer to a plain post of this form, made before the island arrived. */
export function ContactForm({ posted }: { posted?: PostedForm }) {
  const typed = posted?.values ?? {};
  const [values, setValues] = useState<ContactInput>({
    fullName: typed.fullName ?? empty.fullName,
    phoneNumber: typed.phoneNumber ?? empty.phoneNumber,
    emailAddress: typed.emailAddress ?? empty.emailAddress,
    message: typed.message ?? empty.message,
  });
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, ['fullName', 'phoneNumber', 'emailAddress', 'message'], setValues);
  const [errors, setErrors] = useState<FieldErrors<ContactField>>(posted?.errors ?? {});
  const [status, setStatus] = useState<Status>(initialStatus(posted));

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
    // Posted before the island answers, the server sends the message (server/features/catalogue/formPosts.ts): the
    // browser's default, a GET, would put the visitor's name, phone and message in the address.
    // The fragment (never sent to the server) brings the answer's form and message into view on
    // a phone, where they sit below the contact details.
    <form ref={formRef} className="form" method="post" action="/contact-us#contact-form-title" noValidate onSubmit={(event) => void submit(event)} aria-label="فرم تماس">
      <div className="form-grid">
        <Field
          label="نام و نام خانوادگی"
          name="fullName"
          kind="fullName"
          value={values.fullName}
          onChange={set('fullName')}
          error={errors.fullName}
        />
        <Field
          label="شماره موبایل"
          name="phoneNumber"
          kind="phone"
          placeholder="۰۹۱۲۳۴۵۶۷۸۹"
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
