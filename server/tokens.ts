// Access tokens: HS256 JWTs carrying the user id, role name and the user's token version.
import { jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  userId: number;
  version: number;
}

export const roleName = (role: number): 'Administrator' | 'User' => (role === 300 ? 'Administrator' : 'User');

export class Tokens {
  constructor(private readonly key: Uint8Array) {}

  sign(user: { id: number; role: number; tokenVersion: number }): Promise<string> {
    return new SignJWT({ role: roleName(user.role), ver: user.tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime('7d')
      .sign(this.key);
  }

  /** The claims of a valid token, or null. Only HS256 is accepted (no `none`, no key confusion). */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const version = payload.ver;
      if (!Number.isInteger(userId) || userId < 1 || typeof version !== 'number') return null;
      return { userId, version };
    } catch {
      return null;
    }
  }
}
