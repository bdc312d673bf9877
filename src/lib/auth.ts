// The login state lives in localStorage under `accessToken` (spec §3, §9). Components read it
// through these helpers and re-read it on the `tokenChanged` and `storage` events. Reading a
// token's payload is shared with the server (schema/rules/token.ts).
import { decodeToken, opensPanel } from '../../schema/rules/token';

export const tokenStorageKey = 'accessToken';
export const tokenChangedEvent = 'tokenChanged';
/** The page where a panel session enrols or passes its second factor (src/routes/admin_.second-factor.tsx). */
export const secondFactorPath = '/admin/second-factor';

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

/** `admin`: an account that opens the panel (an administrator, or staff holding a role). */
export type AuthState = { kind: 'guest' } | { kind: 'learner'; token: string } | { kind: 'admin'; token: string };

export function authState(token: unknown = readToken()): AuthState {
  if (typeof token !== 'string' || token.length === 0) return { kind: 'guest' };
  const payload = decodeToken(token);
  if (opensPanel(payload?.role)) return { kind: 'admin', token };
  return { kind: 'learner', token };
}

export function isAdmin(token: unknown = readToken()): boolean {
  return authState(token).kind === 'admin';
}

/** A login state is present (spec: /dashboard needs one). */
export function isSignedIn(token: unknown = readToken()): boolean {
  return authState(token).kind !== 'guest';
}
