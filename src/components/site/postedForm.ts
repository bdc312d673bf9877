// The state the server renders a form with after its plain post (server/formPosts.ts; the why
// is in formSchemas.ts). Kept apart from the forms' rules: the islands' entry checks these props
// on every public page, and must not carry the validators of forms the page does not have.
import * as v from 'valibot';

/**
 * A form as the server answered its plain post: the values typed (never a password), the
 * messages beside fields and under the form, or that it was sent. Written into the island's
 * props, so the island hydrates into the very state the page shows.
 */
export const postedFormSchema = v.object({
  values: v.record(v.string(), v.string()),
  errors: v.record(v.string(), v.string()),
  failure: v.optional(v.string()),
  sent: v.optional(v.boolean()),
});
export type PostedForm = v.InferOutput<typeof postedFormSchema>;

export type PostableForm = 'SignIn' | 'SignUp' | 'Contact';

/** What a server render of a page is told about the form just posted to it. */
export type PostedAnswer =
  | { form: PostableForm; kind: 'form'; state: PostedForm }
  /** Signed in: the page says so while src/boot.ts takes the session to `destination`. */
  | { form: PostableForm; kind: 'signedIn'; destination: string };
