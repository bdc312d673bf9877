// A Zarinpal-compatible payment gateway for tests: the v4 request/verify JSON calls and a
// StartPay page with «پرداخت» (pay) and «انصراف» (cancel) links back to the merchant's callback.
// Like the real gateway, an authority is unpaid until its StartPay page is completed (the «پرداخت»
// link followed, or pay() called): verifying it before answers -51, and never a reference number.
// Amounts are rials. Codes: 100 paid, 101 already verified, -50 amount differs, -51 not paid,
// -53 another merchant's authority, -54 unknown authority, -9 invalid request.
// unVerified.json lists the authorities paid but not verified; reverse.json cancels a verified
// payment within its window after the payment (30 minutes as Zarinpal's; `reverseWindowMs`, and
// the gateway's clock moves on with `advance`), else -63; -61 when the payment is not verified.
// `inject(call, fault)` makes it misbehave as a real gateway (or a proxy in front of it) may, on
// that call until `clear()`: see gatewayFaults.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hugeAnswerBytes, outsideFaults, type OutsideFault } from './outside-faults';

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
  /** Makes `call` answer with `fault` until clear(). */
  inject: (call: GatewayCallName, fault: GatewayFault) => void;
  /** Ends every injected fault, and answers the calls held by `slow` by dropping them. */
  clear: () => void;
  /** Bytes of the huge answers sent before the client hung up (it must not read them all). */
  hugeBytesSent: () => number;
  /** Rials refunded on an authority so far. */
  refundedOf: (authority: string) => number;
}

/** The gateway's calls, as fault injection names them. */
export type GatewayCallName = 'request' | 'verify' | 'refund' | 'reverse' | 'unverified';

/**
 * Every way the gateway's answer can go wrong. Those that garble the answer as a proxy or an
 * outage would (wrongShape … dropped) answer before the gateway acts: nothing is done. The others
 * act, then answer oddly: extraFields adds fields; missingFields leaves out the one field that
 * names what was done (request's authority, verify's ref_id, refund's refund_id, reverse's
 * message, the unverified list); duplicateId answers request with the authority it issued last
 * (already stored by the merchant); unasked lists in unVerified.json payments nobody asked for;
 * droppedAfter acts, then drops the connection before the answer (done, but the caller cannot know).
 */
export const gatewayFaults = outsideFaults;
export type GatewayFault = OutsideFault;

const paths: Record<string, GatewayCallName> = {
  '/pg/v4/payment/request.json': 'request',
  '/pg/v4/payment/verify.json': 'verify',
  '/pg/v4/payment/refund.json': 'refund',
  '/pg/v4/payment/reverse.json': 'reverse',
  '/pg/v4/payment/unVerified.json': 'unverified',
};
/** The field missingFields leaves out of each call's success answer. */
const namingField: Record<GatewayCallName, string> = { request: 'authority', verify: 'ref_id', refund: 'refund_id', reverse: 'message', unverified: 'authorities' };
export { hugeAnswerBytes };

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

/** Answers `body`, or a fault's answer in its place when one is injected for this call. */
type Send = (response: ServerResponse, status: number, body: unknown) => void;

