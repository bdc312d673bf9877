// A Zarinpal-compatible payment gateway for tests: the v4 request/verify JSON calls and a
// StartPay page with «پرداخت» (pay) and «انصراف» (cancel) links back to the merchant's callback.
// Like the real gateway, an authority is unpaid until its StartPay page is completed (the «پرداخت»
// link followed, or pay() called): verifying it before answers -51, and never a reference number.
// Amounts are rials. Codes: 100 paid, 101 already verified, -50 amount differs, -51 not paid,
// -53 another merchant's authority, -54 unknown authority, -9 invalid request.
// unVerified.json lists the authorities paid but not verified; reverse.json cancels a verified
// payment within its window after the payment (30 minutes as Zarinpal's; `reverseWindowMs`, and
// the gateway's clock moves on with `advance`), else -63; -61 when the payment is not verified.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GatewayCall {
  merchant_id?: unknown;
  amount?: unknown;
  authority?: unknown;
  callback_url?: unknown;
  description?: unknown;
}

export interface FakeGateway {
  /** Base address to use as PAYMENT_GATEWAY_URL. */
  url: string;
  close: () => Promise<void>;
  /** Bodies of every verify.json call, in order. */
  verifyCalls: GatewayCall[];
  /** Bodies of every request.json call, in order. */
  requestCalls: GatewayCall[];
  /** Bodies of every refund.json call, in order, with the bearer token it carried. */
  refundCalls: Array<GatewayCall & { token: string }>;
  /** The access token refund.json accepts (ZARINPAL_ACCESS_TOKEN). */
  refundToken: string;
  /** While true, refund.json refuses every call (an outage on the gateway's side). */
  failRefunds: boolean;
  /** Completes the StartPay page of an authority, as a payer would; answers the callback URL. */
  pay: (authority: string) => string;
  /** The state of an authority, for assertions. */
  stateOf: (authority: string) => State | undefined;
  /** Bodies of every reverse.json call, in order. */
  reverseCalls: GatewayCall[];
  /** Bodies of every unVerified.json call, in order. */
  unverifiedCalls: GatewayCall[];
  /** How long after its payment a payment may be reversed (default 30 minutes, as Zarinpal's). */
  reverseWindowMs: number;
  /** Moves the gateway's clock on (for the reversal window). */
  advance: (ms: number) => void;
  /** Each verify.json answer waits this long first (to hold two verifications in flight at once). */
  verifyDelayMs: number;
  /** While true, unVerified.json answers an outage (as when the payment is past its last 100). */
  failUnverified: boolean;
}

type State = 'unpaid' | 'paid' | 'cancelled' | 'verified' | 'reversed';

interface Payment {
  amount: number;
  merchantId: unknown;
  callbackUrl: string;
  state: State;
  refId: number;
  refunded: number;
  /** The gateway's clock when the payer paid. */
  paidAt: number;
  requestedAt: number;
}

const refusal = (code: number, message: string) => ({ data: [], errors: { code, message, validations: [] } });

