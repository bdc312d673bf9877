// Sessions: each sign-in opens a row of `sessions`, named by its token's `sid`. Ending one row
// (sign-out) refuses that token on the next call; bumping `users.tokenVersion` refuses every
// token the user holds (sign-out everywhere, password change, and the admin's lock). The rows
// stay as the user's sign-in history.
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import * as v from 'valibot';
import { newPassword } from '../../../schema/validators';
import { Attempts } from '../../platform/slidingCounters';
import { nowIso, type Database, type DB } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import { hashPassword, verifyPassword } from './passwords';
import { currentUser, parse, type Register } from '../../platform/http';
import type { Tokens } from './tokens';
import type { components } from '../../../codegen/openapi.gen';

type AccessToken = components['schemas']['AccessToken'];
type SessionsEnded = components['schemas']['SessionsEnded'];
type Executor = DB | Transaction<Database>;

export const sessionTexts = {
  wrongPassword: 'رمز عبور فعلی درست نیست',
  samePassword: 'رمز عبور جدید باید با رمز عبور فعلی فرق داشته باشد',
  tooMany: 'تعداد تلاش‌های ناموفق زیاد است؛ چند دقیقه دیگر دوباره تلاش کنید',
} as const;

/** Why a session ended, kept with it for the sign-in history. */
export type EndedBy = 'signOut' | 'everywhere' | 'password' | 'admin';

/** How stale `lastSeenAt` may get: moving it on every call would be a write per request. */
export const lastSeenStepMs = 10 * 60_000;
/** Ended and expired sessions are kept this long as history, then pruned at the next sign-in. */
const historyMs = 180 * 24 * 3600_000;
export const passwordWindowMs = 15 * 60_000;
export const maxPasswordFailures = 5;

/** Opens a session for a user who just proved who they are, and answers its token. */
export async function startSession(
  db: DB,
  tokens: Tokens,
  user: { id: number; role: number; tokenVersion: number },
  request: FastifyRequest,
): Promise<string> {
  const now = nowIso();
  const agent = request.headers['user-agent'];
  const session = await db
    .insertInto('sessions')
    .values({
      userId: user.id,
      createdAt: now,
      lastSeenAt: now,
      endedAt: null,
      endedBy: null,
      userAgent: typeof agent === 'string' ? agent.slice(0, 300) : '',
      address: request.ip.slice(0, 100),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .deleteFrom('sessions')
    .where('userId', '=', user.id)
    .where('createdAt', '<', new Date(Date.now() - historyMs).toISOString())
    .execute();
  return tokens.sign(user, session.id);
}

/** Ends one session: its token is refused from the next call on, here and in every process. */
export async function endSession(db: Executor, sessionId: number, by: EndedBy): Promise<number> {
  const result = await db.updateTable('sessions').set({ endedAt: nowIso(), endedBy: by }).where('id', '=', sessionId).where('endedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Ends every session of a user: the token version moves (the one switch every check reads), and
 * the open rows are marked ended for the history. `keep` names a session left open (the one that
 * changed the password, which gets a token of the new version). For the admin's lock as well.
 */
export async function endAllSessions(trx: Executor, userId: number, by: EndedBy = 'admin', keep?: number): Promise<number> {
  await trx
    .updateTable('users')
    .set((eb) => ({ tokenVersion: eb('tokenVersion', '+', 1) }))
    .where('id', '=', userId)
    .execute();
  let ending = trx.updateTable('sessions').set({ endedAt: nowIso(), endedBy: by }).where('userId', '=', userId).where('endedAt', 'is', null);
  if (keep !== undefined) ending = ending.where('id', '<>', keep);
  const result = await ending.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Moves a session's `lastSeenAt` when it is older than one step. The condition is in the write,
 * so parallel calls and other processes move it once.
 */
export async function touchSession(db: DB, sessionId: number, lastSeenAt: string): Promise<void> {
  const before = new Date(Date.now() - lastSeenStepMs).toISOString();
  if (lastSeenAt >= before) return;
  await db.updateTable('sessions').set({ lastSeenAt: nowIso() }).where('id', '=', sessionId).where('lastSeenAt', '<', before).execute();
}

const changePasswordBody = v.object(
  {
    currentPassword: v.pipe(
      v.string('رمز عبور فعلی باید متن باشد'),
      v.nonEmpty('رمز عبور فعلی الزامی است'),
      v.maxLength(128, 'رمز عبور فعلی حداکثر ۱۲۸ نویسه است'),
    ),
    newPassword: newPassword('رمز عبور جدید'),
  },
  'بدنه درخواست باید یک شیء JSON باشد',
);

export function registerSessions(register: Register, db: DB, tokens: Tokens) {
  const attempts = new Attempts(db);

  register('POST /api/Auth/SignOut', 'learner', signOut);
  register('POST /api/Auth/SignOutEverywhere', 'learner', signOutEverywhere);
  register('POST /api/Auth/ChangePassword', 'learner', changePassword);

  async function signOut(request: FastifyRequest): Promise<SessionsEnded> {
    const user = currentUser(request);
    return { ended: await endSession(db, user.sessionId, 'signOut') };
  }

  async function signOutEverywhere(request: FastifyRequest): Promise<SessionsEnded> {
    const user = currentUser(request);
    return { ended: await db.transaction().execute((trx) => endAllSessions(trx, user.id, 'everywhere')) };
  }

  async function changePassword(request: FastifyRequest): Promise<AccessToken> {
    const user = currentUser(request);
    const body = parse(changePasswordBody, request.body, { currentPassword: 'رمز عبور فعلی', newPassword: 'رمز عبور جدید' });
    if (body.newPassword === body.currentPassword) throw new HttpError(400, sessionTexts.samePassword);
    // Someone holding a stolen token must not get to guess the password (and so take the account
    // from its owner) at scrypt's pace: a few tries per quarter hour, counted before the check.
    const bucket = `password:${user.id}`;
    await attempts.record(bucket);
    if ((await attempts.count(bucket, passwordWindowMs)) > maxPasswordFailures) throw new HttpError(429, sessionTexts.tooMany);
    const stored = await db.selectFrom('users').select('passwordHash').where('id', '=', user.id).executeTakeFirstOrThrow();
    if (!(await verifyPassword(body.currentPassword, stored.passwordHash))) throw new HttpError(400, sessionTexts.wrongPassword);
    await attempts.clear(bucket);
    const passwordHash = await hashPassword(body.newPassword);
    const updated = await db.transaction().execute(async (trx) => {
      await endAllSessions(trx, user.id, 'password', user.sessionId);
      return trx
        .updateTable('users')
        .set({ passwordHash })
        .where('id', '=', user.id)
        .returning(['id', 'role', 'tokenVersion'])
        .executeTakeFirstOrThrow();
    });
    // This session goes on, with a token of the new version; every other token is refused.
    return { accessToken: await tokens.sign(updated, user.sessionId) };
  }
}
