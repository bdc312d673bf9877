// SMS through Kavenegar's REST API (https://kavenegar.com/rest.html), the SmsProvider the
// environment chooses with KAVENEGAR_API_KEY (server/platform/config.ts). Two calls, both a form POST to
// `{base}/v1/{API_KEY}/{scope}/{method}.json`:
//   sms/send       receptor, message, sender (the line; absent: the account's default), localid
//   verify/lookup  receptor, token, template (a template approved in Kavenegar's panel)
// Every answer is `{ return: { status, message }, entries }`, with the HTTP status equal to
// `return.status`; 200 is success and `entries[].messageid` is Kavenegar's id of the message.
// `localid` carries the message's idempotency key: Kavenegar answers a repeated localid with the
// record of the first send and sends nothing, so a worker that dies between sending and
// recording cannot send a notification twice. Kavenegar's own examples give record ids (digits),
// and a comma would split it into one id per receptor, so the key is sent as a number: the first
// 52 bits of its SHA-256 (localIdOf) — any key text works, the same key is the same number.
//
// The API key is part of every URL, so neither the URL nor the key is ever put in an error
// message or a description; errors name the call and Kavenegar's status only.
import { createHash } from 'node:crypto';
import { DeliveryError, type SmsMessage, type SmsProvider } from '../../platform/outside';
import * as v from 'valibot';
import { boundedText, OutsideAnswerError, parseAnswer } from '../../platform/outside';

/** The idempotency key as Kavenegar's localid: a decimal number under 2⁵², the same for the same key. */
export function localIdOf(idempotencyKey: string): string {
  return String(Number.parseInt(createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 13), 16));
}

export interface KavenegarOptions {
  apiKey: string;
  /** The sending line (KAVENEGAR_SENDER); absent: the account's default line. */
  sender?: string;
  /** verify/lookup template for one-time codes (KAVENEGAR_OTP_TEMPLATE); absent: codes go by sms/send. */
  otpTemplate?: string;
  /** Base address (KAVENEGAR_URL), e.g. https://api.kavenegar.com. */
  url: string;
  /** The whole call's limit (connect, send, answer); default 10 s. */
  timeoutMs?: number;
}

/** A refusal or failure with Kavenegar's status (absent: no answer from Kavenegar at all). */
export class KavenegarError extends DeliveryError {
  constructor(
    message: string,
    permanent: boolean,
    readonly status?: number,
    options?: ErrorOptions,
  ) {
    super(message, permanent, options);
  }
}

/**
 * Kavenegar's statuses other than 200, and whether sending the same message again can succeed.
 * Permanent: the request itself is wrong (a number, a line, a template, the account or its key)
 * and the same request gets the same answer; fixing it needs a person, and a one-time code or a
 * notification retried for hours meanwhile helps nobody. Transient: Kavenegar is busy or rate
 * limiting, or the account's credit has run out — topping it up lets the queue carry on, so the
 * messages wait rather than being dropped. A status not listed here is treated as transient: the
 * queue's attempt limit ends it, rather than a message being dropped on a code we do not know.
 */
const statuses = new Map<number, { permanent: boolean; meaning: string }>([
  [400, { permanent: true, meaning: 'parameters incomplete' }],
  [401, { permanent: true, meaning: 'account deactivated' }],
  [402, { permanent: false, meaning: 'operation failed' }],
  [403, { permanent: true, meaning: 'API key not valid' }],
  [404, { permanent: true, meaning: 'method unknown' }],
  [405, { permanent: true, meaning: 'wrong HTTP method' }],
  [406, { permanent: true, meaning: 'required parameters empty' }],
  [407, { permanent: true, meaning: 'access denied (the panel\'s allowed IP addresses)' }],
  [409, { permanent: false, meaning: 'server cannot answer now' }],
  [411, { permanent: true, meaning: 'receptor not valid' }],
  [412, { permanent: true, meaning: 'sender line not valid' }],
  [413, { permanent: true, meaning: 'message empty or too long' }],
  [414, { permanent: true, meaning: 'request too large' }],
  [416, { permanent: true, meaning: 'the calling IP address does not match the settings' }],
  [417, { permanent: true, meaning: 'date not valid' }],
  [418, { permanent: false, meaning: 'account credit not enough' }],
  [419, { permanent: true, meaning: 'receptor and local id counts differ' }],
  [420, { permanent: true, meaning: 'links in messages are restricted for this account' }],
  [422, { permanent: true, meaning: 'message has characters that cannot be processed' }],
  [424, { permanent: true, meaning: 'template not found' }],
  [426, { permanent: true, meaning: 'method needs the advanced service' }],
  [427, { permanent: true, meaning: 'line needs an access level' }],
  [428, { permanent: true, meaning: 'code cannot be sent by voice call' }],
  [429, { permanent: false, meaning: 'rate limited' }],
  [431, { permanent: true, meaning: 'code (token) structure not valid' }],
  [432, { permanent: true, meaning: 'template has no %token parameter' }],
  [451, { permanent: false, meaning: 'too many calls in a short time' }],
  [501, { permanent: true, meaning: 'test account: only the owner\'s number can receive' }],
]);

/** Entry statuses of a message Kavenegar accepted but will not deliver (see its status table). */
const undeliverable = new Map<number, string>([
  [6, 'failed'],
  [11, 'not delivered'],
  [13, 'cancelled'],
  [14, 'blocked by the receiver'],
  [100, 'id not valid'],
]);

