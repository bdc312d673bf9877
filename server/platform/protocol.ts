// HTTP protocol edges: the security headers every answer carries (also those Node writes itself,
// before Fastify sees the request), which answers may never be cached, how long a client may
// take to send its request, and whether a client takes HTML.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { isLoopbackHost } from './config';
import type { Contract } from './contract';
import { loggedPath } from './requestLog';

export const protocolTexts = {
  badRequest: 'درخواست نامعتبر است',
  headersTooLarge: 'سرآیندهای درخواست بیش از حد بزرگ است',
  timeout: 'ارسال درخواست بیش از حد طول کشید؛ دوباره تلاش کنید',
} as const;

export function securityHeaders(options: { gatewayUrl: string; publicUrl: string; offline?: boolean }): Record<string, string> {
  let gatewayOrigin: string;
  try {
    gatewayOrigin = new URL(options.gatewayUrl).origin;
  } catch {
    gatewayOrigin = '';
  }
  const csp = [
    "default-src 'self'",
    // The trust badges' hosts, unless the site loads nothing from the internet (the trial).
    options.offline ? "script-src 'self'" : "script-src 'self' https://www.zarinpal.com",
    "style-src 'self' 'unsafe-inline'",
    options.offline ? "img-src 'self' data:" : "img-src 'self' data: https://www.zarinpal.com https://trustseal.enamad.ir",
    // Vazirmatn's faces are data: URLs inside the fonts' stylesheet (vite.config.ts).
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    `form-action 'self'${gatewayOrigin ? ` ${gatewayOrigin}` : ''}`,
  ].join('; ');
  const headers: Record<string, string> = {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // The site uses none of these powerful features; a script that got in cannot ask for them.
    // (The payment is a redirect to the gateway, not the Payment Request API.) Only features the
    // browsers know: Chromium logs an error on every page for a name it does not recognise
    // ('bluetooth', which it governs by its own permission prompt, not by this policy).
    'Permissions-Policy':
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), ' +
      'magnetometer=(), gyroscope=(), accelerometer=(), display-capture=(), browsing-topics=(), interest-cohort=()',
    // A window this site opens or is opened from cannot reach into it (window.opener attacks).
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  // The server knows it is reached over HTTPS when its public address says so; over plain HTTP
  // (development, tests) the header would be ignored by browsers anyway and is left out.
  if (options.publicUrl.startsWith('https://')) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

/**
 * On a developer's machine one server answers at localhost and at 127.0.0.1, but a browser keeps a
 * sign-in per origin (the token is in localStorage), while the payment's callback, the no-script
 * forms' origin check and the links all use the public address: a visitor on the other name came
 * back from the gateway signed out, and had a form post refused. A page asked for at another
 * loopback name of the public address's port is therefore sent to the public address. Only when
 * that address is itself a loopback one: a public site is never redirected on what Host says.
 * Answers the address to redirect to, or null.
 */
export function loopbackRedirect(publicUrl: string): ((host: string | undefined, method: string, url: string) => string | null) | null {
  const site = new URL(publicUrl);
  if (!isLoopbackHost(site.hostname)) return null;
  const port = site.port || (site.protocol === 'https:' ? '443' : '80');
  return (host, method, url) => {
    if ((method !== 'GET' && method !== 'HEAD') || !host || url.startsWith('/api/') || !url.startsWith('/')) return null;
    let asked: URL;
    try {
      asked = new URL(`${site.protocol}//${host}`);
    } catch {
      return null;
    }
    const askedPort = asked.port || (asked.protocol === 'https:' ? '443' : '80');
    if (asked.hostname === site.hostname || askedPort !== port || !isLoopbackHost(asked.hostname)) return null;
    return `${site.origin}${url}`;
  };
}

// ── Answers written on the socket (Node-level errors and the slow-body guard) ─────────────────

const reasons: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/** A whole HTTP answer written straight to the socket, which is then closed. */
function answerOnSocket(socket: Duplex, status: 400 | 408 | 431, message: string, headers: Record<string, string>): void {
  if (socket.destroyed) return;
  if (socket.writable) {
    const body = Buffer.from(JSON.stringify({ message }), 'utf8');
    const lines = [
      `HTTP/1.1 ${status} ${reasons[status] ?? ''}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      'Cache-Control: no-store',
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${body.length}`,
      'Connection: close',
      '',
      '',
    ];
    socket.end(Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), body]));
  }
  // Closed shortly after the answer is flushed, or at once if the client never reads it.
  setTimeout(() => socket.destroy(), 1000).unref();
}

/**
 * Fastify's `clientErrorHandler`: Node's own answers to a request it could not parse (malformed
 * request line, headers over the size limit, headers or body not received in time) carry the
 * security headers and a Persian `{message}`, like every other answer.
 */
