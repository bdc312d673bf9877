// The public forms' own rules, shared by each island and the server's plain post: what each form
// takes, every refusal's Persian wording, and the addresses the auth and children pages carry.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ChildSchema } from '../../../schema/rules/forms/childRules';
import { ContactBodySchema, ContactSchema } from '../../../schema/rules/forms/contactRules';
import { ForgotCodeSchema, ForgotMailSchema, ForgotPhoneSchema } from '../../../schema/rules/forms/forgotRules';
import { fieldErrors } from '../../../schema/rules/forms/formErrors';
import { postedFormSchema } from '../../../schema/rules/forms/postedForm';
import { ProfileSchema } from '../../../schema/rules/forms/profileRules';
import {
  addChildHref,
  authSearchQuery,
  safeRedirect,
  validateAuthSearch,
  validateChildrenSearch,
  validateChosenChildSearch,
  withChosenChild,
} from '../../../schema/rules/forms/redirect';
import { CodeRequestSchema, CodeSignInSchema, SignInSchema } from '../../../schema/rules/forms/signInRules';
import { SignUpBodySchema, SignUpCodeSchema, SignUpSchema } from '../../../schema/rules/forms/signUpRules';

type Schema = Parameters<typeof v.safeParse>[0];

/** The form's messages by field, as the page shows them beside each input. */
const refusals = (schema: Schema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : fieldErrors(result.issues);
};
const output = (schema: Schema, input: unknown) => {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new Error(`refused: ${JSON.stringify(fieldErrors(result.issues))}`);
  return result.output;
};

const mobile = '09123456789';

describe('sign-in and sign-up', () => {
  it('a username typed in Persian digits is a Latin mobile; an e-mail is kept as typed', () => {
    expect(output(SignInSchema, { username: ' ۰۹۱۲ ۳۴۵-۶۷۸۹ ', password: 'secret' })).toEqual({ username: mobile, password: 'secret' });
    expect(output(SignInSchema, { username: 'Sara-1@Example.com', password: 'x' })).toEqual({ username: 'Sara-1@Example.com', password: 'x' });
    expect(refusals(SignInSchema, { username: '', password: '' })).toEqual({ username: 'شماره موبایل یا ایمیل الزامی است', password: 'رمز عبور الزامی است' });
    expect(refusals(SignInSchema, { username: 'a'.repeat(255), password: 'p'.repeat(129) })).toEqual({
      username: 'شماره موبایل یا ایمیل حداکثر ۲۵۴ نویسه است',
      password: 'رمز عبور حداکثر ۱۲۸ نویسه است',
    });
  });

  it('sign-in by code asks the number, then the number and its code', () => {
    expect(refusals(CodeRequestSchema, { phoneNumber: '' })).toEqual({ phoneNumber: 'شماره موبایل الزامی است' });
    expect(output(CodeSignInSchema, { phoneNumber: mobile, code: '۱۲۳۴۵۶' })).toEqual({ phoneNumber: mobile, code: '123456' });
    expect(refusals(CodeSignInSchema, { phoneNumber: mobile, code: '12' })).toEqual({ code: 'کد باید ۶ رقم باشد' });
  });

  it('sign-up names every field; its body may leave the e-mail out', () => {
    expect(refusals(SignUpSchema, { firstName: '', lastName: '', phoneNumber: '', emailAddress: 'x', password: 'short' })).toEqual({
      firstName: 'نام الزامی است',
      lastName: 'نام خانوادگی الزامی است',
      phoneNumber: 'شماره موبایل الزامی است',
      emailAddress: 'ایمیل معتبر نیست',
      password: 'رمز عبور باید دست‌کم ۸ نویسه باشد',
    });
    const person = { firstName: 'سارا', lastName: 'رضایی', phoneNumber: mobile, password: '12345678' };
    expect(refusals(SignUpCodeSchema, { ...person, emailAddress: '', code: '' })).toEqual({ code: 'کد تأیید الزامی است' });
    expect(output(SignUpBodySchema, { ...person, code: '123456' })).toEqual({ ...person, emailAddress: '', code: '123456' });
  });
});

