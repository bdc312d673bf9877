// @vitest-environment node
// ASVS V7/V9: access tokens are HS256 JWTs checked on every call. Anything else — no signature,
// another key, an edited payload, an expired token, one without an expiry or living longer than
// seven days, one whose session has ended, a token of a user who no longer exists or has been
// locked out — is refused with 401, whatever the claims say.
import Database from 'better-sqlite3';
import { decodeJwt, SignJWT } from 'jose';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Tokens } from '../../server/features/identity/tokens';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../support/server';

const secret = 'test-secret-that-is-long-enough-for-hs256-keys';
const key = new TextEncoder().encode(secret);

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startServer({ jwtSecret: secret });
  admin = await server.signIn(adminPhone, adminPassword);
});
afterAll(async () => {
  await server.close();
});

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Status of an admin-only and a learner-only call with this bearer token. */
async function statuses(token: string): Promise<[number, number]> {
  const adminCall = await fetch(`${server.url}/api/User/GetDashboardData`, { headers: { authorization: `Bearer ${token}` } });
  const learnerCall = await fetch(`${server.url}/api/Me`, { headers: { authorization: `Bearer ${token}` } });
  await adminCall.arrayBuffer();
  await learnerCall.arrayBuffer();
  return [adminCall.status, learnerCall.status];
}

function withDb<T>(work: (db: Database.Database) => T): T {
  const db = new Database(path.join(server.dataDir, 'academy.sqlite'));
  try {
    return work(db);
  } finally {
    db.close();
  }
}

