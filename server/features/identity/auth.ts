// Sign-up and sign-in (spec: /auth). How guessing and flooding are kept slow without locking the
// owner out is described at signIn below; the numbers are in limits.ts.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { toLatinDigits } from '../../../schema/rules/text';
import { iranMobile } from '../../../schema/validators';
import { SignInSchema } from '../../../schema/rules/forms/signInRules';
import { SignUpBodySchema } from '../../../schema/rules/forms/signUpRules';
import { Attempts } from '../../platform/slidingCounters';
import { nowIso, type DB } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import { Gate } from '../../platform/gate';
import { addressBudgets, addressKey, addressKeys, signInLimits, signUpLimits } from '../../platform/limits';
import { burnPasswordTime, hashPassword, verifyPassword } from './passwords';
import type { OneTimeCodes } from './oneTimeCodes';
import { parse, type Register } from '../../platform/http';
import { startSession } from './signInSessions';
import type { Tokens } from './tokens';
import type { components } from '../../../codegen/openapi.gen';
import { authTexts } from './authTexts';
import { noteFailure, takeFailures } from './signInAlerts';

type AccessToken = components['schemas']['AccessToken'];



/** The wait before checking a password at an account with this many recent failures. */
export function accountDelayMs(failures: number): number {
  const past = failures - signInLimits.accountSlowFrom + 1;
  return past <= 0 ? 0 : Math.min(signInLimits.accountDelayMaxMs, past * signInLimits.accountDelayStepMs);
}

const notObject = 'بدنه درخواست باید یک شیء JSON باشد';

// The sign-up and sign-in forms' own rules (schema/rules/forms): the API refuses what the forms
// refuse, with the same words. A client may leave the e-mail out; it is kept in lower case.
const signUpBody = v.object(SignUpBodySchema.entries, notObject);

const signInBody = v.object(SignInSchema.entries, notObject);

const signUpLabels = { firstName: 'نام', lastName: 'نام خانوادگی', phoneNumber: 'شماره موبایل', password: 'رمز عبور', code: 'کد تأیید' };

function normaliseUsername(username: string): { phone?: string; email?: string } {
  if (username.includes('@')) return { email: username.toLowerCase() };
  const mobile = v.safeParse(iranMobile(''), username);
  return mobile.success ? { phone: mobile.output } : { phone: toLatinDigits(username) };
}

function isUniqueViolation(error: unknown, column: string): boolean {
  return error instanceof Error && /UNIQUE constraint failed|duplicate key/i.test(error.message) && error.message.includes(column);
}

