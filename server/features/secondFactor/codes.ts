// Codes of the second factor: an authenticator app's TOTP (RFC 6238: SHA-1, 30 s, 6 digits,
// one step either side for a clock that drifts) and the ten one-time recovery codes. A TOTP code
// is accepted once: the step it belongs to is remembered per account, and a code of that step or
// an earlier one is refused, so a code seen over a shoulder or replayed from a log is dead. Recovery
// codes are random (50 bits), kept as SHA-256 hashes (their chance makes a slow hash needless).
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Transaction } from 'kysely';
import QRCode from 'qrcode';
import { Secret, TOTP } from 'otpauth';
import { toLatinDigits } from '../../../schema/rules/text';
import { nowIso, type Database, type DB } from '../../platform/db';

type Executor = DB | Transaction<Database>;

export const totpPeriodSeconds = 30;
const totpWindow = 1;
export const recoveryCodeCount = 10;
/** Without letters and digits read alike (0/o, 1/l/i), as one is copied from paper. */
const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

function totpFor(secret: string, label = ''): TOTP {
  return new TOTP({ issuer: 'Academy', label, algorithm: 'SHA1', digits: 6, period: totpPeriodSeconds, secret: Secret.fromBase32(secret) });
}

/** A new secret (160 bits, as RFC 4226 recommends), its otpauth:// address and that address as an SVG QR code. */
export async function newTotpSecret(label: string): Promise<{ secret: string; uri: string; qrSvg: string }> {
  const secret = new Secret({ buffer: new Uint8Array(randomBytes(20)).buffer }).base32;
  const uri = totpFor(secret, label).toString();
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrSvg };
}

/** What was typed, as Latin digits and letters without spaces or dashes. */
export function normaliseCode(typed: string): string {
  return toLatinDigits(typed).toLowerCase().replace(/[\s\u200c-]+/g, '');
}

export const isTotpCode = (code: string): boolean => /^[0-9]{6}$/.test(code);
export const isRecoveryCode = (code: string): boolean => code.length === 10 && [...code].every((c) => recoveryAlphabet.includes(c));

/** The time step a code belongs to (now, or one either side), or undefined when it is none of them. */
export function totpStep(secret: string, code: string, now = Date.now()): number | undefined {
  const delta = totpFor(secret).validate({ token: code, window: totpWindow, timestamp: now });
  return delta === null ? undefined : Math.floor(now / 1000 / totpPeriodSeconds) + delta;
}

/**
 * Takes the step for the account if no code of it or a later step was accepted: one conditional
 * update, so two requests racing with one code cannot both pass.
 */
export async function takeStep(db: Executor, userId: number, step: number): Promise<boolean> {
  const result = await db.updateTable('second_factors').set({ lastStep: step }).where('userId', '=', userId).where('lastStep', '<', step).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** Ten new recovery codes for the account, replacing its old ones; answered once, kept hashed. */
export async function issueRecoveryCodes(trx: Executor, userId: number): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, () => Array.from({ length: 10 }, () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]).join(''));
  await trx.deleteFrom('recovery_codes').where('userId', '=', userId).execute();
  await trx.insertInto('recovery_codes').values(codes.map((code) => ({ userId, codeHash: hashCode(code), usedAt: null }))).execute();
  return codes.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`);
}

/** New codes when the account holds no unused one (its first factor, or all spent); else none. */
export async function recoveryCodesIfNone(trx: Executor, userId: number): Promise<string[]> {
  return (await unusedRecoveryCodes(trx, userId)) > 0 ? [] : issueRecoveryCodes(trx, userId);
}

export async function unusedRecoveryCodes(db: Executor, userId: number): Promise<number> {
  const row = await db.selectFrom('recovery_codes').select((eb) => eb.fn.countAll<number | string>().as('n')).where('userId', '=', userId).where('usedAt', 'is', null).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Spends a recovery code: true once, for the first request that uses it. */
export async function spendRecoveryCode(db: Executor, userId: number, code: string): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ usedAt: nowIso() })
    .where('userId', '=', userId)
    .where('codeHash', '=', hashCode(code))
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
