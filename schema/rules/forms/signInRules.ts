// On a slow phone the server-rendered form is on screen seconds before its
// island hydrates; a visitor who submits in that gap posts the form itself, and the server
// (server/features/catalogue/formPosts.ts) answers with the page rendered again. So the checks the form makes
// before it calls the API live here, once, for the island and for the server's plain post alike.
// One file per form: each lands in its own form's chunk, not in one shared by every form.
import * as v from 'valibot';
import { iranMobile, oneTimeCode, requiredText } from '../../validators';
import { toLatinDigits } from '../text';

export const SignInSchema = v.object({
  // Mobile numbers may be typed with Persian digits; e-mail addresses pass through untouched.
  username: v.pipe(
    requiredText('شماره موبایل یا ایمیل', 254),
    v.transform((s) => (s.includes('@') ? s : toLatinDigits(s).replace(/[\s-]/g, ''))),
  ),
  password: requiredText('رمز عبور', 128),
});

export const signInFailed = 'ورود انجام نشد. لطفاً دوباره تلاش کنید.';

/** Sign-in by an SMS code, first step: the number the code goes to. */
export const CodeRequestSchema = v.object({ phoneNumber: iranMobile('شماره موبایل') });

/** …second step: the number and its code, in any digits. */
export const CodeSignInSchema = v.object({ phoneNumber: iranMobile('شماره موبایل'), code: oneTimeCode('کد') });
