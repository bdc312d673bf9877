// @vitest-environment node
// ASVS V6: passwords are kept as scrypt (N=2^17, r=8, p=1) hashes, 8–128 characters are
// accepted, sign-in failures are limited per account and address and per address with a Persian
// 429 (the owner elsewhere still gets in: tests/security/abuse.test.ts), and an
// unknown account cannot be told from a wrong password — not by the answer, not by the time.
import Database from 'better-sqlite3';
import { scryptSync } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTexts } from '../../server/features/identity/authTexts';
import { hashCost } from '../../server/features/identity/passwords';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
// Every test speaks from its own address (the server trusts one proxy hop here), so the
// per-address limit of one test never spills into another.
let nextAddress = 1;
const newAddress = () => `10.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

beforeAll(async () => {
  server = await startServer({ trustProxy: 1 });
});
afterAll(async () => {
  await server.close();
});

interface Outcome {
  status: number;
  text: string;
  ms: number;
}

async function post(pathName: string, body: object, address = newAddress()): Promise<Outcome> {
  const started = performance.now();
  const response = await fetch(`${server.url}${pathName}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, ms: performance.now() - started };
}

/** A sign-up with the phone's code (read from the server's log, where the SMS goes in tests). */
async function signUp(phoneNumber: string, password: string): Promise<Outcome> {
  const address = newAddress();
  const code = await server.sendCode(phoneNumber, 'signUp', { 'x-forwarded-for': address });
  return post('/api/Auth/SignUp', { firstName: 'مینا', lastName: 'رمزی', phoneNumber, emailAddress: '', password, code }, address);
}
const signIn = (username: string, password: string, address?: string) => post('/api/Auth/SignIn', { username, password }, address);

