// One-time codes against the real server, with the SMS and mail it sends recorded: sending a
// code, signing in or up with it, and the clock moved on. Shared by tests/server/identity/one-time-codes*.test.ts.
import path from 'node:path';
import { expect, vi } from 'vitest';
import { openConfiguredDatabase, type DB } from '../../server/platform/db';
import type { MailMessage, MailProvider, SmsProvider } from '../../server/platform/outside';
import { databaseFor, usePostgres } from './postgres-db';
import { startServer, type TestServer } from './server';

export interface SentCode {
  to: string;
  code: string;
  text: string;
}

/** An SMS provider that keeps what it was asked to send, and can be told to fail once. */
export function recordingSms(): SmsProvider & { codes: SentCode[]; failNext: (error: Error) => void } {
  const codes: SentCode[] = [];
  let failure: Error | null = null;
  return {
    description: 'a recording provider (tests)',
    codes,
    failNext: (error) => (failure = error),
    send: () => Promise.reject(new Error('not used by one-time codes')),
    sendCode: async (message) => {
      if (failure) {
        const error = failure;
        failure = null;
        throw error;
      }
      codes.push(message);
      return { providerId: String(codes.length) };
    },
  };
}

export function recordingMail(): MailProvider & { mails: MailMessage[] } {
  const mails: MailMessage[] = [];
  return {
    description: 'a recording provider (tests)',
    mails,
    send: async (message) => {
      mails.push(message);
      return { providerId: String(mails.length) };
    },
  };
}

export interface CodesWorld {
  server: TestServer;
  db: DB;
  sms: ReturnType<typeof recordingSms>;
  mail: ReturnType<typeof recordingMail>;
}
let current: CodesWorld | undefined;
function world(): CodesWorld {
  if (!current) throw new Error('startCodes() has not run');
  return current;
}

/** A server trusting one proxy (each caller its own address) whose SMS and mail are recorded. */
export async function startCodes(): Promise<CodesWorld> {
  const sms = recordingSms();
  const mail = recordingMail();
  const server = await startServer({ trustProxy: 1, messaging: { sms, mail } });
  const db = openConfiguredDatabase({
    databaseUrl: usePostgres ? await databaseFor(server.dataDir) : undefined,
    databaseFile: path.join(server.dataDir, 'academy.sqlite'),
  });
  current = { server, db, sms, mail };
  return current;
}

export async function stopCodes(): Promise<void> {
  vi.useRealTimers();
  await current?.db.destroy();
  await current?.server.close();
  current = undefined;
}

/** Moves the clock forward (Date only; it keeps running), for expiry and the resend wait. */
export function travel(ms: number): void {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(Date.now() + ms);
}

export type Purpose = 'signIn' | 'signUp' | 'reset';
export const from = (address: string) => ({ 'x-forwarded-for': address });

export const sendCode = (phoneNumber: string, purpose: Purpose, address: string) =>
  world().server.call<{ message: string; expiresInSeconds: number; resendAfterSeconds: number; retryAfterSeconds?: number }>('POST', '/api/Auth/SendCode', {
    body: { phoneNumber, purpose },
    headers: from(address),
  });

/** The newest code the provider was asked to send to the number. */
export function lastCode(phoneNumber: string): string {
  const sent = world().sms.codes.filter((message) => message.to === phoneNumber).at(-1);
  if (!sent) throw new Error(`no code sent to ${phoneNumber}`);
  return sent.code;
}

export async function codeFor(phoneNumber: string, purpose: Purpose, address: string): Promise<string> {
  const answer = await sendCode(phoneNumber, purpose, address);
  expect(answer.status, answer.text).toBe(200);
  return lastCode(phoneNumber);
}

export const signInWithCode = (phoneNumber: string, code: string, address: string) =>
  world().server.call<{ accessToken: string; message: string }>('POST', '/api/Auth/SignInWithCode', { body: { phoneNumber, code }, headers: from(address) });

/** Another code than the right one. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

export async function signUp(phoneNumber: string, address: string, password = 'learner-pass-123', emailAddress = ''): Promise<string> {
  const code = await codeFor(phoneNumber, 'signUp', address);
  const answer = await world().server.call<{ accessToken: string }>('POST', '/api/Auth/SignUp', {
    body: { firstName: 'پریسا', lastName: 'کدی', phoneNumber, emailAddress, password, code },
    headers: from(address),
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.accessToken;
}

export const me = async (token: string) => (await world().server.call('GET', '/api/Me', { token })).status;
