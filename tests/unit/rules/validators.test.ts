// The shared validators, each rule on its own: what they accept, what they store and the Persian
// message of every refusal. The forms and the server both run these, so a rule broken here is
// broken in both places at once.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  boundedNumber,
  fileReference,
  hasVisibleText,
  iranMobile,
  isCalendarDate,
  isoInstant,
  newPassword,
  oneTimeCode,
  optionalEmail,
  optionalNewPassword,
  optionalPhone,
  optionalText,
  personName,
  recordIds,
  requiredText,
} from '../../../schema/validators';

type Schema = Parameters<typeof v.safeParse>[0];

function accepted(schema: Schema, input: unknown): unknown {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new Error(`refused ${JSON.stringify(input)}: ${result.issues[0].message}`);
  return result.output;
}

function refusal(schema: Schema, input: unknown): string {
  const result = v.safeParse(schema, input);
  if (result.success) throw new Error(`accepted ${JSON.stringify(input)} as ${JSON.stringify(result.output)}`);
  return result.issues[0].message;
}

describe('visible text', () => {
  it.each([
    ['zero-width non-joiners and direction marks', '\u200c\u200f\u200e\u200c'],
    ['a soft hyphen and a word joiner', '\u00ad\u2060'],
    ['a byte order mark and a Hangul filler', '\ufeff\u3164'],
    ['a variation selector and the combining grapheme joiner', '\ufe0f\u034f'],
    ['an Arabic letter mark and the Mongolian separator', '\u061c\u180e'],
  ])('a text made only of %s is empty to a reader', (_, text) => {
    expect(hasVisibleText(text)).toBe(false);
    expect(refusal(personName('نام'), text)).toBe('نام الزامی است');
  });

  it('a Persian word with a zero-width non-joiner inside is kept whole', () => {
    expect(hasVisibleText('می\u200cخواهم')).toBe(true);
    expect(accepted(personName('نام'), '  می\u200cخواهم ')).toBe('می\u200cخواهم');
  });
});

describe('required and optional text', () => {
  it('trims, refuses empty and non-text, and names its limit in Persian digits', () => {
    const title = requiredText('عنوان', 5);
    expect(accepted(title, ' سلام ')).toBe('سلام');
    expect(refusal(title, '   ')).toBe('عنوان الزامی است');
    expect(refusal(title, 12)).toBe('عنوان باید متن باشد');
    expect(refusal(title, 'شش‌حرفی')).toBe('عنوان حداکثر ۵ نویسه است');
    expect(accepted(title, 'پنجحر')).toBe('پنجحر');
  });

  it('a person name is at most 100 characters', () => {
    expect(accepted(personName('نام'), 'ا'.repeat(100))).toHaveLength(100);
    expect(refusal(personName('نام'), 'ا'.repeat(101))).toBe('نام حداکثر ۱۰۰ نویسه است');
  });

  it('optional text may be empty and is bounded by 2000 by default', () => {
    expect(accepted(optionalText('توضیح'), '   ')).toBe('');
    expect(accepted(optionalText('توضیح'), 'ب'.repeat(2000))).toHaveLength(2000);
    expect(refusal(optionalText('توضیح'), 'ب'.repeat(2001))).toBe('توضیح حداکثر ۲٬۰۰۰ نویسه است');
  });
});

