// Access tokens: HS256 JWTs carrying the user id, role name and the user's token version.
import { jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  userId: number;
  version: number;
}

export const roleName = (role: number): 'Administrator' | 'User' => (role === 300 ? 'Administrator' : 'User');

export class Tokens {
  /**
   * The HS256 key as a WebCrypto key, imported once: given the raw bytes, jose imports them
   * again on every sign and verify, which was the largest CPU cost of an authenticated request.
   */
  private readonly key: Promise<CryptoKey>;
  /**
   * Tokens already verified, by their exact text, with their expiry (seconds): a browser sends
   * the same token with every call, and WebCrypto's HMAC costs more than the rest of a short
   * request. Any other text (one changed byte) is verified in full; an expired one is refused
   * as jose would; the user's existence, lock-out and token version are still read from the
   * database on every call (routes.ts). Bounded: the most recently used are kept.
   */
  private readonly verified = new Map<string, TokenClaims & { exp: number }>();
  static readonly remembered = 10_000;

  constructor(secret: Uint8Array) {
    this.key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    this.key.catch(() => undefined); // reported by the first sign or verify that awaits it
  }

  async sign(user: { id: number; role: number; tokenVersion: number }): Promise<string> {
    return new SignJWT({ role: roleName(user.role), ver: user.tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime('7d')
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
      return { userId: known.userId, version: known.version };
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const version = payload.ver;
      if (!Number.isInteger(userId) || userId < 1 || typeof version !== 'number') return null;
      if (typeof payload.exp === 'number') {
        this.verified.set(token, { userId, version, exp: payload.exp });
        if (this.verified.size > Tokens.remembered) {
          const oldest = this.verified.keys().next();
          if (!oldest.done) this.verified.delete(oldest.value);
        }
      }
      return { userId, version };
    } catch {
      return null;
    }
  }
}
