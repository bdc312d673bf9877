// A Zarinpal-compatible payment gateway on this machine, for the trial (`npm run trial`) and the
// tests (tests/support/fake-gateway.ts wraps this one with its fault injection): the v4 JSON calls
// the real client makes (server/features/commerce/gateway.ts: request, verify, refund, reverse, unVerified) plus
// inquiry.json, and a StartPay page with «پرداخت» and «انصراف». No money moves.
//
// It behaves as Zarinpal does, failures included. Amounts are rials. An authority is unpaid until
// its page is completed: verifying it before answers -51, never a reference number. Codes: 100
// paid, 101 already verified, -9 invalid input (a bad access token too), -50 the amount differs,
// -51 not paid, -53 another merchant's authority, -54 unknown authority, -61 reverse of a payment
// not verified (or partly refunded), -63 reverse past its window (30 minutes after the payment, as
// Zarinpal's; `reverseWindowMs`, and the gateway's clock moves on with `advance`). Refunds need
// the merchant's access token and go up to what was paid.
//
// Its authorities are "LOCAL" and 31 digits: never Zarinpal's format (A and 35 digits), so an order
// paid here can never be taken for one the real gateway knows.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import * as v from 'valibot';
import { formatToman, toPersianDigits } from '../../schema/rules/text';
import { escapeHtml } from '../features/catalogue/port';
import { localPage } from './page';

/** A call's JSON body as the gateway reads it (whatever the caller sent). */
export interface GatewayCall {
  merchant_id?: unknown;
  amount?: unknown;
  authority?: unknown;
  callback_url?: unknown;
  description?: unknown;
}

/** The gateway's calls, by the names tests inject faults on. */
export type GatewayCallName = 'request' | 'verify' | 'refund' | 'reverse' | 'unverified' | 'inquiry';

export const gatewayPaths: Record<string, GatewayCallName> = {
  '/pg/v4/payment/request.json': 'request',
  '/pg/v4/payment/verify.json': 'verify',
  '/pg/v4/payment/refund.json': 'refund',
  '/pg/v4/payment/reverse.json': 'reverse',
  '/pg/v4/payment/unVerified.json': 'unverified',
  '/pg/v4/payment/inquiry.json': 'inquiry',
};

export type PaymentState = 'unpaid' | 'paid' | 'cancelled' | 'verified' | 'reversed';

const paymentSchema = v.object({
  amount: v.number(),
  merchantId: v.string(),
  callbackUrl: v.string(),
  description: v.string(),
  state: v.picklist(['unpaid', 'paid', 'cancelled', 'verified', 'reversed']),
  refId: v.number(),
  refunded: v.number(),
  /** The gateway's clock when the payer paid. */
  paidAt: v.number(),
  requestedAt: v.number(),
});
type Payment = v.InferOutput<typeof paymentSchema>;
const savedSchema = v.object({ counter: v.number(), payments: v.array(v.tuple([v.string(), paymentSchema])) });

/** An answer: the HTTP status and the JSON body. */
export interface GatewayAnswer {
  status: number;
  body: unknown;
}

const refusal = (status: number, code: number, message: string): GatewayAnswer => ({ status, body: { data: [], errors: { code, message, validations: [] } } });
const success = (data: Record<string, unknown>): GatewayAnswer => ({ status: 200, body: { data: { code: 100, ...data }, errors: [] } });

export const localGatewayTexts = {
  title: 'درگاه پرداخت آزمایشی',
  note: 'این درگاه روی همین رایانه اجرا می‌شود و هیچ پولی جابه‌جا نمی‌شود.',
  amount: 'مبلغ',
  description: 'بابت',
  pay: 'پرداخت',
  cancel: 'انصراف',
  unknown: 'تراکنش یافت نشد',
  unknownHint: 'این پرداخت در درگاه آزمایشی ثبت نشده است. از سبد خرید دوباره پرداخت کنید.',
  done: 'این پرداخت پیش‌تر به پایان رسیده است؛ با هر دکمه به سایت بازمی‌گردید.',
} as const;

export interface LocalGatewayOptions {
  /** The merchant's access token refund.json accepts (the server's ZARINPAL_ACCESS_TOKEN). */
  refundToken: string;
  /** Where the payments are kept between starts (the trial's data dir); absent: in memory only. */
  stateFile?: string;
}

