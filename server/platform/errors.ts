// Errors a handler throws to answer `{ message }` with a status; the error handler renders them.
import type { DB } from './db';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** More of the answer beside `message` (a version conflict's `conflict`). */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * An answer of an error whose transaction rolls back, but with something to keep of it: an
 * outside call that may have done its part (a refund whose answer never came) is noted, written
 * after the rollback by whoever ran the transaction (the action runner), so the next attempt
 * knows the first may have happened.
 */
export class HttpErrorKeeping extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    readonly keep: (db: DB) => Promise<void>,
    details: Readonly<Record<string, unknown>> = {},
  ) {
    super(statusCode, message, details);
  }
}

export const notFound = (message = 'رکورد یافت نشد') => new HttpError(404, message);
export const badRequest = (message: string) => new HttpError(400, message);
export const conflict = (message: string) => new HttpError(409, message);

export const texts = {
  unknownResource: 'منبع یافت نشد',
  notSignedIn: 'برای این کار باید وارد حساب کاربری شوید',
  forbidden: 'دسترسی غیرمجاز',
  /** A staff member whose role does not grant the call. */
  notGranted: 'نقش شما اجازه این کار را ندارد',
  /** A call the role may make, refused for this record or these rows by a finer rule of the role. */
  notGrantedHere: 'نقش شما اجازه این کار را روی این مورد ندارد',
  /** Bulk work and imports check no field or row rule per row: a role with such rules does them by hand. */
  notGrantedInBulk: 'نقش شما برای این بخش محدودیت دارد و کار گروهی یا درون‌ریزی در آن مجاز نیست؛ موارد را یکی‌یکی ویرایش کنید',
  /** A panel account whose session has not passed the second factor (AuthUser.secondFactor). */
  secondFactor: {
    enrol: 'برای باز کردن پنل مدیریت، ابتدا ورود دومرحله‌ای را برای حساب خود فعال کنید',
    verify: 'برای باز کردن پنل مدیریت، مرحله دوم ورود را انجام دهید',
  },
  invalidJson: 'بدنه درخواست JSON معتبر نیست',
  notObject: 'بدنه درخواست باید یک شیء JSON باشد',
  badContentType: 'نوع محتوای درخواست پشتیبانی نمی‌شود؛ بدنه باید JSON باشد',
  bodyTooLarge: 'حجم بدنه درخواست بیش از حد مجاز است',
  badRequest: 'درخواست نامعتبر است',
  badUrl: 'نشانی درخواست نامعتبر است',
  serverError: 'خطای سرور',
  recordNotFound: 'رکورد یافت نشد',
  databaseUnavailable: 'سرویس موقتاً در دسترس نیست؛ چند لحظه دیگر دوباره تلاش کنید',
} as const;

/**
 * Whether an error means the database cannot be reached right now (a restart, a failover, a
 * pooler or an administrator ending connections, a network cut) rather than a fault of the
 * request or of the code: such a request is answered 503, and the next one may well succeed,
 * since the pool opens new connections. The one place that tells them apart, for the API and
 * the pages alike. SQLSTATE class 08 is "connection exception"; 57P01–57P03 are an
 * administrator's or a crash's shutdown and "cannot connect now" (starting up); 53300 is the
 * server out of connection slots. pg's own errors for a connection that ended carry no code,
 * only their message. A wrapped error (a cause, a failed rollback's, an AggregateError of both
 * address families) counts by what it wraps.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (/^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/.test(code) || unreachableCodes.has(code)) return true;
  const message = error instanceof Error ? error.message : '';
  if (lostConnectionMessages.some((start) => message.startsWith(start))) return true;
  if (error instanceof AggregateError && error.errors.some((each) => isDatabaseUnavailable(each, depth + 1))) return true;
  return 'cause' in error && isDatabaseUnavailable(error.cause, depth + 1);
}

/** What a page (not the API) answers while the database is unreachable: still a page, in Persian. */
export const unavailablePage = `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${texts.databaseUnavailable}</title></head><body><p>${texts.databaseUnavailable}</p></body></html>`;

const unreachableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const lostConnectionMessages = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
];
