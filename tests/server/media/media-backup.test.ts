// @vitest-environment node
// The media's backup on each store (the local folder, an S3 bucket): `server/features/media/mediaBackup.ts
// backup <folder>` copies every original and its resized copies into a folder laid out as the
// local store, a second run copies nothing again, and `restore` puts them into an empty store, on
// which a new server lists and serves them with their copies.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalMediaStore, type MediaStore } from '../../../server/features/media/mediaStore';
import { copyMedia } from '../../../server/features/media/mediaBackup';
import { S3MediaStore } from '../../../server/features/media/s3Media';
import { mediaStoreKinds, useMediaStore } from '../../support/s3';
import { adminPassword, adminPhone, encodePng, startServer, type TestServer } from '../../support/server';

function photo(width: number, height: number): Buffer {
  let seed = 5;
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 40) - 20;
  const channel = (value: number) => Math.max(0, Math.min(255, value + noise()));
  return encodePng(width, height, (x, y) => [channel((x * 255) / width), channel((y * 255) / height), channel(128)]);
}

// The script as `npx tsx` runs it, on this node with tsx's loader: npx's own npm process and tsx's
// second node cost about a second of CPU a run.
function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/features/media/mediaBackup.ts', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe.each(mediaStoreKinds)('media backup (%s store)', (kind) => {
  const media = useMediaStore(kind);
  let server: TestServer;
  let admin: string;
  const folder = mkdtempSync(path.join(tmpdir(), 'academy-media-backup-'));
  beforeAll(async () => {
    server = await startServer(media.options());
    admin = await server.signIn(adminPhone, adminPassword);
  });
  afterAll(async () => {
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('copies originals and copies out, then only what is new, and restores them into an empty store a new server serves', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo(500, 300))], { type: 'image/png' }), 'backed-up.png');
    const uploaded = await server.call<{ fileName: string }>('POST', '/api/File/upload-image', { token: admin, rawBody: form });
    expect(uploaded.status).toBe(200);
    const name = uploaded.body.fileName;
    const copies = (await server.media.listVariants(name)) ?? [];
    expect(copies).toContain('320.webp');

    // The command as an operator runs it: the store chosen by the same environment as the server's.
    const backup = await run(['backup', folder], { DATA_DIR: server.dataDir, ...media.env() });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/^Copied \d+ files/m);
    const inFolder = new LocalMediaStore(folder);
    expect((await inFolder.list('images')).sort()).toEqual((await server.media.list('images')).sort());
    expect((await inFolder.listVariants(name))?.sort()).toEqual([...copies].sort());
    expect(existsSync(path.join(folder, 'images', name))).toBe(true);
    expect(await copyMedia(server.media, inFolder)).toMatchObject({ copied: 0 });

    // Restored into an empty store of the same kind (a new folder, or a new place in the bucket).
    const { s3 } = media.options();
    const emptyDir = mkdtempSync(path.join(tmpdir(), 'academy-media-restored-'));
    const restored: MediaStore = s3 ? new S3MediaStore({ ...s3, prefix: 'restored/' }) : new LocalMediaStore(emptyDir);
    const { copied } = await copyMedia(inFolder, restored);
    expect(copied).toBe((await inFolder.list('images')).length + (await inFolder.list('videos')).length);
    const again = await startServer({ media: restored });
    try {
      const library = await again.call<{ items: Array<{ name: string }> }>('GET', '/api/File/library', {
        token: await again.signIn(adminPhone, adminPassword),
        query: { mediaType: 'image' },
      });
      expect(library.body.items.map((item) => item.name)).toContain(name);
      const copy = await fetch(`${again.url}/api/File/image/${name}?w=320`, { headers: { Accept: 'image/webp' } });
      expect(copy.status).toBe(200);
      expect(copy.headers.get('content-type')).toBe('image/webp');
    } finally {
      await again.close();
      rmSync(emptyDir, { recursive: true, force: true });
    }
  });
});
