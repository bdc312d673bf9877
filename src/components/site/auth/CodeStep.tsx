import { useEffect, useState, useSyncExternalStore, type Dispatch, type MouseEvent, type ReactNode, type RefObject, type SetStateAction } from 'react';
import { serverMessage } from '../../../api/client';
import type { PostedForm } from '../../../../schema/rules/forms/postedForm';
import { toPersianDigits } from '../../../../schema/rules/text';
import { Field } from '../Field';
import { StatusMessage } from '../StatusMessage';

export const codeStepTexts = {
  codeLabel: 'کد ۶ رقمی',
  codeHint: 'کدی که پیامک شد؛ با رقم‌های فارسی یا انگلیسی',
  resend: 'ارسال دوباره کد',
  changeNumber: 'تغییر شماره',
  sentTo: (phone: string) => `کد ۶ رقمی به شماره ${toPersianDigits(phone)} پیامک شد.`,
} as const;

/** m:ss in Persian digits (۰:۴۵). */
export function countdownText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return toPersianDigits(`${minutes}:${String(seconds % 60).padStart(2, '0')}`);
}

const noSubscription = () => () => undefined;

/**
 * "Send again", counting down from `seconds` (the parent gives it a new key with every code sent,
 * so the count starts again). Before the island runs (the server's render, a browser without
 * scripts) it is usable and says no time: the server answers a too-early request with the seconds
 * still to wait.
 */
