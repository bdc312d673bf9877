// @vitest-environment node
// Each media store (the local folder, an S3 bucket) when several writers make the same image's
// copies at once: two API processes sharing one media folder or bucket both seed it at their
// first start, or both make a first request's copies. Every round ends with one writer's whole
// set, never a mix or a half, and no writer fails.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalMediaStore, type MediaStore } from '../../../server/features/media/mediaStore';
import { S3MediaStore } from '../../../server/features/media/s3Media';
import { mediaStoreKinds, useMediaStore } from '../../support/s3';

async function bytesOf(store: MediaStore, name: string, variant: string): Promise<string> {
  const file = await store.openVariant(name, variant);
  if (!file) return '(missing)';
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream()) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString();
}

describe.each(mediaStoreKinds)('image copies saved by writers at once (%s store)', (kind) => {
  const s3 = useMediaStore(kind);
  const root = mkdtempSync(path.join(os.tmpdir(), 'academy-media-store-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  /** A writer as another process would be: its own store object on the same folder or bucket. */
  const storeOf = (): MediaStore => {
    const { s3: settings } = s3.options();
    return settings ? new S3MediaStore(settings) : new LocalMediaStore(root);
  };

  it('leave one writer\'s whole set, readable by another process, and neither writer fails', async () => {
    const writers = [storeOf(), storeOf(), storeOf()];
    const reader = storeOf();
    // Each writer's copies differ (as if made by another version of the resizer), so a mixed
    // set would show.
    const setOf = (writer: number) => [
      { name: '160.webp', bytes: Buffer.from(`small from ${writer}`) },
      { name: '320.webp', bytes: Buffer.from(`larger from ${writer}`) },
    ];
    // The bucket's round trips are slower than the disk's: a round is some fifty requests to the
    // local S3 server (about 0.3 s of CPU, 15 rounds took 30 s on a machine at load 35), and its
    // three writers' requests interleave many times within it; fewer rounds, half of them after
    // the reader has remembered a set.
    const rounds = kind === 'local' ? 50 : 8;
    for (let round = 0; round < rounds; round++) {
      const name = `photo-${round}.webp`;
      // A reader that saw an earlier set (its set is remembered) must find the new one.
      if (round % 2 === 1) {
        await writers[0]!.saveVariants(name, setOf(9));
        expect(await bytesOf(reader, name, '160.webp')).toBe('small from 9');
      }
      await Promise.all(writers.map((writer, index) => writer.saveVariants(name, setOf(index))));
      expect((await reader.listVariants(name))?.sort()).toEqual(['160.webp', '320.webp']);
      const small = await bytesOf(reader, name, '160.webp');
      const winner = /^small from ([0-2])$/.exec(small)?.[1];
      expect(winner, small).toBeDefined();
      expect(await bytesOf(reader, name, '320.webp')).toBe(`larger from ${winner}`);
    }
    if (kind === 'local') {
      const folder = readdirSync(path.join(root, 'images', 'variants'));
      expect(folder.filter((entry) => entry.endsWith('.part') || entry.endsWith('.old'))).toEqual([]);
    }
  });
});
