// The built site's files (dist/), read once at start-up into an index: every file with its
// compressed forms written by the build (precompressed.ts), its type, ETag and caching rule, and a
// route of its own. A request for a file is a lookup in memory; a request for a page matches no
// file route and goes straight to the page handler, without looking at the disk. Nothing is
// compressed per request (these routes skip @fastify/compress): a file the build left
// uncompressed is sent as it is.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { preferredEncoding, type Encoding } from './encoding';
import { encodedSuffix, isEncodedForm } from './precompressed';

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

interface Representation {
  body: Buffer;
  etag: string;
  headers: Record<string, string>;
}

export interface StaticFile {
  identity: Representation;
  encoded: Partial<Record<Encoding, Representation>>;
  lastModified: number;
}

/** Paths as requested (`/assets/index-abc.js`), each with its file. */
export type StaticIndex = ReadonlyMap<string, StaticFile>;

/** The build's own files (dist/.vite, the manifest) and dot files are not for visitors. */
const isHidden = (relative: string) => relative.split(path.sep).some((segment) => segment.startsWith('.'));

/** Hashed build files never change under their name; everything else is revalidated. */
const cachingOf = (relative: string) => (relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');

async function readEncoded(file: string, suffix: string): Promise<Buffer | undefined> {
  try {
    return await readFile(`${file}${suffix}`);
  } catch {
    return undefined;
  }
}

export async function indexStaticFiles(root: string): Promise<StaticIndex> {
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((relative) => !isHidden(relative) && !isEncodedForm(relative));
  const index = new Map<string, StaticFile>();
  await Promise.all(
    files.map(async (relative) => {
      const file = path.join(root, relative);
      const [body, info, br, gzip] = await Promise.all([readFile(file), stat(file), readEncoded(file, encodedSuffix.br), readEncoded(file, encodedSuffix.gzip)]);
      const tag = createHash('sha1').update(body).digest('base64url').slice(0, 20);
      const lastModified = Math.floor(info.mtimeMs / 1000) * 1000;
      const common = {
        'content-type': types[path.extname(relative).toLowerCase()] ?? 'application/octet-stream',
        'cache-control': cachingOf(relative),
        'last-modified': new Date(lastModified).toUTCString(),
        'accept-ranges': 'bytes',
        ...(br || gzip ? { vary: 'Accept-Encoding' } : {}),
      };
      const representation = (bytes: Buffer, encoding?: Encoding): Representation => {
        const etag = `"${tag}${encoding ? `-${encoding}` : ''}"`;
        return { body: bytes, etag, headers: { ...common, etag, ...(encoding ? { 'content-encoding': encoding } : {}) } };
      };
      index.set(`/${relative.split(path.sep).join('/')}`, {
        identity: representation(body),
        encoded: { ...(br ? { br: representation(br, 'br') } : {}), ...(gzip ? { gzip: representation(gzip, 'gzip') } : {}) },
        lastModified,
      });
    }),
  );
  return index;
}

function notModified(request: FastifyRequest, chosen: Representation, lastModified: number): boolean {
  const tags = request.headers['if-none-match'];
  if (tags !== undefined) return tags.split(',').some((tag) => tag.trim().replace(/^W\//, '') === chosen.etag || tag.trim() === '*');
  const since = request.headers['if-modified-since'];
  return since !== undefined && Date.parse(since) >= lastModified;
}

/** One `bytes=` range of the identity body, `null` for none or several (sent whole), `false` when unsatisfiable. */
function rangeOf(request: FastifyRequest, file: StaticFile): { start: number; end: number } | null | false {
  const header = request.headers.range;
  if (!header) return null;
  const ifRange = request.headers['if-range'];
  // A copy that is no longer this file's (another ETag or date) gets the whole file.
  if (typeof ifRange === 'string' && ifRange !== file.identity.etag && Date.parse(ifRange) !== file.lastModified) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const size = file.identity.body.length;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  const start = from === '' ? Math.max(0, size - Number(to)) : Number(from);
  const end = from === '' || to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start > end || start >= size) return false;
  return { start, end };
}

/** Sends an indexed file in the encoding the request prefers, honouring the conditional and range headers. */
export function sendStaticFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile): FastifyReply {
  const range = reply.statusCode === 200 ? rangeOf(request, file) : null;
  if (range === false) {
    return reply.code(416).headers(file.identity.headers).header('content-range', `bytes */${file.identity.body.length}`).send();
  }
  const encoding = range ? null : preferredEncoding(request.headers['accept-encoding']);
  const chosen = (encoding && file.encoded[encoding]) || file.identity;
  reply.headers(chosen.headers);
  if (reply.statusCode === 200 && notModified(request, chosen, file.lastModified)) return reply.code(304).send();
  if (range) {
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.identity.body.length}`)
      .send(file.identity.body.subarray(range.start, range.end + 1));
  }
  return reply.send(chosen.body);
}

/** A route for every file of `root` (GET, and HEAD with it); the index, for sending a file from another handler. */
export async function serveStaticFiles(app: FastifyInstance, root: string): Promise<StaticIndex> {
  const index = await indexStaticFiles(root);
  for (const [url, file] of index) {
    app.route({ method: 'GET', url, compress: false, handler: serveBuiltFile });

    function serveBuiltFile(request: FastifyRequest, reply: FastifyReply) {
      return sendStaticFile(request, reply, file);
    }
  }
  return index;
}
