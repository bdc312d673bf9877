// Field validators with Persian messages, shared by the forms and the server.
import * as v from 'valibot';
import { bareFileName, toLatinDigits } from '../src/lib/text';

const maxText = 2000;

export const requiredText = (label: string, max = 200) =>
  v.pipe(
    v.string(`${label} باید متن باشد`),
    v.trim(),
    v.nonEmpty(`${label} الزامی است`),
    v.maxLength(max, `${label} حداکثر ${max} نویسه است`),
  );

export const optionalText = (label: string, max = maxText) =>
  v.pipe(v.string(`${label} باید متن باشد`), v.trim(), v.maxLength(max, `${label} حداکثر ${max} نویسه است`));

/** Image or video links: accepted as any URL or path and stored as the bare file name. */
export const fileReference = (label: string, required: boolean) =>
  v.pipe(
    v.string(`${label} باید متن باشد`),
    v.maxLength(1000, `${label} بیش از حد طولانی است`),
    v.transform(bareFileName),
    v.check((name) => !required || name.length > 0, `${label} الزامی است`),
    v.check((name) => !/[\u0000-\u001f]/.test(name), `${label} نامعتبر است`),
  );

export const nonNegativeNumber = (label: string, integer: boolean) =>
  v.pipe(
    v.number(`${label} باید عدد باشد`),
    v.check((n) => Number.isFinite(n), `${label} باید عدد باشد`),
    v.minValue(0, `${label} نمی‌تواند منفی باشد`),
    v.maxValue(1_000_000_000_000, `${label} بیش از حد بزرگ است`),
    v.check((n) => !integer || Number.isInteger(n), `${label} باید عدد صحیح باشد`),
  );

export const optionalEmail = (label: string) =>
  v.pipe(
    v.string(`${label} باید متن باشد`),
    v.trim(),
    v.maxLength(254, `${label} بیش از حد طولانی است`),
    v.check((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), `${label} معتبر نیست`),
  );

/** Iranian mobile numbers, typed with Persian, Arabic or Latin digits, stored as 09xxxxxxxxx. */
export const iranMobile = (label: string) =>
  v.pipe(
    v.string(`${label} باید متن باشد`),
    v.transform((s) => toLatinDigits(s).replace(/[\s-]/g, '').replace(/^\+98/, '0').replace(/^0098/, '0')),
    v.regex(/^09\d{9}$/, `${label} باید به شکل ۰۹xxxxxxxxx باشد`),
  );

/** Phone numbers an admin edits: digits normalised, empty allowed. */
export const optionalPhone = (label: string) =>
  v.pipe(
    v.string(`${label} باید متن باشد`),
    v.transform((s) => toLatinDigits(s).trim()),
    v.regex(/^[0-9+\-\s]{0,20}$/, `${label} فقط می‌تواند رقم داشته باشد`),
  );
