// Reading what an outside service answered (the payment gateway, the SMS service): one way for
// every client, so none of them trusts an answer's size or shape. The body is read up to a limit
// (a proxy's page, a runaway stream or a hostile host can send gigabytes; past the limit the
// connection is dropped, never buffered), then parsed as JSON and checked against the client's
// valibot schema of the answer. Anything else — not JSON, the wrong shape, too big — is one
// error, OutsideAnswerError: the outside answered, but not as its contract says. Each client
// turns it into its own failure (a gateway fault, a transient delivery failure), so its callers
// handle it as they handle an outage: nothing is decided on an answer nobody could read.
import * as v from 'valibot';

/** The outside service answered, but not with an answer of its contract. */
export class OutsideAnswerError extends Error {}

/** Answers are small (a gateway's list of 100 payments is ~20 kB): anything past this is not one. */
export const answerLimitBytes = 256 * 1024;

/** The body as text, read up to `limitBytes`; a longer body is cancelled and refused. */
export async function boundedText(response: Response, what: string, limitBytes = answerLimitBytes): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > limitBytes) {
    await response.body?.cancel();
    throw new OutsideAnswerError(`${what}: answer of ${declared} bytes, over the ${limitBytes}-byte limit`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel();
      throw new OutsideAnswerError(`${what}: answer over the ${limitBytes}-byte limit`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The answer's JSON checked against `schema` (the first that matches, of several shapes an answer
 * may take), or OutsideAnswerError naming the HTTP status and what was wrong.
 */
export function parseAnswer<S extends v.GenericSchema>(schema: S, text: string, status: number, what: string): v.InferOutput<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const kind = text.trim() === '' ? 'an empty body' : /^\s*</.test(text) ? 'an HTML page' : 'a body that is not JSON';
    throw new OutsideAnswerError(`${what}: HTTP ${status} with ${kind}`);
  }
  const parsed = v.safeParse(schema, json);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const where = issue ? v.getDotPath(issue) ?? '(root)' : '(root)';
    throw new OutsideAnswerError(`${what}: HTTP ${status} with an answer of the wrong shape (${where}: ${issue?.message ?? 'invalid'})`);
  }
  return parsed.output;
}

/**
 * The payment gateway as the rest of the server uses it (Zarinpal's client in server/features/commerce/gateway.ts,
 * the trial's local gateway and the tests' fake answer it); the engine hands it to record actions
 * that move money without knowing which gateway it is.
 */
export interface Gateway {
  request(input: { amountInTomans: number; description: string; callbackUrl: string }): Promise<{ authority: string }>;
  /**
   * 'paid' with the reference number; 'unpaid' when the gateway says nothing was paid (yet) on
   * this authority, so the order stays payable; 'failed' for any other refusal.
   */
  verify(input: {
    amountInTomans: number;
    authority: string;
  }): Promise<{ status: 'paid'; refId: string; cardPan: string | null } | { status: 'unpaid' } | { status: 'failed' }>;
  paymentUrl(authority: string): string;
  /**
   * Pays an amount of a verified payment back to the payer's card; absent when the gateway is
   * not configured for refunds (Zarinpal asks for an access token besides the merchant id), and
   * then an admin records a refund made by hand. Throws GatewayError on a refusal or an outage.
   */
  refund?(input: { amountInTomans: number; authority: string; reason: string }): Promise<{ refundId: string }>;
  /**
   * The payments made to this merchant that nobody verified yet (unVerified.json: the gateway's
   * last 100), amounts converted back to tomans. Throws GatewayError on an outage or a refusal.
   */
  unverified(): Promise<Array<{ authority: string; amountInTomans: number }>>;
  /**
   * Cancels a verified payment as a whole, the money back on the payer's card at once
   * (reverse.json). Zarinpal allows it only for a while after the payment (about 30 minutes):
   * 'refused' after that, or on any other refusal, and the amount is then refunded the slow way.
   * Throws GatewayError when the gateway cannot be reached.
   */
  reverse(input: { authority: string }): Promise<{ status: 'reversed' } | { status: 'refused'; code: number | null }>;
}

// The product's SMS and e-mail, one interface per channel: the one-time codes, the notification
// worker and the tests never know which provider (server/features/messaging/) is behind it.

/**
 * A message that could not be delivered. `permanent`: sending it again cannot help (a number the
 * provider refuses, a bad template), so a worker stops retrying; otherwise (an outage, a time-out,
 * a rate limit) it tries again later.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export interface SmsMessage {
  /** An Iranian mobile number, normalised: 09xxxxxxxxx. */
  to: string;
  text: string;
  /**
   * The same key twice is one message: providers that take one (Kavenegar's `localid`) drop the
   * repeat, so a worker that dies between sending and recording cannot send a notification twice.
   */
  idempotencyKey?: string;
}

export interface SmsProvider {
  /** Where the messages go, for the start-up log ("Kavenegar", "the server log"). */
  readonly description: string;
  /** Resolves with the provider's id of the message; throws DeliveryError. */
  send(message: SmsMessage): Promise<{ providerId: string }>;
  /**
   * A one-time code: providers with a template service (Kavenegar's verify/lookup) send it through
   * the template, which reaches numbers that refuse advertising; others send the text.
   */
  sendCode(message: { to: string; code: string; text: string }): Promise<{ providerId: string }>;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Sent as the Message-ID, so a repeat after a crash is recognisably the same message. */
  idempotencyKey?: string;
}

export interface MailProvider {
  readonly description: string;
  /** Resolves with the provider's id of the message (SMTP Message-ID); throws DeliveryError. */
  send(message: MailMessage): Promise<{ providerId: string }>;
}

export interface Messaging {
  sms: SmsProvider;
  mail: MailProvider;
}
