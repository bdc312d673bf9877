// A Zarinpal-compatible payment gateway client (v4 JSON API). Amounts are sent in rials.
import * as v from 'valibot';

export class GatewayError extends Error {}

const requestAnswer = v.object({
  data: v.object({ code: v.number(), authority: v.optional(v.string()) }),
});
const verifyAnswer = v.object({
  data: v.object({ code: v.number(), ref_id: v.optional(v.union([v.number(), v.string()])), card_pan: v.optional(v.string()) }),
});
const refundAnswer = v.object({
  data: v.object({ code: v.number(), refund_id: v.optional(v.union([v.number(), v.string()])) }),
});
const reverseAnswer = v.object({ data: v.object({ code: v.number() }) });
const unverifiedAnswer = v.object({
  data: v.object({
    // The documentation shows the code as a string ("100"); either is taken.
    code: v.union([v.number(), v.string()]),
    authorities: v.optional(v.array(v.object({ authority: v.string(), amount: v.union([v.number(), v.string()]) })), []),
  }),
});
// A refusal: `data` is an empty list and the code is under `errors`.
const verifyRefusal = v.object({ errors: v.object({ code: v.number() }) });

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

/** Zarinpal's refund call needs an access token of the merchant's account (ZARINPAL_ACCESS_TOKEN). */
export function zarinpal(baseUrl: string, merchantId: string, refundToken?: string): Gateway {
  async function post(path: string, body: Record<string, unknown>, token?: string): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new GatewayError(`gateway ${path} unreachable`, { cause: error });
    }
    // Zarinpal answers refusals with 4xx and a JSON body; only a body we cannot read is an outage.
    try {
      return await response.json();
    } catch (error) {
      throw new GatewayError(`gateway ${path} answered ${response.status} without JSON`, { cause: error });
    }
  }

  const gateway: Gateway = {
    async request({ amountInTomans, description, callbackUrl }) {
      const answer = v.safeParse(
        requestAnswer,
        await post('/pg/v4/payment/request.json', {
          merchant_id: merchantId,
          amount: amountInTomans * 10,
          callback_url: callbackUrl,
          description,
        }),
      );
      if (!answer.success || answer.output.data.code !== 100 || !answer.output.data.authority) {
        throw new GatewayError('gateway refused the payment request');
      }
      return { authority: answer.output.data.authority };
    },
    async verify({ amountInTomans, authority }) {
      const raw = await post('/pg/v4/payment/verify.json', { merchant_id: merchantId, amount: amountInTomans * 10, authority });
      const answer = v.safeParse(verifyAnswer, raw);
      if (!answer.success) {
        const refusal = v.safeParse(verifyRefusal, raw);
        return refusal.success && refusal.output.errors.code === zarinpalCodes.notPaid ? { status: 'unpaid' } : { status: 'failed' };
      }
      const { code, ref_id, card_pan } = answer.output.data;
      // 101: already verified before (a repeated verify of a paid order).
      if ((code === zarinpalCodes.ok || code === zarinpalCodes.alreadyVerified) && ref_id !== undefined && String(ref_id) !== '') {
        return { status: 'paid', refId: String(ref_id), cardPan: card_pan ? maskedCard(card_pan) : null };
      }
      return code === zarinpalCodes.notPaid ? { status: 'unpaid' } : { status: 'failed' };
    },
    paymentUrl: (authority) => `${baseUrl}/pg/StartPay/${encodeURIComponent(authority)}`,
    async unverified() {
      const answer = v.safeParse(unverifiedAnswer, await post('/pg/v4/payment/unVerified.json', { merchant_id: merchantId }));
      if (!answer.success || Number(answer.output.data.code) !== zarinpalCodes.ok) throw new GatewayError('gateway refused the unverified list');
      // Rials on the wire; an amount that is not whole tomans was never requested by this server.
      return answer.output.data.authorities.map((a) => ({ authority: a.authority, amountInTomans: Number(a.amount) / 10 }));
    },
    async reverse({ authority }) {
      const raw = await post('/pg/v4/payment/reverse.json', { merchant_id: merchantId, authority });
      const answer = v.safeParse(reverseAnswer, raw);
      if (answer.success && answer.output.data.code === zarinpalCodes.ok) return { status: 'reversed' };
      const refusal = v.safeParse(verifyRefusal, raw);
      return { status: 'refused', code: answer.success ? answer.output.data.code : refusal.success ? refusal.output.errors.code : null };
    },
  };
  if (!refundToken) return gateway;
  return {
    ...gateway,
    async refund({ amountInTomans, authority, reason }) {
      const raw = await post(
        '/pg/v4/payment/refund.json',
        { merchant_id: merchantId, authority, amount: amountInTomans * 10, description: reason, method: 'CARD', reason: 'CUSTOMER_REQUEST' },
        refundToken,
      );
      const answer = v.safeParse(refundAnswer, raw);
      if (!answer.success || answer.output.data.code !== zarinpalCodes.ok) throw new GatewayError('gateway refused the refund');
      return { refundId: String(answer.output.data.refund_id ?? '') };
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
