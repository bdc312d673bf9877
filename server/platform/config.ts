// Runtime settings of the API. main.ts fills them from the environment; tests build them directly.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { codeLimits } from './limits';
import type { Messaging } from './outside';
import { refuseUnsafeProduction } from './productionSettings';
import type { JobClock } from './jobClock';
import { parseTrustProxy } from './trustProxy';

/** Where the media live: the S3_* settings (s3Settings below). */
export interface S3Settings {
  /** The store's base address, e.g. http://127.0.0.1:9000 or https://s3.ir-thr-at1.arvanstorage.ir */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`endpoint/bucket/key`), as MinIO and most self-hosted stores want. */
  forcePathStyle: boolean;
  /** Every key starts with it ('' or ending in `/`): several sites can share one bucket. */
  prefix: string;
}

export interface AppConfig {
  /** Holds the database (unless databaseFile says otherwise), the media store and jwt-secret. */
  dataDir: string;
  databaseFile?: string;
  /** A PostgreSQL connection URL; when set it is used instead of the SQLite file. */
  databaseUrl?: string;
  /**
   * The trial (TRIAL=1, `npm run trial`): payments, SMS and e-mail go to local services on this
   * machine instead of the configured ones (server/dev/trial.ts); refused with NODE_ENV=production.
   */
  trial?: boolean;
  /**
   * The site's pages load nothing from the internet (no Zarinpal trust badge, and the CSP allows
   * no third-party script or image): on in the trial, whatever is set.
   */
  offline?: boolean;
  /** The local media store's folder; defaults to `$dataDir/media`. */
  mediaDir?: string;
  /** Media in S3-compatible object storage instead of mediaDir (MEDIA_STORE=s3: s3Settings). */
  s3?: S3Settings;
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
  /**
   * The merchant account's access token for the gateway's refund call (ZARINPAL_ACCESS_TOKEN);
   * without it a refund is recorded as paid back by hand.
   */
  gatewayRefundToken?: string;
  /** Each gateway call's limit (default 15 s; the tests' slow gateway is given less). */
  gatewayTimeoutMs?: number;
  /** Payments go to the sandbox (no money moves); main.ts says so in one line at start. */
  paymentSandbox?: boolean;
  /**
   * How often payments whose payer never came back to the callback are reconciled with the
   * gateway (server/features/commerce/reconcile.ts), from PAYMENT_RECONCILE_SECONDS (default 120; 0 turns it off).
   * Absent: the default.
   */
  paymentReconcileMs?: number;
  /** An open order is asked about by the reconciliation once this old (default 5 minutes). */
  paymentReconcileAfterMs?: number;
  /**
   * Whether this process runs its periodic jobs on timers: the waiting-list sweep, the payment
   * reconciliation and the notification worker (default true; configFromEnv never sets it, so
   * `npm start` always runs them). The tests' servers turn it off, so nothing writes rows behind a
   * test's back on a slow machine, and run a job's one round through app.jobs.round (each feature's index.ts declares its jobs).
   */
  backgroundJobs?: boolean;
  /**
   * The clock those jobs' timers run on (server/platform/jobClock.ts; default the real one). A
   * test moves its own and waits for each round, not for minutes to pass.
   */
  jobClock?: JobClock;
  /** Where browsers reach the site; the payment callback and the sitemap are built from it. */
  publicUrl: string;
  /** The built SPA; defaults to ./dist. */
  distDir?: string;
  logger?: boolean;
  /**
   * Which proxies in front of the server are trusted to say who the client is (X-Forwarded-For),
   * as Fastify's trustProxy takes it: a hop count (1 = one proxy: the client is the address that
   * proxy appended, the right-most entry) or the proxies' own addresses/CIDRs. Absent: the header
   * is ignored and the client is the socket's peer. Never "trust everything": the left-most entry
   * is whatever the client wrote, and the per-address limits would mean nothing.
   */
  trustProxy?: number | string[];
  /** Seed sample data into an empty database (default true). */
  seed?: boolean;
  /** With the seed, the sample catalogue, learners, orders and sessions too (default true; not in production). */
  sampleData?: boolean;
  /** Where start-up notices go (the seeded admin's password, missing dist/). Defaults to console.log. */
  print?: (line: string) => void;
  /**
   * Where SMS and e-mail go (server/features/messaging/messaging.ts). configFromEnv fills the channels the
   * environment configures (Kavenegar, SMTP: messagingSettings); a channel absent goes into the
   * server log through `print`. Tests pass recording providers, or the real ones against fakes.
   */
  messaging?: Partial<Messaging>;
  /** The notification worker's timing (server/features/messaging/notifications.ts); absent: from the environment. */
  notifications?: Partial<NotificationSettings>;
  /** How long an SMS one-time code works (ONE_TIME_CODE_SECONDS); default codeLimits.lifetimeMs. */
  oneTimeCodeLifetimeMs?: number;
  /** Code SMS the whole site sends an hour (SMS_PER_HOUR); default codeLimits.sitePerHour. */
  smsPerHour?: number;
  /**
   * Whether every account that opens the panel must pass a second factor (an authenticator code,
   * a recovery code or a passkey) before the panel answers it: PANEL_SECOND_FACTOR, see
   * panelSecondFactor. 'offered': only the accounts that enrolled one are asked. Absent: required.
   */
  panelSecondFactor?: PanelSecondFactor;
}

