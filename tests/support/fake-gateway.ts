// The payment gateway of the tests: the product's local Zarinpal-compatible gateway
// (server/dev/localGateway.ts, the one `npm run trial` runs; its answers, codes and StartPay page
// are described there), served on a free port with what tests need beside it: every call's body
// recorded, the gateway's clock and reversal window, an outage of refunds or of the unverified
// list, a slow verify, and `inject(call, fault)`, which makes it misbehave as a real gateway (or a
// proxy in front of it) may, on that call until `clear()`: see gatewayFaults.
import type { ServerResponse } from 'node:http';
import { LocalGateway, type GatewayCall, type GatewayCallName, type PaymentState } from '../../server/dev/localGateway';
import { sendJson, serveLocalGateway, type SendAnswer } from '../../server/dev/localGatewayServer';
import { hugeAnswerBytes, outsideFaults, type OutsideFault } from './outside-faults';

export type { GatewayCall, GatewayCallName };

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
  stateOf: (authority: string) => PaymentState | undefined;
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
  /** While set, verify.json refuses every call with this code (e.g. −50) before the gateway acts. */
  verifyRefusal: number | null;
  /** Makes `call` answer with `fault` until clear(). */
  inject: (call: GatewayCallName, fault: GatewayFault) => void;
  /** Ends every injected fault, and answers the calls held by `slow` by dropping them. */
  clear: () => void;
  /** Bytes of the huge answers sent before the client hung up (it must not read them all). */
  hugeBytesSent: () => number;
  /** Rials refunded on an authority so far. */
  refundedOf: (authority: string) => number;
}

/**
 * Every way the gateway's answer can go wrong. Those that garble the answer as a proxy or an
 * outage would (wrongShape … dropped) answer before the gateway acts: nothing is done. The others
 * act, then answer oddly: extraFields adds fields; missingFields leaves out the one field that
 * names what was done (request's authority, verify's ref_id, refund's refund_id, reverse's
 * message, the unverified list); duplicateId answers request with the authority it issued last
 * (already stored by the merchant); unasked lists in unVerified.json payments nobody asked for;
 * droppedAfter acts, then drops the connection before the answer (done, but the caller cannot know).
 * Besides those every boundary is tried with, the gateway's own: serverError answers, before the
 * gateway acts, HTTP 503 with the body of the call's success (code 100 and what it names), as a
 * failing gateway or a proxy replaying a cached answer may.
 */
export const gatewayFaults = [...outsideFaults, 'serverError'] as const;
export type GatewayFault = OutsideFault | 'serverError';

/** The field missingFields leaves out of each call's success answer. */
const namingField: Record<GatewayCallName, string> = { request: 'authority', verify: 'ref_id', refund: 'refund_id', reverse: 'message', unverified: 'authorities', inquiry: 'status' };
export { hugeAnswerBytes };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const refusal = (code: number, message: string) => ({ data: [], errors: { code, message, validations: [] } });

/** The data of each call's success answer, as serverError sends it with no call done. */
const successOf: Record<GatewayCallName, Record<string, unknown>> = {
  request: { code: 100, authority: `A${'0'.repeat(20)}${String(Date.now()).padStart(15, '0')}`, fee_type: 'Merchant', fee: 0 },
  verify: { code: 100, ref_id: 424242, card_pan: '502229******5995', fee: 0 },
  refund: { code: 100, refund_id: 434343 },
  reverse: { code: 100 },
  unverified: { code: 100, authorities: [] },
  inquiry: { code: 100, status: 'VERIFIED' },
};

