// Precompressed answers: a body kept in memory (the list cache of crud.ts) is compressed once,
// on the thread pool, and every later request that accepts the encoding gets those bytes.
// @fastify/compress leaves a reply alone once it has a Content-Encoding, so nothing is
// compressed twice.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The encoding to answer with for an `Accept-Encoding` header: brotli, then gzip, then none.
 * q-values are honoured (`br;q=0` refuses brotli), `*` stands for any encoding not named, and
 * `x-gzip` is gzip (as @fastify/compress reads it).
 */
export function preferredEncoding(header: string | string[] | undefined): Encoding | null {
  if (header === undefined) return null;
  // A browser sends the same header with every call: the last answer is kept.
  if (header === last.header) return last.encoding;
  const encoding = negotiate(header);
  if (typeof header === 'string') last = { header, encoding };
  return encoding;
}

let last: { header: string | null; encoding: Encoding | null } = { header: null, encoding: null };

function negotiate(header: string | string[]): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).toLowerCase().split(',')) {
    const [token = '', ...params] = part.split(';').map((s) => s.trim());
    if (!token) continue;
    let q = 1;
    for (const param of params) {
      const match = /^q=([0-9.]+)$/.exec(param);
      if (match) q = Number(match[1]);
    }
    if (!Number.isFinite(q)) q = 0;
    const name = token === 'x-gzip' ? 'gzip' : token;
    weights.set(name, Math.max(weights.get(name) ?? 0, q));
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return null;
}

/**
 * Brotli quality 6: on a 480 kB list ~30 ms (quality 11 takes seconds) for 97% less; it runs
 * once per data change, not per request. gzip level 9 costs a few ms.
 */
function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'br') {
    return brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  return gzipAsync(body, { level: 9 });
}

/** A body and its encodings, each made on first demand and then kept with it. */
export class EncodedBody {
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(readonly identity: Buffer) {}

  get(encoding: Encoding): Promise<Buffer> {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes = compress(this.identity, encoding);
      this.encoded.set(encoding, bytes);
      // A failure is not kept: the next request tries again.
      bytes.catch(() => this.encoded.delete(encoding));
    }
    return bytes;
  }
}

/**
 * Sends `body` in the encoding the request prefers, made once per body, or as it is when the
 * client takes none, the body is under `minSize` bytes, or compressing failed.
 */
export async function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody, minSize = 0) {
  const encoding = body.identity.length >= minSize ? preferredEncoding(request.headers['accept-encoding']) : null;
  const encoded = encoding ? await body.get(encoding).catch(() => null) : null;
  if (!encoding || !encoded) return reply.send(body.identity);
  return reply.header('Content-Encoding', encoding).send(encoded);
}