export type PanelSecondFactor = 'required' | 'offered';

/**
 * PANEL_SECOND_FACTOR: `required` or `offered`. Unset, it is required in production and offered
 * elsewhere (`npm start`, the trial, the tests), so a newcomer can open the panel with the seeded
 * accounts; a production start with `offered` is refused (productionSettings.ts).
 */
export function panelSecondFactor(env: NodeJS.ProcessEnv = process.env): PanelSecondFactor {
  const raw = env.PANEL_SECOND_FACTOR;
  if (raw === undefined || raw === '') return env.NODE_ENV === 'production' ? 'required' : 'offered';
  if (raw !== 'required' && raw !== 'offered') throw new Error(`PANEL_SECOND_FACTOR must be required or offered, not ${raw}`);
  return raw;
}

export const defaultAdminPhone = '09120000000';

export const sandboxGatewayUrl = 'https://sandbox.zarinpal.com';
export const sandboxMerchantId = '00000000-0000-0000-0000-000000000000';

/**
 * Whether payments would go to a gateway where no money moves: the sandbox address, or the
 * all-zero merchant id (which the real gateway refuses, so nothing could be sold either).
 */
function isSandbox(gatewayUrl: string, merchantId: string): boolean {
  let host: string;
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

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig & { port: number; drainMs: number } {
  refuseUnsafeProduction(env);
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port number: ${env.PORT}`);
  const trial = env.TRIAL === '1';
  // The trial keeps its own data (its orders were paid through the local gateway), apart from npm start's.
  const dataDir = path.resolve(env.DATA_DIR ?? (trial ? './data/trial' : './data'));
  const databaseUrl = env.DATABASE_URL || undefined;
  // With PostgreSQL several API processes may share one database behind a load balancer; a key
  // generated into one machine's data dir would make the others reject its tokens.
  if (databaseUrl && !env.JWT_SECRET) throw new Error('JWT_SECRET is required when DATABASE_URL is set');
  waitlistHoldMs(env); // a bad WAITLIST_HOLD_HOURS stops the start, not the first freed seat
  notificationSettings(env); // likewise a bad NOTIFICATION_* setting
  const oneTimeCodeLifetimeMs = oneTimeCodeLifetime(env);
  const s3 = s3Settings(env);
  return {
    port,
    trial,
    drainMs: drainMs(env),
    dataDir,
    databaseFile: env.DATABASE_FILE ? path.resolve(env.DATABASE_FILE) : undefined,
    databaseUrl,
    mediaDir: env.MEDIA_DIR ? path.resolve(env.MEDIA_DIR) : undefined,
    s3,
    jwtSecret: env.JWT_SECRET || undefined,
    adminPhone: env.ADMIN_PHONE || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    ...paymentSettings(env),
    gatewayRefundToken: env.ZARINPAL_ACCESS_TOKEN || undefined,
    paymentReconcileMs: paymentReconcileMs(env),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    logger: env.LOG === '1',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    oneTimeCodeLifetimeMs,
    // SMS_PER_HOUR: a positive number of code SMS an hour for the whole site.
    smsPerHour: Math.max(1, Math.floor(positive(env, 'SMS_PER_HOUR', codeLimits.sitePerHour, 1))),
    sampleData: env.NODE_ENV !== 'production',
    panelSecondFactor: panelSecondFactor(env),
  };
}

const s3Names = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const;

/**
 * Where media are kept: MEDIA_STORE=local (the default: MEDIA_DIR, else $DATA_DIR/media) or s3,
 * an S3-compatible object store (ArvanCloud, MinIO) named by S3_ENDPOINT, S3_BUCKET, S3_REGION
 * (default us-east-1), S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE (default 1: the
 * bucket in the path) and S3_PREFIX (optional: the keys' common start). Undefined for the local
 * disk. A missing or malformed value, or an S3_* setting without MEDIA_STORE=s3, stops the start
 * with the variable's name; the secret key is never repeated.
 */
export function s3Settings(env: NodeJS.ProcessEnv = process.env): S3Settings | undefined {
  const value = (name: string) => {
    const raw = env[name];
    return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
  };
  const store = value('MEDIA_STORE') ?? 'local';
  if (store !== 'local' && store !== 's3') throw new Error(`MEDIA_STORE must be local or s3, not ${store}`);
  if (store === 'local') {
    const orphan = s3Names.find((name) => value(name) !== undefined);
    if (orphan) throw new Error(`${orphan} is set but MEDIA_STORE is not s3: set MEDIA_STORE=s3 to keep media in object storage, or unset ${orphan} (media stay on the local disk)`);
    return undefined;
  }
  if (value('MEDIA_DIR') !== undefined) throw new Error('MEDIA_DIR is set but MEDIA_STORE=s3 keeps media in object storage: unset one of them');
  const required = (name: string, what: string) => {
    const found = value(name);
    if (found === undefined) throw new Error(`${name} is required when MEDIA_STORE=s3: ${what}`);
    return found;
  };
  const endpoint = required('S3_ENDPOINT', "the store's address, e.g. https://s3.ir-thr-at1.arvanstorage.ir or http://127.0.0.1:9000");
  let parsed: URL;
  try {
    parsed = new URL(endpoint);
  } catch {
    throw new Error(`S3_ENDPOINT is not a URL: ${endpoint}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`S3_ENDPOINT must be an http:// or https:// address, not ${endpoint}`);
  if (parsed.username || parsed.password || parsed.search || parsed.hash || parsed.pathname !== '/') {
    throw new Error(`S3_ENDPOINT must be the store's base address (scheme, host and port only), not ${parsed.origin}${parsed.pathname}`);
  }
  const bucket = required('S3_BUCKET', 'the bucket the media go into (create it first, private)');
  // S3's bucket naming rules: ArvanCloud and MinIO follow them too.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || bucket.includes('..')) {
    throw new Error(`S3_BUCKET must be a bucket name (3-63 lower-case letters, digits, dots and hyphens), not ${bucket}`);
  }
  const region = value('S3_REGION') ?? 'us-east-1';
  if (!/^[A-Za-z0-9-]{1,64}$/.test(region)) throw new Error(`S3_REGION must be a region name such as us-east-1, not ${region}`);
  const accessKeyId = required('S3_ACCESS_KEY_ID', "the access key of an account that may read and write the bucket");
  if (!/^[\x21-\x7e]{1,256}$/.test(accessKeyId)) throw new Error('S3_ACCESS_KEY_ID is malformed: expected the access key from the store\'s panel (no spaces)');
  const secretAccessKey = required('S3_SECRET_ACCESS_KEY', "that account's secret key");
  if (!/^[\x21-\x7e]{1,256}$/.test(secretAccessKey)) throw new Error('S3_SECRET_ACCESS_KEY is malformed: expected the secret key from the store\'s panel (no spaces)');
  const pathStyle = value('S3_FORCE_PATH_STYLE') ?? '1';
  if (pathStyle !== '0' && pathStyle !== '1') throw new Error(`S3_FORCE_PATH_STYLE must be 1 (bucket in the path) or 0 (bucket in the host name), not ${pathStyle}`);
  const rawPrefix = value('S3_PREFIX') ?? '';
  const prefix = rawPrefix === '' ? '' : `${rawPrefix.replace(/\/+$/, '')}/`;
  if (prefix !== '' && !/^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)+$/.test(prefix)) {
    throw new Error(`S3_PREFIX must be folder-like names of letters, digits, ., _ and - separated by / (e.g. academy/media), not ${rawPrefix}`);
  }
  return { endpoint: parsed.origin, bucket, region, accessKeyId, secretAccessKey, forcePathStyle: pathStyle === '1', prefix };
}

