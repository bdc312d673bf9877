// Access tokens: HS256 JWTs carrying the user id, role name, the user's token version and the
// session (`sid`, a row of `sessions`) they belong to.
import { jwtVerify, SignJWT } from 'jose';
import type { webcrypto } from 'node:crypto';
import { administratorRole, staffRole } from '../../../schema/rules/roles';
import { adminRole, staffRoleName } from '../../../schema/rules/token';

export interface TokenClaims {
  userId: number;
  version: number;
  sessionId: number;
}

/**
 * The role name the browser reads to open the admin panel (src/lib/auth.ts): the spec's two for
 * administrators and learners, and staff's own, so no staff token ever reads as an administrator's.
 */
export const roleName = (role: number): typeof adminRole | typeof staffRoleName | 'User' =>
  role === administratorRole ? adminRole : role === staffRole ? staffRoleName : 'User';

/**
 * The longest a token lives. A token is refused when it has no `exp` or `iat`, when `exp` lies
 * further than this after `iat`, or when `iat` is older than this: even a token signed with the
 * right key (a leaked key, a bug in a future signer) cannot be made to last for ever.
 */
export const tokenLifetimeSeconds = 7 * 24 * 3600;

export class Tokens {
  /**
   * The HS256 key as a WebCrypto key, imported once: given the raw bytes, jose imports them
   * again on every sign and verify, which was the largest CPU cost of an authenticated request.
   */
  private readonly key: Promise<webcrypto.CryptoKey>;
  /**
   * Tokens already verified, by their exact text, with their expiry (seconds): a browser sends
   * the same token with every call, and WebCrypto's HMAC costs more than the rest of a short
   * request. Any other text (one changed byte) is verified in full; an expired one is refused
   * as jose would; the user's existence, lock-out, token version and the session's end are still
   * checked on every call (routes.ts). Bounded: the most recently used are kept.
   */
  private readonly verified = new Map<string, TokenClaims & { exp: number }>();
  static readonly remembered = 10_000;

  constructor(secret: Uint8Array) {
    this.key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    this.key.catch(() => undefined); // reported by the first sign or verify that awaits it
  }

  async sign(user: { id: number; role: number; tokenVersion: number }, sessionId: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ role: roleName(user.role), ver: user.tokenVersion, sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuedAt(now)
      .setExpirationTime(now + tokenLifetimeSeconds)
      .sign(await this.key);
  }

  /** The claims of a valid token, or null. Only HS256 is accepted (no `none`, no key confusion). */
  async verify(token: string): Promise<TokenClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      this.verified.delete(token);
      // jose's rule: expired once the current second reaches `exp`.
      if (Math.floor(Date.now() / 1000) >= known.exp) return null;
      this.verified.set(token, known); // most recently used last
      return { userId: known.userId, version: known.version, sessionId: known.sessionId };
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'iat', 'sub'],
        maxTokenAge: tokenLifetimeSeconds,
      });
      const userId = Number(payload.sub);
      const version = payload.ver;
      const sessionId = payload.sid;
      const { exp, iat } = payload;
      if (!Number.isInteger(userId) || userId < 1 || typeof version !== 'number') return null;
      if (typeof sessionId !== 'number' || !Number.isInteger(sessionId) || sessionId < 1) return null;
      // maxTokenAge bounds the age so far; this bounds how long the token claims it may go on.
      if (typeof exp !== 'number' || typeof iat !== 'number' || exp - iat > tokenLifetimeSeconds) return null;
      this.verified.set(token, { userId, version, sessionId, exp });
      if (this.verified.size > Tokens.remembered) {
        const oldest = this.verified.keys().next();
        if (!oldest.done) this.verified.delete(oldest.value);
      }
      return { userId, version, sessionId };
    } catch {
      return null;
    }
  }
}
