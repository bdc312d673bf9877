// A Zarinpal-compatible payment gateway client (v4 JSON API). Amounts are sent in rials.
import * as v from 'valibot';
import { boundedText, OutsideAnswerError, parseAnswer, type Gateway } from '../../platform/outside';

/**
 * How a call to the gateway failed: no answer at all (refused connection, dropped, past the
 * time-out), an answer that is not one of the gateway's (the wrong shape, HTML from a proxy, an
 * empty or huge body, a code this client does not know, an authority already used), or the
 * gateway's own refusal. The first two decide nothing: the order stays as it was and is asked
 * about again. The payment attempt records which it was (payments.ts failureOutcome).
 */
export type GatewayFailure = 'unreachable' | 'unreadable' | 'refused';

export class GatewayError extends Error {
  constructor(
    message: string,
    readonly failure: GatewayFailure,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** An authority as gateways issue them (Zarinpal: A and 35 digits); nothing else is stored as one. */
const authorityText = v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,64}$/));
const referenceText = v.union([v.pipe(v.number(), v.integer()), v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/))]);
// A refusal: `data` is an empty list and the code is under `errors`. The success answers below
// are taken from a 2xx answer only (see `call`).
const refusal = v.object({ errors: v.object({ code: v.number() }) });
const requestAnswer = v.object({ data: v.object({ code: v.literal(100), authority: authorityText }) });
const verifyAnswer = v.object({ data: v.object({ code: v.picklist([100, 101]), ref_id: referenceText, card_pan: v.optional(v.string()) }) });
const refundAnswer = v.object({ data: v.object({ code: v.literal(100), refund_id: v.optional(referenceText) }) });
const reverseAnswer = v.object({ data: v.object({ code: v.literal(100) }) });
const unverifiedAnswer = v.object({
  data: v.object({
    // The documentation shows the code as a string ("100"); either is taken.
    code: v.union([v.literal(100), v.literal('100')]),
    authorities: v.optional(v.array(v.object({ authority: authorityText, amount: v.union([v.number(), v.pipe(v.string(), v.regex(/^[0-9]+$/))]) })), []),
  }),
});

/** Zarinpal v4 codes this client acts on. */
export const zarinpalCodes = {
  ok: 100,
  alreadyVerified: 101,
  amountMismatch: -50,
  /** The payer has not (successfully) paid this authority. */
  notPaid: -51,
  wrongMerchant: -53,
  unknownAuthority: -54,
  /** reverse.json: the payment is past the gateway's window for a reversal (about 30 minutes). */
  reverseWindowPassed: -63,
} as const;

/** Verify refusals that end the payment: the authority or its amount is not this order's. */
const verifyFails: ReadonlySet<number> = new Set([zarinpalCodes.amountMismatch, zarinpalCodes.wrongMerchant, zarinpalCodes.unknownAuthority, -55]);

export interface ZarinpalOptions {
  /** Zarinpal's refund call needs an access token of the merchant's account (ZARINPAL_ACCESS_TOKEN). */
  refundToken?: string;
  /** The whole call's limit (connect, send, the answer read to its end); default 15 s. */
  timeoutMs?: number;
}