export function registerAuth(register: Register, db: DB, tokens: Tokens, codes: OneTimeCodes) {
  const attempts = new Attempts(db);
  const signUpHashing = new Gate(signUpLimits.hashConcurrency, signUpLimits.hashQueue);

  register('POST /api/Auth/SignUp', 'public', signUp);
  register('POST /api/Auth/SignIn', 'public', signIn);

  // A new account's phone is proven before the account exists: the form asks for a code
  // (SendCode, purpose signUp, sent to every number alike) and this call takes it with the rest.
  // Without the right code nothing is looked up, so sign-up tells no one whether a number is
  // registered; the phone's holder alone hears "already registered" (409), and is better told.
  // What stays of the sign-up bounds: a few such answers per address an hour (an e-mail taken is
  // still one, now only to someone holding a phone), sign-ups per address, and one scrypt hash
  // at a time whatever the number of connections (limits.ts).
  async function signUp(request: FastifyRequest): Promise<AccessToken> {
    const body = parse(signUpBody, request.body, signUpLabels);
    const address = addressKey(request.ip);
    const takenBucket = `signup-taken:${address}`;
    // Decided before the number is looked at, so the refusal says nothing about this number.
    if ((await attempts.count(takenBucket, signUpLimits.windowMs)) >= signUpLimits.takenAnswersPerAddress) {
      throw new HttpError(429, authTexts.signUpTooMany);
    }
    const attempt = await attempts.take(`signup:${address}`, signUpLimits.perAddress, signUpLimits.windowMs);
    if (attempt === undefined) throw new HttpError(429, authTexts.signUpTooMany);
    // A wrong code is the code's refusal (counted against the code and the address), not a sign-up.
    const checked = await codes.check(request.ip, body.phoneNumber, 'signUp', body.code).catch(async (error: unknown) => {
      await attempts.releaseIds([attempt]);
      throw error;
    });
    const taken = async (message: string): Promise<never> => {
      await attempts.record(takenBucket);
      throw new HttpError(409, message);
    };
    const phoneTaken = await db.selectFrom('users').select('id').where('phoneNumber', '=', body.phoneNumber).executeTakeFirst();
    if (phoneTaken) return taken(authTexts.phoneTaken);
    if (body.emailAddress) {
      const emailTaken = await db.selectFrom('users').select('id').where('emailAddress', '=', body.emailAddress).executeTakeFirst();
      if (emailTaken) return taken(authTexts.emailTaken);
    }
    const hashed = await signUpHashing.run(() => hashPassword(body.password));
    if (!hashed) {
      // Not this address's fault: the attempt is not counted against it.
      await attempts.releaseIds([attempt]);
      throw new HttpError(429, authTexts.signUpBusy);
    }
    const now = nowIso();
    try {
      const user = await db.transaction().execute(async (trx) => {
        // Spent with the account's creation: of two sign-ups with one code, one is made.
        if (!(await codes.spend(trx, checked))) return undefined;
        return trx
          .insertInto('users')
          .values({
            firstName: body.firstName,
            lastName: body.lastName,
            phoneNumber: body.phoneNumber,
            emailAddress: body.emailAddress,
            passwordHash: hashed.value,
            role: 1,
            isLockout: 0,
            lastLogin: now,
            createdAt: now,
            tokenVersion: 0,
          })
          .returning(['id', 'role', 'tokenVersion'])
          .executeTakeFirstOrThrow();
      });
      if (!user) throw new HttpError(400, authTexts.codeSpent);
      return { accessToken: await startSession(db, tokens, user, request) };
    } catch (error) {
      // Two sign-ups with one number at the same moment: the unique index decides.
      if (isUniqueViolation(error, 'phoneNumber')) return taken(authTexts.phoneTaken);
      if (isUniqueViolation(error, 'emailAddress')) return taken(authTexts.emailTaken);
      throw error;
    }
  }

  /**
   * Wrong passwords are limited per (address, account) pair and per address: those limits refuse
   * (429) the guesser's address, not the account, so the owner signing in from their own address
   * is never refused. Failures at the account from all addresses only slow every attempt at it
   * (a growing wait, at most a few seconds) and are kept, so the owner's next successful sign-in
   * is told how many wrong passwords were tried since the last one. Each attempt holds a place
   * while its slow check runs, so parallel guesses count each other; a success gives its place
   * back, so correct sign-ins at the same moment only queue (Attempts.admit).
   */
  async function signIn(request: FastifyRequest): Promise<AccessToken> {
    const body = parse(signInBody, request.body, { username: 'شماره موبایل یا ایمیل', password: 'رمز عبور' });
    const who = normaliseUsername(body.username);
    const account = who.email ?? who.phone ?? '';
    const accountBucket = `account:${account}`;
    // The address first: it never holds "|", so no username can make two pairs look alike.
    const pairBudgets = addressBudgets('pair', request.ip, signInLimits.perAccountAndAddress, `|${account}`);
    // Admissions are serialised by the widest key (an IPv6 client's /56), which every bucket here belongs to.
    const lockKey = `ip:${addressKeys(request.ip).at(-1) ?? ''}`;
    const reservation = await attempts.admit(lockKey, [...pairBudgets, ...addressBudgets('ip', request.ip, signInLimits.perAddress)], {
      windowMs: signInLimits.windowMs,
      maxQueue: signInLimits.maxQueue,
      maxWaitMs: signInLimits.maxWaitMs,
    });
    if (!reservation) throw new HttpError(429, authTexts.tooMany);
    let outcome: 'failed' | 'succeeded' | 'unknown' = 'unknown';
    try {
      const delay = accountDelayMs(await attempts.count(accountBucket, signInLimits.windowMs));
      if (delay > 0) await sleep(delay);
      const user = await db
        .selectFrom('users')
        .select(['id', 'role', 'tokenVersion', 'passwordHash', 'isLockout'])
        .where(who.email ? 'emailAddress' : 'phoneNumber', '=', account)
        .executeTakeFirst();
      const valid = user ? await verifyPassword(body.password, user.passwordHash) : (await burnPasswordTime(body.password), false);
      if (!user || !valid) {
        outcome = 'failed';
        await attempts.confirm(reservation);
        await attempts.record(accountBucket);
        if (user) await noteFailure(db, user.id);
        throw new HttpError(401, authTexts.wrongCredentials);
      }
      outcome = 'succeeded';
      await attempts.release(reservation);
      // Only a caller who knows the password learns that the account is locked.
      if (user.isLockout) throw new HttpError(401, authTexts.lockedOut);
      for (const { bucket } of pairBudgets) await attempts.clear(bucket);
      await db.updateTable('users').set({ lastLogin: nowIso() }).where('id', '=', user.id).execute();
      const alert = await takeFailures(db, user.id);
      return {
        accessToken: await startSession(db, tokens, user, request),
        ...(alert ? { failedSignIns: alert.failures, lastFailedSignInAt: alert.lastFailureAt } : {}),
      };
    } finally {
      // A database error mid-check must not leave a reservation holding the queue.
      if (outcome === 'unknown') await attempts.release(reservation).catch(() => undefined);
    }
  }
}
