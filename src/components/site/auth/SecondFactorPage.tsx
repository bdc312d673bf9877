// The panel's second factor (server/features/secondFactor): a session signed in with a password
// passes it here with a code, a recovery code or a passkey, or first enrols one (an authenticator
// app by QR code, or a passkey), and is then sent on to the panel screen it was going to.
import { useEffect, useState, type FormEvent } from 'react';
import type { components } from '../../../../codegen/openapi.gen';
import { toPersianDigits } from '../../../../schema/rules/digits';
import { api, clearGetCache, serverMessage } from '../../../api/client';
import { Field } from '../Field';
import { StatusMessage } from '../StatusMessage';
import { passkeysSupported, signWithPasskey } from './passkeys';
import { SecondFactorEnrol } from './SecondFactorEnrol';
import { secondFactorTexts as texts } from './secondFactorTexts';
import './auth.css';
import '../styles/buttons.css';
import '../styles/forms.css';
import '../styles/status.css';
import './secondFactor.css';

type Status = components['schemas']['SecondFactorStatus'];

export function SecondFactorPage({ onDone }: { onDone: () => void }) {
  const [status, setStatus] = useState<Status | 'failed' | undefined>();
  // Moved on to read the state again (a factor was added).
  const [reads, setReads] = useState(0);
  useEffect(() => {
    let live = true;
    void api.GET('/api/Auth/SecondFactor').then(({ data }) => {
      if (live) setStatus(data ?? 'failed');
    });
    return () => {
      live = false;
    };
  }, [reads]);
  // What the panel read before this session passed was refusals: read again after.
  const passed = () => {
    clearGetCache();
    onDone();
  };

  return (
    <main className="auth-page panel second-factor" dir="rtl">
      {status === undefined && <p role="status">{texts.loading}</p>}
      {status === 'failed' && <StatusMessage kind="error">{texts.loadFailed}</StatusMessage>}
      {typeof status === 'object' && status.state === 'verify' && <Verify status={status} onPassed={passed} />}
      {typeof status === 'object' && status.state !== 'verify' && <SecondFactorEnrol status={status} onChanged={() => setReads((n) => n + 1)} onDone={passed} />}
      <p className="auth-switch">
        <a href="/">{texts.backToSite}</a>
      </p>
    </main>
  );
}

function Verify({ status, onPassed }: { status: Status; onPassed: () => void }) {
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setFailure(undefined);
    const { data, error } = await api.POST('/api/Auth/SecondFactor/Verify', { body: { code } });
    setSending(false);
    if (data) onPassed();
    else setFailure(serverMessage(error) ?? texts.failed);
  };

  const passkey = async () => {
    setFailure(undefined);
    const options = await api.POST('/api/Auth/SecondFactor/Passkey/SignInOptions');
    if (!options.data) return setFailure(serverMessage(options.error) ?? texts.failed);
    const response = await signWithPasskey(options.data.options);
    if (!response) return setFailure(texts.passkeyCancelled);
    const { data, error } = await api.POST('/api/Auth/SecondFactor/Passkey/SignIn', { body: { response } });
    if (data) onPassed();
    else setFailure(serverMessage(error) ?? texts.failed);
  };

  return (
    <>
      <h1>{texts.verifyTitle}</h1>
      <p className="auth-page__lead">{texts.verifyLead}</p>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <Field label={texts.codeLabel} name="second-factor-code" kind="code" inputMode="text" hint={texts.codeHint} value={code} onChange={(event) => setCode(event.target.value)} />
        {failure && <StatusMessage kind="error">{failure}</StatusMessage>}
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? texts.verifying : texts.verify}
        </button>
      </form>
      {status.passkeys > 0 && (
        <div className="second-factor__section">
          <p>{texts.orPasskey}</p>
          <button type="button" className="button" disabled={!passkeysSupported()} onClick={() => void passkey()}>
            {texts.passkeySignIn}
          </button>
        </div>
      )}
      {status.recoveryCodesLeft > 0 && <p className="field__hint">{texts.codesLeft(toPersianDigits(status.recoveryCodesLeft))}</p>}
    </>
  );
}