const mobile = /^09[0-9]{9}$/;

/**
 * Kavenegar's answer: `return` always; on a refusal `entries` is null. On success, `entries` is
 * the list of messages (verify/lookup has been seen answering one entry as an object rather than
 * a list), each with Kavenegar's id, its delivery status and the receptor it went to.
 */
const kavenegarAnswer = v.object({
  return: v.object({ status: v.pipe(v.number(), v.integer()), message: v.optional(v.unknown()) }),
  entries: v.optional(v.unknown()),
});
const entrySchema = v.object({
  messageid: v.union([v.pipe(v.number(), v.integer()), v.pipe(v.string(), v.regex(/^[0-9]{1,20}$/))]),
  status: v.optional(v.number()),
  receptor: v.optional(v.union([v.string(), v.number()])),
});
const acceptedEntries = v.union([v.pipe(v.array(entrySchema), v.minLength(1)), v.pipe(entrySchema, v.transform((entry) => [entry]))]);

/** The last ten digits of a number, as Kavenegar may answer it (09…, 989…, 9…). */
const national = (receptor: string | number) => String(receptor).replace(/[^0-9]/g, '').slice(-10);

export function kavenegarSms(options: KavenegarOptions): SmsProvider {
  const base = options.url.replace(/\/+$/, '');
  const origin = new URL(base).origin; // for the description: never the key, never credentials
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call(path: 'sms/send' | 'verify/lookup', form: Record<string, string>): Promise<{ providerId: string }> {
    const what = path === 'sms/send' ? 'Kavenegar sms/send' : 'Kavenegar verify/lookup';
    let answer: v.InferOutput<typeof kavenegarAnswer>;
    try {
      const response = await fetch(`${base}/v1/${encodeURIComponent(options.apiKey)}/${path}.json`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8', Accept: 'application/json' },
        body: new URLSearchParams(form).toString(),
        redirect: 'error', // a redirect would carry the key to wherever it points
        signal: AbortSignal.timeout(timeoutMs),
      });
      // The HTTP status is Kavenegar's own status, or a proxy's: only `return.status` decides.
      answer = parseAnswer(kavenegarAnswer, await boundedText(response, what), response.status, what);
    } catch (error) {
      // Not Kavenegar's answer (a proxy's page, an empty, huge or garbled body), or none at all:
      // nothing says whether the message went, and another attempt may find the service well.
      // A repeat of a notification carries the same localid, so Kavenegar does not send it twice.
      if (error instanceof OutsideAnswerError) throw new KavenegarError(error.message, false, undefined, { cause: error });
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      const reason = timedOut ? `no answer within ${timeoutMs} ms` : 'could not be reached';
      // The cause is the network error (its message names the host, never the path with the key).
      throw new KavenegarError(`${what}: ${reason}`, false, undefined, { cause: error });
    }
    const status = answer.return.status;
    if (status !== 200) {
      const known = statuses.get(status);
      const permanent = known?.permanent ?? false;
      throw new KavenegarError(`${what} refused: ${status} (${known?.meaning ?? 'unknown status'})`, permanent, status);
    }
    const entries = v.safeParse(acceptedEntries, answer.entries ?? null);
    const entry = entries.success ? entries.output[0] : undefined;
    if (!entry) throw new KavenegarError(`${what}: accepted without a message id`, false, status);
    // An entry for another number is the record of another message (someone else's, or a
    // gateway's mix-up): this one is not known to have gone, so it is not recorded as sent.
    if (entry.receptor !== undefined && national(entry.receptor) !== national(form.receptor ?? '')) {
      throw new KavenegarError(`${what}: accepted, but the answer is about another receptor`, false, status);
    }
    const failed = entry.status === undefined ? undefined : undeliverable.get(entry.status);
    if (failed) {
      // Sending again returns this same record (localid), or is refused the same way.
      throw new KavenegarError(`${what}: message ${String(entry.messageid)} ${failed} (status ${entry.status})`, true, status);
    }
    return { providerId: String(entry.messageid) };
  }

  function checkReceptor(to: string): void {
    // A comma would make Kavenegar send to every number listed, at the academy's cost.
    if (!mobile.test(to)) throw new KavenegarError('Kavenegar: the receptor is not a mobile number 09xxxxxxxxx', true);
  }

  async function send(message: SmsMessage): Promise<{ providerId: string }> {
    checkReceptor(message.to);
    const form: Record<string, string> = { receptor: message.to, message: message.text };
    if (options.sender) form.sender = options.sender;
    if (message.idempotencyKey !== undefined) form.localid = localIdOf(message.idempotencyKey);
    return call('sms/send', form);
  }

  async function sendCode({ to, code, text }: { to: string; code: string; text: string }): Promise<{ providerId: string }> {
    if (!options.otpTemplate) return send({ to, text });
    checkReceptor(to);
    return call('verify/lookup', { receptor: to, token: code, template: options.otpTemplate });
  }

  const parts = [`Kavenegar at ${origin}`];
  if (options.sender) parts.push(`line ${options.sender}`);
  parts.push(options.otpTemplate ? `codes through the template «${options.otpTemplate}»` : 'codes as plain messages');
  return {
    description: parts.join(', '),
    send,
    sendCode,
  };
}