/** The gateway's payments and its answers to each call, without any transport. */
export class LocalGateway {
  readonly refundToken: string;
  /** How long after its payment a payment may be reversed (default 30 minutes, as Zarinpal's). */
  reverseWindowMs = 30 * 60_000;
  private readonly payments = new Map<string, Payment>();
  private counter = 0;
  private offset = 0;
  /** The authority issued last (tests answer a duplicate with it). */
  lastAuthority: string | undefined;

  constructor(private readonly options: LocalGatewayOptions) {
    this.refundToken = options.refundToken;
    const file = options.stateFile;
    if (file && existsSync(file)) {
      const saved = v.safeParse(savedSchema, JSON.parse(readFileSync(file, 'utf8')));
      if (!saved.success) throw new Error(`${file} is not the local gateway's saved state: remove it to start afresh`);
      this.counter = saved.output.counter;
      for (const [authority, payment] of saved.output.payments) this.payments.set(authority, payment);
    }
  }

  /** The gateway's clock: the real one, moved on by `advance`. */
  now(): number {
    return Date.now() + this.offset;
  }

  advance(ms: number): void {
    this.offset += ms;
  }

  stateOf(authority: string): PaymentState | undefined {
    return this.payments.get(authority)?.state;
  }

  /** Rials refunded on an authority so far. */
  refundedOf(authority: string): number {
    return this.payments.get(authority)?.refunded ?? 0;
  }

