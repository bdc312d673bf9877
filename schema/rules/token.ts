// What a page may read of an access token without its key: the role name that opens the admin
// panel, and where a visitor goes once signed in. The browser reads its stored token with it, and
// the server's no-script sign-in reads the token it has just issued; the signature is checked
// only by the server, on every call.
import { safeRedirect } from './forms/redirect';

export const adminRole = 'Administrator';
/**
 * A staff member's role name (users.role 200): they open the panel too, and see there what their
 * staff role grants (read from the server, never from the token).
 */
export const staffRoleName = 'Staff';

/** Whether a token's role name opens the admin panel: the header's button and the /admin gate. */
export function opensPanel(role: string | undefined): boolean {
  return role === adminRole || role === staffRoleName;
}

/**
 * What a password-reset link's address begins with (the site's page that takes it); the rest is
 * the secret, never logged (server/platform/requestLog.ts).
 */
export const resetLinkBase = '/auth/reset/';

export interface TokenPayload {
  sub?: string;
  role?: string;
  exp?: number;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The token's payload, or null when it is not a string or is malformed; then the invalid-token
 * message is logged (spec §5, §8). The signature is the server's business.
 */
export function decodeToken(token: unknown): TokenPayload | null {
  if (typeof token !== 'string' || token.length === 0) {
    if (token !== null && token !== undefined) console.error('توکن نامعتبر است');
    return null;
  }
  try {
    const [, payload] = token.split('.');
    if (!payload) throw new Error('no payload');
    const parsed: unknown = JSON.parse(base64UrlDecode(payload));
    if (!isRecord(parsed)) throw new Error('payload is not an object');
    return {
      sub: typeof parsed.sub === 'string' ? parsed.sub : undefined,
      role: typeof parsed.role === 'string' ? parsed.role : undefined,
      exp: typeof parsed.exp === 'number' ? parsed.exp : undefined,
    };
  } catch {
    console.error('توکن نامعتبر است');
    return null;
  }
}

/** Where a signed-in visitor goes: the page they were heading to, when it is theirs to see. */
export function destinationAfterSignIn(accessToken: string, redirect: string | undefined): string {
  const isAdmin = opensPanel(decodeToken(accessToken)?.role);
  const home = isAdmin ? '/admin' : '/dashboard';
  const target = safeRedirect(redirect);
  if (!target) return home;
  // An admin page for a learner would only bounce back to sign-in.
  if ((target === '/admin' || target.startsWith('/admin/') || target.startsWith('/admin?')) && !isAdmin) return home;
  return target;
}
