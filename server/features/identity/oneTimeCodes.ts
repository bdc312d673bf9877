// One-time codes by SMS: sign-in with a phone number and a code, password
// recovery by a code (or by an e-mailed link, the admin's reset link mechanism of
// server/features/identity/userAccounts.ts), and the proof of a new phone at sign-up (server/features/identity/auth.ts).
//
// A code is 6 random digits (crypto.randomInt), kept only as an HMAC under a key derived from the
// JWT secret, so the table holds no working code (and, unlike a plain hash of a million
// possibilities, none can be recovered from it without the key). It works for
// ONE_TIME_CODE_SECONDS, once, for one purpose, and only the newest code of a number and purpose
// works. Each use counts a try before its check, in one conditional update, so parallel guesses
// count each other; the last of codeLimits.triesPerCode wrong tries voids it. It is compared in
// constant time (sameCode). Sending is limited per number (one a minute per purpose, five an hour),
// per client address (an IPv6 client by its /64 and its /56: limits.ts addressBudgets) and for the
// whole site an hour (SMS_PER_HOUR, an alert in the log when reached), with
// server/platform/slidingCounters.ts's counters.
//
// "Send me a code" never looks at accounts: every number gets the same SMS, the same row and the
// same answer, in the same time, whether or not it has an account. Only after the code is proven
// (the caller holds the phone) is the caller told what the number has: no account to sign in to,
// or (at sign-up) an account already, or a staff account, which signs in by password only.
// A staff number is sent its sign-in code all the same: skipping the SMS would answer sooner (and
// never with a delivery failure), telling anyone who times "send me a code" which numbers are
// staff's; the limits per number keep such codes to a few an hour, like any number's.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import * as v from 'valibot';
import { iranMobile, newPassword, oneTimeCode, optionalEmail } from '../../../schema/validators';
import { formatPersianNumber, toPersianDigits } from '../../../schema/rules/text';
import { Attempts } from '../../platform/slidingCounters';
import { authTexts } from './authTexts';
import { takeFailures } from './signInAlerts';
import { nowIso, type Database, type DB } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import { opensAdminPanel } from '../../../schema/rules/roles';
import { addressBudgets, codeLimits, resetMailLimits } from '../../platform/limits';
import { DeliveryError, type MailProvider, type SmsProvider } from '../../platform/outside';
import { hashPassword } from './passwords';
import { parse, type Register } from '../../platform/http';
import { endAllSessions, startSession } from './signInSessions';
import type { Tokens } from './tokens';
import { issueResetToken, resetLinkPath } from './userAccounts';
import type { components } from '../../../codegen/openapi.gen';

type Schemas = components['schemas'];
type Executor = DB | Transaction<Database>;

export const codePurposes = ['signIn', 'signUp', 'reset'] as const;
export type CodePurpose = (typeof codePurposes)[number];

export const codeTexts = {
  sent: (phone: string, lifetimeMs: number) => `کد ۶ رقمی به شماره ${phone} پیامک شد؛ ${duration(lifetimeMs)} اعتبار دارد.`,
  wrong: 'کد واردشده درست نیست',
  wrongLast: 'کد واردشده درست نبود و این کد دیگر کار نمی‌کند؛ کد تازه بخواهید',
  stale: 'این کد منقضی شده یا پیش‌تر به کار رفته است؛ کد تازه بخواهید',
  tooManyWrong: 'تعداد کدهای نادرست از این نشانی زیاد است؛ چند دقیقه دیگر دوباره تلاش کنید',
  wait: (seconds: number) => `برای کد تازه ${seconds} ثانیه دیگر صبر کنید`,
  phoneTooMany: 'برای این شماره در یک ساعت گذشته کد زیادی فرستاده شده است؛ یک ساعت دیگر دوباره تلاش کنید',
  addressTooMany: 'تعداد درخواست‌های کد از این نشانی زیاد است؛ یک ساعت دیگر دوباره تلاش کنید',
  siteTooMany: 'ارسال پیامک کد در این ساعت به سقف آکادمی رسیده است؛ کمی بعد دوباره تلاش کنید یا با رمز عبور وارد شوید',
  deliveryFailed: 'ارسال پیامک اکنون ممکن نشد؛ چند دقیقه دیگر دوباره تلاش کنید یا با رمز عبور وارد شوید',
  deliveryRefused: 'پیامک به این شماره نمی‌رسد؛ شماره را بررسی کنید',
  noAccount: 'با این شماره حسابی ساخته نشده است؛ عضو شوید',
  staffUsePassword: 'حساب مدیریت با کد پیامکی باز نمی‌شود؛ با رمز عبور وارد شوید. اگر رمز را فراموش کرده‌اید، از «رمز عبور را فراموش کرده‌اید؟» با ایمیل حساب پیوند بخواهید؛ رمز تازه با آن پیوند و یک کد پیامکی گذاشته می‌شود.',
  mailSent: 'اگر حسابی با این ایمیل باشد، پیوند گذاشتن رمز تازه به آن فرستاده شد؛ صندوق نامه (و پوشه هرزنامه) را ببینید. پیوند یک ساعت و فقط یک بار کار می‌کند.',
  mailTooMany: 'تعداد درخواست‌های پیوند بازنشانی زیاد است؛ یک ساعت دیگر دوباره تلاش کنید',
  mailSubject: 'گذاشتن رمز عبور تازه در آکادمی',
} as const;

