// On a slow phone the server-rendered form is on screen seconds before its
// island hydrates; a visitor who submits in that gap posts the form itself, and the server
// (server/features/catalogue/formPosts.ts) answers with the page rendered again. So the checks the form makes
// before it calls the API live here, once, for the island and for the server's plain post alike.
// One file per form: each lands in its own form's chunk, not in one shared by every form.
import * as v from 'valibot';
import { iranMobile, newPassword, oneTimeCode, optionalEmail, personNames } from '../../validators';

export const SignUpSchema = v.object({
  ...personNames,
  phoneNumber: iranMobile('شماره موبایل'),
  emailAddress: optionalEmail('ایمیل'),
  password: newPassword('رمز عبور'),
});

export const signUpFailed = 'عضویت انجام نشد. لطفاً دوباره تلاش کنید.';

/** The second step: the same, with the code the phone received (the account is made with it). */
export const SignUpCodeSchema = v.object({ ...SignUpSchema.entries, code: oneTimeCode('کد تأیید') });

/** What POST /api/Auth/SignUp takes: the same, except that a client may leave the e-mail out. */
export const SignUpBodySchema = v.object({ ...SignUpCodeSchema.entries, emailAddress: v.optional(SignUpCodeSchema.entries.emailAddress, '') });
