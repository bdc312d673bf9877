// Password hashing with scrypt. The stored string names its parameters, so they can be raised
// later without breaking existing hashes: scrypt$N$r$p$salt$hash (base64url).
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const productionCost = 2 ** 17;

/**
 * scrypt's cost N. Always 2^17 in production. The test command lowers it with PASSWORD_HASH_N
 * (a power of two from 2^10) for the suites that sign in hundreds of times and measure nothing
 * about hashing itself; the attack suites keep the real cost. Refused when NODE_ENV is
 * production, so a stray variable cannot weaken real accounts. Every hash names its own
 * parameters, so hashes of either cost verify anywhere.
 */
export function hashCost(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const raw = env.PASSWORD_HASH_N;
  if (raw === undefined || raw === '') return productionCost;
  if (env.NODE_ENV === 'production') throw new Error('PASSWORD_HASH_N is for tests only and is refused when NODE_ENV=production');
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 2 ** 10 || n > productionCost || (n & (n - 1)) !== 0) {
    throw new Error(`PASSWORD_HASH_N must be a power of two between 1024 and ${productionCost}, not ${JSON.stringify(raw)}`);
  }
  return n;
}

const params = { N: hashCost(), r: 8, p: 1 };
const keyLength = 32;
// scrypt needs 128·N·r bytes (128 MiB here); Node's default cap is 32 MiB.
const maxmem = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A hash nobody can sign in with (sample accounts): verifying it still costs a real scrypt. */
export const unusablePasswordHash = '!';

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  const [scheme, n, r, p, salt, hash] = parts;
  if (parts.length !== 6 || scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) {
    await burnPasswordTime(password);
    return false;
  }
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** The same work as a real check, for unknown accounts, so timing does not tell them apart. */
export async function burnPasswordTime(password: string): Promise<void> {
  await derive(password, randomBytes(16), params);
}