const storedHash = (phone: string): string => {
  const db = new Database(path.join(server.dataDir, 'academy.sqlite'), { readonly: true });
  try {
    const row: unknown = db.prepare('select passwordHash from users where phoneNumber = ?').get(phone);
    if (typeof row === 'object' && row !== null && 'passwordHash' in row && typeof row.passwordHash === 'string') return row.passwordHash;
    throw new Error(`no user ${phone}`);
  } finally {
    db.close();
  }
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

describe('password storage', () => {
  it('stores scrypt$131072$8$1$salt$hash, and the hash really is scrypt with those parameters', async () => {
    const password = 'Storage-check-1';
    expect((await signUp('09381230001', password)).status).toBe(200);
    const stored = storedHash('09381230001');
    expect(stored).not.toContain(password);
    const [scheme, n, r, p, salt = '', hash = ''] = stored.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', String(2 ** 17), '8', '1']);
    expect(Buffer.from(salt, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(Buffer.from(hash, 'base64url').length).toBeGreaterThanOrEqual(32);
    const recomputed = scryptSync(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), Buffer.from(hash, 'base64url').length, {
      N: 2 ** 17,
      r: 8,
      p: 1,
      maxmem: 256 * 1024 * 1024,
    });
    expect(recomputed.toString('base64url')).toBe(hash);
    // A second account with the same password gets another salt, so another hash.
    expect((await signUp('09381230002', password)).status).toBe(200);
    expect(storedHash('09381230002')).not.toBe(stored);
  });
});

describe('password length', () => {
  it('accepts 8 and 128 characters, refuses 7 and 129 with a Persian message', async () => {
    const eight = 'a'.repeat(7) + '1';
    const long = 'ب'.repeat(127) + '1';
    expect(eight.length).toBe(8);
    expect(long.length).toBe(128);
    expect((await signUp('09381230010', eight)).status).toBe(200);
    expect((await signUp('09381230011', long)).status).toBe(200);
    expect((await signIn('09381230010', eight)).status).toBe(200);
    expect((await signIn('09381230011', long)).status).toBe(200);

    const seven = await signUp('09381230012', 'a'.repeat(6) + '1');
    expect(seven.status).toBe(400);
    expect(seven.text).toContain('۸');
    const tooLong = await signUp('09381230013', 'b'.repeat(128) + '1');
    expect(tooLong.status).toBe(400);
    expect(tooLong.text).toContain('۱۲۸');
    // Neither refused account was created.
    expect((await signIn('09381230012', 'a'.repeat(6) + '1')).status).toBe(401);
    // Sign-in refuses an over-long password before spending any hashing time on it.
    expect((await signIn('09381230011', 'b'.repeat(129))).status).toBe(400);
  });
});

describe('sign-in answers', () => {
  it('answers unknown accounts and wrong passwords with the same status and text', async () => {
    expect((await signUp('09381230020', 'Right-password-1')).status).toBe(200);
    const unknown = await signIn('09389999999', 'Right-password-1');
    const wrong = await signIn('09381230020', 'Wrong-password-1');
    const unknownEmail = await signIn('nobody@example.com', 'Right-password-1');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(unknown.text).toBe(wrong.text);
    expect(unknownEmail.text).toBe(wrong.text);
    expect(JSON.parse(wrong.text)).toEqual({ message: authTexts.wrongCredentials });
  });

  it('takes about as long for an unknown account as for a wrong password (medians within 0.5–2×)', async () => {
    expect((await signUp('09381230030', 'Right-password-1')).status).toBe(200);
    const unknown: number[] = [];
    const wrong: number[] = [];
    // Interleaved so a slow moment of the machine hits both series alike; five wrong passwords
    // stay under the per-account limit.
    for (let i = 0; i < 5; i += 1) {
      unknown.push((await signIn(`0938777000${i}`, 'Wrong-password-1')).ms);
      wrong.push((await signIn('09381230030', `Wrong-password-${i}`)).ms);
    }
    const ratio = median(unknown) / median(wrong);
    console.log(`sign-in timing: unknown median ${median(unknown).toFixed(0)} ms, wrong password median ${median(wrong).toFixed(0)} ms, ratio ${ratio.toFixed(2)}`);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

describe('rate limits', () => {
  it('limits failures per account and address (5) with the Persian 429 — even for the right password, from that address only', async () => {
    const attacker = newAddress();
    expect((await signUp('09381230040', 'Right-password-1')).status).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await signIn('09381230040', 'Wrong-password-1', attacker)).status).toBe(401);
    const limited = await signIn('09381230040', 'Right-password-1', attacker);
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.text)).toEqual({ message: authTexts.tooMany });
    expect(authTexts.tooMany).toMatch(/[\u0600-\u06ff]/);
    // The account's number in Persian digits is the same account, and limited too.
    expect((await signIn('۰۹۳۸۱۲۳۰۰۴۰', 'Right-password-1', attacker)).status).toBe(429);
    // The owner at another address is not affected.
    expect((await signIn('09381230040', 'Right-password-1')).status).toBe(200);
  });

  it('cannot be outrun by parallel guesses: a burst of 15 at once from one address gets at most 5 answers of 401', async () => {
    const attacker = newAddress();
    expect((await signUp('09381230060', 'Right-password-1')).status).toBe(200);
    const burst = await Promise.all(Array.from({ length: 15 }, (_, i) => signIn('09381230060', `Wrong-password-${i}`, attacker)));
    const statuses = burst.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect((await signIn('09381230060', 'Right-password-1', attacker)).status).toBe(429);
  });

  it('limits failures per address (20), across accounts', async () => {
    const address = newAddress();
    expect((await signUp('09381230050', 'Right-password-1')).status).toBe(200);
    // Different unknown accounts each time, so only the address counter can trip.
    const attempts = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(`0938666${String(i).padStart(4, '0')}`, 'Wrong-password-1', address)));
    expect(attempts.map((a) => a.status)).toEqual(Array<number>(20).fill(401));
    const limited = await signIn('09381230050', 'Right-password-1', address);
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.text)).toEqual({ message: authTexts.tooMany });
    // The same account from another address still signs in: the address, not the account, was limited.
    expect((await signIn('09381230050', 'Right-password-1')).status).toBe(200);
  });
});

describe('the hashing cost', () => {
  it('is 2^17 unless lowered for tests, and a lowered cost is refused in production or when malformed', () => {
    expect(hashCost({})).toBe(2 ** 17);
    expect(hashCost({ PASSWORD_HASH_N: '16384' })).toBe(16384);
    expect(() => hashCost({ PASSWORD_HASH_N: '16384', NODE_ENV: 'production' })).toThrow(/refused when NODE_ENV=production/);
    for (const bad of ['1000', '512', String(2 ** 18), 'fast', '16384.5']) {
      expect(() => hashCost({ PASSWORD_HASH_N: bad }), bad).toThrow(/power of two/);
    }
  });
});