/**
 * How long a stop (SIGTERM, SIGINT) waits for the requests under way, from DRAIN_SECONDS
 * (default 10, at most 600): past it the process exits anyway (server/main.ts). A supervisor's
 * own limit (systemd's TimeoutStopSec, deploy/academy-api.service) should be a little longer.
 */
export function drainMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.DRAIN_SECONDS;
  if (raw === undefined || raw === '') return 10_000;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 600) throw new Error(`DRAIN_SECONDS must be a positive number of seconds, at most 600, not ${raw}`);
  return seconds * 1000;
}

/**
 * How long an SMS code works, from ONE_TIME_CODE_SECONDS (default 180). Outside 60–600 seconds it
 * stops the start: shorter, a slow SMS arrives dead; longer, a code seen over a shoulder lives on.
 */
export function oneTimeCodeLifetime(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.ONE_TIME_CODE_SECONDS;
  if (raw === undefined || raw === '') return codeLimits.lifetimeMs;
  const seconds = Number(raw);
  const [min, max] = [codeLimits.lifetimeMinMs / 1000, codeLimits.lifetimeMaxMs / 1000];
  if (!Number.isInteger(seconds) || seconds < min || seconds > max) {
    throw new Error(`ONE_TIME_CODE_SECONDS must be a whole number of seconds from ${min} to ${max}, not ${raw}`);
  }
  return seconds * 1000;
}

