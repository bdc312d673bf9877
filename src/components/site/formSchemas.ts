// The public forms that also work before their scripts arrive (issue 12, item 16). On a slow
// phone the server-rendered sign-in, sign-up and contact forms are on screen seconds before their
// islands hydrate; a visitor who submits in that gap posts the form itself (method="post") and
// the server (server/formPosts.ts) answers with the page rendered again. So the rules a form
// checks before it calls the API live here, once, for the island in the browser and for the
// server's plain form post alike, and so does the state the server renders a posted form with.
import * as v from 'valibot';
import { iranMobile, optionalEmail, requiredText } from '../../../schema/validators';
import { toLatinDigits } from '../../lib/text';

export const SignInSchema = v.object({
  // Mobile numbers may be typed with Persian digits; e-mail addresses pass through untouched.
  username: v.pipe(
    requiredText('شماره موبایل یا ایمیل', 254),
    v.transform((s) => (s.includes('@') ? s : toLatinDigits(s).replace(/[\s-]/g, ''))),
  ),
  password: requiredText('رمز عبور', 128),
});

export const SignUpSchema = v.object({
  firstName: requiredText('نام', 100),
  lastName: requiredText('نام خانوادگی', 100),
  phoneNumber: iranMobile('شماره موبایل'),
  emailAddress: optionalEmail('ایمیل'),
  password: v.pipe(
    v.string('رمز عبور باید متن باشد'),
    v.minLength(8, 'رمز عبور باید دست‌کم ۸ نویسه باشد'),
    v.maxLength(128, 'رمز عبور حداکثر ۱۲۸ نویسه است'),
  ),
});

export const ContactSchema = v.object({
  fullName: requiredText('نام و نام خانوادگی', 100),
  phoneNumber: iranMobile('شماره موبایل'),
  emailAddress: optionalEmail('ایمیل'),
  message: v.pipe(requiredText('متن پیام', 2000), v.minLength(5, 'متن پیام کوتاه است')),
});

export const formTexts = {
  signInFailed: 'ورود انجام نشد. لطفاً دوباره تلاش کنید.',
  signUpFailed: 'عضویت انجام نشد. لطفاً دوباره تلاش کنید.',
  contactSent: 'پیام شما ارسال شد. همکاران ما به‌زودی با شما تماس می‌گیرند.',
  contactFailed: 'ارسال پیام انجام نشد. لطفاً دوباره تلاش کنید.',
  /** A post whose Origin is not this site (server/formPosts.ts refuses it). */
  crossSite: 'این فرم از صفحه‌ای بیرون از سایت ارسال شده است؛ لطفاً آن را همین‌جا دوباره پر کنید و بفرستید.',
} as const;
