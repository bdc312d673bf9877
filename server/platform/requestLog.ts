// Request logs a log system can read (LOG=1): one JSON line per request on standard output, as
// pino (Fastify's logger) writes it, and nothing in it that would let a reader act as a user.
//
//   {"level":"info","time":"2026-11-26T13:09:21.123Z","pid":41,"hostname":"api-1",
//    "requestId":"5f0c…","msg":"request","method":"GET","path":"/api/Public/courses",
//    "status":200,"durationMs":3.4,"client":"203.0.113.9"}
//
// `path` is the address without its query (a payment callback's authority, a search, anything a
// page put there) and with a reset link's token replaced; `client` is the visitor's address as
// TRUST_PROXY resolves it (config.ts); `requestId` is the proxy's X-Request-Id when a proxy is
// trusted (nginx: $request_id, so its access log and ours join), else a new random id. Headers,
// bodies and cookies are never logged: tokens, passwords and codes travel only there.
// Other lines (a server error, a start-up notice) share the format, with their own `msg`.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { resetLinkBase } from '../../schema/rules/token';

/** Addresses whose tail is a secret, with what the log shows instead. */
const secretTails: ReadonlyArray<readonly [string, string]> = [[resetLinkBase, ':token']];

/** The address as logged: no query, no secret path segments. */
export function loggedPath(url: string): string {
  const at = url.search(/[?#]/);
  const path = at < 0 ? url : url.slice(0, at);
  for (const [base, shown] of secretTails) if (path.startsWith(base) && path.length > base.length) return base + shown;
  return path;
}

/**
 * Fastify's own request lines (two per request: "incoming request" with the whole URL and the
 * client's port, "request completed") replaced by the one line above, written when the answer
 * has been sent. A streamed answer (a file, a kept page) whose client hung up as the last bytes
 * went out — nginx closes its connection as soon as it has the whole body — never "finishes" for
 * Fastify, which reports a stream error instead: that request gets its line too, marked
 * `closedEarly`, and still only one.
 */
class RequestLog extends LogController {
  private readonly logged = new WeakSet<FastifyRequest>();

  constructor() {
    super({ requestIdLogLabel: 'requestId' });
  }

  override incomingRequest(): void {}

  private line(request: FastifyRequest, reply: FastifyReply, error: Error | null | undefined, extra: Record<string, boolean>): void {
    if (this.logged.has(request)) return;
    this.logged.add(request);
    const line = { method: request.method, path: loggedPath(request.url), status: reply.statusCode, durationMs: Math.round(reply.elapsedTime * 10) / 10, client: request.ip, ...extra };
    if (error) request.log.error({ ...line, err: error }, 'request');
    else request.log.info(line, 'request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    this.line(request, reply, error, {});
  }

  override streamError(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply): void {
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') this.line(request, reply, null, { closedEarly: true });
    else this.line(request, reply, error, {});
  }
}

const proxyRequestId = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's settings for its logger and request ids (app.ts), from LOG and TRUST_PROXY. */
export function loggingOptions(enabled: boolean, proxyTrusted: boolean): Pick<FastifyServerOptions, 'logger' | 'logController' | 'genReqId'> {
  return {
    logger: enabled
      ? {
          level: 'info',
          // An ISO time and a level name: readable by a person and by any log system as they are.
          timestamp: () => `,"time":"${new Date().toISOString()}"`,
          formatters: { level: (label: string) => ({ level: label }) },
        }
      : false,
    logController: new RequestLog(),
    genReqId: (request: IncomingMessage) => {
      const given = request.headers['x-request-id'];
      return proxyTrusted && typeof given === 'string' && proxyRequestId.test(given) ? given : randomUUID();
    },
  };
}
