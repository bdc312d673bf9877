// @vitest-environment node
// The committed sample images (scripts/make-seed-images.ts) match the seed's list, and a WebP goes
// through the same content check on upload as any other image.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleImages, sampleImagesDir } from '../../server/seed';
import { adminPassword, adminPhone, startServer, type TestServer } from '../support/server';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startServer();
  admin = await server.signIn(adminPhone, adminPassword);
});
afterAll(async () => {
  await server.close();
});

describe('seed images', () => {
  it('server/seed-images holds exactly the files the seed copies, each a WebP by content', async () => {
    const dir = sampleImagesDir();
    expect(readdirSync(dir).filter((name) => name !== 'variants').sort()).toEqual(sampleImages.map((image) => image.file).sort());
    // Each with its resized copies, made ahead (server/imageVariants.ts), and nothing else there.
    expect(readdirSync(path.join(dir, 'variants')).sort()).toEqual(sampleImages.map((image) => image.file).sort());
    for (const { file } of sampleImages) expect(readdirSync(path.join(dir, 'variants', file)), file).toContain('160.webp');
    for (const { file } of sampleImages) {
      const bytes = readFileSync(path.join(dir, file));
      expect((await fileTypeFromBuffer(bytes))?.mime, file).toBe('image/webp');
      // The public pages' largest paint: a cover must stay light.
      expect(bytes.length, file).toBeLessThan(16_000);
    }
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
