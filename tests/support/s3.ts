// A real S3-compatible server for the tests (s3rver, from the npm registry) on a free port of
// 127.0.0.1, keeping its objects in a temp dir: one per test file (it starts in well under a
// second), stopped and removed by the file's afterAll.
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '../../server/platform/config';
import type { S3Settings } from '../../server/platform/config';

export interface S3Server {
  /** The settings as the environment gives them (MEDIA_STORE=s3 and the S3_* variables), for a process. */
  env: Record<string, string>;
  /** The same as AppConfig's `s3`, for buildApp/startServer in the test's own process. */
  config: S3Settings;
  stop(): Promise<void>;
  /**
   * The keys of multipart uploads begun and neither completed nor aborted. s3rver does not answer
   * ListMultipartUploads: they are read from its folder (an upload's own folder with a `key` file).
   */
  uploadsInProgress(): Promise<string[]>;
}

/** s3rver's fixed credentials: it checks every request's signature against them. */
const accessKeyId = 'S3RVER';
const secretAccessKey = 'S3RVER';

/** Starts the server with the bucket (default `academy-media`) created and empty. */
export async function startS3(options: { bucket?: string } = {}): Promise<S3Server> {
  const bucket = options.bucket ?? 'academy-media';
  const directory = await mkdtemp(path.join(tmpdir(), 'academy-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, vhostBuckets: false, configureBuckets: [{ name: bucket }] });
  // s3rver answers AbortMultipartUpload (DELETE …?uploadId=) with 405; real stores (S3, MinIO,
  // ArvanCloud) drop the upload's parts, and the media store relies on it when an upload fails
  // part-way. Done here the way s3rver keeps an upload: its own folder.
  server.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== 'DELETE' || typeof uploadId !== 'string' || !/^[0-9a-f]{32}$/.test(uploadId)) return next();
    await rm(path.join(directory, bucket, '._S3rver_uploads', uploadId), { recursive: true, force: true });
    ctx.status = 204;
  });
  let address;
  try {
    address = await server.run();
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${address.port}`;
  const config: S3Settings = { endpoint, bucket, region: 'us-east-1', accessKeyId, secretAccessKey, forcePathStyle: true, prefix: '' };
  return {
    env: {
      MEDIA_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: config.region,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
    },
    config,
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
    uploadsInProgress: async () => {
      const uploads = path.join(directory, bucket, '._S3rver_uploads');
      const ids = await readdir(uploads).catch(() => []);
      const keys = await Promise.all(ids.map((id) => readFile(path.join(uploads, id, 'key'), 'utf8').catch(() => null)));
      return keys.filter((key) => key !== null);
    },
  };
}

export type MediaStoreKind = 'local' | 's3';
/** The stores a media test runs against: `describe.each(mediaStoreKinds)(…, (kind) => …)`. */
export const mediaStoreKinds: readonly MediaStoreKind[] = ['local', 's3'];

/**
 * For a describe block of one store kind: an S3 server started before its tests and stopped
 * after them (none for the local disk), and the server options that choose the store. The
 * block's servers share the bucket as servers sharing MEDIA_DIR share the folder.
 */
export function useMediaStore(kind: MediaStoreKind): {
  options: () => Pick<AppConfig, 's3'>;
  env: () => Record<string, string>;
  /** The S3 server; undefined for the local disk. */
  server: () => S3Server | undefined;
} {
  let s3: S3Server | undefined;
  beforeAll(async () => {
    if (kind === 's3') s3 = await startS3();
  });
  afterAll(async () => {
    await s3?.stop();
  });
  return {
    options: () => {
      if (kind === 'local') return {};
      if (!s3) throw new Error('the S3 server is not started: call options() inside a hook or test');
      return { s3: s3.config };
    },
    /** The same choice as a process's environment (nothing for the local disk, its default). */
    env: () => {
      if (kind === 'local') return {};
      if (!s3) throw new Error('the S3 server is not started: call env() inside a hook or test');
      return s3.env;
    },
    server: () => s3,
  };
}

/**
 * What a bucket holds of a kind, as a folder listing would show it: the stored files, and each
 * upload still in progress (a multipart upload not completed or aborted) as `<name>.part`.
 */
export async function bucketEntries(s3: S3Server, kind: 'images' | 'videos'): Promise<string[]> {
  const { config } = s3;
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  try {
    const prefix = `${config.prefix}${kind}/`;
    // One page each: the tests' stores hold a few dozen files.
    const objects = await client.send(new ListObjectsV2Command({ Bucket: config.bucket, Prefix: prefix, Delimiter: '/' }));
    const uploads = (await s3.uploadsInProgress()).filter((key) => key.startsWith(prefix));
    return [...(objects.Contents ?? []).map((object) => (object.Key ?? '').slice(prefix.length)), ...uploads.map((key) => `${key.slice(prefix.length)}.part`)];
  } finally {
    client.destroy();
  }
}

/**
 * Waits for the clock's next second. A bucket keeps an object's time to the second (as S3 does),
 * so two files saved within one second have no order between them; a test that checks "newest
 * first" saves its file in a later second than the ones before it.
 */
export async function nextSecond(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
}