describe('the forgotten password', () => {
  it('asks the number, then the code and the new password twice, the same both times', () => {
    expect(refusals(ForgotPhoneSchema, { phoneNumber: '0912' })).toEqual({ phoneNumber: 'شماره موبایل باید به شکل ۰۹xxxxxxxxx باشد' });
    const body = { phoneNumber: mobile, code: '123456', newPassword: 'a-new-password', repeat: 'a-new-password' };
    expect(output(ForgotCodeSchema, body)).toEqual(body);
    expect(refusals(ForgotCodeSchema, { ...body, repeat: 'another-password' })).toEqual({ repeat: 'تکرار رمز عبور با خود آن یکی نیست' });
    expect(refusals(ForgotCodeSchema, { ...body, code: 'x', newPassword: 'short', repeat: 'short' })).toEqual({ code: 'کد باید ۶ رقم باشد', newPassword: 'رمز عبور جدید باید دست‌کم ۸ نویسه باشد' });
  });

  it('by e-mail, the address is required', () => {
    expect(refusals(ForgotMailSchema, { emailAddress: '' })).toEqual({ emailAddress: 'ایمیل الزامی است' });
    expect(output(ForgotMailSchema, { emailAddress: ' A@B.co ' })).toEqual({ emailAddress: 'a@b.co' });
  });
});

describe('contact, profile and child', () => {
  it('a contact message is at least five characters; the e-mail may be left out of the body', () => {
    const message = { fullName: 'سارا رضایی', phoneNumber: mobile, emailAddress: '', message: 'سلام، وقت بخیر' };
    expect(output(ContactSchema, message)).toEqual(message);
    expect(refusals(ContactSchema, { ...message, fullName: '\u200c', message: 'سلام' })).toEqual({ fullName: 'نام و نام خانوادگی الزامی است', message: 'متن پیام کوتاه است' });
    expect(refusals(ContactSchema, { ...message, message: 'م'.repeat(2001) })).toEqual({ message: 'متن پیام حداکثر ۲٬۰۰۰ نویسه است' });
    const { emailAddress: _left, ...withoutEmail } = message;
    expect(output(ContactBodySchema, withoutEmail)).toEqual(message);
  });

  it('a profile may change its password only with the current one, which is bounded', () => {
    const profile = { firstName: 'سارا', lastName: 'رضایی', phoneNumber: mobile, emailAddress: '' };
    expect(output(ProfileSchema, profile)).toEqual({ ...profile, currentPassword: '' });
    expect(refusals(ProfileSchema, { ...profile, currentPassword: 5 })).toEqual({ currentPassword: 'رمز عبور فعلی باید متن باشد' });
    expect(refusals(ProfileSchema, { ...profile, currentPassword: 'p'.repeat(129) })).toEqual({ currentPassword: 'رمز عبور فعلی حداکثر ۱۲۸ نویسه است' });
  });

  it('a child is born on a real day, not in the future, with a grade of up to 50 characters', () => {
    const child = { firstName: 'آرش', lastName: 'رضایی', birthDate: '2017-03-20T20:30:00.000Z', grade: 'سوم دبستان' };
    expect(output(ChildSchema, child)).toEqual(child);
    expect(refusals(ChildSchema, { ...child, birthDate: '' })).toEqual({ birthDate: 'تاریخ تولد را کامل انتخاب کنید' });
    expect(refusals(ChildSchema, { ...child, birthDate: 7 })).toEqual({ birthDate: 'تاریخ تولد را کامل انتخاب کنید' });
    expect(refusals(ChildSchema, { ...child, birthDate: '2017-02-30T00:00:00.000Z' })).toEqual({ birthDate: 'تاریخ تولد معتبر نیست' });
    expect(refusals(ChildSchema, { ...child, birthDate: 'دیروز' })).toEqual({ birthDate: 'تاریخ تولد معتبر نیست' });
    expect(refusals(ChildSchema, { ...child, birthDate: new Date(Date.now() + 86_400_000).toISOString() })).toEqual({ birthDate: 'تاریخ تولد نمی‌تواند در آینده باشد' });
    expect(refusals(ChildSchema, { ...child, grade: 'پ'.repeat(51) })).toEqual({ grade: 'پایه تحصیلی حداکثر ۵۰ نویسه است' });
    expect(refusals(ChildSchema, { ...child, grade: ' ' })).toEqual({ grade: 'پایه تحصیلی الزامی است' });
  });
});

