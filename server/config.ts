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
  /** Payments go to the sandbox (no money moves); main.ts says so in one line at start. */
  paymentSandbox?: boolean;
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

export const sandboxGatewayUrl = 'https://sandbox.zarinpal.com';
export const sandboxMerchantId = '00000000-0000-0000-0000-000000000000';

/**
 * Whether payments would go to a gateway where no money moves: the sandbox address, or the
 * all-zero merchant id (which the real gateway refuses, so nothing could be sold either).
 */
function isSandbox(gatewayUrl: string, merchantId: string): boolean {
  let host = '';
  try {
    host = new URL(gatewayUrl).hostname;
  } catch {
    throw new Error(`PAYMENT_GATEWAY_URL is not a URL: ${gatewayUrl}`);
  }
  return host === 'sandbox.zarinpal.com' || merchantId === sandboxMerchantId;
}

/**
 * A production server must not take orders against the sandbox: learners would be enrolled
 * without paying. With NODE_ENV=production it refuses to start unless a real gateway address and
 * merchant id are set, or PAYMENT_SANDBOX=1 says the sandbox is meant (a staging site).
 */
export function paymentSettings(env: NodeJS.ProcessEnv): { paymentGatewayUrl: string; merchantId: string; paymentSandbox: boolean } {
  const paymentGatewayUrl = (env.PAYMENT_GATEWAY_URL || sandboxGatewayUrl).replace(/\/+$/, '');
  const merchantId = env.ZARINPAL_MERCHANT_ID || sandboxMerchantId;
  const paymentSandbox = isSandbox(paymentGatewayUrl, merchantId);
  if (paymentSandbox && env.NODE_ENV === 'production' && env.PAYMENT_SANDBOX !== '1') {
    throw new Error(
      'Refusing to start: NODE_ENV=production but payments would go to the Zarinpal sandbox ' +
        `(PAYMENT_GATEWAY_URL=${env.PAYMENT_GATEWAY_URL || '(unset)'}, ZARINPAL_MERCHANT_ID=${env.ZARINPAL_MERCHANT_ID ? 'set' : '(unset)'}${merchantId === sandboxMerchantId ? ', all-zero' : ''}). ` +
        'Set PAYMENT_GATEWAY_URL=https://payment.zarinpal.com and your ZARINPAL_MERCHANT_ID, or PAYMENT_SANDBOX=1 to run against the sandbox on purpose.',
    );
  }
  return { paymentGatewayUrl, merchantId, paymentSandbox };
}

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
    ...paymentSettings(env),
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
