// Accounts made and recovered from the admin panel: a user created by an
// admin (the generic create of schema/users.ts, through this hook) and one-time password reset
// links. A link's token is shown to the admin once and only its SHA-256 is stored (migration
// 009); its holder sets a new password once, before it expires, which ends every session of
// the account (server/features/identity/passwordRecovery.ts). The rules are sign-up's: an Iranian mobile, a unique phone and email, a new
// password of schema/validators.ts.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { Attempts } from '../../platform/slidingCounters';
import { authTexts } from './authTexts';
import { type Database, type DB, type Executor, nowIso, type Row } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import { addressKey } from '../../platform/limits';
import { hashPassword } from './passwords';
import type { Transaction } from 'kysely';
import { plugIn } from '../../engine/behaviours';
import { resetLinkBase } from '../../../schema/rules/token';

export const resetTexts = {
  invalid: 'این پیوند بازنشانی رمز عبور معتبر نیست، پیش‌تر استفاده شده یا منقضی شده است؛ از صفحه «فراموشی رمز عبور» یا از مدیر پیوند تازه بخواهید',
  tooMany: 'تعداد تلاش‌های ناموفق زیاد است؛ چند دقیقه دیگر دوباره تلاش کنید',
} as const;

/** How long a reset link works: long enough to reach its owner by another channel the same day. */
export const resetLinkLifetimeMs = 24 * 3600_000;
/** Wrong or spent links tried from one address before it is refused for a while. */
const maxFailuresPerAddress = 20;
const failureWindowMs = 15 * 60_000;

const tokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** The public page that takes a link's token (src/routes/_site/auth.reset.$token.tsx). */
export const resetLinkPath = (token: string): string => `${resetLinkBase}${token}`;

/**
 * A new reset link for a user, issued by an admin (or by the user's own request, e-mailed to the
 * account's address: server/features/identity/oneTimeCodes.ts): any older unused link of theirs stops working (only
 * the newest one handed over is valid). Answers the token, which is not stored.
 */
export async function issueResetToken(trx: Executor, userId: number, issuedBy: number, lifetimeMs = resetLinkLifetimeMs): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await trx.updateTable('password_resets').set({ usedAt: new Date(now).toISOString() }).where('userId', '=', userId).where('usedAt', 'is', null).execute();
  await trx
    .insertInto('password_resets')
    .values({
      userId,
      tokenHash: tokenHash(token),
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + lifetimeMs).toISOString(),
      usedAt: null,
      createdBy: issuedBy,
    })
    .execute();
  return token;
}

/** The create hook of users: the account as sign-up would make it. */
export async function createUser(values: Row, db: DB): Promise<Row> {
  const { password, ...rest } = values;
  const phone = String(rest.phoneNumber ?? '');
  const email = String(rest.emailAddress ?? '').toLowerCase();
  const phoneTaken = await db.selectFrom('users').select('id').where('phoneNumber', '=', phone).executeTakeFirst();
  if (phoneTaken) throw new HttpError(409, authTexts.phoneTaken);
  if (email !== '') {
    const emailTaken = await sql`select 1 from ${sql.table('users')} where lower(${sql.ref('emailAddress')}) = ${email}`.execute(db);
    if (emailTaken.rows.length > 0) throw new HttpError(409, authTexts.emailTaken);
  }
  // Without a password the account exists but nobody can sign in to it until its owner uses a
  // reset link (the ResetPassword action), as an imported account.
  const passwordHash = typeof password === 'string' && password !== '' ? await hashPassword(password) : `!created$${randomBytes(24).toString('base64url')}`;
  return { ...rest, emailAddress: email, passwordHash, isLockout: 0, tokenVersion: 0, lastLogin: null };
}

/** Spends a valid link: its account once, for the first of any parallel uses (one conditional update). */
export async function spendResetLink(trx: Transaction<Database>, hash: string, now: string): Promise<number | undefined> {
  const used = await trx
    .updateTable('password_resets')
    .set({ usedAt: now })
    .where('tokenHash', '=', hash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning('userId')
    .executeTakeFirst();
  return used?.userId;
}

/**
 * A link's token as the public reset page sends it: its hash and the account of a link still
 * unused and unexpired, or a refusal (400, counted against the client's address: made-up links
 * are limited). The `refuse` it answers records a failure and throws, for a later refusal.
 */
export function resetLinks(db: DB): {
  find: (ip: string, token: string) => Promise<{ hash: string; userId: number }>;
  refuse: (ip: string) => Promise<never>;
} {
  const attempts = new Attempts(db);
  const bucket = (ip: string) => `reset:${addressKey(ip)}`;
  const refuse = async (ip: string): Promise<never> => {
    await attempts.record(bucket(ip));
    throw new HttpError(400, resetTexts.invalid);
  };
  return {
    refuse,
    async find(ip, token) {
      if ((await attempts.count(bucket(ip), failureWindowMs)) >= maxFailuresPerAddress) throw new HttpError(429, resetTexts.tooMany);
      const hash = tokenHash(token);
      const found = await db
        .selectFrom('password_resets')
        .select('userId')
        .where('tokenHash', '=', hash)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', nowIso())
        .executeTakeFirst();
      return found ? { hash, userId: found.userId } : refuse(ip);
    },
  };
}

export function plugInUserAccounts(): void {
  plugIn('users', { create: createUser });
}
