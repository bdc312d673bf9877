// The shared rules at the edges their first tests left open: an age at the top of its range or
// unreadable, the forms' labels in every refusal, what a posted form may say, where a broken
// token leads, and text folding and cleaning at its corners.
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ageMisfit } from '../../../schema/rules/age';
import { ChildSchema } from '../../../schema/rules/forms/childRules';
import { ContactSchema } from '../../../schema/rules/forms/contactRules';
import { ForgotCodeSchema } from '../../../schema/rules/forms/forgotRules';
import { fieldErrors } from '../../../schema/rules/forms/formErrors';
import { postedFormSchema } from '../../../schema/rules/forms/postedForm';
import { ProfileSchema } from '../../../schema/rules/forms/profileRules';
import { CodeSignInSchema, signInFailed } from '../../../schema/rules/forms/signInRules';
import { bareFileName, foldForSearch, htmlToPlainText, mediaDisplayName } from '../../../schema/rules/text';
import { decodeToken, destinationAfterSignIn, resetLinkBase } from '../../../schema/rules/token';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const messages = (schema: Parameters<typeof v.safeParse>[0], input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : fieldErrors(result.issues);
};

describe('ages at the edges of a range', () => {
  const course = { ageMin: 9, ageMax: 12, timeOfHolding: '2026-09-22T20:30:00.000Z' };

  it('the top age fits; a range with only a top still tells an older child', () => {
    expect(ageMisfit('2014-06-01T00:00:00.000Z', course)).toBeNull();
    expect(ageMisfit('2012-06-01T00:00:00.000Z', { ...course, ageMin: 0 })).toEqual({ age: 14, ageMin: 0, ageMax: 12 });
  });

  it('a birth date that is no date warns of nothing', () => {
    expect(ageMisfit('someday', course)).toBeNull();
  });
});

describe('each form’s labels in its refusals', () => {
  it('contact, profile, recovery and sign-in by code name their mobile and e-mail', () => {
    expect(messages(ContactSchema, { fullName: 'سارا', phoneNumber: '', emailAddress: 'x', message: 'سلام دوست' })).toEqual({
      phoneNumber: 'شماره موبایل الزامی است',
      emailAddress: 'ایمیل معتبر نیست',
    });
    expect(messages(ProfileSchema, { firstName: 'سارا', lastName: 'رضایی', phoneNumber: '', emailAddress: 'x' })).toEqual({
      phoneNumber: 'شماره موبایل الزامی است',
      emailAddress: 'ایمیل معتبر نیست',
    });
    expect(messages(ForgotCodeSchema, { phoneNumber: '', code: '123456', newPassword: '12345678', repeat: '12345678' })).toEqual({ phoneNumber: 'شماره موبایل الزامی است' });
    expect(messages(CodeSignInSchema, { phoneNumber: '', code: '123456' })).toEqual({ phoneNumber: 'شماره موبایل الزامی است' });
    expect(signInFailed).toBe('ورود انجام نشد. لطفاً دوباره تلاش کنید.');
  });

  it('the contract describes a child’s birth date and grade and a profile’s mobile', () => {
    expect(v.getDescription(ChildSchema.entries.birthDate)).toContain('Tehran midnight');
    expect(v.getDescription(ChildSchema.entries.grade)).toContain('school grade');
    expect(v.getDescription(ProfileSchema.entries.phoneNumber)).toContain('changing it needs currentPassword');
  });

  it('a child born this very moment is not born in the future', () => {
    vi.useFakeTimers({ now: new Date('2026-03-20T20:30:00.000Z') });
    const child = { firstName: 'آرش', lastName: 'رضایی', birthDate: '2026-03-20T20:30:00.000Z', grade: 'پیش‌دبستانی' };
    expect(messages(ChildSchema, child)).toEqual({});
  });
});

describe('a posted form', () => {
  it('takes every way in and every step', () => {
    for (const mode of ['password', 'code', 'sms', 'email']) expect(v.is(postedFormSchema, { values: {}, errors: {}, mode })).toBe(true);
    for (const step of ['code', 'done']) expect(v.is(postedFormSchema, { values: {}, errors: {}, step })).toBe(true);
  });
});

describe('tokens and where sign-in leads', () => {
  const token = (payload: unknown) => `h.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.s`;

  it('a payload that is text or a number is no payload', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(decodeToken(token('just text'))).toBeNull();
    expect(decodeToken(token(5))).toBeNull();
  });

  it('a broken token leads home as a learner; the admin’s own address is kept from a learner', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(destinationAfterSignIn('garbage', '/dashboard/orders')).toBe('/dashboard/orders');
    expect(destinationAfterSignIn('garbage', '/admin')).toBe('/dashboard');
    expect(destinationAfterSignIn(token({ role: 'User' }), '/admin')).toBe('/dashboard');
  });

  it('a reset link’s address begins with the page that takes it', () => {
    expect(resetLinkBase).toBe('/auth/reset/');
  });
});

describe('text at its corners', () => {
  it('a path ending in a slash names its last folder; only the store’s own prefix is taken off', () => {
    expect(bareFileName('/uploads/images/')).toBe('images');
    expect(mediaDisplayName('x/uploads/images/a.png')).toBe('x/uploads/images/a.png');
    expect(mediaDisplayName('/uploads/videos/a.mp4')).toBe('a.mp4');
  });

  it('collapses runs of spaces in plain text and lower-cases a search typed in capitals', () => {
    expect(htmlToPlainText('a  \n b')).toBe('a b');
    expect(foldForSearch('ABC')).toBe('abc');
  });
});