/** "۳ دقیقه", or seconds when the lifetime is not whole minutes. */
function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds % 60 === 0 ? `${formatPersianNumber(seconds / 60)} دقیقه` : `${formatPersianNumber(seconds)} ثانیه`;
}

const smsLead: Record<CodePurpose, string> = {
  signIn: 'کد ورود به آکادمی',
  signUp: 'کد تأیید شماره برای عضویت در آکادمی',
  reset: 'کد بازیابی رمز عبور آکادمی',
};

/**
 * The SMS: the code in Latin digits (what phones offer to fill in), its purpose and lifetime, a
 * warning, and the WebOTP line (`@host #code`) with which Chrome on Android offers the code to
 * this site alone.
 */
export function smsText(purpose: CodePurpose, code: string, lifetimeMs: number, host: string): string {
  return `${smsLead[purpose]}: ${code}\n${duration(lifetimeMs)} اعتبار دارد؛ آن را به هیچ‌کس ندهید.\n\n@${host} #${code}`;
}

/**
 * Whether a typed code's hash is the stored one, in time that does not depend on where they
 * differ (crypto.timingSafeEqual): a guesser learns nothing from how long a refusal took.
 */
export function sameCode(typed: Buffer, stored: Buffer): boolean {
  return typed.length === stored.length && timingSafeEqual(typed, stored);
}

/** A code whose check passed: still to be spent (once) by the operation it proves. */
export interface CheckedCode {
  id: number;
  phoneNumber: string;
}

/** The site's code SMS of the hour, all addresses together. */
const siteBucket = 'code-site';

export class OneTimeCodes {
  private readonly attempts: Attempts;
  private readonly key: Buffer;
  /** Work answered before it ended (the e-mailed link), awaited on close. */
  private readonly background = new Set<Promise<void>>();
  /** Until when this process has raised the site's ceiling alert (once per window, not per refusal). */
  private alertedUntil = 0;

  constructor(
    private readonly db: DB,
    private readonly sms: SmsProvider,
    secret: Uint8Array,
    readonly lifetimeMs: number,
    private readonly host: string,
    /** The site's code SMS an hour (SMS_PER_HOUR), and where reaching it is told to the operator. */
    private readonly ceiling: { perHour: number; alert: (line: string) => void },
  ) {
    this.attempts = new Attempts(db);
    this.key = createHmac('sha256', secret).update('academy one-time codes v1').digest();
  }

  private hash(salt: string, phone: string, purpose: CodePurpose, code: string): Buffer {
    return createHmac('sha256', this.key).update(`${salt}|${purpose}|${phone}|${code}`).digest();
  }

