// @vitest-environment node
// Two API servers with their own data dirs (their own SQLite files, or their own PostgreSQL
// databases) sharing nothing but one S3 bucket, as two machines behind a load balancer share it:
// both seed it at once at their first start, an upload through one is listed and served by the
// other with its resized copies, copies one makes for an older image are served by the other,
// and a delete through one is a 404 on the other.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../server/platform/config';
import { sampleImages } from '../../../server/seed';
import { startS3, type S3Server } from '../../support/s3';
import { adminPassword, adminPhone, encodePng, startServer, type TestServer } from '../../support/server';

let s3: S3Server;
let one: TestServer;
let two: TestServer;
let admin: string;

beforeAll(async () => {
  s3 = await startS3();
  // Started together on the empty bucket: both seed its images and their copies at once.
  [one, two] = await Promise.all([startServer({ s3: s3.config }), startServer({ s3: s3.config })]);
  admin = await one.signIn(adminPhone, adminPassword);
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await s3?.stop();
});

/** A photo-like PNG (noise, so its WebP copies are smaller and kept). */
function photo(width: number, height: number): Buffer {
  let seed = 11;
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 40) - 20;
  const channel = (value: number) => Math.max(0, Math.min(255, value + noise()));
  return encodePng(width, height, (x, y) => [channel((x * 255) / width), channel((y * 255) / height), channel(128)]);
}