function ResendButton({ seconds, busy, onResend }: { seconds: number; busy: boolean; onResend: () => void }) {
  const live = useSyncExternalStore(noSubscription, () => true, () => false);
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const until = Date.now() + seconds * 1000;
    const timer = window.setInterval(() => {
      const remaining = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [seconds]);
  const waiting = live && left > 0;
  const click = (event: MouseEvent) => {
    event.preventDefault();
    if (!waiting && !busy) onResend();
  };
  return (
    <button
      type="submit"
      name="step"
      value="send"
      formNoValidate
      className="button button--ghost code-step__resend"
      disabled={waiting || busy}
      onClick={click}
    >
      {codeStepTexts.resend}
      {waiting && (
        <>
          {' '}
          <span className="code-step__countdown" role="timer" aria-label={`${toPersianDigits(left)} ثانیه`}>
            ({countdownText(left)})
          </span>
        </>
      )}
    </button>
  );
}

/**
 * On Android, Chrome reads the code from an SMS that ends with `@<this host> #<code>` (the server
 * writes that line) and offers it here; elsewhere the field's autocomplete="one-time-code" lets
 * the keyboard suggest it. Stops asking once the step is left.
 */
function useWebOtp(active: boolean, fill: (code: string) => void): void {
  useEffect(() => {
    if (!active || typeof window === 'undefined' || !('OTPCredential' in window)) return;
    const controller = new AbortController();
    const options = { otp: { transport: ['sms'] }, signal: controller.signal };
    navigator.credentials
      .get(options as CredentialRequestOptions)
      .then((credential) => {
        if (credential && 'code' in credential && typeof credential.code === 'string') fill(credential.code);
      })
      .catch(() => undefined);
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);
}

interface CodeStepProps {
  /** The number the code went to, as typed (shown in Persian digits). */
  phone: string;
  /** The server's words after sending; a default naming the number otherwise. */
  notice?: string;
  code: string;
  onCode: (value: string) => void;
  error?: string;
  failure: string | null;
  /** Seconds until "send again" works, and a key that changes with every code sent. */
  resendAfterSeconds: number;
  resendKey: number;
  onResend: () => void;
  resending: boolean;
  /** Back to the number (or the details): a page address before the island runs. */
  backHref: string;
  backLabel?: string;
  onBack: () => void;
  submitLabel: string;
  sending: boolean;
  /** Fields asked with the code (a new password). */
  children?: ReactNode;
}

/**
 * The code step of the sign-in, sign-up and recovery forms, inside the form element of its page
 * (method="post" to the page itself, so a press before the island runs posts it, never a GET).
 * The submit buttons carry the step: pressing Enter verifies, the second asks for a new code.
 */
export function CodeStep(props: CodeStepProps) {
  useWebOtp(true, props.onCode);
  const onBack = (event: MouseEvent) => {
    event.preventDefault();
    props.onBack();
  };
  return (
    <>
      <StatusMessage kind="info">{props.notice ?? codeStepTexts.sentTo(props.phone)}</StatusMessage>
      <Field
        label={codeStepTexts.codeLabel}
        name="code"
        kind="code"
        enterKeyHint="done"
        className="code-input"
        // The step has just appeared (or the page opened on it): the code is all there is to type.
        autoFocus
        hint={codeStepTexts.codeHint}
        value={props.code}
        onChange={(event) => props.onCode(event.target.value)}
        error={props.error}
      />
      {props.children}
      {props.failure && <StatusMessage kind="error">{props.failure}</StatusMessage>}
      <button type="submit" name="step" value="verify" className="button button--primary" disabled={props.sending}>
        {props.submitLabel}
      </button>
      <div className="code-step__actions">
        <ResendButton key={props.resendKey} seconds={props.resendAfterSeconds} busy={props.resending} onResend={props.onResend} />
        <a href={props.backHref} onClick={onBack}>
          {props.backLabel ?? codeStepTexts.changeNumber}
        </a>
      </div>
    </>
  );
}

/** The two steps of a code's way in, shared by sign-in and recovery: the number, then the code. */
export interface CodeFlow {
  step: 'phone' | 'code';
  phone: string;
  code: string;
  errors: Partial<Record<'phoneNumber' | 'code', string>>;
  failure: string | null;
  notice?: string;
  resendAfterSeconds: number;
  resendKey: number;
  sending: boolean;
}

export function initialCodeFlow(posted: PostedForm | undefined): CodeFlow {
  return {
    step: posted?.step === 'code' ? 'code' : 'phone',
    phone: posted?.values.phoneNumber ?? '',
    code: '',
    errors: posted?.errors ?? {},
    failure: posted?.failure ?? null,
    notice: posted?.notice,
    resendAfterSeconds: posted?.resendAfterSeconds ?? 60,
    resendKey: 0,
    sending: false,
  };
}

/**
 * The code step's props that follow from the flow alone (the same in sign-in, sign-up and
 * recovery); each form adds the number, how a typed code and "send again" change its flow, where
 * "back" goes and its labels.
 */
export function codeStepState(
  flow: CodeFlow,
  setFlow: Dispatch<SetStateAction<CodeFlow>>,
): Pick<CodeStepProps, 'notice' | 'code' | 'error' | 'failure' | 'resendAfterSeconds' | 'resendKey' | 'resending' | 'onBack' | 'sending'> {
  return {
    notice: flow.notice,
    code: flow.code,
    error: flow.errors.code,
    failure: flow.failure,
    resendAfterSeconds: flow.resendAfterSeconds,
    resendKey: flow.resendKey,
    resending: flow.sending,
    onBack: () => setFlow((current) => ({ ...current, step: 'phone', code: '', failure: null, notice: undefined })),
    sending: flow.sending,
  };
}

/** The answer to "send a code", in the flow: the code step with its countdown, or the refusal. */
export function afterSend(
  flow: CodeFlow,
  result: { data?: { message: string; resendAfterSeconds: number }; error?: unknown },
  fallback: string,
): CodeFlow {
  if (result.data) {
    return { ...flow, step: 'code', code: '', notice: result.data.message, resendAfterSeconds: result.data.resendAfterSeconds, resendKey: flow.resendKey + 1, failure: null, sending: false };
  }
  const error = result.error;
  const wait = typeof error === 'object' && error !== null && 'retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number' ? error.retryAfterSeconds : undefined;
  // Too soon after the last code: that code is on its way, so the code step is where to be.
  if (wait !== undefined) return { ...flow, step: 'code', failure: serverMessage(error) ?? fallback, resendAfterSeconds: wait, resendKey: flow.resendKey + 1, sending: false };
  return { ...flow, failure: serverMessage(error) ?? fallback, sending: false };
}

/** What was typed into a code form before its island ran (as useTypedBeforeHydration). */
export function useTypedCode(form: RefObject<HTMLFormElement | null>, setFlow: Dispatch<SetStateAction<CodeFlow>>): void {
  useEffect(() => {
    if (!form.current) return;
    const typed = new FormData(form.current);
    const phone = typed.get('phoneNumber');
    const code = typed.get('code');
    setFlow((current) => ({
      ...current,
      ...(typeof phone === 'string' ? { phone } : {}),
      ...(typeof code === 'string' ? { code } : {}),
    }));
    // Once, after hydration: later typing goes through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