function sendJsonPlain(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

const sendJson: Send = sendJsonPlain;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A success answer with extra fields, or without the field that names what was done. */
function altered(call: GatewayCallName, fault: 'extraFields' | 'missingFields'): Send {
  return (response, status, body) => {
    if (!isRecord(body) || !isRecord(body.data)) return sendJson(response, status, body);
    if (fault === 'extraFields') {
      return sendJson(response, status, { ...body, data: { ...body.data, shaparak_tracking: 'X9', wages: [{ iban: 'IR00', amount: 1 }] }, meta: { v: 4 } });
    }
    const data = { ...body.data };
    delete data[namingField[call]];
    return sendJson(response, status, { ...body, data });
  };
}

/** Streams a JSON-looking body far bigger than any answer, and counts what got through. */
function sendHuge(response: ServerResponse, counted: (bytes: number) => void) {
  response.writeHead(200, { 'Content-Type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 'A');
  let sent = 0;
  const head = Buffer.from('{"data":{"code":100,"authority":"');
  response.write(head);
  sent += head.length;
  const pump = () => {
    while (sent < hugeAnswerBytes && !response.destroyed) {
      sent += chunk.length;
      counted(chunk.length);
      if (!response.write(chunk)) return void response.once('drain', pump);
    }
    if (!response.destroyed) response.end('"}}');
  };
  response.on('error', () => undefined);
  pump();
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
  let lastAuthority: string | undefined;
  const faults = new Map<GatewayCallName, GatewayFault>();
  const held = new Set<ServerResponse>();
  let hugeBytes = 0;

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

  /** Answers a garbling fault in place of the gateway (true), or leaves the call to it (false). */
  const garbled = (fault: GatewayFault | undefined, response: ServerResponse): boolean => {
    switch (fault) {
      case 'wrongShape':
        sendJson(response, 200, { data: ['Success'], errors: 'none', authority: 42 });
        return true;
      case 'html':
        response.writeHead(502, { 'Content-Type': 'text/html; charset=utf-8' });
        response.end('<!doctype html><html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>');
        return true;
      case 'empty':
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end();
        return true;
      case 'huge':
        sendHuge(response, (bytes) => (hugeBytes += bytes));
        return true;
      case 'unknownStatus':
        sendJson(response, 418, { data: { code: 777, message: 'Unknown state' }, errors: [] });
        return true;
      case 'slow':
        held.add(response);
        return true;
      case 'dropped':
        response.socket?.destroy();
        return true;
      default:
        return false;
    }
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://gateway.test');
      const call = request.method === 'POST' ? paths[url.pathname] : undefined;
      const fault = call ? faults.get(call) : undefined;
      // The body is read and the call noted first: it counts as made whatever the answer.
      const body = call ? await readJson(request) : {};
      const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      if (call === 'refund') refundCalls.push({ ...body, token });
      else if (call) ({ request: requestCalls, verify: verifyCalls, reverse: reverseCalls, unverified: unverifiedCalls })[call].push(body);
      if (call && garbled(fault, response)) return;
      const sendJson: Send =
        call && (fault === 'extraFields' || fault === 'missingFields')
          ? altered(call, fault)
          : fault === 'droppedAfter'
            ? (dropped) => void dropped.socket?.destroy()
            : sendJsonPlain;
      if (call === 'request') {
        const amount = Number(body.amount);
        if (typeof body.callback_url !== 'string' || !Number.isInteger(amount) || amount < 1000) {
          return sendJson(response, 400, { data: [], errors: { code: -9, message: 'The input params invalid' } });
        }
        if (fault === 'duplicateId' && lastAuthority) {
          return sendJson(response, 200, { data: { code: 100, message: 'Success', authority: lastAuthority, fee_type: 'Merchant', fee: 0 }, errors: [] });
        }
        counter += 1;
        const authority = `A${String(Date.now()).padStart(15, '0')}${String(counter).padStart(20, '0')}`;
        lastAuthority = authority;
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
      if (call === 'verify') {
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
      if (call === 'refund') {
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
      if (call === 'unverified') {
        if (control.failUnverified) return sendJson(response, 500, refusal(-1, 'Internal error.'));
        // Payments of another site on the same merchant, or a gateway's mistake: never asked by us.
        const strangers =
          fault === 'unasked'
            ? [1, 2, 3].map((n) => ({ authority: `A${'9'.repeat(30)}${String(n).padStart(5, '0')}`, amount: 1_000_000 * n, callback_url: 'https://elsewhere.test/back', referer: '', date: '2024-01-01 10:00:00' }))
            : [];
        const authorities = [...strangers, ...[...payments.entries()]
          .filter(([, p]) => p.state === 'paid' && p.merchantId === body.merchant_id)
          .slice(-100)
          .map(([authority, p]) => ({
            authority,
            amount: p.amount,
            callback_url: p.callbackUrl,
            referer: '',
            date: new Date(p.requestedAt).toISOString().slice(0, 19).replace('T', ' '),
          }))];
        return sendJson(response, 200, { data: { code: 100, message: 'Success', authorities }, errors: [] });
      }
      // Cancels a verified payment as a whole within the window after its payment.
      if (call === 'reverse') {
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
    inject: (call, fault) => {
      faults.set(call, fault);
    },
    clear: () => {
      faults.clear();
      for (const response of held) response.socket?.destroy();
      held.clear();
    },
    hugeBytesSent: () => hugeBytes,
    refundedOf: (authority) => payments.get(authority)?.refunded ?? 0,
    close: () => {
      for (const response of held) response.socket?.destroy();
      held.clear();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
