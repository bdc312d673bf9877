// On a slow phone the server-rendered form is on screen seconds before its
// island hydrates; a visitor who submits in that gap posts the form itself, and the server
// (server/features/catalogue/formPosts.ts) answers with the page rendered again. So the checks the form makes
// before it calls the API live here, once, for the island and for the server's plain post alike.
// One file per form: each lands in its own form's chunk, not in one shared by every form.
import * as v from 'valibot';
import { iranMobile, optionalEmail, personName, requiredText } from '../../validators';

export const ContactSchema = v.object({
  fullName: personName('نام و نام خانوادگی'),
  phoneNumber: iranMobile('شماره موبایل'),
  emailAddress: optionalEmail('ایمیل'),
  message: v.pipe(requiredText('متن پیام', 2000), v.minLength(5, 'متن پیام کوتاه است')),
});

/** What POST /api/Contact takes: the same, except that a client may leave the e-mail out. */
export const ContactBodySchema = v.object({ ...ContactSchema.entries, emailAddress: v.optional(ContactSchema.entries.emailAddress, '') });

export const contactTexts = {
  sent: 'پیام شما ارسال شد. همکاران ما به‌زودی با شما تماس می‌گیرند.',
  failed: 'ارسال پیام انجام نشد. لطفاً دوباره تلاش کنید.',
  submit: 'ارسال پیام',
  sending: 'در حال ارسال...',
} as const;
