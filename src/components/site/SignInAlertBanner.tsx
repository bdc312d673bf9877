import { useEffect, useState } from 'react';
import { signInAlertTexts, takeSignInAlert, type SignInAlert } from '../../lib/signInAlert';

/**
 * The report of wrong passwords tried since the last sign-in (src/lib/signInAlert.ts), shown once
 * after signing in until dismissed. Read after the first render, so a server-rendered page
 * hydrates as it was rendered (the server never has the report).
 */
export function SignInAlertBanner({ className = 'sign-in-alert' }: { className?: string }) {
  const [alert, setAlert] = useState<SignInAlert | null>(null);
  useEffect(() => {
    const taken = takeSignInAlert();
    if (taken) setAlert(taken);
  }, []);
  if (!alert) return null;
  return (
    <div className={className} role="alert">
      <p>
        <strong>{signInAlertTexts.title}: </strong>
        {signInAlertTexts.body(alert)}
      </p>
      <button type="button" onClick={() => setAlert(null)}>
        {signInAlertTexts.dismiss}
      </button>
    </div>
  );
}
