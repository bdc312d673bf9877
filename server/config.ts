// Runtime settings of the API. main.ts fills them from the environment; tests build them directly.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface AppConfig {
  /** Holds the database (unless databaseFile says otherwise), the media store and jwt-secret. */
  dataDir: string;
  databaseFile?: string;
  /** A PostgreSQL connection URL; when set it is used instead of the SQLite file. */
  databaseUrl?: string;
  /** The local media store's folder; defaults to `$dataDir/media`. */
  mediaDir?: string;
  /** HS256 key; when absent one is generated once and kept in `$dataDir/jwt-secret`. */
  jwtSecret?: string;
  adminPhone?: string;
  /** When absent the first seed generates one and prints it once through `print`. */
  adminPassword?: string;
  /**
   * The first administrator's password and its scrypt hash, begun by main.ts before the
   * server's modules load when the data dir is new: the seed then uses them instead of hashing
   * (~0.7 s) while start-up waits. `generated`: not from adminPassword, so printed once.
   */
  firstAdmin?: { password: string; generated: boolean; hash: Promise<string> };
  /** Zarinpal-compatible base address, e.g. https://sandbox.zarinpal.com */
  paymentGatewayUrl: string;
  merchantId: string;
  /** Where browsers reach the site; the payment callback and the sitemap are built from it. */
  publicUrl: string;
  /** The built SPA; defaults to ./dist. */
  distDir?: string;
  logger?: boolean;
  /** Seed sample data into an empty database (default true). */
  seed?: boolean;
  /** Where start-up notices go (the seeded admin's password, missing dist/). Defaults to console.log. */
  print?: (line: string) => void;
}

export const defaultAdminPhone = '09120000000';

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig & { port: number } {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port number: ${env.PORT}`);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const databaseUrl = env.DATABASE_URL || undefined;
  // With PostgreSQL several API processes may share one database behind a load balancer; a key
  // generated into one machine's data dir would make the others reject its tokens.
  if (databaseUrl && !env.JWT_SECRET) throw new Error('JWT_SECRET is required when DATABASE_URL is set');
  return {
    port,
    dataDir,
    databaseFile: env.DATABASE_FILE ? path.resolve(env.DATABASE_FILE) : undefined,
    databaseUrl,
    mediaDir: env.MEDIA_DIR ? path.resolve(env.MEDIA_DIR) : undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    adminPhone: env.ADMIN_PHONE || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    paymentGatewayUrl: (env.PAYMENT_GATEWAY_URL || 'https://sandbox.zarinpal.com').replace(/\/+$/, ''),
    merchantId: env.ZARINPAL_MERCHANT_ID || '00000000-0000-0000-0000-000000000000',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    logger: env.LOG === '1',
  };
}

/** The JWT key: the configured one, else a random one generated on first start and kept on disk. */
export function resolveJwtSecret(config: AppConfig): Uint8Array {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    // `wx` so two processes starting together cannot overwrite each other's key.
    try {
      writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    }
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds a key shorter than 32 characters`);
  return new TextEncoder().encode(secret);
}