describe('calendar dates', () => {
  it.each(['2026-02-30', '2025-02-29', '2026-13-01', '2026-04-31', '2026-00-10', '2026-01-00'])('%s is not a day of the calendar', (text) => {
    expect(isCalendarDate(text)).toBe(false);
    expect(isCalendarDate(`${text}T00:00:00.000Z`)).toBe(false);
  });

  it.each(['2024-02-29', '2026-12-31', '2026-01-01T20:30:00.000Z', '0999-03-01'])('%s is a day of the calendar', (text) => {
    expect(isCalendarDate(text)).toBe(true);
  });

  it('needs the ISO shape', () => {
    expect(isCalendarDate('2026/01/01')).toBe(false);
    expect(isCalendarDate('26-01-01')).toBe(false);
    expect(isCalendarDate('2026-01-01x')).toBe(false);
  });

  it('an instant is an ISO timestamp of a real day; a typed Jalali date that cannot be read says why', () => {
    const when = isoInstant('تاریخ شروع');
    expect(accepted(when, '2026-03-21T00:00:00.000Z')).toBe('2026-03-21T00:00:00.000Z');
    expect(refusal(when, '2026-02-30T00:00:00.000Z')).toBe('تاریخ شروع تاریخ معتبری نیست');
    expect(refusal(when, 5)).toBe('تاریخ شروع باید تاریخ باشد');
    // Beyond the days the Jalali calendar names: stored, it could never be shown.
    expect(refusal(when, '3799-03-19T20:30:00.000Z')).toBe('تاریخ شروع تاریخ معتبری نیست');
    expect(accepted(when, '3799-03-01T20:30:00.000Z')).toBe('3799-03-01T20:30:00.000Z');
    const typed = refusal(when, '۱۴۰۵/۱۳/۰۱');
    expect(typed.startsWith('تاریخ شروع: ')).toBe(true);
    expect(typed).not.toBe('تاریخ شروع تاریخ معتبری نیست');
  });
});

describe('numbers and ids', () => {
  it('bounded numbers name a limit only when it is not the default', () => {
    const price = boundedNumber('قیمت');
    expect(accepted(price, 0)).toBe(0);
    expect(refusal(price, -1)).toBe('قیمت نمی‌تواند منفی باشد');
    expect(refusal(price, 1_000_000_000_001)).toBe('قیمت بیش از حد بزرگ است');
    expect(refusal(price, Number.NaN)).toBe('قیمت باید عدد باشد');
    expect(refusal(price, Number.POSITIVE_INFINITY)).toBe('قیمت باید عدد باشد');
    expect(refusal(price, '12')).toBe('قیمت باید عدد باشد');
    const seats = boundedNumber('ظرفیت', { min: 1, max: 40, integer: true });
    expect(refusal(seats, 0)).toBe('ظرفیت نمی‌تواند کمتر از ۱ باشد');
    expect(refusal(seats, 41)).toBe('ظرفیت نمی‌تواند بیشتر از ۴۰ باشد');
    expect(refusal(seats, 2.5)).toBe('ظرفیت باید عدد صحیح باشد');
    expect(accepted(seats, 40)).toBe(40);
  });

  it('record ids are positive integers, each once, at most max', () => {
    const teachers = recordIds('مدرس', 3);
    expect(accepted(teachers, [3, 1, 3, 1, 2])).toEqual([3, 1, 2]);
    expect(refusal(teachers, [1, 2, 3, 4])).toBe('حداکثر ۳ مدرس را می‌توان انتخاب کرد');
    expect(refusal(teachers, [0])).toBe('مدرس نامعتبر است');
    expect(refusal(teachers, [1.5])).toBe('مدرس نامعتبر است');
    expect(refusal(teachers, [2_147_483_648])).toBe('مدرس نامعتبر است');
    expect(refusal(teachers, 'x')).toBe('مدرس باید فهرستی از شناسه‌ها باشد');
  });
});

