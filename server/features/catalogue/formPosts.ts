// The public forms posted before their scripts arrived (the one-time code steps
// too). On a slow phone the server-rendered sign-in, sign-up, forgotten-password and
// contact forms are on screen seconds before their islands hydrate; a visitor who submits in that
// gap posts the form itself (method="post", application/x-www-form-urlencoded) to the page's own
// address. Here that post becomes the very API call the scripted form makes, made in-process
// (`app.inject`) with the visitor's address, so validation, rate limits, messages and tokens are
// exactly the API's; the answer is the page rendered again by the server: the messages where the
// scripted form shows them and the typed values kept (never a password or a code), or what the
// scripted form does on success (the next step of a form of steps).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { destinationAfterSignIn } from '../../../schema/rules/token';
import { ForgotCodeSchema, ForgotMailSchema, ForgotPhoneSchema, forgotTexts } from '../../../schema/rules/forms/forgotRules';
import { safeRedirect } from '../../../schema/rules/forms/redirect';
import { CodeRequestSchema, CodeSignInSchema, signInFailed, SignInSchema } from '../../../schema/rules/forms/signInRules';
import { SignUpCodeSchema, signUpFailed, SignUpSchema } from '../../../schema/rules/forms/signUpRules';
import { ContactSchema, contactTexts } from '../../../schema/rules/forms/contactRules';
import { fieldErrors } from '../../../schema/rules/forms/formErrors';
import type { PostableForm, PostedField, PostedFields, PostedForm } from '../../../schema/rules/forms/postedForm';
import { texts, unavailablePage } from '../../platform/errors';
import type { FormAnswer, PageRenderer } from './ssr';

/**
 * What a successful post leads to: a session handed to the app, the contact form's "sent", the
 * code step of a form of steps (the code was sent), its end, or the e-mailed link's notice.
 */
type Outcome = 'signIn' | 'sent' | 'codeSent' | 'done' | 'mailSent';

interface PostableFormSpec {
  form: PostableForm;
  /** Which of the page's ways this post is (sign-in by password or by code, recovery by SMS or e-mail). */
  mode?: PostedForm['mode'];
  /** The form's own checks, the ones its island makes before calling the API. */
  schema: v.GenericSchema;
  /** The fields read from the post; the rest of the body is ignored. */
  fields: readonly PostedField[];
  /** Fields sent back into the form when it is shown again; passwords and codes never are. */
  kept: readonly PostedField[];
  operation:
    | '/api/Auth/SignIn'
    | '/api/Auth/SignUp'
    | '/api/Contact'
    | '/api/Auth/SendCode'
    | '/api/Auth/SignInWithCode'
    | '/api/Auth/ResetPasswordWithCode'
    | '/api/Auth/SendResetLink';
  /** The API body made of the checked form, as the island makes it; default: the form itself. */
  payload?: (checked: Record<string, unknown>) => Record<string, unknown>;
  failed: string;
  outcome: Outcome;
  /** The step a refusal is shown on: the code step, when the post came from it. */
  failureStep?: 'code';
}

/**
 * A form of steps posts its step in a submit button's name (`step`: send the code, or verify
 * it), so pressing Enter in the code field verifies and the other button asks for a new code.
 * A post carrying a `code` field (even empty) came from the code step.
 */
