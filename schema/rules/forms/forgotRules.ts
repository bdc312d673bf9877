// The forgotten-password page's checks, made by its island and by the server's plain post alike
// (server/features/catalogue/formPosts.ts), as signInRules.ts for sign-in.
import * as v from 'valibot';
import { iranMobile, newPassword, oneTimeCode, optionalEmail } from '../../validators';

/** By SMS, first step: the account's number. */
export const ForgotPhoneSchema = v.object({ phoneNumber: iranMobile('شماره موبایل') });

/** …second step: the code, and the new password twice (sign-up's rule). */
export const ForgotCodeSchema = v.pipe(
  v.object({
    phoneNumber: iranMobile('شماره موبایل'),
    code: oneTimeCode('کد'),
    newPassword: newPassword('رمز عبور جدید'),
    repeat: v.string(),
  }),
  v.forward(
    v.check((input) => input.newPassword === input.repeat, 'تکرار رمز عبور با خود آن یکی نیست'),
    ['repeat'],
  ),
);

/** By e-mail: the account's address. */
export const ForgotMailSchema = v.object({ emailAddress: optionalEmail('ایمیل', true) });

export const forgotTexts = {
  title: 'فراموشی رمز عبور',
  lead: 'با کدی که به موبایلتان پیامک می‌شود رمز تازه بگذارید، یا اگر حسابتان ایمیل دارد، پیوند گذاشتن رمز تازه را به ایمیل بخواهید.',
  bySms: 'با پیامک',
  byMail: 'با ایمیل',
  failed: 'انجام نشد. لطفاً دوباره تلاش کنید.',
  done: 'رمز عبور تازه ذخیره شد و همه دستگاه‌هایی که با حساب شما وارد شده بودند خارج شدند. اکنون با رمز تازه وارد شوید.',
  signIn: 'ورود به حساب',
} as const;
