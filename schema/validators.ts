// Field validators with Persian messages, shared by the forms and the server.
import * as v from 'valibot';
import { bareFileName, toLatinDigits, toPersianDigits } from '../src/lib/text';

const maxText = 2000;

export const requiredText = (label: string, max = 200) =>
  v.pipe(
    v.string(`${label} باید متن باشد`),
    v.trim(),
    v.nonEmpty(`${label} الزامی است`),
    v.maxLength(max, `${label} حداکثر ${toPersianDigits(max)} نویسه است`),
  );

export const optionalText = (label: string, max = maxText) =>
  v.pipe(v.string(`${label} باید متن باشد`), v.trim(), v.maxLength(max, `${label} حداکثر ${toPersianDigits(max)} نویسه است`));

/** Image or video links: accepted as any URL or path and stored as the bare file name. */
export const fileReference = (label: string, required: boolean, max = 1000) =>
  v.pipe(
    v.string(`${label} باید متن باشد`),
    v.maxLength(max, `${label} بیش از حد طولانی است`),
    v.transform(bareFileName),
    v.check((name) => !required || name.length > 0, `${label} الزامی است`),
    v.check((name) => !/[\u0000-\u001f]/.test(name), `${label} نامعتبر است`),
  );

export const defaultNumberLimits = { min: 0, max: 1_000_000_000_000 } as const;

/** A finite number within limits; the messages name the limit only when it is not the default. */
export const boundedNumber = (
  label: string,
  { min = defaultNumberLimits.min, max = defaultNumberLimits.max, integer = false }: { min?: number; max?: number; integer?: boolean } = {},
) =>
  v.pipe(
    v.number(`${label} باید عدد باشد`),
    v.check((n) => Number.isFinite(n), `${label} باید عدد باشد`),
    v.minValue(min, min === 0 ? `${label} نمی‌تواند منفی باشد` : `${label} نمی‌تواند کمتر از ${toPersianDigits(min)} باشد`),
    v.maxValue(max, max === defaultNumberLimits.max ? `${label} بیش از حد بزرگ است` : `${label} نمی‌تواند بیشتر از ${toPersianDigits(max)} باشد`),
    v.check((n) => !integer || Number.isInteger(n), `${label} باید عدد صحیح باشد`),
  );

/** The stored forms of emails and phone numbers, also the contract's `pattern`s. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const phonePattern = /^[0-9+\-\s]{0,20}$/;
export const mobilePattern = /^09[0-9]{9}$/;

export const optionalEmail = (label: string, required = false) =>
  v.pipe(
    v.string(`${label} باید متن باشد`),
    v.trim(),
    v.check((s) => !required || s.length > 0, `${label} الزامی است`),
    v.maxLength(254, `${label} بیش از حد طولانی است`),
    v.check((s) => s === '' || emailPattern.test(s), `${label} معتبر نیست`),
    // Kept in lower case everywhere: sign-in compares in lower case, and an address that differs
    // only in case must meet the unique index instead of becoming an account nobody can reach.
    v.toLowerCase(),
  );

/** Iranian mobile numbers, typed with Persian, Arabic or Latin digits, stored as 09xxxxxxxxx. */
export const iranMobile = (label: string) =>
  v.pipe(
    v.string(`${label} باید متن باشد`),
    v.transform((s) => toLatinDigits(s).replace(/[\s-]/g, '').replace(/^\+98/, '0').replace(/^0098/, '0')),
    v.nonEmpty(`${label} الزامی است`),
    // An empty number is told "required" alone, not also "malformed".
    v.check((s) => s === '' || mobilePattern.test(s), `${label} باید به شکل ۰۹xxxxxxxxx باشد`),
  );

/** Phone numbers an admin edits: digits normalised, empty allowed unless required. */
export const optionalPhone = (label: string, required = false) =>
  v.pipe(
    v.string(`${label} باید متن باشد`),
    v.transform((s) => toLatinDigits(s).trim()),
    v.check((s) => !required || s.length > 0, `${label} الزامی است`),
    v.regex(phonePattern, `${label} فقط می‌تواند رقم داشته باشد`),
  );

/** A password being chosen (sign-up, password change): the one rule both follow. */
export const newPassword = (label: string) =>
  v.pipe(
    v.string(`${label} باید متن باشد`),
    v.minLength(8, `${label} باید دست‌کم ۸ نویسه باشد`),
    v.maxLength(128, `${label} حداکثر ۱۲۸ نویسه است`),
  );