describe('contact details', () => {
  it('an Iranian mobile in any digit system and prefix is stored as 09xxxxxxxxx', () => {
    const mobile = iranMobile('شماره موبایل');
    expect(accepted(mobile, '۰۹۱۲ ۳۴۵-۶۷۸۹')).toBe('09123456789');
    expect(accepted(mobile, '+989123456789')).toBe('09123456789');
    expect(accepted(mobile, '00989123456789')).toBe('09123456789');
    expect(accepted(mobile, '٠٩١٢٣٤٥٦٧٨٩')).toBe('09123456789');
    expect(refusal(mobile, '')).toBe('شماره موبایل الزامی است');
    expect(refusal(mobile, '0912345678')).toBe('شماره موبایل باید به شکل ۰۹xxxxxxxxx باشد');
    expect(refusal(mobile, '08123456789')).toBe('شماره موبایل باید به شکل ۰۹xxxxxxxxx باشد');
  });

  it('an email is trimmed, lower-cased and may be empty unless required', () => {
    expect(accepted(optionalEmail('ایمیل'), ' Sara@Example.COM ')).toBe('sara@example.com');
    expect(accepted(optionalEmail('ایمیل'), '')).toBe('');
    expect(refusal(optionalEmail('ایمیل', true), '')).toBe('ایمیل الزامی است');
    expect(refusal(optionalEmail('ایمیل'), 'sara@example')).toBe('ایمیل معتبر نیست');
    expect(refusal(optionalEmail('ایمیل'), `${'a'.repeat(250)}@b.co`)).toBe('ایمیل بیش از حد طولانی است');
  });

  it('a phone an admin edits keeps digits, dashes and spaces only', () => {
    expect(accepted(optionalPhone('تلفن'), ' ۰۲۱-۸۸۸۸ ')).toBe('021-8888');
    expect(accepted(optionalPhone('تلفن'), '')).toBe('');
    expect(refusal(optionalPhone('تلفن', true), '')).toBe('تلفن الزامی است');
    expect(refusal(optionalPhone('تلفن'), '021 x')).toBe('تلفن فقط می‌تواند رقم داشته باشد');
  });
});

describe('codes and passwords', () => {
  it('a pasted one-time code loses its spaces, dashes and invisible marks', () => {
    const code = oneTimeCode('کد تأیید');
    expect(accepted(code, '۱۲۳-۴۵۶')).toBe('123456');
    expect(accepted(code, '\u200f12 34 56\u200e')).toBe('123456');
    expect(refusal(code, '')).toBe('کد تأیید الزامی است');
    expect(refusal(code, '12345')).toBe('کد تأیید باید ۶ رقم باشد');
    expect(refusal(code, '1'.repeat(65))).toBe('کد تأیید باید ۶ رقم باشد');
  });

  it('a new password is 8 to 128 characters; the optional one may also be empty', () => {
    expect(refusal(newPassword('رمز'), '1234567')).toBe('رمز باید دست‌کم ۸ نویسه باشد');
    expect(accepted(newPassword('رمز'), '12345678')).toBe('12345678');
    expect(refusal(newPassword('رمز'), 'x'.repeat(129))).toBe('رمز حداکثر ۱۲۸ نویسه است');
    expect(accepted(optionalNewPassword('رمز'), '')).toBe('');
    expect(refusal(optionalNewPassword('رمز'), 'short')).toBe('رمز باید دست‌کم ۸ نویسه باشد');
    expect(refusal(optionalNewPassword('رمز'), 'x'.repeat(129))).toBe('رمز حداکثر ۱۲۸ نویسه است');
  });
});

describe('file references', () => {
  it('any link or path is stored as its bare file name', () => {
    const image = fileReference('تصویر', true);
    expect(accepted(image, '/uploads/images/a1b2.png')).toBe('a1b2.png');
    expect(accepted(image, 'https://example.com/uploads/x.webp?v=2')).toBe('x.webp');
    expect(refusal(image, '')).toBe('تصویر الزامی است');
    expect(accepted(fileReference('تصویر', false), '')).toBe('');
    expect(refusal(image, 'a\u0001b.png')).toBe('تصویر نامعتبر است');
    expect(refusal(fileReference('تصویر', false, 10), 'x'.repeat(11))).toBe('تصویر بیش از حد طولانی است');
  });
});

