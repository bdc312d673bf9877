// @vitest-environment node
// The local media store when two writers make the same image's copies at once: two API
// processes sharing one media folder both seed it at their first start.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalMediaStore } from '../../server/files';

const root = mkdtempSync(path.join(os.tmpdir(), 'academy-media-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('image copies saved by two writers at once', () => {
  it('leave one whole set and no half-made folder, and neither writer fails', async () => {
    const store = new LocalMediaStore(root);
    const set = [
      { name: '160.webp', bytes: Buffer.from('small') },
      { name: '320.webp', bytes: Buffer.from('larger') },
    ];
    for (let round = 0; round < 50; round++) {
      const name = `photo-${round}.webp`;
      await Promise.all([store.saveVariants(name, set), store.saveVariants(name, set), store.saveVariants(name, set)]);
      expect((await store.listVariants(name))?.sort()).toEqual(['160.webp', '320.webp']);
    }
    const folder = readdirSync(path.join(root, 'images', 'variants'));
    expect(folder.filter((entry) => entry.endsWith('.part') || entry.endsWith('.old'))).toEqual([]);
  });
});
