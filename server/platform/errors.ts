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
  ) {
    super(statusCode, message);
  }
}

export const notFound = (message = 'رکورد یافت نشد') => new HttpError(404, message);
export const badRequest = (message: string) => new HttpError(400, message);
export const conflict = (message: string) => new HttpError(409, message);

export const texts = {
  unknownResource: 'منبع یافت نشد',
  notSignedIn: 'برای این کار باید وارد حساب کاربری شوید',
  forbidden: 'دسترسی غیرمجاز',
  invalidJson: 'بدنه درخواست JSON معتبر نیست',
  notObject: 'بدنه درخواست باید یک شیء JSON باشد',
  badContentType: 'نوع محتوای درخواست پشتیبانی نمی‌شود؛ بدنه باید JSON باشد',
  bodyTooLarge: 'حجم بدنه درخواست بیش از حد مجاز است',
  badRequest: 'درخواست نامعتبر است',
  badUrl: 'نشانی درخواست نامعتبر است',
  serverError: 'خطای سرور',
  recordNotFound: 'رکورد یافت نشد',
} as const;