describe('what each validator says of a value that is not even text', () => {
  it.each([
    ['optional text', optionalText('توضیح'), 'توضیح باید متن باشد'],
    ['a file reference', fileReference('تصویر', false), 'تصویر باید متن باشد'],
    ['an email', optionalEmail('ایمیل'), 'ایمیل باید متن باشد'],
    ['a mobile', iranMobile('موبایل'), 'موبایل باید متن باشد'],
    ['a phone', optionalPhone('تلفن'), 'تلفن باید متن باشد'],
    ['a one-time code', oneTimeCode('کد'), 'کد باید متن باشد'],
    ['a new password', newPassword('رمز'), 'رمز باید متن باشد'],
    ['an optional new password', optionalNewPassword('رمز'), 'رمز باید متن باشد'],
  ])('%s', (_, schema, message) => {
    expect(refusal(schema, 12)).toBe(message);
  });

  it('an id that is not a number is an invalid id', () => {
    expect(refusal(recordIds('مدرس', 3), ['1'])).toBe('مدرس نامعتبر است');
  });
});

describe('the edges of each rule', () => {
  it('a date is read from its start: text before it is not a date', () => {
    expect(isCalendarDate('x2026-01-01')).toBe(false);
    expect(isCalendarDate('2026-01-01 10:00')).toBe(true);
    // The day part is a real day, but the rest is no time.
    expect(isCalendarDate('2026-01-01T99:99')).toBe(false);
  });

  it('a typed day that only looks like an ISO timestamp further in is still read as typed', () => {
    expect(refusal(isoInstant('تاریخ'), '۱۴۰۵/۱۳/۰۱ 2026-01-01T')).toBe('تاریخ: تاریخ را به شکل ۱۴۰۶/۰۱/۱۵ بنویسید');
    expect(refusal(isoInstant('تاریخ'), '2026-02-30T00:00')).toBe('تاریخ تاریخ معتبری نیست');
  });

  it('a number is whole only when asked to be', () => {
    expect(accepted(boundedNumber('قیمت'), 2.5)).toBe(2.5);
  });

  it('a mobile’s country prefix is taken off only at its start', () => {
    const mobile = iranMobile('موبایل');
    expect(refusal(mobile, '0912+98456789')).toBe('موبایل باید به شکل ۰۹xxxxxxxxx باشد');
    expect(accepted(mobile, '09120098567')).toBe('09120098567');
    expect(refusal(mobile, '  ')).toBe('موبایل الزامی است');
  });

  it('a required email or phone with something in it is taken', () => {
    expect(accepted(optionalEmail('ایمیل', true), 'a@b.co')).toBe('a@b.co');
    expect(accepted(optionalPhone('تلفن', true), '021')).toBe('021');
  });

  it('a code is six digits, nothing before or after', () => {
    const code = oneTimeCode('کد');
    expect(refusal(code, '1234567')).toBe('کد باید ۶ رقم باشد');
    expect(refusal(code, 'a123456')).toBe('کد باید ۶ رقم باشد');
  });

  it('an optional new password of exactly eight characters is taken', () => {
    expect(accepted(optionalNewPassword('رمز'), '12345678')).toBe('12345678');
  });

  it('an empty mobile is told it is required, and only that', () => {
    expect(v.safeParse(iranMobile('موبایل'), '').issues?.map((issue) => issue.message)).toEqual(['موبایل الزامی است']);
  });

  it('the stored patterns hold the whole value, not a part of it', () => {
    const email = optionalEmail('ایمیل');
    expect(refusal(email, 'a b@c.co')).toBe('ایمیل معتبر نیست');
    expect(refusal(email, 'a@b.co d')).toBe('ایمیل معتبر نیست');
    expect(accepted(optionalPhone('تلفن'), '021 8888')).toBe('021 8888');
    const mobile = iranMobile('موبایل');
    expect(refusal(mobile, 'x09123456789')).toBe('موبایل باید به شکل ۰۹xxxxxxxxx باشد');
    expect(refusal(mobile, '091234567890')).toBe('موبایل باید به شکل ۰۹xxxxxxxxx باشد');
  });

  it('the contract describes what a mobile and a code accept', () => {
    expect(v.getDescription(iranMobile('موبایل'))).toContain('stored as 09xxxxxxxxx');
    expect(v.getDescription(oneTimeCode('کد'))).toContain('6-digit code');
  });
});
