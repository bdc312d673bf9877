// The login state lives in localStorage under `accessToken` (spec §3, §9). Components read it
// through these helpers and re-read it on the `tokenChanged` and `storage` events.

export const tokenStorageKey = 'accessToken';
export const tokenChangedEvent = 'tokenChanged';
export const adminRole = 'Administrator';

export interface TokenPayload {
  sub?: string;
  role?: string;
  exp?: number;
}

export function readToken(): string | null {
  try {
    return localStorage.getItem(tokenStorageKey);
  } catch {
    return null;
  }
}

export function saveToken(token: string): void {
  localStorage.setItem(tokenStorageKey, token);
  window.dispatchEvent(new Event(tokenChangedEvent));
}

export function removeToken(): void {
  localStorage.removeItem(tokenStorageKey);
  window.dispatchEvent(new Event(tokenChangedEvent));
}

/** Logout and the 401 handler: all local data goes, as the spec says. */
export function clearSession(): void {
  localStorage.clear();
  window.dispatchEvent(new Event(tokenChangedEvent));
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

export type AuthState = { kind: 'guest' } | { kind: 'learner'; token: string } | { kind: 'admin'; token: string };

export function authState(token: unknown = readToken()): AuthState {
  if (typeof token !== 'string' || token.length === 0) return { kind: 'guest' };
  const payload = decodeToken(token);
  if (payload?.role === adminRole) return { kind: 'admin', token };
  return { kind: 'learner', token };
}

export function isAdmin(token: unknown = readToken()): boolean {
  return authState(token).kind === 'admin';
}

/** A login state is present (spec: /dashboard needs one). */
export function isSignedIn(token: unknown = readToken()): boolean {
  return authState(token).kind !== 'guest';
}
