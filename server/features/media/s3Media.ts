// The media store in any S3-compatible object storage (ArvanCloud, MinIO, AWS): the same contract
// as LocalMediaStore (server/features/media/files.ts), so uploads, copies, deletes, serving, the library and the
// seed behave alike. Several API processes with their own data dirs share one bucket.
//
// Layout under the optional prefix:
//   images/<name>, videos/<name>                      originals
//   images/variants/<name>/<set>/<copy>                one set of an image's resized copies
//   images/variants/<name>/<set>.json                  the set's copies, written after them
// A set is published by its `<set>.json` once all its copies are in, and the newest published
// set is the image's; no key is ever written twice. Writers of the same image at once (two
// servers seeding one bucket) each write their own set; the newest stands and the others are
// removed, `<set>.json` first, so a reader sees one whole set or none, never a mix or a half.
import {
  CreateMultipartUploadCommand,
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
  paginateListObjectsV2,
  type CompletedPart,
  type _Object,
} from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import * as v from 'valibot';
import { isVariantName, type VariantFile } from './imageVariants';
import path from 'node:path';
import type { AppConfig, S3Settings } from '../../platform/config';
import { isSafeFileName, LocalMediaStore, type MediaKind, type MediaStore, type StoredFile } from './mediaStore';
import { contentTypeOfName } from './mediaLibrary';

/** Uploads larger than this go in parts of this size (S3's smallest part is 5 MiB): memory stays bounded. */
const partBytes = 8 * 1024 * 1024;
/** Copies no `<set>.json` published, older than this, were left by a writer that died: removed. */
const abandonedSetMs = 60 * 60 * 1000;
/** `<time>-<random>`: the time (ms, fixed width) ranks sets by when they were begun; S3's own times are in whole seconds. */
const setName = /^[0-9]{15}-[0-9a-f]{16}$/;
/** A set's `<set>.json`: the names of its copies. */
const manifestSchema = v.array(v.pipe(v.string(), v.check(isVariantName)));
type Manifest = v.InferOutput<typeof manifestSchema>;

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');
}

function checkedName(name: string): string {
  if (!isSafeFileName(name)) throw new Error(`unsafe media file name: ${JSON.stringify(name)}`);
  return name;
}

function variantType(name: string): string {
  return name.endsWith('.avif') ? 'image/avif' : 'image/webp';
}

