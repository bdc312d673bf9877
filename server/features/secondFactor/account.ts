// Who may touch the second factor and how a session passes it: shared by the code and passkey routes.
import type { FastifyRequest } from 'fastify';
import { opensAdminPanel } from '../../../schema/rules/roles';
import type { components } from '../../../codegen/openapi.gen';
import type { PanelSecondFactor } from '../../platform/config';
import { nowIso, type DB } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import { currentUser, type AuthUser } from '../../platform/http';
import { secondFactorLimits } from '../../platform/limits';
import { Attempts } from '../../platform/slidingCounters';
import { unusedRecoveryCodes } from './codes';
import { secondFactorTexts } from './texts';

type Status = components['schemas']['SecondFactorStatus'];

/**
 * The caller, when their account opens the panel: nobody else has a second factor. A learner's
 * call is a request that does not apply (400), not a refusal of who they are.
 */
export function panelCaller(request: FastifyRequest): AuthUser {
  const user = currentUser(request);
  if (!opensAdminPanel(user.role)) throw new HttpError(400, secondFactorTexts.panelOnly);
  return user;
}

/**
 * The caller, when they may add a factor: an account holding none yet, or a session that passed
 * the one it holds. A stolen password alone must not swap the owner's factor for the thief's.
 */
export function enrollingCaller(request: FastifyRequest): AuthUser {
  const user = panelCaller(request);
  if (user.secondFactor === 'verify') throw new HttpError(403, secondFactorTexts.verifyFirst);
  return user;
}

/** The session has passed the second factor: the panel answers its token from the next call on. */
export async function passSession(db: DB, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ secondFactorAt: nowIso() }).where('id', '=', sessionId).execute();
}

export async function statusOf(db: DB, user: AuthUser, mode: PanelSecondFactor, state = user.secondFactor): Promise<Status> {
  const factor = await db.selectFrom('second_factors').select('totpSecret').where('userId', '=', user.id).executeTakeFirst();
  const passkeys = await db.selectFrom('passkeys').select((eb) => eb.fn.countAll<number | string>().as('n')).where('userId', '=', user.id).executeTakeFirst();
  return {
    state,
    required: mode === 'required',
    totp: Boolean(factor?.totpSecret),
    passkeys: Number(passkeys?.n ?? 0),
    recoveryCodesLeft: await unusedRecoveryCodes(db, user.id),
  };
}

/**
 * Wrong answers at one account (secondFactorLimits): each attempt takes a place first, so parallel
 * guesses count each other; a right answer gives its place back, so only failures are counted.
 */
export class FactorAttempts {
  private readonly attempts: Attempts;
  constructor(db: DB) {
    this.attempts = new Attempts(db);
  }

  async run<T>(userId: number, check: () => Promise<T>): Promise<T> {
    const place = await this.attempts.take(`second-factor:${userId}`, secondFactorLimits.perAccount, secondFactorLimits.windowMs);
    if (place === undefined) throw new HttpError(429, secondFactorTexts.tooMany);
    const result = await check();
    await this.attempts.releaseIds([place]);
    return result;
  }
}

/** Marks the account as holding a factor (kept from its first), creating its row when needed. */
export async function markEnrolled(db: DB, userId: number): Promise<void> {
  const now = nowIso();
  await db.insertInto('second_factors').values({ userId, totpSecret: null, pendingSecret: null, enrolledAt: now }).onConflict((oc) => oc.column('userId').doNothing()).execute();
  await db.updateTable('second_factors').set({ enrolledAt: now }).where('userId', '=', userId).where('enrolledAt', 'is', null).execute();
}
