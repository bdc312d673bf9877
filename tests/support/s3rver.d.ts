// The part of s3rver (a local S3-compatible server for tests; it ships no types) that
// tests/support/s3.ts uses.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: Array<{ name: string; configs?: string[] }>;
  }

  /** The part of a Koa context the helper reads and sets. */
  interface Context {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware list, composed when the server starts listening. */
    middleware: Array<(ctx: Context, next: () => Promise<void>) => Promise<void>>;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