  private save(): void {
    const file = this.options.stateFile;
    if (!file) return;
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify({ counter: this.counter, payments: [...this.payments] }), { mode: 0o600 });
    renameSync(temporary, file);
  }

  private issue(payment: Omit<Payment, 'refId'>): { authority: string; refId: number } {
    this.counter += 1;
    const authority = `LOCAL${String(Date.now()).padStart(15, '0')}${String(this.counter).padStart(16, '0')}`;
    const refId = 100000 + this.counter;
    this.payments.set(authority, { ...payment, refId });
    this.lastAuthority = authority;
    this.save();
    return { authority, refId };
  }

  /**
   * A payment made and verified through this gateway before it started (the trial's sample paid
   * orders), so that it can be refunded. Answers its authority.
   */
  record(input: { amountInTomans: number; merchantId: string; at: string }): string {
    const at = Date.parse(input.at);
    return this.issue({
      amount: input.amountInTomans * 10,
      merchantId: input.merchantId,
      callbackUrl: 'http://localhost/',
      description: '',
      state: 'verified',
      refunded: 0,
      paidAt: at,
      requestedAt: at,
    }).authority;
  }

  /** The payer leaves the StartPay page (paid or cancelled); answers the merchant's callback address. */
  complete(authority: string, choice: 'pay' | 'cancel'): string | undefined {
    const payment = this.payments.get(authority);
    if (!payment) return undefined;
    if (payment.state === 'unpaid') {
      payment.state = choice === 'pay' ? 'paid' : 'cancelled';
      payment.paidAt = this.now();
      this.save();
    }
    const back = new URL(payment.callbackUrl);
    back.searchParams.set('Authority', authority);
    back.searchParams.set('Status', choice === 'pay' && payment.state !== 'cancelled' ? 'OK' : 'NOK');
    return back.toString();
  }

  /** Answers one JSON call as Zarinpal would. */
  answer(call: GatewayCallName, body: GatewayCall, token: string): GatewayAnswer {
    const known = typeof body.authority === 'string' ? this.payments.get(body.authority) : undefined;
    /** The payment the call names, or the refusal Zarinpal gives when it names none of this merchant's. */
    const named = (): Payment | GatewayAnswer => {
      if (!known) return refusal(400, -54, 'Invalid authority.');
      if (body.merchant_id !== known.merchantId) return refusal(400, -53, 'Session is not this merchant_id session.');
      return known;
    };
    const isAnswer = (value: Payment | GatewayAnswer): value is GatewayAnswer => 'status' in value;
    switch (call) {
      case 'request': {
        const amount = Number(body.amount);
        if (typeof body.merchant_id !== 'string' || typeof body.callback_url !== 'string' || !URL.canParse(body.callback_url) || !Number.isInteger(amount) || amount < 1000) {
          return refusal(400, -9, 'The input params invalid');
        }
        const now = this.now();
        const { authority } = this.issue({
          amount,
          merchantId: body.merchant_id,
          callbackUrl: body.callback_url,
          description: typeof body.description === 'string' ? body.description.slice(0, 500) : '',
          state: 'unpaid',
          refunded: 0,
          paidAt: 0,
          requestedAt: now,
        });
        return success({ message: 'Success', authority, fee_type: 'Merchant', fee: 0 });
      }
      case 'verify': {
        const payment = named();
        if (isAnswer(payment)) return payment;
        if (Number(body.amount) !== payment.amount) return refusal(400, -50, 'Session is not valid, amounts values is not the same.');
        if (payment.state !== 'paid' && payment.state !== 'verified') return refusal(400, -51, 'Session is not valid, session is not active paid try.');
        const code = payment.state === 'verified' ? 101 : 100;
        if (payment.state !== 'verified') {
          payment.state = 'verified';
          this.save();
        }
        return success({ code, message: code === 100 ? 'Paid' : 'Verified', ref_id: payment.refId, card_pan: '502229******5995', fee: 0 });
      }
      case 'refund': {
        if (token !== this.refundToken) return refusal(401, -9, 'Invalid access token.');
        const payment = named();
        if (isAnswer(payment)) return payment;
        const amount = Number(body.amount);
        if (payment.state !== 'verified') return refusal(400, -51, 'Session is not paid.');
        if (!Number.isInteger(amount) || amount < 1 || payment.refunded + amount > payment.amount) return refusal(400, -9, 'The refund amount is invalid.');
        payment.refunded += amount;
        this.counter += 1;
        this.save();
        return success({ message: 'Refunded', refund_id: 900000 + this.counter });
      }
      case 'unverified': {
        // The merchant's payments paid but not verified (the real one lists the last 100).
        const authorities = [...this.payments.entries()]
          .filter(([, p]) => p.state === 'paid' && p.merchantId === body.merchant_id)
          .slice(-100)
          .map(([authority, p]) => ({
            authority,
            amount: p.amount,
            callback_url: p.callbackUrl,
            referer: '',
            date: new Date(p.requestedAt).toISOString().slice(0, 19).replace('T', ' '),
          }));
        return success({ message: 'Success', authorities });
      }
      case 'reverse': {
        const payment = named();
        if (isAnswer(payment)) return payment;
        if (payment.state !== 'verified' || payment.refunded > 0) return refusal(400, -61, 'Session is not in success status.');
        if (this.now() - payment.paidAt > this.reverseWindowMs) return refusal(400, -63, 'Maximum time for reverse this session is expired.');
        payment.state = 'reversed';
        this.save();
        return success({ message: 'Reversed' });
      }
      case 'inquiry': {
        const payment = named();
        if (isAnswer(payment)) return payment;
        const status = { unpaid: 'IN_BANK', paid: 'PAID', cancelled: 'FAILED', verified: 'VERIFIED', reversed: 'REVERSED' }[payment.state];
        return success({ message: 'Success', status });
      }
    }
  }

  /** The StartPay page of an authority (null when the gateway never issued it). */
  page(authority: string, base: string): string | null {
    const payment = this.payments.get(authority);
    if (!payment) return null;
    const open = payment.state === 'unpaid';
    const action = (choice: 'pay' | 'cancel') => escapeHtml(`${base}/pg/StartPay/${encodeURIComponent(authority)}/${choice}`);
    const t = localGatewayTexts;
    return localPage(
      t.title,
      `<div class="card"><h1>${t.title}</h1><p class="note">${t.note}</p>` +
        `<dl><dt>${t.amount}</dt><dd class="amount">${escapeHtml(formatToman(payment.amount / 10))}</dd>` +
        (payment.description ? `<dt>${t.description}</dt><dd>${escapeHtml(toPersianDigits(payment.description))}</dd>` : '') +
        `</dl>${open ? '' : `<p>${t.done}</p>`}` +
        `<div class="actions"><form method="post" action="${action('pay')}"><button class="pay" type="submit">${t.pay}</button></form>` +
        `<form method="post" action="${action('cancel')}"><button type="submit">${t.cancel}</button></form></div></div>`,
    );
  }
}

/** A random access token for the local gateway's refunds (the trial sets the server's to it). */
export const newRefundToken = (): string => randomBytes(24).toString('base64url');
