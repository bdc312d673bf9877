// The local gateway on its own port: Zarinpal's JSON calls and its payment page, answered by a
// LocalGateway (localGateway.ts); the tests' fake gateway serves the same with faults injected.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { localFont, localFontPath, localPage } from './page';
import { foreignHostText, localHostCheck } from './localHosts';
import { type GatewayCall, type GatewayCallName, gatewayPaths, LocalGateway, localGatewayTexts } from './localGateway';

/** Sends an answer; tests replace it to alter or withhold what is sent. */
export type SendAnswer = (response: ServerResponse, status: number, body: unknown) => void;

export const sendJson: SendAnswer = (response, status, body) => {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
};

/**
 * Sees each JSON call before the gateway answers it (tests: recording, faults). 'answered': it
 * wrote the answer itself; a function: the gateway's answer is sent through it; else as usual.
 */
export type GatewayIntercept = (call: GatewayCallName, body: GatewayCall, token: string, response: ServerResponse) => Promise<'answered' | SendAnswer | undefined> | 'answered' | SendAnswer | undefined;

/** A call's body is small; anything bigger is not one of the merchant's calls. */
const maxBodyBytes = 64 * 1024;

function readJson(request: IncomingMessage): Promise<GatewayCall> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBodyBytes) chunks.push(chunk);
    });
    request.on('end', () => {
      try {
        const parsed: unknown = size > maxBodyBytes ? null : JSON.parse(Buffer.concat(chunks).toString('utf8'));
        resolve(typeof parsed === 'object' && parsed !== null ? parsed : {});
      } catch {
        resolve({});
      }
    });
    request.on('error', () => resolve({}));
  });
}

const pageHeaders = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  // The page's own style and typeface only; its forms post here and are sent on to the merchant.
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; font-src 'self'; frame-ancestors 'none'; base-uri 'none'",
};

export interface LocalGatewayServer {
  /** Base address for PAYMENT_GATEWAY_URL. */
  url: string;
  close: () => Promise<void>;
}

/** Serves the gateway over HTTP on this machine (127.0.0.1; port 0: any free port). */
export async function serveLocalGateway(gateway: LocalGateway, options: { port?: number; intercept?: GatewayIntercept } = {}): Promise<LocalGatewayServer> {
  const answersHost = localHostCheck();
  const server = createServer((request, response) => {
    void (async () => {
      if (!answersHost(request.headers.host)) {
        request.resume();
        return sendJson(response, 403, { message: foreignHostText });
      }
      const url = new URL(request.url ?? '/', 'http://gateway.local');
      const call = request.method === 'POST' ? gatewayPaths[url.pathname] : undefined;
      if (call) {
        // The body is read first: the call counts as made whatever the answer.
        const body = await readJson(request);
        const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
        const intercepted = options.intercept ? await options.intercept(call, body, token, response) : undefined;
        if (intercepted === 'answered') return;
        const answer = gateway.answer(call, body, token);
        return (intercepted ?? sendJson)(response, answer.status, answer.body);
      }
      if (url.pathname === localFontPath && request.method === 'GET') {
        const font = localFont();
        response.writeHead(font ? 200 : 404, { 'Content-Type': 'font/woff2', 'Cache-Control': 'max-age=86400' });
        return response.end(font ?? undefined);
      }
      const page = /^\/pg\/StartPay\/([^/]+)(?:\/(pay|cancel))?$/.exec(url.pathname);
      const authority = page?.[1] ? safeDecode(page[1]) : undefined;
      if (authority !== undefined && page?.[2] && request.method === 'POST') {
        request.resume();
        const back = gateway.complete(authority, page[2] === 'pay' ? 'pay' : 'cancel');
        if (back) {
          response.writeHead(303, { Location: back, 'Cache-Control': 'no-store' });
          return response.end();
        }
      }
      if (authority !== undefined && !page?.[2] && (request.method === 'GET' || request.method === 'HEAD')) {
        const html = gateway.page(authority, '');
        if (html) {
          response.writeHead(200, pageHeaders);
          return response.end(request.method === 'HEAD' ? undefined : html);
        }
      }
      response.writeHead(404, pageHeaders);
      response.end(localPage(localGatewayTexts.unknown, `<div class="card"><h1>${localGatewayTexts.unknown}</h1><p>${localGatewayTexts.unknownHint}</p></div>`));
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const address: AddressInfo | string | null = server.address();
  if (!address || typeof address === 'string') throw new Error('local gateway has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