  /**
   * Sends a new code to a number. Refused (429) while the number's last code of this purpose is
   * younger than a minute (its resend wait), past five codes to the number in the hour (all
   * purposes), or past the address's budget; a refusal takes back what it counted, so it costs the
   * caller nothing but sends nothing either. Past the site's hourly ceiling every code is refused
   * (429) and the operator alerted. `ip` is the client's address (request.ip).
   */
  async send(ip: string, phone: string, purpose: CodePurpose): Promise<Schemas['CodeSent']> {
    const addressSlots = await this.attempts.takeAll(addressBudgets('code-address', ip, codeLimits.perAddress), codeLimits.windowMs);
    if (!('taken' in addressSlots)) throw new HttpError(429, codeTexts.addressTooMany);
    const addressIds = addressSlots.taken;
    const waitBucket = `code-wait:${purpose}:${phone}`;
    const waitSlot = await this.attempts.take(waitBucket, 1, codeLimits.resendAfterMs);
    if (waitSlot === undefined) {
      await this.attempts.releaseIds(addressIds);
      const last = await this.attempts.latest(waitBucket);
      const left = last ? codeLimits.resendAfterMs - (Date.now() - Date.parse(last)) : codeLimits.resendAfterMs;
      const seconds = Math.min(codeLimits.resendAfterMs / 1000, Math.max(1, Math.ceil(left / 1000)));
      throw new HttpError(429, codeTexts.wait(seconds), { retryAfterSeconds: seconds });
    }
    const phoneSlot = await this.attempts.take(`code-phone:${phone}`, codeLimits.perPhone, codeLimits.windowMs);
    if (phoneSlot === undefined) {
      await this.attempts.releaseIds([...addressIds, waitSlot]);
      throw new HttpError(429, codeTexts.phoneTooMany);
    }
    const siteSlot = await this.attempts.take(siteBucket, this.ceiling.perHour, codeLimits.windowMs);
    if (siteSlot === undefined) {
      await this.attempts.releaseIds([...addressIds, waitSlot, phoneSlot]);
      if (Date.now() >= this.alertedUntil) {
        this.alertedUntil = Date.now() + codeLimits.windowMs;
        this.ceiling.alert(
          `ALERT sms-ceiling: ${this.ceiling.perHour} code SMS were sent within the last hour (SMS_PER_HOUR); further codes are refused until the hour has room. ` +
            'Many numbers asked at once: look at the request log for where from, and raise SMS_PER_HOUR only if the traffic is real.',
        );
      }
      throw new HttpError(429, codeTexts.siteTooMany);
    }

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const salt = randomBytes(16).toString('base64url');
    const now = Date.now();
    const created = new Date(now).toISOString();
    const row = await this.db.transaction().execute(async (trx) => {
      // Only the newest code of a number and purpose works: a late first SMS cannot be mixed up.
      await trx
        .updateTable('one_time_codes')
        .set({ usedAt: created })
        .where('phoneNumber', '=', phone)
        .where('purpose', '=', purpose)
        .where('usedAt', 'is', null)
        .execute();
      return trx
        .insertInto('one_time_codes')
        .values({
          phoneNumber: phone,
          purpose,
          codeHash: this.hash(salt, phone, purpose, code).toString('hex'),
          salt,
          createdAt: created,
          expiresAt: new Date(now + this.lifetimeMs).toISOString(),
          usedAt: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    });
    try {
      await this.sms.sendCode({ to: phone, code, text: smsText(purpose, code, this.lifetimeMs, this.host) });
    } catch (error) {
      // A code nobody received must not stay usable; the caller may ask again at once.
      await this.db.updateTable('one_time_codes').set({ usedAt: nowIso() }).where('id', '=', row.id).execute();
      if (!(error instanceof DeliveryError)) throw error;
      await this.attempts.releaseIds([waitSlot]);
      throw new HttpError(502, error.permanent ? codeTexts.deliveryRefused : codeTexts.deliveryFailed);
    }
    // Codes are useless a day on; pruning on writes keeps the table small.
    await this.db.deleteFrom('one_time_codes').where('createdAt', '<', new Date(now - 24 * 3600_000).toISOString()).execute();
    return {
      message: toPersianDigits(codeTexts.sent(phone, this.lifetimeMs)),
      expiresInSeconds: Math.round(this.lifetimeMs / 1000),
      resendAfterSeconds: Math.round(codeLimits.resendAfterMs / 1000),
    };
  }

  /**
   * Checks a typed code against the number's newest live code of this purpose, counting the try
   * first. Wrong, stale or void: 400 (and a wrong try against the address); the address's budget
   * of wrong tries spent: 429. The code is not spent here: the caller spends it (`spend`) together
   * with what it proves, so that a refusal after the check (an e-mail taken at sign-up) leaves it
   * to the owner's next try.
   */
  async check(ip: string, phone: string, purpose: CodePurpose, code: string): Promise<CheckedCode> {
    const wrongBudgets = addressBudgets('code-wrong', ip, codeLimits.wrongPerAddress);
    if (await this.attempts.anyFull(wrongBudgets, codeLimits.wrongWindowMs)) throw new HttpError(429, codeTexts.tooManyWrong);
    const refuse = async (message: string): Promise<never> => {
      await this.attempts.record(...wrongBudgets.map(({ bucket }) => bucket));
      throw new HttpError(400, message);
    };
    const live = await this.db
      .selectFrom('one_time_codes')
      .select(['id', 'codeHash', 'salt'])
      .where('phoneNumber', '=', phone)
      .where('purpose', '=', purpose)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', nowIso())
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!live) return refuse(codeTexts.stale);
    // Counted before the comparison, in one conditional update: of a parallel burst of guesses
    // only the first triesPerCode are compared at all.
    const counted = await this.db
      .updateTable('one_time_codes')
      .set((eb) => ({ tries: eb('tries', '+', 1) }))
      .where('id', '=', live.id)
      .where('usedAt', 'is', null)
      .where('tries', '<', codeLimits.triesPerCode)
      .returning('tries')
      .executeTakeFirst();
    if (!counted) return refuse(codeTexts.stale);
    if (sameCode(this.hash(live.salt, phone, purpose, code), Buffer.from(live.codeHash, 'hex'))) return { id: live.id, phoneNumber: phone };
    if (Number(counted.tries) >= codeLimits.triesPerCode) {
      await this.db.updateTable('one_time_codes').set({ usedAt: nowIso() }).where('id', '=', live.id).where('usedAt', 'is', null).execute();
      return refuse(codeTexts.wrongLast);
    }
    return refuse(codeTexts.wrong);
  }

  /** Spends a checked code: true once, for the first of any parallel uses (one conditional update). */
  async spend(executor: Executor, checked: CheckedCode): Promise<boolean> {
    const now = nowIso();
    const result = await executor
      .updateTable('one_time_codes')
      .set({ usedAt: now })
      .where('id', '=', checked.id)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Checks and spends at once (sign-in, recovery). */
  async use(ip: string, phone: string, purpose: CodePurpose, code: string): Promise<void> {
    const checked = await this.check(ip, phone, purpose, code);
    if (!(await this.spend(this.db, checked))) throw new HttpError(400, codeTexts.stale);
  }

  /** Runs work after the answer has gone (its time must not show in the answer's). */
  later(work: () => Promise<void>, report: (error: unknown) => void): void {
    const job = work().catch(report);
    this.background.add(job);
    void job.finally(() => this.background.delete(job));
  }

  /** Waits for work still running (the server is closing). */
  async settle(): Promise<void> {
    await Promise.all([...this.background]);
  }
}

const phoneField = iranMobile('شماره موبایل');
const codeField = oneTimeCode('کد');
const labels = { phoneNumber: 'شماره موبایل', code: 'کد', purpose: 'نوع کد', newPassword: 'رمز عبور جدید', emailAddress: 'ایمیل' };
const notObject = 'بدنه درخواست باید یک شیء JSON باشد';

const sendCodeBody = v.object({ phoneNumber: phoneField, purpose: v.picklist(codePurposes, 'نوع کد نامعتبر است') }, notObject);
const codeSignInBody = v.object({ phoneNumber: phoneField, code: codeField }, notObject);
const codeResetBody = v.object({ phoneNumber: phoneField, code: codeField, newPassword: newPassword('رمز عبور جدید') }, notObject);
const resetMailBody = v.object({ emailAddress: optionalEmail('ایمیل', true) }, notObject);

export function registerOneTimeCodes(
  register: Register,
  db: DB,
  tokens: Tokens,
  codes: OneTimeCodes,
  options: { mail: MailProvider; siteUrl: string; report: (error: unknown) => void },
): void {
  const attempts = new Attempts(db);

  register('POST /api/Auth/SendCode', 'public', sendCode);
  register('POST /api/Auth/SignInWithCode', 'public', signInWithCode);
  register('POST /api/Auth/ResetPasswordWithCode', 'public', resetPasswordWithCode);
  register('POST /api/Auth/SendResetLink', 'public', sendResetLink);

  async function sendCode(request: FastifyRequest): Promise<Schemas['CodeSent']> {
    const body = parse(sendCodeBody, request.body, labels);
    return codes.send(request.ip, body.phoneNumber, body.purpose);
  }

  // The same session and token as a password sign-in (startSession), and the same report of
  // wrong passwords tried since the last sign-in.
  async function signInWithCode(request: FastifyRequest): Promise<Schemas['AccessToken']> {
    const body = parse(codeSignInBody, request.body, labels);
    await codes.use(request.ip, body.phoneNumber, 'signIn', body.code);
    // The caller holds the phone now: telling them it has no account tells nobody else anything.
    const user = await db.selectFrom('users').select(['id', 'role', 'tokenVersion', 'isLockout']).where('phoneNumber', '=', body.phoneNumber).executeTakeFirst();
    if (!user) throw new HttpError(401, codeTexts.noAccount);
    // An account that opens the admin panel signs in with its password: a phone (a lost or
    // swapped SIM, a code read off a lock screen) is not enough for the whole academy. Only the
    // phone's holder gets this far, so the refusal tells nobody else that the number is staff's;
    // it comes before the lock-out, which (as at password sign-in) only the password reveals.
    // The code is spent and no session opens.
    if (opensAdminPanel(user.role)) throw new HttpError(403, codeTexts.staffUsePassword);
    if (user.isLockout) throw new HttpError(401, authTexts.lockedOut);
    await db.updateTable('users').set({ lastLogin: nowIso() }).where('id', '=', user.id).execute();
    const alert = await takeFailures(db, user.id);
    return {
      accessToken: await startSession(db, tokens, user, request),
      ...(alert ? { failedSignIns: alert.failures, lastFailedSignInAt: alert.lastFailureAt } : {}),
    };
  }

  // Recovery by code: the new password (sign-up's rule) is hashed only after the code is proven,
  // so a wrong code costs no scrypt; every session of the account ends, as with a reset link. An
  // account that opens the admin panel is recovered by the link and a code together
  // (passwordRecovery.ts): the code alone is spent and refused, telling its holder what to do.
  async function resetPasswordWithCode(request: FastifyRequest): Promise<Schemas['SessionsEnded']> {
    const body = parse(codeResetBody, request.body, labels);
    const checked = await codes.check(request.ip, body.phoneNumber, 'reset', body.code);
    const user = await db.selectFrom('users').select(['id', 'role']).where('phoneNumber', '=', body.phoneNumber).executeTakeFirst();
    if (!user || opensAdminPanel(user.role)) {
      await codes.spend(db, checked);
      throw user ? new HttpError(403, authTexts.staffRecoveryNeedsLink) : new HttpError(400, codeTexts.noAccount);
    }
    const passwordHash = await hashPassword(body.newPassword);
    const ended = await db.transaction().execute(async (trx) => {
      if (!(await codes.spend(trx, checked))) return undefined;
      await trx.updateTable('users').set({ passwordHash }).where('id', '=', user.id).execute();
      return endAllSessions(trx, user.id, 'password');
    });
    if (ended === undefined) throw new HttpError(400, codeTexts.stale);
    return { ended };
  }

  // Recovery by e-mail: the admin's one-time reset link (server/features/identity/userAccounts.ts), valid for an
  // hour, mailed to the account's address. The answer is the same, and as quick, whether or not
  // an account has the address: the look-up and the mail happen after it has gone. A mail that
  // fails is logged; reporting it would say the address has an account.
  async function sendResetLink(request: FastifyRequest): Promise<Schemas['MessageAnswer']> {
    const body = parse(resetMailBody, request.body, labels);
    const slots = await attempts.takeAll(
      [...addressBudgets('reset-mail-address', request.ip, resetMailLimits.perAddress), { bucket: `reset-mail:${body.emailAddress}`, limit: resetMailLimits.perEmail }],
      resetMailLimits.windowMs,
    );
    if (!('taken' in slots)) throw new HttpError(429, codeTexts.mailTooMany);
    codes.later(async () => {
      const user = await db.selectFrom('users').select(['id', 'firstName', 'emailAddress']).where('emailAddress', '=', body.emailAddress).executeTakeFirst();
      if (!user) return;
      const token = await issueResetToken(db, user.id, user.id, resetMailLimits.linkLifetimeMs);
      const link = `${options.siteUrl}${resetLinkPath(token)}`;
      await options.mail.send({
        to: user.emailAddress,
        subject: codeTexts.mailSubject,
        text: [
          `${user.firstName} گرامی، سلام.`,
          'برای گذاشتن رمز عبور تازه در آکادمی این پیوند را باز کنید؛ یک ساعت و فقط یک بار کار می‌کند:',
          link,
          'اگر شما این درخواست را نداده‌اید، این نامه را نادیده بگیرید؛ رمز عبورتان تغییر نمی‌کند.',
        ].join('\n\n'),
      });
    }, options.report);
    return { message: codeTexts.mailSent };
  }
}
