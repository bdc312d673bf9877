// Starts the real server (buildApp) on a temporary data dir and port 0, with a fetch helper that
// checks every answer against openapi.yaml.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppConfig } from '../../server/app';
import type { MediaStore } from '../../server/features/media/mediaStore';
import { configuredMediaStore } from '../../server/features/media/s3Media';
import type { TimeLimits } from '../../server/platform/protocol';
import { contractProblems } from './contract';
import { databaseFor, dropDatabaseFor, usePostgres } from './postgres-db';

import { adminPassword, adminPhone } from './server-accounts';

export { adminPassword, adminPhone };

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Sent as is (for invalid JSON and wrong content types). */
  rawBody?: string | FormData | Blob;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  params?: Record<string, string>;
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface TestServer {
  app: FastifyInstance;
  url: string;
  dataDir: string;
  /** The store the server keeps its media in (its folder, or its bucket with `s3`), for looking inside. */
  media: MediaStore;
  printed: string[];
  /** A contract operation, e.g. call('PUT', '/api/Category/Update', {token, body}). */
  call: <T = unknown>(method: string, contractPath: string, options?: CallOptions) => Promise<Answer<T>>;
  signIn: (username: string, password: string) => Promise<string>;
  /**
   * Asks for a one-time code for the number and answers it, read from the SMS the server logged
   * (the default provider, logSms, prints `SMS to 09…: <text>` through `print`). Not for a server
   * given its own SMS provider: read that provider's messages instead.
   */
  sendCode: (phoneNumber: string, purpose: 'signIn' | 'signUp' | 'reset', headers?: Record<string, string>) => Promise<string>;
  close: () => Promise<void>;
}

/** The code of the newest SMS to `phoneNumber` among printed lines (the log provider's). */
export function codeFromLog(lines: readonly string[], phoneNumber: string): string | undefined {
  const prefix = `SMS to ${phoneNumber}: `;
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const line = lines[i] ?? '';
    if (line.startsWith(prefix)) return /\b([0-9]{6})\b/.exec(line.slice(prefix.length))?.[1];
  }
  return undefined;
}

export async function startServer(
  options: Partial<AppConfig> & { dataDir?: string; keepData?: boolean; timeLimits?: Partial<TimeLimits>; media?: MediaStore } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'academy-test-'));
  const printed: string[] = [];
  const owned = !options.keepData && !options.dataDir;
  const databaseUrl = usePostgres ? await databaseFor(dataDir, inject('postgresTemplate')) : undefined;
  // The default administrator's password was hashed once for the whole run, at the run's cost
  // (tests/support/global-setup.ts); a test that names its own password or hash is left alone.
  const adminHash = inject('adminPasswordHash');
  const sharedHash =
    adminHash && !('adminPassword' in options) && !('firstAdmin' in options)
      ? { firstAdmin: { password: adminPassword, generated: false, hash: Promise.resolve(adminHash) } }
      : {};
  const media = options.media ?? configuredMediaStore({ ...options, dataDir });
  const app = await buildApp({
    dataDir,
    media,
    databaseUrl,
    adminPhone,
    adminPassword,
    ...sharedHash,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-keys',
    paymentGatewayUrl: 'http://127.0.0.1:9',
    merchantId: '11111111-2222-3333-4444-555555555555',
    publicUrl: 'http://academy.test',
    distDir: path.join(dataDir, 'no-dist'),
    print: (line) => printed.push(line),
    // No job writes rows on a timer while a test reads them: a test runs a job's round itself
    // (app.jobs), or asks for the timers with backgroundJobs: true.
    backgroundJobs: false,
    // The development default (config.ts panelSecondFactor): the panel opens with a password;
    // tests/server/secondFactor/second-factor.test.ts asks for `required`.
    panelSecondFactor: 'offered',
    ...options,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  const url = `http://127.0.0.1:${address.port}`;

  const call = async <T = unknown>(method: string, contractPath: string, o: CallOptions = {}): Promise<Answer<T>> => {
    let target = contractPath.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(o.params?.[name] ?? ''));
    if (o.query) target += `?${new URLSearchParams(o.query).toString()}`;
    const headers: Record<string, string> = { ...(o.token ? { Authorization: `Bearer ${o.token}` } : {}), ...o.headers };
    let body: string | FormData | Blob | undefined = o.rawBody;
    if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const response = await fetch(url + target, { method, headers, body });
    const text = method === 'HEAD' ? '' : await response.text();
    const contentType = response.headers.get('content-type') ?? '';
    let parsed: unknown = text;
    if (contentType.includes('application/json')) parsed = JSON.parse(text);
    const problems = contractProblems(method, contractPath, response.status, parsed, contentType);
    if (problems.length > 0) throw new Error(`contract violation:\n${problems.join('\n')}\nbody: ${text.slice(0, 500)}`);
    // Checked against the contract schema just above; T names that shape for the test.
    return { status: response.status, body: parsed as T, headers: response.headers, text };
  };

  const signIn = async (username: string, password: string) => {
    const answer = await call<{ accessToken: string }>('POST', '/api/Auth/SignIn', { body: { username, password } });
    if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${answer.text}`);
    return answer.body.accessToken;
  };

  const sendCode = async (phoneNumber: string, purpose: 'signIn' | 'signUp' | 'reset', headers: Record<string, string> = {}) => {
    const answer = await call('POST', '/api/Auth/SendCode', { body: { phoneNumber, purpose }, headers });
    if (answer.status !== 200) throw new Error(`SendCode failed: ${answer.status} ${answer.text}`);
    const code = codeFromLog(printed, phoneNumber);
    if (!code) throw new Error(`no SMS to ${phoneNumber} in the server's log`);
    return code;
  };

  return {
    app,
    url,
    dataDir,
    media,
    printed,
    call,
    signIn,
    sendCode,
    close: async () => {
      // The file's tests are over: a connection still open is one a test left unfinished (a
      // refused upload whose body the server stopped reading), which would hold the close until
      // the slow-body guard cuts it, 30–60 s later: seen as an afterAll hook timing out under
      // load. It is cut now.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      if (owned) {
        rmSync(dataDir, { recursive: true, force: true });
        if (usePostgres) await dropDatabaseFor(dataDir);
      }
    },
  };
}

/** Signs up a learner (the phone's code read from the server's log) and returns their token. */
export async function signUpLearner(server: TestServer, phoneNumber: string, password = 'learner-pass-123'): Promise<string> {
  const code = await server.sendCode(phoneNumber, 'signUp');
  const answer = await server.call<{ accessToken: string }>('POST', '/api/Auth/SignUp', {
    body: { firstName: 'نگار', lastName: 'آزمایشی', phoneNumber, emailAddress: '', password, code },
  });
  if (answer.status !== 200) throw new Error(`sign-up failed: ${answer.status} ${answer.text}`);
  return answer.body.accessToken;
}

/** A valid PNG made in memory (no fixtures). */
export { encodePng } from '../../server/features/media/png';
