// A successful sign-in may report wrong passwords tried against the account since the owner last
// signed in (the server's `failedSignIns`). Sign-in navigates away at once, so the report is kept
// in sessionStorage over that navigation and shown once, on the page the owner lands on.
import { formatJalaliDateTime } from './jalali';
import { formatPersianNumber } from './text';

const storageKey = 'signInAlert';

// What the page shows: undefined until storage is read (once per page load, or after a new
// sign-in), then the report or null. Kept here so every render of the page agrees.
let current: SignInAlert | null | undefined;
const listeners = new Set<() => void>();

export interface SignInAlert {
  failures: number;
  lastAt?: string;
}

/** Keeps the sign-in answer's report, if it has one, for the next page. */
export function rememberSignInAlert(answer: { failedSignIns?: number; lastFailedSignInAt?: string }): void {
  if (!answer.failedSignIns || answer.failedSignIns < 1) return;
  const alert: SignInAlert = { failures: answer.failedSignIns, lastAt: answer.lastFailedSignInAt };
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(alert));
  } catch {
    // Storage refused (private mode, full): the owner misses the notice, not the sign-in.
  }
  current = undefined;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: the report the page shows, read from storage once. */
export function signInAlertSnapshot(): SignInAlert | null {
  if (current === undefined) current = takeSignInAlert();
  return current;
}

export function subscribeSignInAlert(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function dismissSignInAlert(): void {
  current = null;
  for (const listener of listeners) listener();
}

/** The kept report, removed as it is read so it is shown once. */
export function takeSignInAlert(): SignInAlert | null {
  let text: string | null = null;
  try {
    text = sessionStorage.getItem(storageKey);
    sessionStorage.removeItem(storageKey);
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

export const signInAlertTexts = {
  title: 'هشدار امنیتی',
  dismiss: 'متوجه شدم',
  body: (alert: SignInAlert) =>
    `از آخرین ورود شما تا کنون ${formatPersianNumber(alert.failures)} بار با رمز عبور نادرست برای ورود به حساب شما تلاش شده است` +
    `${alert.lastAt ? ` (آخرین بار: ${formatJalaliDateTime(alert.lastAt)})` : ''}. ` +
    'اگر این تلاش‌ها از شما نبوده، کسی در حال حدس زدن رمز عبور شماست؛ رمزی قوی به کار ببرید که در جای دیگری از آن استفاده نکرده‌اید.',
} as const;