describe('field errors', () => {
  it('keeps the first message of each top-level field and leaves out form-level ones', () => {
    const never = (message: string) => v.check<string, string>(() => false, message);
    const issuesOf = (schema: Schema, input: unknown) => v.safeParse(schema, input).issues ?? [];
    const fields = v.object({ a: v.pipe(v.string(), never('اول'), never('دوم')), b: v.object({ c: v.pipe(v.string(), never('ب')) }) });
    expect(fieldErrors(issuesOf(fields, { a: 'x', b: { c: 'y' } }))).toEqual({ a: 'اول', b: 'ب' });
    expect(fieldErrors(issuesOf(v.pipe(v.string(), never('فرم')), 'x'))).toEqual({});
    expect(fieldErrors(issuesOf(v.array(v.pipe(v.string(), never('ردیف'))), ['x']))).toEqual({});
  });
});

describe('a form as the server answered its plain post', () => {
  it('takes the typed values, the messages and the step, and nothing else of a kind it does not know', () => {
    const posted = { values: { username: '0912' }, errors: { password: 'رمز عبور الزامی است' }, mode: 'code', step: 'code', resendAfterSeconds: 60, sent: false };
    expect(v.is(postedFormSchema, posted)).toBe(true);
    expect(v.is(postedFormSchema, { ...posted, mode: 'fax' })).toBe(false);
    expect(v.is(postedFormSchema, { ...posted, step: 'later' })).toBe(false);
    expect(v.is(postedFormSchema, { ...posted, values: { username: 5 } })).toBe(false);
  });
});

describe('addresses of the auth and children pages', () => {
  it('honours only same-site paths without control characters', () => {
    expect(safeRedirect('/dashboard?x=1')).toBe('/dashboard?x=1');
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'dashboard', '/a\nb', '/a\u0000', 5]) expect(safeRedirect(bad)).toBeUndefined();
  });

  it('reads the destination and the way in from the search, dropping anything else', () => {
    expect(validateAuthSearch({ redirect: '/admin', with: 'code' })).toEqual({ redirect: '/admin', with: 'code' });
    expect(validateAuthSearch({ with: 'email' })).toEqual({ with: 'email' });
    expect(validateAuthSearch({ redirect: 'https://evil.example', with: 'fax' })).toEqual({});
  });

  it('carries the destination and the way to the next auth page', () => {
    expect(authSearchQuery({ redirect: '/dashboard' }, 'code')).toBe('?with=code&redirect=%2Fdashboard');
    expect(authSearchQuery({ redirect: '/dashboard' })).toBe('?redirect=%2Fdashboard');
    expect(authSearchQuery({})).toBe('');
  });

  it('opens the child form and returns to a same-site page only', () => {
    expect(validateChildrenSearch({ add: 'child', returnTo: '/courses/a' })).toEqual({ add: 'child', returnTo: '/courses/a' });
    expect(validateChildrenSearch({ add: 'parent', returnTo: '//evil' })).toEqual({});
    expect(addChildHref('/courses/a')).toBe('/dashboard?add=child&returnTo=%2Fcourses%2Fa');
    expect(addChildHref('https://evil.example')).toBe('/dashboard?add=child');
  });

  it('the child to choose is a positive whole id, and replaces an earlier choice', () => {
    expect(validateChosenChildSearch({ child: '12' })).toEqual({ child: 12 });
    for (const child of ['0', '-1', '1.5', 'x', undefined]) expect(validateChosenChildSearch({ child })).toEqual({});
    expect(withChosenChild('/courses/a?child=3&x=1#seats', 7)).toBe('/courses/a?child=7&x=1#seats');
    expect(withChosenChild('/courses/a', 7)).toBe('/courses/a?child=7');
  });
});
