// A Zarinpal-compatible payment gateway client (v4 JSON API). Amounts are sent in rials.
import * as v from 'valibot';

export class GatewayError extends Error {}

const requestAnswer = v.object({
  data: v.object({ code: v.number(), authority: v.optional(v.string()) }),
});
const verifyAnswer = v.object({
  data: v.object({ code: v.number(), ref_id: v.optional(v.union([v.number(), v.string()])) }),
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
} as const;

export interface Gateway {
  request(input: { amountInTomans: number; description: string; callbackUrl: string }): Promise<{ authority: string }>;
  /**
   * 'paid' with the reference number; 'unpaid' when the gateway says nothing was paid (yet) on
   * this authority, so the order stays payable; 'failed' for any other refusal.
   */
  verify(input: { amountInTomans: number; authority: string }): Promise<{ status: 'paid'; refId: string } | { status: 'unpaid' } | { status: 'failed' }>;
  paymentUrl(authority: string): string;
}

export function zarinpal(baseUrl: string, merchantId: string): Gateway {
  async function post(path: string, body: Record<string, unknown>): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
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

  return {
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
      const { code, ref_id } = answer.output.data;
      // 101: already verified before (a repeated verify of a paid order).
      if ((code === zarinpalCodes.ok || code === zarinpalCodes.alreadyVerified) && ref_id !== undefined && String(ref_id) !== '') {
        return { status: 'paid', refId: String(ref_id) };
      }
      return code === zarinpalCodes.notPaid ? { status: 'unpaid' } : { status: 'failed' };
    },
    paymentUrl: (authority) => `${baseUrl}/pg/StartPay/${encodeURIComponent(authority)}`,
  };
}
