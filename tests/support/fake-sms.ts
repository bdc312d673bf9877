// A Kavenegar-compatible SMS service for tests and development: the two calls the product makes,
// `POST /v1/{API_KEY}/sms/send.json` and `POST /v1/{API_KEY}/verify/lookup.json` (form fields,
// as Kavenegar takes them; a query string works too), answered in Kavenegar's shape:
//   { "return": { "status": 200, "message": "تایید شد" }, "entries": [{ "messageid": …, … }] }
// with the HTTP status equal to return.status. Like Kavenegar, a `localid` seen before is not sent
// again: the answer is the first send's record. A wrong key answers 403, an unknown template 424,
// a bad receptor 411, a sender that is not one of the lines 412, an empty message 413, a token
// with spaces 431. Tests can make it fail: `refuseWith(418)` answers that Kavenegar status to
// every call, `outage()` answers 502 with a proxy's HTML page, `hang()` never answers; `recover()`
// ends all three. `inject(call, fault)` makes one call misbehave as a real service (or a proxy
// in front of it) may, until `clear()`: see smsFaults.
//
// Development: `npx tsx tests/support/fake-sms.ts` listens on FAKE_SMS_PORT (default 4010) and
// prints every message; start the server with KAVENEGAR_URL=http://127.0.0.1:4010 and
// KAVENEGAR_API_KEY=fake-kavenegar-key (KAVENEGAR_OTP_TEMPLATE=verify for codes by template).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { hugeAnswerBytes, outsideFaults, type OutsideFault } from './outside-faults';

export interface FakeSmsMessage {
  kind: 'send' | 'lookup';
  messageid: number;
  receptor: string;
  /** The text as the phone shows it (for a lookup: the template with the token filled in). */
  message: string;
  sender: string;
  localid?: string;
  template?: string;
  token?: string;
  at: Date;
}

export interface FakeSmsCall {
  path: string;
  /** The key in the URL, as received. */
  apiKey: string;
  form: Record<string, string>;
  status: number;
}

export interface FakeSms {
  /** Base address to use as KAVENEGAR_URL. */
  url: string;
  /** The API key it accepts. */
  apiKey: string;
  /** The lines an account may send from; the first is the default. */
  lines: string[];
  /** verify/lookup templates by name; `%token` is replaced by the code. */
  templates: Map<string, string>;
  /** Messages sent, oldest first; a repeated localid is not recorded twice. */
  messages: FakeSmsMessage[];
  /** Every call, in order, repeats and refusals included. */
  calls: FakeSmsCall[];
  /** Answers this Kavenegar status (e.g. 418 credit, 411 receptor) to every call until recover(). */
  refuseWith: (status: number) => void;
  /** Answers 502 with an HTML page (a proxy in front of an unreachable service) until recover(). */
  outage: () => void;
  /** Accepts connections and never answers until recover() (or close()). */
  hang: () => void;
  recover: () => void;
  /** Makes `call` answer with `fault` until clear(). */
  inject: (call: SmsCallName, fault: SmsFault) => void;
  /** Ends every injected fault, and drops the calls held by `slow`. */
  clear: () => void;
  /** Bytes of the huge answers sent before the client hung up (it must not read them all). */
  hugeBytesSent: () => number;
  /** The messages to one number, oldest first. */
  to: (receptor: string) => FakeSmsMessage[];
  close: () => Promise<void>;
}

/** The service's calls, as fault injection names them. */
export type SmsCallName = 'send' | 'lookup';

/**
 * Every way the answer can go wrong. Those that garble the answer as a proxy or an outage would
 * (wrongShape, html, empty, huge, unknownStatus, slow, dropped) answer before the service acts:
 * nothing is sent. duplicateId answers the record of the last message sent (another number's)
 * and unasked a record of a message to a number nobody asked for; neither sends. The others
 * send, then answer oddly: extraFields adds fields, missingFields leaves out the message id, and
 * droppedAfter drops the connection before the answer (sent, but the caller cannot know).
 */
export const smsFaults = outsideFaults;
export type SmsFault = OutsideFault;
export const hugeSmsAnswerBytes = hugeAnswerBytes;

/** Kavenegar's texts for its statuses (those the fake answers). */
const statusText: Record<number, string> = {
  200: 'تایید شد',
  400: 'پارامترها ناقص هستند',
  401: 'حساب کاربری غیرفعال شده است',
  403: 'کد شناسائی API-Key معتبر نمی‌باشد',
  404: 'متد نامشخص است',
  405: 'متد Get/Post اشتباه است',
  409: 'سرور قادر به پاسخگوئی نیست بعدا تلاش کنید',
  411: 'دریافت کننده نامعتبر است',
  412: 'ارسال کننده نامعتبر است',
  413: 'پیام خالی است و یا طول پیام بیش از حد مجاز می‌باشد',
  418: 'اعتبار حساب شما کافی نیست',
  419: 'طول آرایه متن و گیرنده و فرستنده هم اندازه نیست',
  424: 'الگوی مورد نظر پیدا نشد',
  431: 'ساختار کد صحیح نمی‌باشد',
  432: 'پارامتر کد در متن پیام پیدا نشد',
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function answer(response: ServerResponse, status: number, entries: unknown = null) {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify({ return: { status, message: statusText[status] ?? 'خطا' }, entries }));
}

