// Enrolling the second factor: an authenticator app by a QR code our server drew (and its secret
// as text), confirmed with a first code, or a passkey; then the recovery codes, shown once.
import { useState, type FormEvent } from 'react';
import type { components } from '../../../../codegen/openapi.gen';
import { toPersianDigits } from '../../../../schema/rules/digits';
import { api, serverMessage } from '../../../api/client';
import { Field } from '../Field';
import { StatusMessage } from '../StatusMessage';
import { createPasskey, passkeysSupported } from './passkeys';
import { secondFactorTexts as texts } from './secondFactorTexts';

type Status = components['schemas']['SecondFactorStatus'];
type Enrolment = components['schemas']['TotpEnrolment'];

interface Props {
  status: Status;
  onChanged: () => void;
  onDone: () => void;
}

export function SecondFactorEnrol({ status, onChanged, onDone }: Props) {
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const [failure, setFailure] = useState<string>();
  // A factor added: the codes (if any were made) are shown before anything else.
  const added = (codes: string[]) => {
    if (codes.length > 0) setRecoveryCodes(codes);
    else onChanged();
  };
  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={onDone} />;

  const enrolled = status.totp || status.passkeys > 0;
  const passkey = async () => {
    setFailure(undefined);
    const options = await api.POST('/api/Auth/SecondFactor/Passkey/Options');
    if (!options.data) return setFailure(serverMessage(options.error) ?? texts.failed);
    const response = await createPasskey(options.data.options);
    if (!response) return setFailure(texts.passkeyCancelled);
    const { data, error } = await api.POST('/api/Auth/SecondFactor/Passkey', { body: { response } });
    if (data) added(data.recoveryCodes);
    else setFailure(serverMessage(error) ?? texts.failed);
  };

  return (
    <>
      <h1>{enrolled ? texts.manageTitle : texts.enrolTitle}</h1>
      <p className="auth-page__lead">{enrolled ? texts.manageLead : status.required ? texts.enrolLead : texts.optionalLead}</p>
      <section className="second-factor__section" aria-labelledby="second-factor-app">
        <h2 id="second-factor-app">{texts.appTitle}</h2>
        {status.totp ? <p>{texts.appEnabled}</p> : <AppEnrolment onEnrolled={added} />}
      </section>
      <section className="second-factor__section" aria-labelledby="second-factor-passkey">
        <h2 id="second-factor-passkey">{texts.passkeyTitle}</h2>
        <p>{texts.passkeyLead}</p>
        {status.passkeys > 0 && <p>{texts.passkeyCount(toPersianDigits(status.passkeys))}</p>}
        {failure && <StatusMessage kind="error">{failure}</StatusMessage>}
        {passkeysSupported() ? (
          <button type="button" className="button" onClick={() => void passkey()}>
            {texts.passkeyCreate}
          </button>
        ) : (
          <p className="field__hint">{texts.passkeyUnsupported}</p>
        )}
      </section>
      {enrolled && (
        <>
          {status.recoveryCodesLeft > 0 && <p className="field__hint">{texts.codesLeft(toPersianDigits(status.recoveryCodesLeft))}</p>}
          <button type="button" className="button button--primary" onClick={onDone}>
            {texts.toPanel}
          </button>
        </>
      )}
      {!enrolled && !status.required && (
        <button type="button" className="button" onClick={onDone}>
          {texts.toPanel}
        </button>
      )}
    </>
  );
}

function AppEnrolment({ onEnrolled }: { onEnrolled: (codes: string[]) => void }) {
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);

  const start = async () => {
    setFailure(undefined);
    const { data, error } = await api.POST('/api/Auth/SecondFactor/Totp');
    if (data) setEnrolment(data);
    else setFailure(serverMessage(error) ?? texts.failed);
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setFailure(undefined);
    const { data, error } = await api.POST('/api/Auth/SecondFactor/Totp/Confirm', { body: { code } });
    setSending(false);
    if (data) onEnrolled(data.recoveryCodes);
    else setFailure(serverMessage(error) ?? texts.failed);
  };

  if (!enrolment) {
    return (
      <>
        <p>{texts.appLead}</p>
        {failure && <StatusMessage kind="error">{failure}</StatusMessage>}
        <button type="button" className="button" onClick={() => void start()}>
          {texts.appStart}
        </button>
      </>
    );
  }
  return (
    <>
      <p>{texts.appLead}</p>
      {/* Our own server drew it (no outside service sees the secret); as an image, never as markup. */}
      <img className="second-factor__qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`} alt={texts.qrAlt} width={200} height={200} />
      <p>{texts.secretLabel}</p>
      <code className="second-factor__secret" dir="ltr" data-secret={enrolment.secret}>
        {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
      </code>
      <form className="form" noValidate onSubmit={(event) => void confirm(event)}>
        <Field label={texts.confirmLabel} name="second-factor-first-code" kind="code" value={code} onChange={(event) => setCode(event.target.value)} />
        {failure && <StatusMessage kind="error">{failure}</StatusMessage>}
        <button type="submit" className="button button--primary" disabled={sending}>
          {texts.confirm}
        </button>
      </form>
    </>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  return (
    <>
      <h1>{texts.codesTitle}</h1>
      <p className="auth-page__lead">{texts.codesLead}</p>
      <ol className="second-factor__codes" dir="ltr" aria-label={texts.codesTitle}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <button type="button" className="button button--primary" onClick={onDone}>
        {texts.toPanel}
      </button>
    </>
  );
}
