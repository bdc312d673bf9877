// The state the server renders a form with after its plain post (server/features/catalogue/formPosts.ts: on a slow
// phone a visitor submits before the form's island has arrived). Kept apart from the forms' rules
// (auth/signInRules.ts, …): the islands' entry checks these props on every public page, and must
// not carry the validators of forms the page does not have.
import * as v from 'valibot';

/**
 * A form as the server answered its plain post: the values typed (never a password), the
 * messages beside fields and under the form, or that it was sent. Written into the island's
 * props, so the island hydrates into the very state the page shows.
 */
const text = v.optional(v.string());
// Named, not a record: the form fields of all the forms, so an island reads typed values.
const fields = v.object({
  username: text,
  password: text,
  firstName: text,
  lastName: text,
  phoneNumber: text,
  emailAddress: text,
  fullName: text,
  message: text,
  code: text,
  newPassword: text,
  repeat: text,
});
export const postedFormSchema = v.object({
  values: fields,
  errors: fields,
  failure: text,
  sent: v.optional(v.boolean()),
  /** Which of a page's ways the post took: password or code sign-in, recovery by SMS or e-mail. */
  mode: v.optional(v.picklist(['password', 'code', 'sms', 'email'])),
  /** A form of steps: the code was sent and is asked for, or the whole thing is done. */
  step: v.optional(v.picklist(['code', 'done'])),
  /** The server's words after a code or a link was sent. */
  notice: text,
  /** Seconds until another code may be asked for. */
  resendAfterSeconds: v.optional(v.number()),
});
export type PostedFields = v.InferOutput<typeof fields>;
export type PostedField = keyof PostedFields;
export type PostedForm = v.InferOutput<typeof postedFormSchema>;

export type PostableForm = 'SignIn' | 'SignUp' | 'Contact' | 'Forgot';

/** What a server render of a page is told about the form just posted to it. */
export type PostedAnswer =
  | { form: PostableForm; kind: 'form'; state: PostedForm }
  /** Signed in: the page says so while src/handoff.ts takes the session to `destination`. */
  | { form: PostableForm; kind: 'signedIn'; destination: string };