/** Numbers Kavenegar takes: an Iranian mobile (09…, 989…, +989…, 00989…), or international with 00. */
const receptorPattern = /^(?:0|\+?98|0098)9[0-9]{9}$|^00[1-9][0-9]{6,14}$/;

export async function startFakeSms(options: { apiKey?: string; port?: number; onMessage?: (message: FakeSmsMessage) => void } = {}): Promise<FakeSms> {
  const apiKey = options.apiKey ?? 'fake-kavenegar-key';
  const lines = ['10004346', '2000660110'];
  const templates = new Map<string, string>([['verify', 'کد ورود شما به آکادمی: %token']]);
  const messages: FakeSmsMessage[] = [];
  const calls: FakeSmsCall[] = [];
  const byLocalId = new Map<string, FakeSmsMessage>();
  let failure: { kind: 'refuse'; status: number } | { kind: 'outage' } | { kind: 'hang' } | undefined;
  const hanging = new Set<ServerResponse>();
  let nextId = 8792343;
  const faults = new Map<SmsCallName, SmsFault>();
  let hugeBytes = 0;
  let lastSent: FakeSmsMessage | undefined;

  const entryOf = (m: FakeSmsMessage) => ({
    messageid: m.messageid,
    message: m.message,
    status: m.kind === 'lookup' ? 5 : 1,
    statustext: m.kind === 'lookup' ? 'ارسال به مخابرات' : 'در صف ارسال',
    sender: m.sender,
    receptor: m.receptor,
    date: Math.floor(m.at.getTime() / 1000),
    cost: 120,
  });

  const record = (m: Omit<FakeSmsMessage, 'messageid' | 'at'>): FakeSmsMessage => {
    const message: FakeSmsMessage = { ...m, messageid: nextId++, at: new Date() };
    messages.push(message);
    lastSent = message;
    options.onMessage?.(message);
    return message;
  };

  /** Answers a fault in place of the service (true: nothing is sent), or leaves the call to it. */
  const garbled = (fault: SmsFault, response: ServerResponse, note: () => void, receptor: string): boolean => {
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    const other = (m: { messageid: number; receptor: string }) => ({ messageid: m.messageid, status: 1, statustext: 'در صف ارسال', receptor: m.receptor, sender: lines[0], cost: 120 });
    switch (fault) {
      case 'wrongShape':
        json(200, { result: 'ok', entries: 'sent', return: ['تایید شد'] });
        break;
      case 'html':
        response.writeHead(502, { 'Content-Type': 'text/html; charset=utf-8' });
        response.end('<!doctype html><html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>');
        break;
      case 'empty':
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end();
        break;
      case 'huge': {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.on('error', () => undefined);
        const chunk = Buffer.alloc(64 * 1024, 'A');
        let sent = 0;
        response.write('{"return":{"status":200,"message":"');
        const pump = () => {
          while (sent < hugeSmsAnswerBytes && !response.destroyed) {
            sent += chunk.length;
            hugeBytes += chunk.length;
            if (!response.write(chunk)) return void response.once('drain', pump);
          }
          if (!response.destroyed) response.end('"},"entries":[]}');
        };
        pump();
        break;
      }
      case 'unknownStatus':
        json(477, { return: { status: 477, message: 'وضعیت ناشناخته' }, entries: null });
        break;
      case 'duplicateId':
        // The last message's record (another message, to another number), and nothing sent.
        if (!lastSent) return false;
        json(200, { return: { status: 200, message: statusText[200] }, entries: [other(lastSent)] });
        break;
      case 'unasked':
        json(200, { return: { status: 200, message: statusText[200] }, entries: [other({ messageid: nextId + 1_000_000, receptor: receptor === '09120000000' ? '09130000000' : '09120000000' })] });
        break;
      case 'slow':
        hanging.add(response);
        break;
      case 'dropped':
        response.socket?.destroy();
        break;
      default:
        return false;
    }
    note();
    return true;
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake-sms.test');
      const body = await readBody(request);
      const form: Record<string, string> = Object.fromEntries(url.searchParams);
      if ((request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) Object.assign(form, Object.fromEntries(new URLSearchParams(body)));
      const route = /^\/v1\/([^/]+)\/(sms\/send|verify\/lookup)\.json$/.exec(url.pathname);
      const key = route ? decodeURIComponent(route[1]!) : '';
      const fault = route ? faults.get(route[2] === 'sms/send' ? 'send' : 'lookup') : undefined;
      const reply = (status: number, entries: unknown = null) => {
        calls.push({ path: route?.[2] ?? url.pathname, apiKey: key, form, status });
        if (status === 200 && Array.isArray(entries) && fault === 'droppedAfter') return void response.socket?.destroy();
        if (status === 200 && Array.isArray(entries) && fault === 'missingFields') {
          return answer(response, status, entries.map((e: Record<string, unknown>) => ({ ...e, messageid: undefined })));
        }
        if (status === 200 && Array.isArray(entries) && fault === 'extraFields') {
          response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
          return void response.end(JSON.stringify({ return: { status, message: statusText[200], cost: 120 }, entries: entries.map((e: Record<string, unknown>) => ({ ...e, network: 'MCI' })), meta: { v: 1 } }));
        }
        answer(response, status, entries);
      };
      if (fault && garbled(fault, response, () => calls.push({ path: route?.[2] ?? url.pathname, apiKey: key, form, status: 0 }), form.receptor ?? '')) return;
      if (failure?.kind === 'hang') {
        calls.push({ path: route?.[2] ?? url.pathname, apiKey: key, form, status: 0 });
        hanging.add(response);
        return;
      }
      if (failure?.kind === 'outage') {
        calls.push({ path: route?.[2] ?? url.pathname, apiKey: key, form, status: 502 });
        response.writeHead(502, { 'Content-Type': 'text/html' });
        return response.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
      }
      if (!route) return reply(404);
      if (request.method !== 'POST' && request.method !== 'GET') return reply(405);
      if (key !== apiKey) return reply(403);
      if (failure?.kind === 'refuse') return reply(failure.status);

      if (route[2] === 'sms/send') {
        const receptors = (form.receptor ?? '').split(',').map((r) => r.trim()).filter(Boolean);
        const text = form.message ?? '';
        if (receptors.length === 0) return reply(400);
        if (text.trim() === '') return reply(413);
        if (receptors.some((r) => !receptorPattern.test(r))) return reply(411);
        const sender = form.sender || lines[0]!;
        if (!lines.includes(sender)) return reply(412);
        const localids = form.localid !== undefined && form.localid !== '' ? form.localid.split(',') : [];
        if (localids.length > 0 && localids.length !== receptors.length) return reply(419);
        const entries = receptors.map((receptor, i) => {
          const localid = localids[i];
          // Kavenegar: a localid sent before is not sent again; the answer is that send's record.
          const earlier = localid !== undefined ? byLocalId.get(localid) : undefined;
          if (earlier) return entryOf(earlier);
          const sent = record({ kind: 'send', receptor, message: text, sender, ...(localid !== undefined ? { localid } : {}) });
          if (localid !== undefined) byLocalId.set(localid, sent);
          return entryOf(sent);
        });
        return reply(200, entries);
      }

      // verify/lookup
      const receptor = form.receptor ?? '';
      const token = form.token ?? '';
      const templateName = form.template ?? '';
      if (!receptor || !token || !templateName) return reply(400);
      if (!receptorPattern.test(receptor)) return reply(411);
      const template = templates.get(templateName);
      if (template === undefined) return reply(424);
      if (/\s/.test(token) || token.length > 100) return reply(431);
      if (!template.includes('%token')) return reply(432);
      const sent = record({ kind: 'lookup', receptor, message: template.replaceAll('%token', token), sender: 'verify', template: templateName, token });
      return reply(200, [entryOf(sent)]);
    })();
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  if (!address || typeof address === 'string') throw new Error('fake SMS service has no port');
  const releaseHanging = () => {
    for (const response of hanging) response.destroy();
    hanging.clear();
  };
  return {
    url: `http://127.0.0.1:${address.port}`,
    apiKey,
    lines,
    templates,
    messages,
    calls,
    refuseWith: (status) => {
      failure = { kind: 'refuse', status };
    },
    outage: () => {
      failure = { kind: 'outage' };
    },
    hang: () => {
      failure = { kind: 'hang' };
    },
    recover: () => {
      failure = undefined;
      releaseHanging();
    },
    inject: (call, fault) => {
      faults.set(call, fault);
    },
    clear: () => {
      faults.clear();
      releaseHanging();
    },
    hugeBytesSent: () => hugeBytes,
    to: (receptor) => messages.filter((m) => m.receptor === receptor),
    close: () => {
      releaseHanging();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// Run directly: a local Kavenegar for development, printing what the product sends.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.env.FAKE_SMS_PORT ?? 4010);
  const fake = await startFakeSms({
    port,
    onMessage: (m) => console.log(`SMS ${m.messageid} to ${m.receptor} from ${m.sender}${m.localid ? ` (localid ${m.localid})` : ''}: ${m.message}`),
  });
  console.log(`Fake Kavenegar at ${fake.url}: KAVENEGAR_URL=${fake.url} KAVENEGAR_API_KEY=${fake.apiKey} (template «verify» for KAVENEGAR_OTP_TEMPLATE)`);
}