/** A success answer with extra fields, or without the field that names what was done. */
function altered(call: GatewayCallName, fault: 'extraFields' | 'missingFields'): SendAnswer {
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


export async function startFakeGateway(): Promise<FakeGateway> {
  const gateway = new LocalGateway({ refundToken: 'fake-refund-token' });
  const verifyCalls: GatewayCall[] = [];
  const requestCalls: GatewayCall[] = [];
  const refundCalls: Array<GatewayCall & { token: string }> = [];
  const reverseCalls: GatewayCall[] = [];
  const unverifiedCalls: GatewayCall[] = [];
  const control: { failRefunds: boolean; failUnverified: boolean; verifyDelayMs: number; verifyRefusal: number | null } = { failRefunds: false, failUnverified: false, verifyDelayMs: 0, verifyRefusal: null };
  const faults = new Map<GatewayCallName, GatewayFault>();
  const held = new Set<ServerResponse>();
  let hugeBytes = 0;

  /** Answers a garbling fault in place of the gateway (true), or leaves the call to it (false). */
  const garbled = (call: GatewayCallName, fault: GatewayFault | undefined, response: ServerResponse): boolean => {
    switch (fault) {
      case 'serverError':
        sendJson(response, 503, { data: { message: 'Success', ...successOf[call] }, errors: [] });
        return true;
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

  /** Payments of another site on the same merchant, or a gateway's mistake: never asked by us. */
  const withStrangers: SendAnswer = (response, status, body) => {
    const strangers = [1, 2, 3].map((n) => ({ authority: `A${'9'.repeat(30)}${String(n).padStart(5, '0')}`, amount: 1_000_000 * n, callback_url: 'https://elsewhere.test/back', referer: '', date: '2024-01-01 10:00:00' }));
    if (!isRecord(body) || !isRecord(body.data) || !Array.isArray(body.data.authorities)) return sendJson(response, status, body);
    return sendJson(response, status, { ...body, data: { ...body.data, authorities: [...strangers, ...body.data.authorities] } });
  };

  const served = await serveLocalGateway(gateway, {
    intercept: async (call, body, token, response) => {
      if (call === 'refund') refundCalls.push({ ...body, token });
      else if (call !== 'inquiry') ({ request: requestCalls, verify: verifyCalls, reverse: reverseCalls, unverified: unverifiedCalls })[call].push(body);
      const fault = faults.get(call);
      if (garbled(call, fault, response)) return 'answered';
      if (call === 'request' && fault === 'duplicateId' && gateway.lastAuthority) {
        sendJson(response, 200, { data: { code: 100, message: 'Success', authority: gateway.lastAuthority, fee_type: 'Merchant', fee: 0 }, errors: [] });
        return 'answered';
      }
      if (call === 'verify' && control.verifyDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, control.verifyDelayMs));
      if (call === 'refund' && control.failRefunds) {
        sendJson(response, 500, refusal(-1, 'Internal error.'));
        return 'answered';
      }
      if (call === 'verify' && control.verifyRefusal !== null) {
        sendJson(response, 400, refusal(control.verifyRefusal, 'Refused by the test.'));
        return 'answered';
      }
      if (call === 'unverified' && control.failUnverified) {
        sendJson(response, 500, refusal(-1, 'Internal error.'));
        return 'answered';
      }
      if (fault === 'extraFields' || fault === 'missingFields') return altered(call, fault);
      if (fault === 'droppedAfter') return (dropped) => void dropped.socket?.destroy();
      if (call === 'unverified' && fault === 'unasked') return withStrangers;
      return undefined;
    },
  });

  return {
    url: served.url,
    verifyCalls,
    requestCalls,
    refundCalls,
    refundToken: gateway.refundToken,
    reverseCalls,
    unverifiedCalls,
    get reverseWindowMs() {
      return gateway.reverseWindowMs;
    },
    set reverseWindowMs(value: number) {
      gateway.reverseWindowMs = value;
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
    get verifyRefusal() {
      return control.verifyRefusal;
    },
    set verifyRefusal(value: number | null) {
      control.verifyRefusal = value;
    },
    advance: (ms) => gateway.advance(ms),
    get failRefunds() {
      return control.failRefunds;
    },
    set failRefunds(value: boolean) {
      control.failRefunds = value;
    },
    pay: (authority) => {
      const back = gateway.complete(authority, 'pay');
      if (!back) throw new Error(`fake gateway: unknown authority ${authority}`);
      return back;
    },
    stateOf: (authority) => gateway.stateOf(authority),
    inject: (call, fault) => {
      faults.set(call, fault);
    },
    clear: () => {
      faults.clear();
      for (const response of held) response.socket?.destroy();
      held.clear();
    },
    hugeBytesSent: () => hugeBytes,
    refundedOf: (authority) => gateway.refundedOf(authority),
    close: () => {
      for (const response of held) response.socket?.destroy();
      held.clear();
      return served.close();
    },
  };
}

/** The operations of ours that call the gateway, each tried against every fault. */
export type GatewayOperation = 'checkout' | 'callback' | 'reconcile' | 'reverse' | 'refund';
/** The gateway calls each operation makes (the reconciliation: the unverified list, then verify). */
export const callsOf: Record<GatewayOperation, GatewayCallName[]> = {
  checkout: ['request'],
  callback: ['verify'],
  reconcile: ['unverified', 'verify'],
  reverse: ['reverse'],
  refund: ['refund'],
};
/**
 * A duplicate id is an authority (only request issues one); unasked payments are listed only by
 * unVerified.json; an answer lost after the gateway acted is tried where money goes back.
 */
export const applies = (operation: GatewayOperation, fault: GatewayFault) =>
  fault === 'duplicateId' ? operation === 'checkout' : fault === 'unasked' ? operation === 'reconcile' : fault === 'droppedAfter' ? operation === 'refund' : true;
/**
 * Faults whose answer still says what was done, so the operation succeeds at once: extra fields
 * are ignored, strangers in the unverified list are not ours, and a refund or reversal is told by
 * its code (the refund's id and the reversal's message are only informative).
 */
export const usable = (operation: GatewayOperation, fault: GatewayFault) =>
  fault === 'extraFields' || fault === 'unasked' || (fault === 'missingFields' && (operation === 'refund' || operation === 'reverse'));