async function widthOf(response: Response): Promise<number | undefined> {
  return (await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width;
}

describe('two servers sharing one bucket', () => {
  it('both seeded it: every sample image has one whole set of copies, served by both', async () => {
    for (const { file } of sampleImages) {
      const copies = await one.media.listVariants(file);
      expect(copies, file).toContain('160.webp');
      for (const server of [one, two]) {
        const copy = await fetch(`${server.url}/api/File/image/${file}?w=160`, { headers: { Accept: 'image/webp' } });
        expect(copy.status, file).toBe(200);
        expect(copy.headers.get('content-type'), file).toBe('image/webp');
        expect(await widthOf(copy), file).toBe(160);
      }
    }
  });

  it('an upload through one is listed and served by the other, with its copies; a delete through one is a 404 on the other', async () => {
    const original = photo(700, 400);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(original)], { type: 'image/png' }), 'shared.png');
    const uploaded = await one.call<{ fileName: string }>('POST', '/api/File/upload-image', { token: admin, rawBody: form });
    expect(uploaded.status).toBe(200);
    const name = uploaded.body.fileName;

    const otherAdmin = await two.signIn(adminPhone, adminPassword);
    const listed = await two.call<string[]>('GET', '/api/File/all-images', { token: otherAdmin });
    expect(listed.body).toContain(name);
    const served = await fetch(`${two.url}/api/File/image/${name}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(original)).toBe(true);
    const ranged = await fetch(`${two.url}/api/File/image/${name}`, { headers: { Range: 'bytes=0-7' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(original.subarray(0, 8))).toBe(true);
    const copy = await fetch(`${two.url}/api/File/image/${name}?w=320`, { headers: { Accept: 'image/webp' } });
    expect(copy.headers.get('content-type')).toBe('image/webp');
    expect(await widthOf(copy)).toBe(320);

    const removed = await one.call('DELETE', '/api/File/delete', { token: admin, query: { fileName: name, mediaType: 'image' } });
    expect(removed.status).toBe(200);
    expect((await fetch(`${two.url}/api/File/image/${name}`)).status).toBe(404);
    expect((await fetch(`${two.url}/api/File/image/${name}?w=320`)).status).toBe(404);
    expect(await two.media.listVariants(name)).toBeNull();
  });

  it('copies one server makes for an image stored before them are served by the other', async () => {
    const name = 'b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1.png';
    await one.media.save('images', name, photo(900, 500));
    // The first resized request stands in the original and makes the copies in the background.
    const first = await fetch(`${one.url}/api/File/image/${name}?w=320`);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    await first.arrayBuffer();
    // Waited for until the test's own time limit (libvips is slow on a busy machine).
    while (!((await two.media.listVariants(name)) ?? []).includes('320.webp')) await new Promise((resolve) => setTimeout(resolve, 50));
    const copy = await fetch(`${two.url}/api/File/image/${name}?w=320`, { headers: { Accept: 'image/webp' } });
    expect(copy.headers.get('content-type')).toBe('image/webp');
    expect(copy.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await widthOf(copy)).toBe(320);
  });
});

describe('MEDIA_STORE and the S3_* settings', () => {
  const base = { MEDIA_STORE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'academy-media', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'very-secret-key-1234' };
  it('chooses the bucket with its defaults, or the local folder when unset', () => {
    expect(configFromEnv({}).s3).toBeUndefined();
    expect(configFromEnv({ MEDIA_STORE: 'local' }).s3).toBeUndefined();
    expect(configFromEnv(s3.env).s3).toEqual(s3.config);
    expect(configFromEnv(base).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'academy-media',
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'very-secret-key-1234',
      forcePathStyle: true,
      prefix: '',
    });
    expect(configFromEnv({ ...base, S3_FORCE_PATH_STYLE: '0', S3_PREFIX: 'site-a/media/', S3_REGION: 'ir-thr-at1' }).s3).toMatchObject({
      forcePathStyle: false,
      prefix: 'site-a/media/',
      region: 'ir-thr-at1',
    });
  });

  it('stops the start on a missing or malformed value, naming the variable and never the secret key', () => {
    const refused: Array<[Record<string, string>, RegExp]> = [
      [{ MEDIA_STORE: 'minio' }, /MEDIA_STORE must be local or s3/],
      [{ S3_BUCKET: 'academy-media' }, /S3_BUCKET is set but MEDIA_STORE is not s3/],
      [{ ...base, S3_ENDPOINT: '' }, /S3_ENDPOINT is required/],
      [{ ...base, S3_ENDPOINT: 'not a url' }, /S3_ENDPOINT is not a URL/],
      [{ ...base, S3_ENDPOINT: 'ftp://store.example' }, /S3_ENDPOINT must be an http/],
      [{ ...base, S3_ENDPOINT: 'https://store.example/academy-media' }, /S3_ENDPOINT must be the store's base address/],
      [{ ...base, S3_BUCKET: '' }, /S3_BUCKET is required/],
      [{ ...base, S3_BUCKET: 'Academy_Media' }, /S3_BUCKET must be a bucket name/],
      [{ ...base, S3_ACCESS_KEY_ID: '' }, /S3_ACCESS_KEY_ID is required/],
      [{ ...base, S3_SECRET_ACCESS_KEY: '' }, /S3_SECRET_ACCESS_KEY is required/],
      [{ ...base, S3_SECRET_ACCESS_KEY: 'very secret key' }, /S3_SECRET_ACCESS_KEY is malformed/],
      [{ ...base, S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE must be 1/],
      [{ ...base, S3_PREFIX: '../other-site' }, /S3_PREFIX must be/],
      [{ ...base, S3_REGION: 'us east' }, /S3_REGION must be/],
      [{ ...base, MEDIA_DIR: '/srv/media' }, /MEDIA_DIR is set but MEDIA_STORE=s3/],
    ];
    for (const [env, message] of refused) {
      let thrown = '';
      try {
        configFromEnv(env);
      } catch (error) {
        thrown = error instanceof Error ? error.message : String(error);
      }
      expect(thrown, JSON.stringify(env)).toMatch(message);
      expect(thrown).not.toContain('very-secret-key');
      expect(thrown).not.toContain('very secret key');
    }
  });

  it('says where media are kept at start, without the keys', () => {
    const line = one.printed.find((printed) => printed.startsWith('Media are kept in'));
    expect(line).toBe(`Media are kept in the S3 bucket «academy-media» at ${s3.config.endpoint}.`);
  });
});
