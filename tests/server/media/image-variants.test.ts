// @vitest-environment node
// Resized copies of images: made once at upload beside the original, served by
// width in the best format the browser takes, never enlarged; hostile or broken files are refused
// with a Persian 400 at upload; seeded images and images stored before the copies existed get them.
// The copies live in the media store only (no database rows): this runs on the local folder and
// on an S3 bucket.
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaStoreKinds, useMediaStore } from '../../support/s3';
import { adminPassword, adminPhone, encodePng, startServer, type TestServer } from '../../support/server';

describe.each(mediaStoreKinds)('image copies (%s store)', (kind) => {
  const media = useMediaStore(kind);

  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(media.options());
    admin = await server.signIn(adminPhone, adminPassword);
  });
  afterAll(async () => {
    await server.close();
  });

  const chrome = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
  /** The image's copies as its store lists them; none when it has no set. */
  const variantsOf = async (name: string) => (await server.media.listVariants(name)) ?? [];

  async function upload(bytes: Uint8Array, name: string): Promise<{ status: number; body: { fileName?: string; message?: string } }> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
    const started = Date.now();
    const answer = await server.call<{ fileName?: string; message?: string }>('POST', '/api/File/upload-image', { token: admin, rawBody: form });
    // A hostile file is refused quickly, never after libvips decoded gigapixels (a refusal is
    // milliseconds of work; decoding the bomb would be minutes). An accepted photo's time is its
    // WebP and AVIF encoding, which a busy machine stretches: it is not held to this bound.
    if (answer.status !== 200) expect(Date.now() - started, name).toBeLessThan(20_000);
    return answer;
  }

  async function fetchImage(name: string, query: string, accept = chrome) {
    const response = await fetch(`${server.url}/api/File/image/${name}${query}`, { headers: { Accept: accept } });
    const bytes = Buffer.from(await response.arrayBuffer());
    const meta = response.ok ? await sharp(bytes).metadata() : null;
    return { response, bytes, width: meta?.width, format: meta?.format };
  }

  /** A photo-like picture (noise over gradients), so WebP and AVIF have something to compress. */
  function photo(width: number, height: number): Buffer {
    let seed = 7;
    const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 40) - 20;
    return encodePng(width, height, (x, y) => [
      Math.max(0, Math.min(255, (x * 255) / width + noise())),
      Math.max(0, Math.min(255, (y * 255) / height + noise())),
      Math.max(0, Math.min(255, 128 + noise())),
    ]);
  }

  /** A PNG chunk with its CRC. */
  function chunk(type: string, data: Buffer): Buffer {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    let crc = 0xffffffff;
    for (const byte of body) {
      crc ^= byte;
      for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
    }
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 8 + data.length);
    return out;
  }

  /** A "pixel bomb": a valid PNG of a few hundred bytes whose header says 50,000 × 50,000 pixels. */
  function pixelBomb(): Buffer {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(50_000, 0);
    header.writeUInt32BE(50_000, 4);
    header[8] = 8;
    header[9] = 0; // greyscale
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(50_001 * 20))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }

  describe('resized copies of images', () => {
    it('makes WebP (and smaller AVIF) copies at upload and serves the narrowest one wide enough, by Accept', async () => {
      const original = photo(1600, 900);
      const uploaded = await upload(original, 'photo.png');
      expect(uploaded.status).toBe(200);
      const name = uploaded.body.fileName ?? '';
      const made = (await variantsOf(name)).sort();
      // Every width below 1,600 as WebP; no whole-image copy (wider than the largest width).
      for (const w of [160, 320, 480, 640, 800, 1024, 1280]) expect(made).toContain(`${w}.webp`);
      expect(made.some((file) => file.startsWith('full.'))).toBe(false);

      const small = await fetchImage(name, '?w=320');
      expect(small.response.status).toBe(200);
      expect(small.width).toBe(320);
      const avifKept = made.includes('320.avif');
      expect(small.response.headers.get('content-type')).toBe(avifKept ? 'image/avif' : 'image/webp');
      expect(small.format).toBe(avifKept ? 'heif' : 'webp');
      expect(small.response.headers.get('vary')).toContain('Accept');
      expect(small.response.headers.get('cache-control')).toContain('immutable');
      expect(small.bytes.length).toBeLessThan(original.length / 10);

      const webpOnly = await fetchImage(name, '?w=800', 'image/webp,*/*');
      expect(webpOnly.response.headers.get('content-type')).toBe('image/webp');
      expect(webpOnly.width).toBe(800);
      // A browser that takes neither gets the original.
      const neither = await fetchImage(name, '?w=800', 'image/png,*/*;q=0.1');
      expect(neither.response.headers.get('content-type')).toBe('image/png');
      expect(neither.bytes.equals(original)).toBe(true);
      // Without ?w the original, as before.
      const plain = await fetchImage(name, '');
      expect(plain.response.headers.get('content-type')).toBe('image/png');
      expect(plain.response.headers.get('vary') ?? '').not.toContain('Accept');

      const odd = await fetch(`${server.url}/api/File/image/${name}?w=777`);
      expect(odd.status).toBe(400);
      expect(((await odd.json()) as { message: string }).message).toMatch(/^عرض تصویر باید یکی از ۱۶۰، ۳۲۰، .* باشد$/);

      const removed = await server.call('DELETE', '/api/File/delete', { token: admin, query: { fileName: name, mediaType: 'image' } });
      expect(removed.status).toBe(200);
      expect(await server.media.listVariants(name)).toBeNull();
      expect((await fetch(`${server.url}/api/File/image/${name}?w=320`)).status).toBe(404);
    });

    it('never enlarges: a 300 px image asked for at 1,024 px comes back 300 px wide', async () => {
      const uploaded = await upload(photo(300, 200), 'small.png');
      expect(uploaded.status).toBe(200);
      const name = uploaded.body.fileName ?? '';
      expect(await variantsOf(name)).not.toContain('320.webp');
      const wide = await fetchImage(name, '?w=1024');
      expect(wide.width).toBe(300);
      expect(['image/webp', 'image/avif']).toContain(wide.response.headers.get('content-type'));
      expect((await fetchImage(name, '?w=160')).width).toBe(160);
    });

    it('refuses a pixel bomb and corrupt images with a Persian 400 and stores nothing', async () => {
      const before = (await server.media.list('images')).length;
      const bomb = await upload(pixelBomb(), 'bomb.png');
      expect(bomb.status).toBe(400);
      expect(bomb.body.message).toMatch(/^ابعاد تصویر بیش از حد بزرگ است/);

      const whole = photo(64, 64);
      const truncated = await upload(whole.subarray(0, Math.floor(whole.length / 2)), 'cut.png');
      expect(truncated.status).toBe(400);
      expect(truncated.body.message).toBe('فایل تصویر خراب یا ناقص است؛ تصویر دیگری انتخاب کنید');

      // JPEG's signature followed by noise: the type check passes, the decoder does not.
      const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 0x5a)]);
      const jpeg = await upload(garbage, 'noise.jpg');
      expect(jpeg.status).toBe(400);
      expect(jpeg.body.message).toBe('فایل تصویر خراب یا ناقص است؛ تصویر دیگری انتخاب کنید');
      expect((await server.media.list('images')).length).toBe(before);
    });

    it('gives the seeded images their ready-made copies', async () => {
      expect(await variantsOf('course-1.webp')).toContain('320.webp');
      const card = await fetchImage('course-1.webp', '?w=320', 'image/webp');
      expect(card.response.headers.get('content-type')).toBe('image/webp');
      expect(card.width).toBe(320);
      // The covers are 640 px: a 1,024 px request gets the whole cover, re-encoded.
      expect((await fetchImage('course-1.webp', '?w=1024')).width).toBe(640);
    });

    it('makes the copies of an image stored before they existed on its first resized request, then serves them', async () => {
      const name = 'a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0.png';
      const original = photo(900, 500);
      await server.media.save('images', name, original);
      const first = await fetchImage(name, '?w=320');
      expect(first.response.status).toBe(200);
      expect(first.bytes.equals(original)).toBe(true);
      // Not kept by the browser under that address: the next request gets the copy.
      expect(first.response.headers.get('cache-control')).toBe('no-cache');
      // Made in the background (libvips, slow on a busy machine): waited for until the test's own
      // time limit, not for a guessed ten seconds.
      let listed: string[] = [];
      while (!listed.includes('320.webp')) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        listed = await variantsOf(name);
      }
      expect(listed).toContain('320.webp');
      const later = await fetchImage(name, '?w=320', 'image/webp');
      expect(later.width).toBe(320);
      expect(later.response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    });
  });
});
