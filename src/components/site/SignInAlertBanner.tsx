import { useSyncExternalStore } from 'react';
import { dismissSignInAlert, signInAlertSnapshot, signInAlertTexts, subscribeSignInAlert } from '../../lib/signInAlert';

const serverSnapshot = () => null;

/**
 * The report of wrong passwords tried since the last sign-in (src/lib/signInAlert.ts), shown
 * after signing in until dismissed. The server never has it, so a server-rendered page hydrates
 * without it and shows it right after.
 */
export function SignInAlertBanner({ className = 'sign-in-alert' }: { className?: string }) {
  const alert = useSyncExternalStore(subscribeSignInAlert, signInAlertSnapshot, serverSnapshot);
  if (!alert) return null;
  return (
    <div className={className} role="alert">
      <p>
        <strong>{signInAlertTexts.title}: </strong>
        {signInAlertTexts.body(alert)}
      </p>
      <button type="button" onClick={dismissSignInAlert}>
        {signInAlertTexts.dismiss}
      </button>
    </div>
  );
}