const postableForms: Record<string, (body: URLSearchParams) => PostableFormSpec> = {
  '/auth/sign-in': (body) => {
    const fromCodeStep = body.has('code') ? ('code' as const) : undefined;
    if (body.get('step') === 'send') {
      return {
        form: 'SignIn',
        mode: 'code',
        schema: CodeRequestSchema,
        fields: ['phoneNumber'],
        kept: ['phoneNumber'],
        operation: '/api/Auth/SendCode',
        payload: (checked) => ({ phoneNumber: checked.phoneNumber, purpose: 'signIn' }),
        failed: signInFailed,
        outcome: 'codeSent',
        failureStep: fromCodeStep,
      };
    }
    if (body.get('step') === 'verify') {
      return {
        form: 'SignIn',
        mode: 'code',
        schema: CodeSignInSchema,
        fields: ['phoneNumber', 'code'],
        kept: ['phoneNumber'],
        operation: '/api/Auth/SignInWithCode',
        failed: signInFailed,
        outcome: 'signIn',
        failureStep: 'code',
      };
    }
    return {
      form: 'SignIn',
      schema: SignInSchema,
      fields: ['username', 'password'],
      kept: ['username'],
      operation: '/api/Auth/SignIn',
      failed: signInFailed,
      outcome: 'signIn',
    };
  },
  // Sign-up is two steps: the form (checked whole, then the phone's code is sent), then the code
  // with the same details (the account is made). A new code asked for from the code step needs
  // only the number.
  '/auth/sign-up': (body) => {
    const details: PostedField[] = ['firstName', 'lastName', 'phoneNumber', 'emailAddress'];
    if (body.get('step') === 'verify') {
      return {
        form: 'SignUp',
        schema: SignUpCodeSchema,
        fields: [...details, 'password', 'code'],
        kept: details,
        operation: '/api/Auth/SignUp',
        failed: signUpFailed,
        outcome: 'signIn',
        failureStep: 'code',
      };
    }
    const resend = body.has('code');
    return {
      form: 'SignUp',
      schema: resend ? CodeRequestSchema : SignUpSchema,
      fields: resend ? details : [...details, 'password'],
      kept: details,
      operation: '/api/Auth/SendCode',
      payload: (checked) => ({ phoneNumber: checked.phoneNumber, purpose: 'signUp' }),
      failed: signUpFailed,
      outcome: 'codeSent',
      failureStep: resend ? 'code' : undefined,
    };
  },
  '/auth/forgot': (body) => {
    if (body.get('step') === 'mail') {
      return {
        form: 'Forgot',
        mode: 'email',
        schema: ForgotMailSchema,
        fields: ['emailAddress'],
        kept: ['emailAddress'],
        operation: '/api/Auth/SendResetLink',
        failed: forgotTexts.failed,
        outcome: 'mailSent',
      };
    }
    if (body.get('step') === 'verify') {
      return {
        form: 'Forgot',
        mode: 'sms',
        schema: ForgotCodeSchema,
        fields: ['phoneNumber', 'code', 'newPassword', 'repeat'],
        kept: ['phoneNumber'],
        operation: '/api/Auth/ResetPasswordWithCode',
        payload: (checked) => ({ phoneNumber: checked.phoneNumber, code: checked.code, newPassword: checked.newPassword }),
        failed: forgotTexts.failed,
        outcome: 'done',
        failureStep: 'code',
      };
    }
    return {
      form: 'Forgot',
      mode: 'sms',
      schema: ForgotPhoneSchema,
      fields: ['phoneNumber'],
      kept: ['phoneNumber'],
      operation: '/api/Auth/SendCode',
      payload: (checked) => ({ phoneNumber: checked.phoneNumber, purpose: 'reset' }),
      failed: forgotTexts.failed,
      outcome: 'codeSent',
      failureStep: body.has('code') ? 'code' : undefined,
    };
  },
  '/contact-us': () => ({
    form: 'Contact',
    schema: ContactSchema,
    fields: ['fullName', 'phoneNumber', 'emailAddress', 'message'],
    kept: ['fullName', 'phoneNumber', 'emailAddress', 'message'],
    operation: '/api/Contact',
    failed: contactTexts.failed,
    outcome: 'sent',
  }),
};

/** The largest form body read: the contact message's 2,000 characters, percent-encoded, fit with room. */
const formBodyLimit = 64 * 1024;

export const formPostTexts = {
  crossSite: 'این فرم از صفحه‌ای بیرون از سایت ارسال شده است؛ لطفاً آن را همین‌جا دوباره پر کنید و بفرستید.',
} as const;

const accessTokenAnswer = v.object({
  accessToken: v.string(),
  // Wrong passwords tried against the account since its last sign-in: the owner is told on the
  // pages they land on, as after a scripted sign-in (src/lib/signInAlert.ts).
  failedSignIns: v.optional(v.number()),
  lastFailedSignInAt: v.optional(v.string()),
});
const messageAnswer = v.object({ message: v.string(), retryAfterSeconds: v.optional(v.number()) });
const codeSentAnswer = v.object({ message: v.string(), resendAfterSeconds: v.number() });

function readJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

/**
 * Cross-site request forgery: a page elsewhere can make a visitor's browser post these forms
 * (sign them into the attacker's account, send messages in their name). Browsers send `Origin`
 * with every form post; it must be this site's address (PUBLIC_URL). Without it (some privacy
 * tools strip it), `Referer` must be; with neither, the post is refused: a visitor can always
 * send the form again from the page itself.
 */
export function postedFromSite(request: FastifyRequest, siteOrigin: string): boolean {
  const origin = request.headers.origin;
  if (typeof origin === 'string') return origin === siteOrigin;
  const referer = request.headers.referer;
  if (typeof referer !== 'string') return false;
  try {
    return new URL(referer).origin === siteOrigin;
  } catch {
    return false;
  }
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);

/** For a page that failed to render (a bug, logged by the renderer): still a page, in Persian. */
function fallbackPage(path: string): string {
  return `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><title>${texts.serverError}</title></head><body><p>${texts.serverError}</p><p><a href="${escapeHtml(path)}">بازگشت</a></p></body></html>`;
}