export function clientErrorHandler(headers: Record<string, string>) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') answerOnSocket(socket, 408, protocolTexts.timeout, headers);
    else if (error.code === 'HPE_HEADER_OVERFLOW') answerOnSocket(socket, 431, protocolTexts.headersTooLarge, headers);
    else answerOnSocket(socket, 400, protocolTexts.badRequest, headers);
  };
}

export interface TimeLimits {
  /** Whole headers must arrive within this (Node's headersTimeout). */
  headersMs: number;
  /** A body must keep arriving: at least `minBodyBytes` in every window of this length. */
  bodyWindowMs: number;
  minBodyBytes: number;
  /** The whole request, however steadily sent (Node's requestTimeout): a backstop. */
  requestMs: number;
}

/**
 * A 100 MB video over a poor mobile link (~400 kbit/s) takes about 35 minutes, so no short total
 * limit fits; what tells a slow phone from a slow-loris client is that the phone keeps sending.
 * 16 kB per 30 s is ~0.5 kB/s, far below any working link, while a client trickling a byte now
 * and then is cut off within a minute. Tests pass smaller figures.
 */
export const defaultTimeLimits: TimeLimits = {
  headersMs: 30_000,
  bodyWindowMs: 30_000,
  minBodyBytes: 16 * 1024,
  requestMs: 60 * 60_000,
};

/** Fastify's options for Node's own limits (headers, whole request), checked often enough to hold. */
export function nodeTimeouts(limits: TimeLimits) {
  return {
    requestTimeout: limits.requestMs,
    http: {
      headersTimeout: limits.headersMs,
      // Node looks for overdue requests on this period (30 s by default, as long as the limit).
      connectionsCheckingInterval: Math.max(100, Math.min(5000, Math.floor(limits.headersMs / 4))),
    },
  };
}

/** The body-rate guard on every request with a body (Node's limits come from nodeTimeouts). */
export function guardSlowBodies(app: FastifyInstance, limits: TimeLimits, headers: Record<string, string>): void {
  app.addHook('onRequest', (request, reply, done) => {
    guardBody(request, reply, limits, headers);
    done();
  });
}

/** Closes the connection with a 408 when a request's body stops arriving at a useful rate. */
function guardBody(request: FastifyRequest, reply: FastifyReply, limits: TimeLimits, headers: Record<string, string>): void {
  const raw = request.raw;
  const length = Number(raw.headers['content-length'] ?? 0);
  const hasBody = length > 0 || raw.headers['transfer-encoding'] !== undefined;
  if (!hasBody || raw.complete) return;
  const socket = raw.socket;
  let seen = socket.bytesRead;
  const timer = setInterval(() => {
    // Answered already (a refusal that did not need the body): Node discards the rest, and the
    // request backstop bounds it; a second answer must not be written on the socket.
    if (raw.complete || socket.destroyed || reply.raw.headersSent) {
      clearInterval(timer);
      return;
    }
    const read = socket.bytesRead;
    if (read - seen >= limits.minBodyBytes) {
      seen = read;
      return;
    }
    clearInterval(timer);
    request.log.info({ path: loggedPath(request.url) }, 'request body too slow, connection closed');
    answerOnSocket(socket, 408, protocolTexts.timeout, headers);
  }, limits.bodyWindowMs);
  timer.unref();
  raw.once('close', () => clearInterval(timer));
}

// ── Caching of authenticated answers ─────────────────────────────────────────────────────────

/**
 * Answers to a signed-in request, and every answer of a learner or admin operation, are the
 * caller's own data: no browser, proxy or shared device may keep a copy (Cache-Control: no-store).
 */
export function noStoreForPrivateAnswers(app: FastifyInstance, contract: Contract): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const url = request.routeOptions.url ?? '';
    if (url.startsWith('/api/') || request.url.startsWith('/api/')) {
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      const op = url ? contract.operation(method, url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')) : undefined;
      const signedIn = typeof request.headers.authorization === 'string' && request.headers.authorization !== '';
      if (signedIn || (op !== undefined && op.access !== 'public')) reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });
}

// ── Content negotiation for pages ────────────────────────────────────────────────────────────

/**
 * How much the client wants HTML, by its Accept header (RFC 9110 §12.5.1): 0 refuses it. No
 * header, `*\/*` and `text/*` all take it; `application/json` alone does not.
 */
export function htmlPreference(accept: string | undefined): { quality: number; explicit: boolean } {
  if (accept === undefined || accept.trim() === '') return { quality: 1, explicit: false };
  let best: { specificity: number; quality: number } | null = null;
  for (const range of accept.split(',')) {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const specificity = type === 'text/html' ? 3 : type === 'text/*' ? 2 : type === '*/*' ? 1 : 0;
    if (specificity === 0) continue;
    let quality = 1;
    for (const param of params) {
      const match = /^q=([01](?:\.\d{0,3})?)$/.exec(param);
      if (match) quality = Number(match[1]);
    }
    if (!best || specificity > best.specificity) best = { specificity, quality };
  }
  return { quality: best?.quality ?? 0, explicit: best?.specificity === 3 && best.quality > 0 };
}
