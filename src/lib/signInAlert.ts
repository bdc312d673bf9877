// A successful sign-in may report wrong passwords tried against the account since the owner last
// signed in (the server's `failedSignIns`). Sign-in navigates away at once, so the report is kept
// in sessionStorage over that navigation and shown on the pages the owner sees next, until they
// dismiss it or sign in again.
import { readToken } from './auth';
import { formatJalaliDateTime } from '../../schema/rules/calendar';
import { formatPersianNumber } from '../../schema/rules/text';

const storageKey = 'signInAlert';

export interface SignInAlert {
  failures: number;
  lastAt?: string;
}

// What the page shows: undefined until storage is read, then the report or null. Kept here so
// every render of the page agrees (useSyncExternalStore).
let current: SignInAlert | null | undefined;
const listeners = new Set<() => void>();

/** Keeps the sign-in answer's report for the next pages; a sign-in without one clears an old one. */
export function rememberSignInAlert(answer: { failedSignIns?: number; lastFailedSignInAt?: string }): void {
  try {
    if (answer.failedSignIns && answer.failedSignIns > 0) {
      const alert: SignInAlert = { failures: answer.failedSignIns, lastAt: answer.lastFailedSignInAt };
      sessionStorage.setItem(storageKey, JSON.stringify(alert));
    } else {
      sessionStorage.removeItem(storageKey);
    }
  } catch {
    // Storage refused (private mode, full): the owner misses the notice, not the sign-in.
  }
  // Read again by the page signed in to. Listeners are not told: the sign-in page, being left,
  // must not take the notice for itself.
  current = undefined;
}

/** The kept report, or null when there is none or it is damaged. */
export function readSignInAlert(): SignInAlert | null {
  let text: string | null;
  try {
    text = sessionStorage.getItem(storageKey);
  } catch {
    return null;
  }
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || !('failures' in value) || typeof value.failures !== 'number' || value.failures < 1) return null;
    const lastAt = 'lastAt' in value && typeof value.lastAt === 'string' ? value.lastAt : undefined;
    return { failures: value.failures, lastAt };
  } catch {
    return null;
  }
}

/** For useSyncExternalStore: the report the page shows, only while someone is signed in. */
export function signInAlertSnapshot(): SignInAlert | null {
  if (!readToken()) return null;
  if (current === undefined) current = readSignInAlert();
  return current;
}

export function subscribeSignInAlert(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function dismissSignInAlert(): void {
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    // Nothing kept, nothing to remove.
  }
  current = null;
  for (const listener of listeners) listener();
}

export const signInAlertTexts = {
  title: 'هشدار امنیتی',
  dismiss: 'متوجه شدم',
  body: (alert: SignInAlert) =>
    `از آخرین ورود شما تا کنون ${formatPersianNumber(alert.failures)} بار با رمز عبور نادرست برای ورود به حساب شما تلاش شده است` +
    `${alert.lastAt ? ` (آخرین بار: ${formatJalaliDateTime(alert.lastAt)})` : ''}. ` +
    'اگر این تلاش‌ها از شما نبوده، کسی در حال حدس زدن رمز عبور شماست؛ رمزی قوی به کار ببرید که در جای دیگری از آن استفاده نکرده‌اید.',
} as const;
