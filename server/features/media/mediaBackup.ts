// `npx tsx server/features/media/mediaBackup.ts backup <folder>` copies every stored original and its resized
// copies from the configured store (the local folder, or the S3 bucket with MEDIA_STORE=s3) into
// a folder laid out as the local store; `npx tsx server/features/media/mediaBackup.ts restore <folder>` copies
// such a folder back into the configured store (also the way to move a local store into a
// bucket). Files already there with the same size and copies are skipped, so a repeated backup
// copies only what is new. Only the MediaStore interface is used: the same code for both stores.
import path from 'node:path';
import { configFromEnv } from '../../platform/config';
import { LocalMediaStore, type MediaStore, type StoredFile } from './mediaStore';
import type { VariantFile } from './imageVariants';
import { mediaKinds } from './mediaLibrary';
import { configuredMediaStore } from './s3Media';

async function bytesOf(file: StoredFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream()) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}

/** Copies what `from` holds into `to`; the numbers of originals copied and left as they were. */
export async function copyMedia(from: MediaStore, to: MediaStore): Promise<{ copied: number; unchanged: number }> {
  let copied = 0;
  let unchanged = 0;
  for (const kind of mediaKinds) {
    for (const name of await from.list(kind)) {
      const file = await from.open(kind, name);
      if (!file) continue; // removed meanwhile
      const there = await to.open(kind, name);
      const variants = kind === 'images' ? await from.listVariants(name) : null;
      const variantsThere = kind === 'images' ? await to.listVariants(name) : null;
      const sameVariants = variants === null || (variantsThere !== null && [...variantsThere].sort().join() === [...variants].sort().join());
      if (there && there.size === file.size && sameVariants) {
        unchanged += 1;
        continue;
      }
      // Streamed: a 100 MB video is never held in memory.
      if (!there || there.size !== file.size) await to.save(kind, name, file.stream());
      if (variants !== null && !sameVariants) {
        const files: VariantFile[] = [];
        for (const variant of variants) {
          const copy = await from.openVariant(name, variant);
          if (copy) files.push({ name: variant, bytes: await bytesOf(copy) });
        }
        await to.saveVariants(name, files);
      }
      copied += 1;
    }
  }
  return { copied, unchanged };
}

async function main(): Promise<void> {
  const [command, folder] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !folder) {
    console.error('usage: npx tsx server/features/media/mediaBackup.ts backup <folder>   or   npx tsx server/features/media/mediaBackup.ts restore <folder>');
    process.exit(2);
  }
  const config = configFromEnv();
  const store = configuredMediaStore(config);
  const local = new LocalMediaStore(path.resolve(folder));
  const [from, to] = command === 'backup' ? [store, local] : [local, store];
  const { copied, unchanged } = await copyMedia(from, to);
  console.log(`Copied ${copied} files with their resized copies from ${from.description} to ${to.description} (${unchanged} already there).`);
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (invokedDirectly) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