function readJson(request: IncomingMessage): Promise<GatewayCall> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      try {
        const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        resolve(typeof parsed === 'object' && parsed !== null ? parsed : {});
      } catch {
        resolve({});
      }
    });
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export async function startFakeGateway(): Promise<FakeGateway> {
  const payments = new Map<string, Payment>();
  const verifyCalls: GatewayCall[] = [];
  const requestCalls: GatewayCall[] = [];
  const refundCalls: Array<GatewayCall & { token: string }> = [];
  const refundToken = 'fake-refund-token';
  const reverseCalls: GatewayCall[] = [];
  const unverifiedCalls: GatewayCall[] = [];
  const control = { failRefunds: false, failUnverified: false, reverseWindowMs: 30 * 60_000, verifyDelayMs: 0, offset: 0 };
  const now = () => Date.now() + control.offset;
  let counter = 0;

  /** The payer finishes the StartPay page: paid (or cancelled), then sent back to the callback. */
  const complete = (authority: string, payment: Payment, choice: 'pay' | 'cancel'): string => {
    if (payment.state === 'unpaid') {
      payment.state = choice === 'pay' ? 'paid' : 'cancelled';
      payment.paidAt = now();
    }
    const back = new URL(payment.callbackUrl);
    back.searchParams.set('Authority', authority);
    back.searchParams.set('Status', choice === 'pay' && payment.state !== 'cancelled' ? 'OK' : 'NOK');
    return back.toString();
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://gateway.test');
      if (request.method === 'POST' && url.pathname === '/pg/v4/payment/request.json') {
        const body = await readJson(request);
        requestCalls.push(body);
        const amount = Number(body.amount);
        if (typeof body.callback_url !== 'string' || !Number.isInteger(amount) || amount < 1000) {
          return sendJson(response, 400, { data: [], errors: { code: -9, message: 'The input params invalid' } });
        }
        counter += 1;
        const authority = `A${String(Date.now()).padStart(15, '0')}${String(counter).padStart(20, '0')}`;
        payments.set(authority, {
          amount,
          merchantId: body.merchant_id,
          callbackUrl: body.callback_url,
          state: 'unpaid',
          refId: 100000 + counter,
          refunded: 0,
          paidAt: 0,
          requestedAt: now(),
        });
        return sendJson(response, 200, { data: { code: 100, message: 'Success', authority, fee_type: 'Merchant', fee: 0 }, errors: [] });
      }
      if (request.method === 'POST' && url.pathname === '/pg/v4/payment/verify.json') {
        const body = await readJson(request);
        verifyCalls.push(body);
        if (control.verifyDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, control.verifyDelayMs));
        const payment = typeof body.authority === 'string' ? payments.get(body.authority) : undefined;
        if (!payment) return sendJson(response, 400, refusal(-54, 'Invalid authority.'));
        if (body.merchant_id !== payment.merchantId) return sendJson(response, 400, refusal(-53, 'Session is not this merchant_id session.'));
        if (Number(body.amount) !== payment.amount) return sendJson(response, 400, refusal(-50, 'Session is not valid, amounts values is not the same.'));
        if (payment.state === 'unpaid' || payment.state === 'cancelled' || payment.state === 'reversed') {
          return sendJson(response, 400, refusal(-51, 'Session is not valid, session is not active paid try.'));
        }
        const code = payment.state === 'verified' ? 101 : 100;
        payment.state = 'verified';
        return sendJson(response, 200, {
          data: { code, message: code === 100 ? 'Paid' : 'Verified', ref_id: payment.refId, card_pan: '502229******5995', fee: 0 },
          errors: [],
        });
      }
      // Refunds of a verified payment, in rials, up to what was paid; the merchant's access token
      // is required. Codes as verify's; -9 for a bad token or amount.
      if (request.method === 'POST' && url.pathname === '/pg/v4/payment/refund.json') {
        const body = await readJson(request);
        const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
        refundCalls.push({ ...body, token });
        if (control.failRefunds) return sendJson(response, 500, refusal(-1, 'Internal error.'));
        if (token !== refundToken) return sendJson(response, 401, refusal(-9, 'Invalid access token.'));
        const payment = typeof body.authority === 'string' ? payments.get(body.authority) : undefined;
        if (!payment) return sendJson(response, 400, refusal(-54, 'Invalid authority.'));
        if (body.merchant_id !== payment.merchantId) return sendJson(response, 400, refusal(-53, 'Session is not this merchant_id session.'));
        const amount = Number(body.amount);
        if (payment.state !== 'verified') return sendJson(response, 400, refusal(-51, 'Session is not paid.'));
        if (!Number.isInteger(amount) || amount < 1 || payment.refunded + amount > payment.amount) {
          return sendJson(response, 400, refusal(-9, 'The refund amount is invalid.'));
        }
        payment.refunded += amount;
        counter += 1;
        return sendJson(response, 200, { data: { code: 100, message: 'Refunded', refund_id: 900000 + counter }, errors: [] });
      }
      // The merchant's payments paid but not verified (the real one lists the last 100).
      if (request.method === 'POST' && url.pathname === '/pg/v4/payment/unVerified.json') {
        const body = await readJson(request);
        unverifiedCalls.push(body);
        if (control.failUnverified) return sendJson(response, 500, refusal(-1, 'Internal error.'));
        const authorities = [...payments.entries()]
          .filter(([, p]) => p.state === 'paid' && p.merchantId === body.merchant_id)
          .slice(-100)
          .map(([authority, p]) => ({
            authority,
            amount: p.amount,
            callback_url: p.callbackUrl,
            referer: '',
            date: new Date(p.requestedAt).toISOString().slice(0, 19).replace('T', ' '),
          }));
        return sendJson(response, 200, { data: { code: 100, message: 'Success', authorities }, errors: [] });
      }
      // Cancels a verified payment as a whole within the window after its payment.
      if (request.method === 'POST' && url.pathname === '/pg/v4/payment/reverse.json') {
        const body = await readJson(request);
        reverseCalls.push(body);
        const payment = typeof body.authority === 'string' ? payments.get(body.authority) : undefined;
        if (!payment) return sendJson(response, 400, refusal(-54, 'Invalid authority.'));
        if (body.merchant_id !== payment.merchantId) return sendJson(response, 400, refusal(-53, 'Session is not this merchant_id session.'));
        if (payment.state !== 'verified' || payment.refunded > 0) return sendJson(response, 400, refusal(-61, 'Session is not in success status.'));
        if (now() - payment.paidAt > control.reverseWindowMs) {
          return sendJson(response, 400, refusal(-63, 'Maximum time for reverse this session is expired.'));
        }
        payment.state = 'reversed';
        return sendJson(response, 200, { data: { code: 100, message: 'Reversed' }, errors: [] });
      }
      const page = /^\/pg\/StartPay\/([^/]+)(?:\/(pay|cancel))?$/.exec(url.pathname);
      if (request.method === 'GET' && page?.[1]) {
        const authority = decodeURIComponent(page[1]);
        const payment = payments.get(authority);
        if (!payment) {
          response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
          return response.end('تراکنش یافت نشد');
        }
        if (page[2]) {
          response.writeHead(302, { Location: complete(authority, payment, page[2] === 'pay' ? 'pay' : 'cancel') });
          return response.end();
        }
        const base = `/pg/StartPay/${encodeURIComponent(authority)}`;
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        return response.end(
          `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><title>درگاه پرداخت آزمایشی</title></head>` +
            `<body><h1>درگاه پرداخت آزمایشی</h1><p>مبلغ: ${payment.amount} ریال</p>` +
            `<p><a href="${escapeHtml(base)}/pay">پرداخت</a></p><p><a href="${escapeHtml(base)}/cancel">انصراف</a></p></body></html>`,
        );
      }
      response.writeHead(404, { 'Content-Type': 'application/json' });
      response.end('{}');
    })();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  if (!address || typeof address === 'string') throw new Error('fake gateway has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    verifyCalls,
    requestCalls,
    refundCalls,
    refundToken,
    reverseCalls,
    unverifiedCalls,
    get reverseWindowMs() {
      return control.reverseWindowMs;
    },
    set reverseWindowMs(value: number) {
      control.reverseWindowMs = value;
    },
    get verifyDelayMs() {
      return control.verifyDelayMs;
    },
    set verifyDelayMs(value: number) {
      control.verifyDelayMs = value;
    },
    get failUnverified() {
      return control.failUnverified;
    },
    set failUnverified(value: boolean) {
      control.failUnverified = value;
    },
    advance: (ms) => {
      control.offset += ms;
    },
    get failRefunds() {
      return control.failRefunds;
    },
    set failRefunds(value: boolean) {
      control.failRefunds = value;
    },
    pay: (authority) => {
      const payment = payments.get(authority);
      if (!payment) throw new Error(`fake gateway: unknown authority ${authority}`);
      return complete(authority, payment, 'pay');
    },
    stateOf: (authority) => payments.get(authority)?.state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