export function zarinpal(baseUrl: string, merchantId: string, options: ZarinpalOptions = {}): Gateway {
  const timeoutMs = options.timeoutMs ?? 15_000;
  /**
   * The call's answer, read within the limits: the gateway's success (`success`, from a 2xx
   * answer only) or its refusal (a code under `errors`, whatever the status: Zarinpal answers
   * refusals with 4xx, an outage with 5xx and its code). Anything else is GatewayError
   * 'unreadable' — among it a success-shaped body under a 5xx or 4xx status, which a proxy or
   * a failing gateway may send without the call having been done.
   */
  async function call<S extends v.GenericSchema>(
    path: string,
    success: S,
    body: Record<string, unknown>,
    token?: string,
  ): Promise<v.InferOutput<S> | v.InferOutput<typeof refusal>> {
    const what = `gateway ${path}`;
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await boundedText(response, what);
      if (response.ok) return parseAnswer(v.union([success, refusal]), text, response.status, what);
      try {
        return parseAnswer(refusal, text, response.status, what);
      } catch (error) {
        if (error instanceof OutsideAnswerError) throw new OutsideAnswerError(`${error.message}; no refusal, and only a 2xx answer is a success`);
        throw error;
      }
    } catch (error) {
      if (error instanceof OutsideAnswerError) throw new GatewayError(error.message, 'unreadable', { cause: error });
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new GatewayError(timedOut ? `${what}: no answer within ${timeoutMs} ms` : `${what} unreachable`, 'unreachable', { cause: error });
    }
  }
  /** A refusal whose code this client does not act on: nothing is decided, the call is made again later. */
  const unknownRefusal = (what: string, code: number) => new GatewayError(`gateway ${what} refused with ${code}`, 'refused');

  const gateway: Gateway = {
    async request({ amountInTomans, description, callbackUrl }) {
      const answer = await call('/pg/v4/payment/request.json', requestAnswer, {
        merchant_id: merchantId,
        amount: amountInTomans * 10,
        callback_url: callbackUrl,
        description,
      });
      if ('errors' in answer) throw new GatewayError(`gateway refused the payment request (${answer.errors.code})`, 'refused');
      return { authority: answer.data.authority };
    },
    async verify({ amountInTomans, authority }) {
      const answer = await call('/pg/v4/payment/verify.json', verifyAnswer, { merchant_id: merchantId, amount: amountInTomans * 10, authority });
      if ('data' in answer) {
        // 101: already verified before (a repeated verify of a paid order).
        const { ref_id, card_pan } = answer.data;
        return { status: 'paid', refId: String(ref_id), cardPan: card_pan ? maskedCard(card_pan) : null };
      }
      const code = answer.errors.code;
      if (code === zarinpalCodes.notPaid) return { status: 'unpaid' };
      if (verifyFails.has(code)) return { status: 'failed' };
      // Another refusal (the merchant suspended, too many calls, the gateway's own error) says
      // nothing about the payment: the order stays open and is asked about again.
      throw unknownRefusal('verify', code);
    },
    paymentUrl: (authority) => `${baseUrl}/pg/StartPay/${encodeURIComponent(authority)}`,
    async unverified() {
      const answer = await call('/pg/v4/payment/unVerified.json', unverifiedAnswer, { merchant_id: merchantId });
      if ('errors' in answer) throw new GatewayError(`gateway refused the unverified list (${answer.errors.code})`, 'refused');
      // Rials on the wire; an amount that is not whole tomans was never requested by this server.
      return answer.data.authorities.map((a) => ({ authority: a.authority, amountInTomans: Number(a.amount) / 10 }));
    },
    async reverse({ authority }) {
      const answer = await call('/pg/v4/payment/reverse.json', reverseAnswer, { merchant_id: merchantId, authority });
      return 'data' in answer ? { status: 'reversed' } : { status: 'refused', code: answer.errors.code };
    },
  };
  const refundToken = options.refundToken;
  if (!refundToken) return gateway;
  return {
    ...gateway,
    async refund({ amountInTomans, authority, reason }) {
      const answer = await call(
        '/pg/v4/payment/refund.json',
        refundAnswer,
        { merchant_id: merchantId, authority, amount: amountInTomans * 10, description: reason, method: 'CARD', reason: 'CUSTOMER_REQUEST' },
        refundToken,
      );
      if ('errors' in answer) throw new GatewayError(`gateway refused the refund (${answer.errors.code})`, 'refused');
      return { refundId: String(answer.data.refund_id ?? '') };
    },
  };
}

/**
 * A card number as it may be kept and shown: the first six and last four digits, the rest
 * starred (the gateway already answers it so; a full number is masked here all the same).
 */
export function maskedCard(pan: string): string {
  const digits = pan.replace(/[^0-9*]/g, '');
  if (digits.length < 10) return '';
  return `${digits.slice(0, 6)}${'*'.repeat(Math.max(digits.length - 10, 0))}${digits.slice(-4)}`;
}
