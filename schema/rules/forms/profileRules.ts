// A person's own profile (the dashboard's form and PUT /api/Learner/Profile): names, mobile and
// e-mail under the same rules on both sides; the current password is asked only when a sign-in
// identifier moves, which the server decides.
import * as v from 'valibot';
import { iranMobile, optionalEmail, personNames } from '../../validators';

export const ProfileSchema = v.object({
  ...personNames,
  phoneNumber: v.pipe(iranMobile('شماره موبایل'), v.description('the sign-in number; changing it needs currentPassword')),
  emailAddress: optionalEmail('ایمیل'),
  currentPassword: v.optional(
    v.pipe(v.string('رمز عبور فعلی باید متن باشد'), v.maxLength(128, 'رمز عبور فعلی حداکثر ۱۲۸ نویسه است'), v.description('asked when the mobile or the email changes')),
    '',
  ),
});