describe('access tokens', () => {
  it('accepts the genuine admin token (the baseline every refusal below is measured against)', async () => {
    expect(await statuses(admin)).toEqual([200, 200]);
    const claims = decodeJwt(admin);
    const header: unknown = JSON.parse(Buffer.from(admin.split('.')[0] ?? '', 'base64url').toString());
    expect(header).toMatchObject({ alg: 'HS256' });
    expect(typeof claims.exp).toBe('number');
    expect(typeof claims.iat).toBe('number');
    // Tokens expire: a week at most, never "forever".
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBeLessThanOrEqual(7 * 24 * 3600);
  });

  it('refuses alg:none, a wrong key, a changed payload, HS512 and garbage with 401', async () => {
    const claims = decodeJwt(admin);
    const [header = '', payload = '', signature = ''] = admin.split('.');
    const forged: Record<string, string> = {
      'alg none, no signature': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      'alg none, original signature': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`,
      'alg None (case)': `${b64({ alg: 'None', typ: 'JWT' })}.${payload}.`,
      'wrong key': await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('another-secret-that-is-long-enough-too!!')),
      'HS512 with the right key': await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS512' }).sign(key),
      'payload changed, signature kept': `${header}.${b64({ ...claims, sub: '2' })}.${signature}`,
      'version changed, signature kept': `${header}.${b64({ ...claims, ver: 99 })}.${signature}`,
      'signature removed': `${header}.${payload}.`,
      'signature flipped': `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      'not a jwt': 'not-a-token',
      'empty parts': '..',
    };
    for (const [name, token] of Object.entries(forged)) {
      expect(await statuses(token), name).toEqual([401, 401]);
    }
    // A token with a role claim of Administrator but a learner's id gains nothing: the role is read from the database.
    const learner = await signUpLearner(server, '09371110001');
    const learnerClaims = decodeJwt(learner);
    const promoted = await new SignJWT({ ...learnerClaims, role: 'Administrator' }).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect(await statuses(promoted)).toEqual([403, 200]);
  });

  it('refuses an expired token, even when correctly signed', async () => {
    const claims = decodeJwt(admin);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ role: claims.role, ver: claims.ver, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuedAt(now - 8 * 24 * 3600)
      .setExpirationTime(now - 60)
      .sign(key);
    expect(await statuses(expired)).toEqual([401, 401]);
    // The same claims with a future expiry work: only the expiry made the difference.
    const fresh = await new SignJWT({ role: claims.role, ver: claims.ver, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(key);
    expect(await statuses(fresh)).toEqual([200, 200]);
  });

  it('refuses a correctly signed token without an expiry, with a lifetime over seven days, too old, or without its session', async () => {
    const claims = decodeJwt(admin);
    const now = Math.floor(Date.now() / 1000);
    const day = 24 * 3600;
    const signed = (payload: Record<string, unknown>, times: { iat?: number; exp?: number }) => {
      let jwt = new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(String(claims.sub));
      if (times.iat !== undefined) jwt = jwt.setIssuedAt(times.iat);
      if (times.exp !== undefined) jwt = jwt.setExpirationTime(times.exp);
      return jwt.sign(key);
    };
    const own = { role: claims.role, ver: claims.ver, sid: claims.sid };
    // Another session's id (the learner's): a session is only ever its own user's.
    const learnerSid = decodeJwt(await signUpLearner(server, '09371110006')).sid;
    const forged: Record<string, string> = {
      'no exp': await signed(own, { iat: now }),
      'no exp, no iat': await signed(own, {}),
      'no iat': await signed(own, { exp: now + 600 }),
      'thirty-day lifetime': await signed(own, { iat: now, exp: now + 30 * day }),
      'lifetime of seven days and a minute': await signed(own, { iat: now, exp: now + 7 * day + 60 }),
      'issued eight days ago, still unexpired': await signed(own, { iat: now - 8 * day, exp: now + 600 }),
      'issued in the future': await signed(own, { iat: now + day, exp: now + 2 * day }),
      'no session': await signed({ role: claims.role, ver: claims.ver }, { iat: now, exp: now + 600 }),
      "another user's session": await signed({ ...own, sid: learnerSid }, { iat: now, exp: now + 600 }),
      'session that does not exist': await signed({ ...own, sid: 999_999 }, { iat: now, exp: now + 600 }),
    };
    for (const [name, token] of Object.entries(forged)) {
      expect(await statuses(token), name).toEqual([401, 401]);
    }
    // The same claims with a bounded lifetime work: only the lifetime made the difference.
    expect(await statuses(await signed(own, { iat: now, exp: now + 7 * day }))).toEqual([200, 200]);
  });

  it('issues a new token at each sign-in', async () => {
    await signUpLearner(server, '09371110002', 'learner-pass-123');
    const first = await server.signIn('09371110002', 'learner-pass-123');
    // iat has one-second resolution: the clock (the server's too: it runs in this process) is
    // moved on by a second and a bit, not waited for, and stays there while the new token is used
    // (a token issued in the future is refused).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1100 });
    try {
      const second = await server.signIn('09371110002', 'learner-pass-123');
      expect(second).not.toBe(first);
      expect(decodeJwt(second).iat).toBeGreaterThan(decodeJwt(first).iat ?? 0);
      expect(await statuses(second)).toEqual([403, 200]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("stops a deleted user's token at once", async () => {
    const token = await signUpLearner(server, '09371110003');
    expect((await statuses(token))[1]).toBe(200);
    const userId = Number(decodeJwt(token).sub);
    const deleted = await server.call('DELETE', '/api/User/Delete', { token: admin, body: { id: userId } });
    expect(deleted.status).toBe(200);
    expect(await statuses(token)).toEqual([401, 401]);
  });

  it("stops a locked-out user's existing tokens, and sign-in does not issue new ones", async () => {
    const token = await signUpLearner(server, '09371110004', 'learner-pass-123');
    const userId = Number(decodeJwt(token).sub);
    expect((await statuses(token))[1]).toBe(200);
    withDb((db) => db.prepare('update users set isLockout = 1 where id = ?').run(userId));
    expect(await statuses(token)).toEqual([401, 401]);
    const signIn = await fetch(`${server.url}/api/Auth/SignIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: '09371110004', password: 'learner-pass-123' }),
    });
    expect(signIn.status).toBe(401);
    expect(JSON.stringify(await signIn.json())).not.toContain('accessToken');
    // Unlocking restores the same token: the lock, not some side effect, was what refused it.
    withDb((db) => db.prepare('update users set isLockout = 0 where id = ?').run(userId));
    expect((await statuses(token))[1]).toBe(200);
  });

  it('stops an admin token once the admin is demoted (role read per call)', async () => {
    const token = await signUpLearner(server, '09371110005');
    const userId = Number(decodeJwt(token).sub);
    withDb((db) => db.prepare('update users set role = 300 where id = ?').run(userId));
    expect((await statuses(token))[0]).toBe(200);
    withDb((db) => db.prepare('update users set role = 1 where id = ?').run(userId));
    expect((await statuses(token))[0]).toBe(403);
  });
});

describe('tokens verified once and remembered', () => {
  it('still refuses a remembered token once it expires, and any changed copy of it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
      const tokens = new Tokens(key);
      const token = await tokens.sign({ id: 7, role: 300, tokenVersion: 2 }, 5);
      expect(await tokens.verify(token)).toEqual({ userId: 7, version: 2, sessionId: 5 });
      expect(await tokens.verify(token)).toEqual({ userId: 7, version: 2, sessionId: 5 }); // now from memory
      const [header = '', payload = '', signature = ''] = token.split('.');
      const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1) ?? ''}`;
      const changed = b64({ ...decodeJwt(token), sub: '1' });
      for (const copy of [`${header}.${payload}.${flipped}`, `${header}.${changed}.${signature}`, `${header}.${payload}.`, `${payload}.${header}.${signature}`]) {
        expect(await tokens.verify(copy), copy).toBeNull();
      }
      expect(await new Tokens(new TextEncoder().encode('another-secret-that-is-long-enough-for-keys')).verify(token)).toBeNull();
      // A second before `exp` it is valid; at `exp` it is not, remembered or not.
      const exp = decodeJwt(token).exp ?? 0;
      vi.setSystemTime(new Date((exp - 1) * 1000));
      expect(await tokens.verify(token)).toEqual({ userId: 7, version: 2, sessionId: 5 });
      vi.setSystemTime(new Date(exp * 1000));
      expect(await tokens.verify(token)).toBeNull();
      expect(await new Tokens(key).verify(token)).toBeNull(); // jose agrees: the same rule
      expect(await tokens.verify(token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
