// @vitest-environment node
// List answers in brotli and gzip (kept precompressed with the list cache on SQLite, compressed
// by @fastify/compress on PostgreSQL): the same JSON as the uncompressed answer, compressed
// exactly once, and never older than the data after a write.
import { courseBody } from '../../support/samples';
import { request } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/platform/db';
import { preferredEncoding } from '../../../server/platform/encoding';
import { usePostgres } from '../../support/postgres-db';
import { adminPassword, adminPhone, startServer, type TestServer } from '../../support/server';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startServer();
  admin = await server.signIn(adminPhone, adminPassword);
});
afterAll(async () => {
  await server.close();
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

/** A GET with exactly the given Accept-Encoding (fetch would add its own and decode). */
function rawGet(target: string, acceptEncoding: string | null): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${admin}` };
    if (acceptEncoding !== null) headers['accept-encoding'] = acceptEncoding;
    request(server.url + target, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const decode = (raw: Raw): string => {
  const encoding = raw.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(raw.bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw.bytes).toString('utf8');
  expect(encoding ?? 'identity').toBe('identity');
  return raw.bytes.toString('utf8');
};

const list = '/api/Course/GetSelectList';

/** The identity answer and the br and gzip answers, each checked and decoded once. */
async function allEncodings(): Promise<{ identity: string; br: string; gzip: string }> {
  const identity = await rawGet(list, null);
  expect(identity.status).toBe(200);
  expect(identity.headers['content-encoding']).toBeUndefined();
  expect(identity.headers['content-type']).toMatch(/^application\/json/);
  const decoded: Record<string, string> = {};
  for (const encoding of ['br', 'gzip'] as const) {
    const raw = await rawGet(list, encoding);
    expect(raw.status).toBe(200);
    expect(raw.headers['content-encoding'], encoding).toBe(encoding);
    expect(raw.headers['content-type']).toMatch(/^application\/json/);
    expect(String(raw.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(raw.bytes.length).toBeLessThan(identity.bytes.length / 3);
    if (raw.headers['content-length'] !== undefined) expect(Number(raw.headers['content-length'])).toBe(raw.bytes.length);
    // Decoded once it is the JSON text itself: compressed twice it would still be binary.
    decoded[encoding] = decode(raw);
  }
  return { identity: identity.bytes.toString('utf8'), br: decoded.br ?? '', gzip: decoded.gzip ?? '' };
}

const course = (title: string) => courseBody(title, {
  durationInHours: 8,
  timeOfHolding: null,
  registrationDeadline: null,
  priceInTomans: 900_000,
  type: 'online',
  inActive: false,
  difficulty: '',
  techerId: 0,
  categoryId: 0,
  prerequisite: '',
  coverImage: '',
  coverVideo: '',
  description: 'شرح',
  headings: '',
});

describe('compressed list answers', () => {
  it('decode to exactly the JSON of the uncompressed answer, compressed once', async () => {
    // Twice: the first request may build the cache, the second is served from it.
    for (let round = 0; round < 2; round++) {
      const { identity, br, gzip } = await allEncodings();
      expect(br).toBe(identity);
      expect(gzip).toBe(identity);
      const rows: unknown = JSON.parse(identity);
      expect(Array.isArray(rows) && rows.length).toBeGreaterThan(5);
    }
  });

  it('follow Accept-Encoding as a browser sends it, with q-values', async () => {
    const browser = await rawGet(list, 'gzip, deflate, br, zstd');
    expect(browser.headers['content-encoding']).toBe('br');
    const noBrotli = await rawGet(list, 'br;q=0, gzip');
    expect(noBrotli.headers['content-encoding']).toBe('gzip');
    const identityOnly = await rawGet(list, 'identity');
    expect(identityOnly.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(decode(noBrotli))).toEqual(JSON.parse(identityOnly.bytes.toString('utf8')));
  });

  it('change with every write: create, update and delete are seen in br and gzip at once', async () => {
    await allEncodings(); // the cache (and its encodings) hold the current list
    const created = await server.call<{ id: number }>('POST', '/api/Course/Create', { token: admin, body: course('دوره فشرده‌سازی یک') });
    expect(created.status).toBe(200);
    let now = await allEncodings();
    for (const text of [now.identity, now.br, now.gzip]) expect(text).toContain('دوره فشرده‌سازی یک');
    expect(now.br).toBe(now.identity);
    expect(now.gzip).toBe(now.identity);

    const updated = await server.call('PUT', '/api/Course/Update', { token: admin, body: { ...course('دوره فشرده‌سازی دو'), id: created.body.id } });
    expect(updated.status).toBe(200);
    now = await allEncodings();
    for (const text of [now.br, now.gzip]) {
      expect(text).toContain('دوره فشرده‌سازی دو');
      expect(text).not.toContain('دوره فشرده‌سازی یک');
      expect(text).toBe(now.identity);
    }

    const removed = await server.call('DELETE', '/api/Course/Delete', { token: admin, body: { id: created.body.id } });
    expect(removed.status).toBe(200);
    now = await allEncodings();
    for (const text of [now.br, now.gzip]) {
      expect(text).not.toContain('دوره فشرده‌سازی');
      expect(text).toBe(now.identity);
    }
  });

  it.skipIf(usePostgres)('change when another connection writes the SQLite file', async () => {
    await allEncodings();
    const other = openDatabase(path.join(server.dataDir, 'academy.sqlite'));
    try {
      await other
        .insertInto('courses')
        .values({
          title: 'دوره نوشته‌شده از بیرون', durationInHours: 8, timeOfHolding: null, registrationDeadline: null, priceInTomans: 900_000,
          type: 'online', inActive: 0, difficulty: '', techerId: 0, categoryId: 0, prerequisite: '', coverImage: '', coverVideo: '',
          description: 'شرح', headings: '', slug: 'outside-writer', createdAt: new Date().toISOString(),
        })
        .execute();
    } finally {
      await other.destroy();
    }
    const now = await allEncodings();
    for (const text of [now.br, now.gzip]) {
      expect(text).toContain('دوره نوشته‌شده از بیرون');
      expect(text).toBe(now.identity);
    }
  });
});

describe('a page of the list protocol', () => {
  it('is compressed too, on both databases, and decodes to the same page', async () => {
    const target = `${list}?pageSize=100&sort=title`;
    const identity = await rawGet(target, null);
    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip'] as const) {
      const raw = await rawGet(target, encoding);
      expect(raw.headers['content-encoding'], encoding).toBe(encoding);
      expect(raw.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(decode(raw))).toEqual(JSON.parse(identity.bytes.toString('utf8')));
    }
  });
});

describe('preferredEncoding', () => {
  it('prefers brotli, honours q-values, * and x-gzip', () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('')).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('deflate')).toBeNull();
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('GZIP')).toBe('gzip');
    expect(preferredEncoding('x-gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0')).toBeNull();
    expect(preferredEncoding('gzip, *;q=0')).toBe('gzip');
  });
});