export class S3MediaStore implements MediaStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  /** The set each image's copies were last found in, so serving a copy is one request, not two. */
  private readonly sets = new Map<string, string>();
  readonly description: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.prefix = settings.prefix;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 requires them: the S3-compatible stores (MinIO and ArvanCloud
      // releases, s3rver) do not all accept the CRC32 headers the SDK now sends by default.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A store that stopped answering fails the request rather than holding it for ever.
      requestHandler: { connectionTimeout: 10_000, requestTimeout: 60_000 },
    });
    // Never the keys.
    this.description = `the S3 bucket «${settings.bucket}» at ${settings.endpoint}${settings.prefix ? ` under ${settings.prefix}` : ''}`;
  }

  /** The key of a stored file, after checking its name exactly as the local store does. */
  private keyOf(kind: MediaKind, name: string): string {
    return `${this.prefix}${kind}/${checkedName(name)}`;
  }

  /** The folder-like prefix of an image's copies (a name with a `/`, never listed as media). */
  private variantsKey(name: string): string {
    return `${this.prefix}images/variants/${checkedName(name)}/`;
  }

  private async head(key: string): Promise<{ size: number; modified: Date } | null> {
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: answer.ContentLength ?? 0, modified: answer.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  private async objects(prefix: string, delimiter?: string): Promise<_Object[]> {
    const found: _Object[] = [];
    const pages = paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: prefix, ...(delimiter ? { Delimiter: delimiter } : {}) });
    for await (const page of pages) found.push(...(page.Contents ?? []));
    return found;
  }

  private async put(key: string, bytes: Uint8Array, type: string | undefined): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentLength: bytes.length, ContentType: type }));
  }

  private async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Bytes start..end inclusive, or the whole object, read when the stream is first read. */
  private streamOf(key: string, range?: { start: number; end: number }): Readable {
    const { client, bucket } = this;
    async function* body(): AsyncGenerator<Uint8Array> {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
      if (!(answer.Body instanceof Readable)) throw new Error(`no body for ${key}`);
      // Stopping early (the client went away) ends this loop, which destroys the object's stream.
      for await (const chunk of answer.Body) {
        if (chunk instanceof Uint8Array) yield chunk;
      }
    }
    return Readable.from(body(), { objectMode: false });
  }

  private async opened(key: string): Promise<StoredFile | null> {
    const info = await this.head(key);
    if (!info) return null;
    return { ...info, stream: (range) => this.streamOf(key, range) };
  }

  async check(): Promise<void> {
    // One small request: the bucket is there and these credentials may use it.
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async list(kind: MediaKind): Promise<string[]> {
    const base = `${this.prefix}${kind}/`;
    // The delimiter keeps images/variants/… out: only the kind's own files.
    const files = (await this.objects(base, '/'))
      .map((object) => ({ name: (object.Key ?? '').slice(base.length), time: object.LastModified?.getTime() ?? 0 }))
      .filter((file) => isSafeFileName(file.name));
    return files.sort((a, b) => b.time - a.time || a.name.localeCompare(b.name)).map((f) => f.name);
  }

  async save(kind: MediaKind, name: string, bytes: Uint8Array | AsyncIterable<Uint8Array>): Promise<void> {
    const key = this.keyOf(kind, name);
    const type = contentTypeOfName(name);
    if (bytes instanceof Uint8Array) return this.put(key, bytes, type);
    // A stream is sent as it arrives, in parts once it outgrows one (a 100 MB video is never held
    // in memory); the object appears only when the last part is in, and a stream that fails
    // part-way aborts the upload, so nothing is left.
    let upload: string | undefined;
    const parts: CompletedPart[] = [];
    let held: Buffer[] = [];
    let heldBytes = 0;
    const sendPart = async (chunk: Buffer) => {
      upload ??= (await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: type }))).UploadId;
      const PartNumber = parts.length + 1;
      const answer = await this.client.send(
        new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: upload, PartNumber, Body: chunk, ContentLength: chunk.length }),
      );
      parts.push({ PartNumber, ETag: answer.ETag });
    };
    try {
      for await (const chunk of bytes) {
        held.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        heldBytes += chunk.byteLength;
        if (heldBytes >= partBytes) {
          const whole = Buffer.concat(held);
          held = [];
          heldBytes = 0;
          await sendPart(whole);
        }
      }
      const rest = Buffer.concat(held);
      if (upload === undefined) return await this.put(key, rest, type);
      if (rest.length > 0) await sendPart(rest);
      await this.client.send(
        new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: upload, MultipartUpload: { Parts: parts } }),
      );
    } catch (error) {
      if (upload !== undefined) {
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: upload })).catch(() => undefined);
      }
      throw error;
    }
  }

  async remove(kind: MediaKind, name: string): Promise<boolean> {
    const key = this.keyOf(kind, name);
    if (!(await this.head(key))) return false;
    await this.delete(key);
    if (kind === 'images') {
      this.sets.delete(name);
      for (const object of await this.objects(this.variantsKey(name))) if (object.Key) await this.delete(object.Key);
    }
    return true;
  }

  async open(kind: MediaKind, name: string): Promise<StoredFile | null> {
    return this.opened(this.keyOf(kind, name));
  }

  /**
   * The image's published sets (each set's `<set>.json`), the current one first: the newest
   * begun. A set once ranked below another is never current again, so it may be removed.
   */
  private async published(name: string): Promise<string[]> {
    const base = this.variantsKey(name);
    const sets = (await this.objects(base, '/')).map((object) => (object.Key ?? '').slice(base.length).replace(/\.json$/, '')).filter((set) => setName.test(set));
    return sets.sort().reverse();
  }

  /** The current set and its copies; null when the image has none (never made, or removed). */
  private async current(name: string): Promise<{ set: string; names: string[] } | null> {
    // A set replaced between the listing and the read is gone: the listing is read again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const [set] = await this.published(name);
      if (set === undefined) {
        this.sets.delete(name);
        return null;
      }
      const key = `${this.variantsKey(name)}${set}.json`;
      let text: string;
      try {
        const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
        text = (await answer.Body?.transformToString('utf-8')) ?? '';
      } catch (error) {
        if (isNotFound(error)) continue;
        throw error;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new Error(`${key} is not JSON`);
      }
      const names = v.parse(manifestSchema, parsed);
      this.sets.set(name, set);
      return { set, names };
    }
    throw new Error(`the copies of ${name} kept being replaced while being read`);
  }

  /** Removes a set: its `<set>.json` first, so no reader picks a set whose copies are going. */
  private async removeSet(name: string, set: string): Promise<void> {
    const base = this.variantsKey(name);
    await this.delete(`${base}${set}.json`);
    for (const object of await this.objects(`${base}${set}/`)) if (object.Key) await this.delete(object.Key);
  }

  async saveVariants(name: string, files: readonly VariantFile[]): Promise<void> {
    const base = this.variantsKey(name);
    for (const file of files) if (!isVariantName(file.name)) throw new Error(`unsafe variant name: ${JSON.stringify(file.name)}`);
    // A new set under a new random name, published by its `<set>.json` once every copy is in:
    // no object is ever written twice, so no reader meets one half-replaced.
    const set = `${String(Date.now()).padStart(15, '0')}-${randomBytes(8).toString('hex')}`;
    for (const file of files) await this.put(`${base}${set}/${file.name}`, file.bytes, variantType(file.name));
    const manifest: Manifest = files.map((file) => file.name);
    await this.put(`${base}${set}.json`, Buffer.from(JSON.stringify(manifest)), 'application/json');
    this.sets.set(name, set);
    // Every set ranked below the newest (this one, or a racing writer's published after it) is
    // removed: the last writer to get here leaves exactly one set.
    const [newest, ...replaced] = await this.published(name);
    for (const other of replaced) await this.removeSet(name, other);
    if (newest !== undefined) this.sets.set(name, newest);
    // Copies of a writer that died before publishing them: removed once old (never while a
    // writer may still be putting them in).
    const now = Date.now();
    const unpublished = new Map<string, _Object[]>();
    for (const object of await this.objects(base)) {
      const [first, rest] = (object.Key ?? '').slice(base.length).split('/');
      if (first === undefined || rest === undefined || first === newest || first === set) continue;
      unpublished.set(first, [...(unpublished.get(first) ?? []), object]);
    }
    for (const [, objects] of unpublished) {
      if (objects.every((object) => now - (object.LastModified?.getTime() ?? 0) > abandonedSetMs)) {
        for (const object of objects) if (object.Key) await this.delete(object.Key);
      }
    }
  }

  async listVariants(name: string): Promise<string[] | null> {
    return (await this.current(name))?.names ?? null;
  }

  async openVariant(name: string, variant: string): Promise<StoredFile | null> {
    if (!isVariantName(variant)) return null;
    const base = this.variantsKey(name);
    const known = this.sets.get(name);
    if (known) {
      const file = await this.opened(`${base}${known}/${variant}`);
      if (file) return file;
    }
    // Not read yet, or replaced by another process since: the listing says which set is current.
    const current = await this.current(name);
    if (!current || current.set === known || !current.names.includes(variant)) return null;
    return this.opened(`${base}${current.set}/${variant}`);
  }
}

/** The store the settings choose: the bucket when S3 is configured, else the local folder. */
export function configuredMediaStore(config: Pick<AppConfig, 's3' | 'mediaDir' | 'dataDir'>): MediaStore {
  return config.s3 ? new S3MediaStore(config.s3) : new LocalMediaStore(config.mediaDir ?? path.join(config.dataDir, 'media'));
}
