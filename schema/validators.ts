// Field validators with Persian messages, shared by the forms and the server.
import * as v from 'valibot';
import { isJalaliNamable, readJalaliDay } from './rules/calendar';
import { bareFileName, formatPersianNumber, toLatinDigits } from './rules/text';

const maxText = 2000;

/**
 * The characters that show nothing on their own: zero-width space and joiners, bidi marks and
 * embeddings, word joiner, BOM, soft hyphen, Hangul and Braille blanks, the Mongolian vowel
 * separator and NBSP-like spaces `trim` does not remove. A name made only of these is empty to
 * a reader. ZWNJ inside a Persian word (می‌خواهم) is kept: only texts with nothing else are refused.
 */
// Combining marks (CGJ, Khmer inherent vowels, variation selectors) stand outside the class.
const invisible =
  /[\s\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u2800\u3164\ufeff\uffa0\u{e0000}-\u{e007f}]|\u034f|\u17b4|\u17b5|[\ufe00-\ufe0f]/gu;
export const hasVisibleText = (text: string): boolean => text.replace(invisible, '').length > 0;

export const requiredText = (label: string, max = 200) =>
  v.pipe(
    v.string(`${label} باید متن باشد`),
    v.trim(),
    v.nonEmpty(`${label} الزامی است`),
    v.check(hasVisibleText, `${label} الزامی است`),
    v.maxLength(max, `${label} حداکثر ${formatPersianNumber(max)} نویسه است`),
  );

/** The longest name a person or a child may have, wherever a name is typed or stored. */
export const nameMaxLength = 100;

/** A person's name: required, visible, at most `nameMaxLength` characters. */
export const personName = (label: string) => requiredText(label, nameMaxLength);

/** First and last name, as every form that names a person (an account, a child) asks them. */
export const personNames = { firstName: personName('نام'), lastName: personName('نام خانوادگی') };

export const optionalText = (label: string, max = maxText) =>
  v.pipe(v.string(`${label} باید متن باشد`), v.trim(), v.maxLength(max, `${label} حداکثر ${formatPersianNumber(max)} نویسه است`));

/**
 * True when an ISO date or timestamp names a day the calendar has: `2026-02-30` would otherwise
 * be read as 2 March. The date part must survive a round trip through the calendar.
 */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  // A day the month does not have (the 30th of February, a 0th) rolls into another month, and a
  // 13th month into January, so the month alone tells; Date.parse refuses a time that is none.
  return date.getUTCMonth() === month - 1 && !Number.isNaN(Date.parse(text));
}

/** An ISO timestamp of a real calendar day (the stored form of every date field). */
export const isoInstant = (label: string) => {
  // A date typed into the form that could not be read reaches here as the text typed: the
  // message says what is wrong with it (a 13th month, a 30 Esfand of a common year).
  const problem = ({ input }: { input: unknown }) => {
    // Valibot words this message only for an input v.string took.
    const typed = String(input);
    const reading = /^\d{4}-\d{2}-\d{2}T/.test(typed) ? null : readJalaliDay(typed);
    return reading?.error === undefined ? `${label} تاریخ معتبری نیست` : `${label}: ${reading.error}`;
  };
  // A day the Jalali calendar cannot name could be stored but never shown (year 3799 and on).
  return v.pipe(v.string(`${label} باید تاریخ باشد`), v.isoTimestamp(problem), v.check(isCalendarDate, problem), v.check((text) => isJalaliNamable(Date.parse(text)), problem));
};

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
    v.minValue(min, min === 0 ? `${label} نمی‌تواند منفی باشد` : `${label} نمی‌تواند کمتر از ${formatPersianNumber(min)} باشد`),
    v.maxValue(max, max === defaultNumberLimits.max ? `${label} بیش از حد بزرگ است` : `${label} نمی‌تواند بیشتر از ${formatPersianNumber(max)} باشد`),
    v.check((n) => !integer || Number.isInteger(n), `${label} باید عدد صحیح باشد`),
  );

/** Record ids chosen for a many-to-many field: each a positive integer, each once, at most `max`. */
export const recordIds = (label: string, max: number) =>
  v.pipe(
    v.array(v.pipe(v.number(`${label} نامعتبر است`), v.integer(`${label} نامعتبر است`), v.minValue(1, `${label} نامعتبر است`), v.maxValue(2_147_483_647, `${label} نامعتبر است`)), `${label} باید فهرستی از شناسه‌ها باشد`),
    v.transform((ids) => [...new Set(ids)]),
    v.maxLength(max, `حداکثر ${formatPersianNumber(max)} ${label} را می‌توان انتخاب کرد`),
  );

/** The stored forms of emails and phone numbers, also the contract's `pattern`s. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const phonePattern = /^[0-9+\-\s]{0,20}$/;
export const mobilePattern = /^09[0-9]{9}$/;
/** An email, or nothing: what an optional email field holds (a regex, so the contract can say it). */
export const emailOrEmptyPattern = new RegExp(`^$|${emailPattern.source}`);

export const optionalEmail = (label: string, required = false) =>
  v.pipe(
    v.string(`${label} باید متن باشد`),
    v.trim(),
    v.check((s) => !required || s.length > 0, `${label} الزامی است`),
    v.maxLength(254, `${label} بیش از حد طولانی است`),
    v.regex(emailOrEmptyPattern, `${label} معتبر نیست`),
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
    v.description('Iranian mobile, stored as 09xxxxxxxxx; Persian, Arabic or Latin digits, spaces, dashes and +98 are accepted'),
  );

/** Phone numbers an admin edits: digits normalised, empty allowed unless required. */
export const optionalPhone = (label: string, required = false) =>
  v.pipe(
    v.string(`${label} باید متن باشد`),
    v.transform((s) => toLatinDigits(s).trim()),
    v.check((s) => !required || s.length > 0, `${label} الزامی است`),
    v.regex(phonePattern, `${label} فقط می‌تواند رقم داشته باشد`),
  );

/**
 * A one-time code as typed or pasted: Persian, Arabic or Latin digits, spaces, dashes and the
 * invisible marks a copied SMS may carry are all fine; what is left must be six digits.
 */
export const oneTimeCode = (label: string) =>
  v.pipe(
    v.string(`${label} باید متن باشد`),
    v.maxLength(64, `${label} باید ۶ رقم باشد`),
    v.transform((s) => toLatinDigits(s).replace(invisible, '').replace(/-/g, '')),
    v.nonEmpty(`${label} الزامی است`),
    v.regex(/^[0-9]{6}$/, `${label} باید ۶ رقم باشد`),
    v.description('The 6-digit code of the SMS (SendCode); Persian, Arabic or Latin digits, spaces and dashes allowed'),
  );

/** A password being chosen (sign-up, password change): the one rule both follow. */
export const newPassword = (label: string) =>
  v.pipe(
    v.string(`${label} باید متن باشد`),
    v.minLength(8, `${label} باید دست‌کم ۸ نویسه باشد`),
    v.maxLength(128, `${label} حداکثر ۱۲۸ نویسه است`),
  );

/** The same rule, or nothing at all (an account made by an admin, whose owner sets it later). */
export const optionalNewPassword = (label: string) =>
  v.pipe(
    v.string(`${label} باید متن باشد`),
    v.check((s) => s === '' || s.length >= 8, `${label} باید دست‌کم ۸ نویسه باشد`),
    v.maxLength(128, `${label} حداکثر ۱۲۸ نویسه است`),
  );