export async function registerFormPosts(app: FastifyInstance, options: { siteOrigin: string; pageRenderer: PageRenderer }): Promise<void> {
  const { siteOrigin, pageRenderer } = options;

  const answer = async (request: FastifyRequest, reply: FastifyReply, status: number, formAnswer: FormAnswer) => {
    // Personal data (what was typed) or a session is in every one of these answers.
    reply.header('Cache-Control', 'no-store');
    const page = await pageRenderer.render(request.url, siteOrigin, app, formAnswer);
    reply.type('text/html; charset=utf-8');
    if (page.kind === 'page') return reply.code(status).send(page.html);
    // The API answered 503 (the database is unreachable), and so the page could not render either.
    if (status === 503) return reply.code(503).header('Retry-After', '5').send(unavailablePage);
    return reply.code(500).send(fallbackPage(request.url.split('?', 1)[0] ?? '/'));
  };

  // Registered in a plugin of their own so that only these routes read form bodies: the
  // API keeps refusing them (415), since a cross-site form may post that type without asking.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: formBodyLimit }, (_request, body, done) => {
      done(null, new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')));
    });

    for (const [path, specFor] of Object.entries(postableForms)) {
      scope.post(path, answerPostedForm);

      async function answerPostedForm(request: FastifyRequest, reply: FastifyReply) {
        const body = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
        const spec = specFor(body);
        const formState = (state: PostedForm): FormAnswer => ({
          posted: { form: spec.form, kind: 'form', state: { ...(spec.mode ? { mode: spec.mode } : {}), ...state } },
        });
        if (!postedFromSite(request, siteOrigin)) {
          // Nothing of the foreign post is shown back: it is not the visitor's typing.
          return answer(request, reply, 403, formState({ values: {}, errors: {}, failure: formPostTexts.crossSite }));
        }
        const typed: PostedFields = {};
        for (const field of spec.fields) typed[field] = body.get(field) ?? '';
        const kept: PostedFields = {};
        for (const field of spec.kept) kept[field] = typed[field];
        const step = spec.failureStep ? { step: spec.failureStep } : {};

        const checked = v.safeParse(spec.schema, typed);
        if (!checked.success) return answer(request, reply, 400, formState({ values: kept, errors: fieldErrors(checked.issues), ...step }));
        const output: unknown = checked.output;
        const form = typeof output === 'object' && output !== null ? Object.fromEntries(Object.entries(output)) : {};

        const result = await app.inject({
          method: 'POST',
          url: spec.operation,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(typeof request.headers['user-agent'] === 'string' ? { 'user-agent': request.headers['user-agent'] } : {}),
          },
          payload: JSON.stringify(spec.payload ? spec.payload(form) : form),
          // The visitor's address, as the API would have seen it: its per-address limits hold.
          remoteAddress: request.ip,
        });
        const json = readJson(result.body);
        if (result.statusCode !== 200) {
          const said = v.safeParse(messageAnswer, json);
          const failure = said.success ? said.output.message : spec.failed;
          // Too soon after the number's last code: that code is on its way, so its step is shown.
          const wait = said.success && said.output.retryAfterSeconds ? { resendAfterSeconds: said.output.retryAfterSeconds, step: 'code' as const } : {};
          return answer(request, reply, result.statusCode, formState({ values: kept, errors: {}, failure, ...step, ...wait }));
        }
        // Whatever else the operation set (a cookie, say) belongs to the visitor too.
        const cookies = result.headers['set-cookie'];
        if (cookies !== undefined) reply.header('set-cookie', cookies);
        if (spec.outcome === 'sent') return answer(request, reply, 200, formState({ values: {}, errors: {}, sent: true }));
        if (spec.outcome === 'done') return answer(request, reply, 200, formState({ values: {}, errors: {}, step: 'done' }));
        if (spec.outcome === 'mailSent') {
          const said = v.safeParse(messageAnswer, json);
          return answer(request, reply, 200, formState({ values: kept, errors: {}, sent: true, notice: said.success ? said.output.message : undefined }));
        }
        if (spec.outcome === 'codeSent') {
          const sent = v.safeParse(codeSentAnswer, json);
          if (!sent.success) return answer(request, reply, 500, formState({ values: kept, errors: {}, failure: spec.failed }));
          return answer(
            request,
            reply,
            200,
            formState({ values: kept, errors: {}, step: 'code', notice: sent.output.message, resendAfterSeconds: sent.output.resendAfterSeconds }),
          );
        }

        const session = v.safeParse(accessTokenAnswer, json);
        if (!session.success) return answer(request, reply, 500, formState({ values: kept, errors: {}, failure: spec.failed, ...step }));
        const query = request.query;
        const redirect = typeof query === 'object' && query !== null && 'redirect' in query ? safeRedirect(query.redirect) : undefined;
        const destination = destinationAfterSignIn(session.output.accessToken, redirect);
        return answer(request, reply, 200, {
          posted: { form: spec.form, kind: 'signedIn', destination },
          session: {
            token: session.output.accessToken,
            destination,
            ...(session.output.failedSignIns ? { failedSignIns: session.output.failedSignIns, lastFailedSignInAt: session.output.lastFailedSignInAt } : {}),
          },
        });
      }
    }
  });
}