export { fastifyTrustProxy, parseTrustProxy } from './trustProxy';
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

/** The hold of a seat offered from a waiting list, from WAITLIST_HOLD_HOURS (hours, default 24). */
export function waitlistHoldMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.WAITLIST_HOLD_HOURS;
  if (raw === undefined || raw === '') return 24 * 3_600_000;
  const hours = Number(raw);
  if (!Number.isFinite(hours) || hours <= 0) throw new Error(`WAITLIST_HOLD_HOURS must be a positive number of hours, not ${raw}`);
  return hours * 3_600_000;
}

/** localhost, 127.0.0.0/8 and ::1: where a secret may travel unencrypted (a fake on this machine). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(?:\.[0-9]{1,3}){3}$/.test(host);
}

/** PAYMENT_RECONCILE_SECONDS: seconds between payment reconciliations (default 120; 0: none). */
export function paymentReconcileMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PAYMENT_RECONCILE_SECONDS;
  if (raw === undefined || raw === '') return defaultReconcileMs;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0) throw new Error(`PAYMENT_RECONCILE_SECONDS must be a number of seconds (0 turns it off), not ${raw}`);
  return seconds * 1000;
}
export const defaultReconcileMs = 120_000;
export const defaultReconcileAfterMs = 5 * 60_000;
export interface NotificationSettings {
  /** How often the worker looks for due messages. */
  pollMs: number;
  /** How long a claimed message is another worker's; after it, a dead worker's claim is taken over. */
  leaseMs: number;
  /** Attempts (claims) before a message that keeps failing transiently is given up as failed. */
  maxAttempts: number;
  /** The first retry's delay; each further one doubles it (capped at six hours). */
  retryBaseMs: number;
  /** Messages claimed at once by one worker. */
  batchSize: number;
}

const positive = (env: NodeJS.ProcessEnv, name: string, fallback: number, unit: number): number => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not ${raw}`);
  return value * unit;
};

/** The notification worker's timing (server/features/messaging/notifications.ts): NOTIFICATION_POLL_SECONDS, NOTIFICATION_LEASE_SECONDS, NOTIFICATION_MAX_ATTEMPTS, NOTIFICATION_RETRY_SECONDS. */
export function notificationSettings(env: NodeJS.ProcessEnv = process.env): NotificationSettings {
  return {
    pollMs: positive(env, 'NOTIFICATION_POLL_SECONDS', 5_000, 1000),
    leaseMs: positive(env, 'NOTIFICATION_LEASE_SECONDS', 300_000, 1000),
    maxAttempts: Math.max(1, Math.floor(positive(env, 'NOTIFICATION_MAX_ATTEMPTS', 8, 1))),
    retryBaseMs: positive(env, 'NOTIFICATION_RETRY_SECONDS', 30_000, 1000),
    batchSize: 10,
  };
}

/**
 * The database the settings name: the PostgreSQL URL when given, else the SQLite file. Here, not
 * in db.ts, so the entry point can name the file before the database drivers load.
 */
export type DatabaseTarget = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string };

export function databaseTarget(config: { dataDir: string; databaseFile?: string; databaseUrl?: string }): DatabaseTarget {
  return config.databaseUrl ? { engine: 'postgres', url: config.databaseUrl } : { engine: 'sqlite', file: config.databaseFile ?? path.join(config.dataDir, 'academy.sqlite') };
}
