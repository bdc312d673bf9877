// The trial's servers (the site and its local gateway) answer only requests addressed to this
// machine by name. A web page elsewhere can point its own name at 127.0.0.1 (DNS rebinding) and
// then read these servers as its own origin: the outbox (every sign-in code) among them. Such a
// request still carries that page's name in Host, which is refused here.
import { isLoopbackHost } from '../platform/config';

export const foreignHostText = 'نسخه آزمایشی فقط از همین رایانه و با نشانی localhost یا 127.0.0.1 باز می‌شود؛ نشانی‌ای را که هنگام اجرا چاپ شد باز کنید.';

/**
 * Whether a Host header names this machine: localhost, 127.0.0.0/8 or [::1], with any port; or
 * the host of `publicUrl`, the address the operator chose for the trial (PUBLIC_URL, e.g. the
 * machine's LAN address with HOST set). A missing or malformed Host is refused.
 */
export function localHostCheck(publicUrl?: string): (host: string | undefined) => boolean {
  const chosen = publicUrl ? new URL(publicUrl).hostname.toLowerCase() : undefined;
  return (host) => {
    if (!host) return false;
    let name: string;
    try {
      name = new URL(`http://${host}`).hostname.toLowerCase();
    } catch {
      return false;
    }
    return isLoopbackHost(name) || name === chosen;
  };
}
