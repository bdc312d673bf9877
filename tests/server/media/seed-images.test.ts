// @vitest-environment node
// The committed sample images (scripts/make-seed-images.ts) match the seed's list, and a WebP goes
// through the same content check on upload as any other image.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleImages, sampleImagesDir } from '../../../server/seed';
import { mediaStoreKinds, useMediaStore } from '../../support/s3';
import { adminPassword, adminPhone, startServer, type TestServer } from '../../support/server';

describe.each(mediaStoreKinds)('seed images (%s store)', (kind) => {
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

  describe('seed images', () => {
    it('server/seed/images holds exactly the files the seed copies, each a WebP by content', async () => {
      const dir = sampleImagesDir();
      expect(readdirSync(dir).filter((name) => name !== 'variants').sort()).toEqual(sampleImages.map((image) => image.file).sort());
      // Each with its resized copies, made ahead (server/features/media/imageVariants.ts), and nothing else there.
      expect(readdirSync(path.join(dir, 'variants')).sort()).toEqual(sampleImages.map((image) => image.file).sort());
      for (const { file } of sampleImages) expect(readdirSync(path.join(dir, 'variants', file)), file).toContain('160.webp');
      for (const { file } of sampleImages) {
        const bytes = readFileSync(path.join(dir, file));
        expect((await fileTypeFromBuffer(bytes))?.mime, file).toBe('image/webp');
        // The public pages' largest paint: a cover must stay light.
        expect(bytes.length, file).toBeLessThan(16_000);
      }
    });

    it('the seed put every sample image and its ready-made copies in the store, served from it', async () => {
      const dir = sampleImagesDir();
      const stored = await server.media.list('images');
      for (const { file } of sampleImages) {
        expect(stored, file).toContain(file);
        const made = readdirSync(path.join(dir, 'variants', file)).sort();
        expect((await server.media.listVariants(file))?.sort(), file).toEqual(made);
        const served = await fetch(`${server.url}/api/File/image/${file}`);
        expect(served.status, file).toBe(200);
        expect(Buffer.from(await served.arrayBuffer()).equals(readFileSync(path.join(dir, file))), file).toBe(true);
        const copy = await fetch(`${server.url}/api/File/image/${file}?w=160`, { headers: { Accept: 'image/webp' } });
        expect(copy.headers.get('content-type'), file).toBe('image/webp');
        expect(Buffer.from(await copy.arrayBuffer()).equals(readFileSync(path.join(dir, 'variants', file, '160.webp'))), file).toBe(true);
      }
      // And the library lists them, registered on start like any file found in the store.
      const library = await server.call<{ items: Array<{ name: string }> }>('GET', '/api/File/library', { token: admin, query: { mediaType: 'image' } });
      for (const { file } of sampleImages) expect(library.body.items.map((item) => item.name), file).toContain(file);
    });

    it('accepts a WebP upload by its bytes and serves it as image/webp; a .webp name on other bytes is refused', async () => {
      const first = sampleImages[0];
      if (!first) throw new Error('no sample images');
      const bytes = readFileSync(path.join(sampleImagesDir(), first.file));
      const form = (data: Uint8Array, name: string) => {
        const body = new FormData();
        body.append('file', new Blob([new Uint8Array(data)], { type: 'image/webp' }), name);
        return body;
      };
      const uploaded = await server.call<{ fileName: string }>('POST', '/api/File/upload-image', { token: admin, rawBody: form(bytes, 'cover.png') });
      expect(uploaded.status).toBe(200);
      expect(uploaded.body.fileName).toMatch(/^[0-9a-f]{32}\.webp$/);
      const served = await fetch(`${server.url}/api/File/image/${uploaded.body.fileName}`);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);

      const fake = await server.call('POST', '/api/File/upload-image', { token: admin, rawBody: form(new TextEncoder().encode('<svg onload=alert(1)>'), 'x.webp') });
      expect(fake.status).toBe(400);
    });
  });
});
