// Sign-up and sign-in (spec: /auth). Failed sign-ins are limited per account and per address.
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { toLatinDigits } from '../src/lib/text';
import { iranMobile, newPassword, optionalEmail, requiredText } from '../schema/validators';
import { Attempts } from './attempts';
import { nowIso, type DB } from './db';
import { HttpError } from './errors';
import { burnPasswordTime, hashPassword, verifyPassword } from './passwords';
import { parse, type Register } from './routes';
import { startSession } from './sessions';
import type { Tokens } from './tokens';
import type { components } from '../codegen/openapi.gen';

type AccessToken = components['schemas']['AccessToken'];

export const authTexts = {
  phoneTaken: 'این شماره موبایل قبلاً ثبت شده است',
  emailTaken: 'این ایمیل قبلاً ثبت شده است',
  wrongCredentials: 'نام کاربری یا رمز عبور اشتباه است',
  tooMany: 'تعداد تلاش‌های ناموفق زیاد است؛ چند دقیقه دیگر دوباره تلاش کنید',
  lockedOut: 'حساب کاربری شما غیرفعال شده است',
} as const;

const signInWindowMs = 15 * 60_000;
const maxFailuresPerAccount = 5;
const maxFailuresPerAddress = 20;

const password = newPassword('رمز عبور');

const signUpBody = v.object(
  {
    firstName: requiredText('نام', 100),
    lastName: requiredText('نام خانوادگی', 100),
    phoneNumber: iranMobile('شماره موبایل'),
    emailAddress: v.optional(v.pipe(optionalEmail('ایمیل'), v.toLowerCase()), ''),
    password,
  },
  'بدنه درخواست باید یک شیء JSON باشد',
);

const signInBody = v.object(
  {
    username: v.pipe(
      v.string('نام کاربری باید متن باشد'),
      v.trim(),
      v.nonEmpty('نام کاربری الزامی است'),
      v.maxLength(254, 'نام کاربری بیش از حد طولانی است'),
    ),
    password: v.pipe(
      v.string('رمز عبور باید متن باشد'),
      v.nonEmpty('رمز عبور الزامی است'),
      v.maxLength(128, 'رمز عبور حداکثر ۱۲۸ نویسه است'),
    ),
  },
  'بدنه درخواست باید یک شیء JSON باشد',
);

const signUpLabels = { firstName: 'نام', lastName: 'نام خانوادگی', phoneNumber: 'شماره موبایل', password: 'رمز عبور' };

/** A mobile number in any digits becomes 09…; anything with @ is an email, compared in lower case. */
function normaliseUsername(username: string): { phone?: string; email?: string } {
  if (username.includes('@')) return { email: username.toLowerCase() };
  const mobile = v.safeParse(iranMobile(''), username);
  return mobile.success ? { phone: mobile.output } : { phone: toLatinDigits(username) };
}

function isUniqueViolation(error: unknown, column: string): boolean {
  return error instanceof Error && /UNIQUE constraint failed|duplicate key/i.test(error.message) && error.message.includes(column);
}

export function registerAuth(register: Register, db: DB, tokens: Tokens) {
  const attempts = new Attempts(db);

  register('POST /api/Auth/SignUp', async (request): Promise<AccessToken> => {
    const body = parse(signUpBody, request.body, signUpLabels);
    const phoneTaken = await db.selectFrom('users').select('id').where('phoneNumber', '=', body.phoneNumber).executeTakeFirst();
    if (phoneTaken) throw new HttpError(409, authTexts.phoneTaken);
    if (body.emailAddress) {
      const emailTaken = await db.selectFrom('users').select('id').where('emailAddress', '=', body.emailAddress).executeTakeFirst();
      if (emailTaken) throw new HttpError(409, authTexts.emailTaken);
    }
    const passwordHash = await hashPassword(body.password);
    const now = nowIso();
    try {
      const user = await db
        .insertInto('users')
        .values({
          firstName: body.firstName,
          lastName: body.lastName,
          phoneNumber: body.phoneNumber,
          emailAddress: body.emailAddress,
          passwordHash,
          role: 1,
          isLockout: 0,
          lastLogin: now,
          createdAt: now,
          tokenVersion: 0,
        })
        .returning(['id', 'role', 'tokenVersion'])
        .executeTakeFirstOrThrow();
      return { accessToken: await startSession(db, tokens, user, request) };
    } catch (error) {
      // Two sign-ups with one number at the same moment: the unique index decides.
      if (isUniqueViolation(error, 'phoneNumber')) throw new HttpError(409, authTexts.phoneTaken);
      if (isUniqueViolation(error, 'emailAddress')) throw new HttpError(409, authTexts.emailTaken);
      throw error;
    }
  });

  register('POST /api/Auth/SignIn', async (request: FastifyRequest): Promise<AccessToken> => {
    const body = parse(signInBody, request.body, { username: 'نام کاربری', password: 'رمز عبور' });
    const who = normaliseUsername(body.username);
    const accountBucket = `account:${who.email ?? who.phone ?? ''}`;
    const addressBucket = `ip:${request.ip}`;
    // The attempt is counted before the password is checked, so parallel guesses see each other.
    const reserved = await attempts.reserve(accountBucket, addressBucket);
    if (
      (await attempts.count(accountBucket, signInWindowMs)) > maxFailuresPerAccount ||
      (await attempts.count(addressBucket, signInWindowMs)) > maxFailuresPerAddress
    ) {
      await attempts.release(reserved);
      throw new HttpError(429, authTexts.tooMany);
    }
    const user = await db
      .selectFrom('users')
      .select(['id', 'role', 'tokenVersion', 'passwordHash', 'isLockout'])
      .where(who.email ? 'emailAddress' : 'phoneNumber', '=', who.email ?? who.phone ?? '')
      .executeTakeFirst();
    const valid = user ? await verifyPassword(body.password, user.passwordHash) : (await burnPasswordTime(body.password), false);
    if (!user || !valid) {
      await attempts.trim();
      throw new HttpError(401, authTexts.wrongCredentials);
    }
    await attempts.release(reserved);
    // Only a caller who knows the password learns that the account is locked.
    if (user.isLockout) throw new HttpError(401, authTexts.lockedOut);
    await attempts.clear(accountBucket);
    await db.updateTable('users').set({ lastLogin: nowIso() }).where('id', '=', user.id).execute();
    return { accessToken: await startSession(db, tokens, user, request) };
  });
}
