// Where the media live: the store's port (a local folder here, an S3 bucket in s3Media.ts) and
// the local folder's store. Every name a store takes is one the server generated (isSafeFileName).
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, lstat, mkdir, readdir, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isVariantName, type VariantFile } from './imageVariants';

export type MediaKind = 'images' | 'videos';

export interface StoredFile {
  size: number;
  modified: Date;
  /** Bytes start..end inclusive, or the whole file. */
  stream(range?: { start: number; end: number }): Readable;
}

export interface MediaStore {
  /** Where the files are, for the start-up line (never a key or password). */
  readonly description: string;
  /** File names, newest first. */
  list(kind: MediaKind): Promise<string[]>;
  /**
   * Stores the bytes under the name, whole or not at all: a stream that fails part-way (the
   * client went away, the size limit) leaves nothing behind, and the error is passed on.
   */
  save(kind: MediaKind, name: string, bytes: Uint8Array | AsyncIterable<Uint8Array>): Promise<void>;
  /** False when there was no such file. */
  remove(kind: MediaKind, name: string): Promise<boolean>;
  open(kind: MediaKind, name: string): Promise<StoredFile | null>;
  /** Stores an image's resized copies (server/features/media/imageVariants.ts), replacing any it had; none is allowed. */
  saveVariants(name: string, files: readonly VariantFile[]): Promise<void>;
  /** The names of an image's resized copies; null when they were never made (an image older than them). */
  listVariants(name: string): Promise<string[] | null>;
  openVariant(name: string, variant: string): Promise<StoredFile | null>;
  /**
   * Resolves when the store can be read and written now, else throws: the readiness probe's
   * question (server/platform/health.ts), so it must be cheap (one call, no listing).
   */
  check(): Promise<void>;
}

/**
 * The names the store accepts: a plain base name as the server generates them (letters, digits,
 * `-`, `_`, one extension). No separators, dots runs, NUL, percent escapes or absolute paths.
 */
const safeName = /^[A-Za-z0-9][A-Za-z0-9_-]{0,150}\.[A-Za-z0-9]{2,5}$/;
export const isSafeFileName = (name: string): boolean => safeName.test(name);

export class LocalMediaStore implements MediaStore {
  readonly description: string;
  constructor(private readonly root: string) {
    this.description = `the folder ${path.resolve(root)}`;
  }

  private dir(kind: MediaKind): string {
    return path.join(this.root, kind);
  }

  /** The file's path, after checking the name and that it resolves inside the kind's folder. */
  private pathOf(kind: MediaKind, name: string): string {
    if (!isSafeFileName(name)) throw new Error(`unsafe media file name: ${JSON.stringify(name)}`);
    const dir = path.resolve(this.dir(kind));
    const file = path.resolve(dir, name);
    if (path.dirname(file) !== dir) throw new Error(`media path escapes its folder: ${name}`);
    return file;
  }

  /** An image's copies live in `images/variants/<name>/` (a folder: never listed as media). */
  private variantDir(name: string): string {
    return path.join(path.dirname(this.pathOf('images', name)), 'variants', name);
  }

  async list(kind: MediaKind): Promise<string[]> {
    await mkdir(this.dir(kind), { recursive: true });
    const names = (await readdir(this.dir(kind))).filter(isSafeFileName);
    const files: Array<{ name: string; time: number }> = [];
    for (const name of names) {
      const info = await lstat(this.pathOf(kind, name)).catch(() => null);
      if (info?.isFile()) files.push({ name, time: info.mtimeMs });
    }
    return files.sort((a, b) => b.time - a.time || a.name.localeCompare(b.name)).map((f) => f.name);
  }

  async save(kind: MediaKind, name: string, bytes: Uint8Array | AsyncIterable<Uint8Array>): Promise<void> {
    const file = this.pathOf(kind, name);
    await mkdir(path.dirname(file), { recursive: true });
    // Written under a temporary name (not a valid media name, so never listed or served) and
    // renamed, so a reader never sees half a file; an upload streams into it as it arrives
    // (a 100 MB video is never held in memory) and it is removed when the stream fails.
    const partial = `${file}.${randomBytes(4).toString('hex')}.part`;
    try {
      if (bytes instanceof Uint8Array) await writeFile(partial, bytes, { flag: 'wx' });
      else await pipeline(bytes, createWriteStream(partial, { flags: 'wx' }));
      await rename(partial, file);
    } catch (error) {
      await unlink(partial).catch(() => undefined);
      throw error;
    }
  }

  async remove(kind: MediaKind, name: string): Promise<boolean> {
    const file = this.pathOf(kind, name);
    const info = await lstat(file).catch(() => null);
    if (!info?.isFile()) return false;
    await unlink(file);
    if (kind === 'images') await rm(this.variantDir(name), { recursive: true, force: true });
    return true;
  }

  async open(kind: MediaKind, name: string): Promise<StoredFile | null> {
    return openFile(this.pathOf(kind, name));
  }

  async check(): Promise<void> {
    // The folder (made at the first start) is there and writable: not a lost mount, not read-only.
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.R_OK | constants.W_OK);
  }

  async saveVariants(name: string, files: readonly VariantFile[]): Promise<void> {
    const dir = this.variantDir(name);
    // Made in a temporary folder and renamed into place, so a reader sees all of them or none.
    const partial = `${dir}.${randomBytes(4).toString('hex')}.part`;
    await mkdir(partial, { recursive: true });
    for (const file of files) {
      if (!isVariantName(file.name)) throw new Error(`unsafe variant name: ${JSON.stringify(file.name)}`);
      await writeFile(path.join(partial, file.name), file.bytes, { flag: 'wx' });
    }
    // The old set is moved aside in one step, never removed in place: a removal walks the folder
    // while another process (two servers sharing the media folder, both seeding at their first
    // start) may be renaming its own whole set into it.
    const old = `${dir}.${randomBytes(4).toString('hex')}.old`;
    await rename(dir, old).catch((error: unknown) => {
      if (errorCode(error) !== 'ENOENT') throw error;
    });
    try {
      await rename(partial, dir);
    } catch (error) {
      // Another writer put a whole set for the same stored file in place meanwhile: the copies
      // are made from the same original, so theirs stand and ours are dropped.
      if (errorCode(error) !== 'ENOTEMPTY' && errorCode(error) !== 'EEXIST') throw error;
      await rm(partial, { recursive: true, force: true });
    } finally {
      await rm(old, { recursive: true, force: true });
    }
  }

  async listVariants(name: string): Promise<string[] | null> {
    const dir = this.variantDir(name);
    const info = await lstat(dir).catch(() => null);
    if (!info?.isDirectory()) return null;
    return (await readdir(dir)).filter(isVariantName);
  }

  async openVariant(name: string, variant: string): Promise<StoredFile | null> {
    if (!isVariantName(variant)) return null;
    return openFile(path.join(this.variantDir(name), variant));
  }
}

async function openFile(file: string): Promise<StoredFile | null> {
  // lstat, not stat: a symbolic link planted in the folder is not followed.
  const info = await lstat(file).catch(() => null);
  if (!info?.isFile()) return null;
  return {
    size: info.size,
    modified: info.mtime,
    stream: (range) => createReadStream(file, range ? { start: range.start, end: range.end } : {}),
  };
}

/** The code of a Node file-system error (ENOENT, ENOTEMPTY…), if it is one. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}
