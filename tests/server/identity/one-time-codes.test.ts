// @vitest-environment node
// One-time codes by SMS, against the real server on SQLite or PostgreSQL, with recording SMS and
// e-mail providers: sign-in by code (the same session and token as a password) and the phone
// proven at sign-up before the account exists. A code is 6 random digits kept only as a keyed
// hash, expires, works once, is void after its tries, is limited per number and per address, and
// is compared in constant time. (What no answer tells, the admin's account and recovery:
// one-time-codes-recovery.test.ts.) The server trusts one proxy, so each test picks its own
// client address.
import { decodeJwt } from 'jose';
import * as crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../../server/platform/db';
import { DeliveryError } from '../../../server/platform/outside';
import { codeLimits } from '../../../server/platform/limits';
import type { TestServer } from '../../support/server';
import { startCodes, stopCodes, type CodesWorld, travel, sendCode, lastCode, codeFor, signInWithCode, wrongCode, signUp, me } from '../../support/codes';

// Every compare of a code goes through crypto.timingSafeEqual; the spy sees the calls (and still
// compares). Only modules this run transforms see it: the server's, not jose's.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

let server: TestServer;
let db: DB;
let sms: CodesWorld['sms'];

beforeAll(async () => {
  ({ server, db, sms } = await startCodes());
});
afterAll(stopCodes);

describe('a code', () => {
  it('is 6 random digits, sent in the SMS and stored only as a keyed hash', async () => {
    const phone = '09361000001';
    const answer = await sendCode(phone, 'signIn', '198.51.100.1');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      message: `کد ۶ رقمی به شماره ۰۹۳۶۱۰۰۰۰۰۱ پیامک شد؛ ۳ دقیقه اعتبار دارد.`,
      expiresInSeconds: codeLimits.lifetimeMs / 1000,
      resendAfterSeconds: codeLimits.resendAfterMs / 1000,
    });
    const sent = sms.codes.at(-1);
    expect(sent?.to).toBe(phone);
    expect(sent?.code).toMatch(/^[0-9]{6}$/);
    expect(sent?.text).toContain(`کد ورود به آکادمی: ${sent?.code}`);
    expect(sent?.text).toContain(`@academy.test #${sent?.code}`); // the WebOTP line for PUBLIC_URL's host
    const rows = await db.selectFrom('one_time_codes').selectAll().where('phoneNumber', '=', phone).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(sent?.code);
    // Not a plain hash either: a table of the million SHA-256s of 000000…999999 finds nothing.
    expect(rows[0]?.codeHash).not.toBe(crypto.createHash('sha256').update(sent?.code ?? '').digest('hex'));
  });

  it('signs in once, issuing the same session and token as a password sign-in', async () => {
    const address = '198.51.100.2';
    const phone = '09361000002';
    const byPassword = await signUp(phone, address);
    const code = await codeFor(phone, 'signIn', address);
    const first = await signInWithCode(phone, code, address);
    expect(first.status).toBe(200);
    const claims = decodeJwt(first.body.accessToken);
    const passwordClaims = decodeJwt(byPassword);
    expect(claims.sub).toBe(passwordClaims.sub);
    expect(claims.role).toBe('User');
    expect(claims.ver).toBe(passwordClaims.ver);
    expect(typeof claims.sid).toBe('number');
    expect(claims.sid).not.toBe(passwordClaims.sid);
    expect(await me(first.body.accessToken)).toBe(200);
    const session = await db.selectFrom('sessions').selectAll().where('id', '=', Number(claims.sid)).executeTakeFirstOrThrow();
    expect(session).toMatchObject({ userId: Number(claims.sub), endedAt: null, address });
    // Its own session: signing out of it leaves the other one working.
    expect((await server.call('POST', '/api/Auth/SignOut', { token: first.body.accessToken })).status).toBe(200);
    expect(await me(first.body.accessToken)).toBe(401);
    expect(await me(byPassword)).toBe(200);

    const again = await signInWithCode(phone, code, address);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('این کد منقضی شده یا پیش‌تر به کار رفته است؛ کد تازه بخواهید');
  });

  it('takes Persian and Arabic digits, spaces and dashes, for the code and the number', async () => {
    const address = '198.51.100.3';
    await signUp('09361000003', address);
    const persian = (text: string) => text.replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'.charAt(Number(d)));
    const arabic = (text: string) => text.replace(/[0-9]/g, (d) => '٠١٢٣٤٥٦٧٨٩'.charAt(Number(d)));
    const code = await codeFor('09361000003', 'signIn', address);
    const typed = `${persian(code.slice(0, 3))} - ${arabic(code.slice(3))}`;
    const answer = await signInWithCode(persian('0936 100 0003'), typed, address);
    expect(answer.status, answer.text).toBe(200);
    const malformed = await signInWithCode('09361000003', '۱۲۳۴۵', address);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('کد باید ۶ رقم باشد');
  });

  it('expires after its lifetime', async () => {
    const address = '198.51.100.4';
    await signUp('09361000004', address);
    const code = await codeFor('09361000004', 'signIn', address);
    travel(codeLimits.lifetimeMs + 1_000);
    const late = await signInWithCode('09361000004', code, address);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('این کد منقضی شده یا پیش‌تر به کار رفته است؛ کد تازه بخواهید');
    // A new one works.
    const fresh = await codeFor('09361000004', 'signIn', address);
    expect((await signInWithCode('09361000004', fresh, address)).status).toBe(200);
  });

  it(`is void after ${codeLimits.triesPerCode} wrong tries, the right code included`, async () => {
    const address = '198.51.100.5';
    await signUp('09361000005', address);
    const code = await codeFor('09361000005', 'signIn', address);
    const messages: string[] = [];
    for (let i = 0; i < codeLimits.triesPerCode; i += 1) {
      const answer = await signInWithCode('09361000005', wrongCode(code), address);
      expect(answer.status).toBe(400);
      messages.push(answer.body.message);
    }
    expect(messages.slice(0, -1)).toEqual(Array(codeLimits.triesPerCode - 1).fill('کد واردشده درست نیست'));
    expect(messages.at(-1)).toBe('کد واردشده درست نبود و این کد دیگر کار نمی‌کند؛ کد تازه بخواهید');
    expect((await signInWithCode('09361000005', code, address)).status).toBe(400);
  });

  it('cannot be outrun by parallel guesses: of a burst, only the first tries are compared', async () => {
    const address = '198.51.100.6';
    await signUp('09361000006', address);
    const code = await codeFor('09361000006', 'signIn', address);
    const compare = vi.mocked(crypto.timingSafeEqual);
    compare.mockClear();
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => signInWithCode('09361000006', String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'), address)));
    expect(burst.map((answer) => answer.status)).toEqual(Array(12).fill(400));
    expect(compare).toHaveBeenCalledTimes(codeLimits.triesPerCode);
    const row = await db.selectFrom('one_time_codes').select(['tries', 'usedAt']).where('phoneNumber', '=', '09361000006').where('purpose', '=', 'signIn').executeTakeFirstOrThrow();
    expect(Number(row.tries)).toBe(codeLimits.triesPerCode);
    expect(row.usedAt).not.toBeNull();
    expect((await signInWithCode('09361000006', code, address)).status).toBe(400);
  });

  it('is compared in constant time (crypto.timingSafeEqual on the two 32-byte hashes)', async () => {
    const address = '198.51.100.7';
    const code = await codeFor('09361000007', 'signIn', address);
    const compare = vi.mocked(crypto.timingSafeEqual);
    compare.mockClear();
    expect((await signInWithCode('09361000007', wrongCode(code), address)).status).toBe(400);
    expect(compare).toHaveBeenCalledTimes(1);
    const [typed, stored] = compare.mock.calls[0] ?? [];
    expect(Buffer.isBuffer(typed) && typed.length).toBe(32);
    expect(Buffer.isBuffer(stored) && stored.length).toBe(32);
  });

  it('works only for its purpose, and only the newest code of a number works', async () => {
    const address = '198.51.100.8';
    await signUp('09361000008', address);
    const forReset = await codeFor('09361000008', 'reset', address);
    expect((await signInWithCode('09361000008', forReset, address)).status).toBe(400);
    travel(codeLimits.resendAfterMs);
    const older = await codeFor('09361000008', 'signIn', address);
    travel(codeLimits.resendAfterMs);
    const newer = await codeFor('09361000008', 'signIn', address);
    if (older !== newer) expect((await signInWithCode('09361000008', older, address)).status).toBe(400);
    expect((await signInWithCode('09361000008', newer, address)).status).toBe(200);
  });
});

describe('sending codes is limited', () => {
  it('per number: one a minute per purpose (with the seconds to wait), five an hour', async () => {
    const phone = '09362000001';
    expect((await sendCode(phone, 'signIn', '203.0.113.1')).status).toBe(200);
    // From another address too: the wait belongs to the number.
    const soon = await sendCode(phone, 'signIn', '203.0.113.2');
    expect(soon.status).toBe(429);
    expect(soon.body.retryAfterSeconds).toBeGreaterThan(50);
    expect(soon.body.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(soon.body.message).toMatch(/^برای کد تازه [۰-۹]+ ثانیه دیگر صبر کنید$/);
    const sentBefore = sms.codes.length;
    // Another purpose is not kept waiting (a sign-in code right after the sign-up's).
    expect((await sendCode(phone, 'reset', '203.0.113.3')).status).toBe(200);
    for (let i = 2; i < codeLimits.perPhone; i += 1) {
      travel(codeLimits.resendAfterMs);
      expect((await sendCode(phone, 'signIn', `203.0.113.${10 + i}`)).status).toBe(200);
    }
    travel(codeLimits.resendAfterMs);
    const over = await sendCode(phone, 'signIn', '203.0.113.30');
    expect(over.status).toBe(429);
    expect(over.body.message).toBe('برای این شماره در یک ساعت گذشته کد زیادی فرستاده شده است؛ یک ساعت دیگر دوباره تلاش کنید');
    expect(sms.codes.length).toBe(sentBefore + codeLimits.perPhone - 1);
    travel(codeLimits.windowMs);
    expect((await sendCode(phone, 'signIn', '203.0.113.31')).status).toBe(200);
  });

  it(`per address: ${codeLimits.perAddress} an hour over all numbers, and wrong codes`, async () => {
    const address = '203.0.113.50';
    const statuses: number[] = [];
    for (let i = 0; i < codeLimits.perAddress; i += 1) statuses.push((await sendCode(`0936300${String(i).padStart(4, '0')}`, 'signIn', address)).status);
    expect(statuses).toEqual(Array(codeLimits.perAddress).fill(200));
    const over = await sendCode('09363009999', 'signIn', address);
    expect(over.status).toBe(429);
    expect(over.body.message).toBe('تعداد درخواست‌های کد از این نشانی زیاد است؛ یک ساعت دیگر دوباره تلاش کنید');
    expect(sms.codes.some((message) => message.to === '09363009999')).toBe(false);
    // Another address is not refused.
    expect((await sendCode('09363009999', 'signIn', '203.0.113.51')).status).toBe(200);

    // Wrong codes from one address over many numbers (a spray) are refused past their budget.
    const sprayer = '203.0.113.52';
    const wrongStatuses: number[] = [];
    for (let i = 0; i <= codeLimits.wrongPerAddress; i += 1) {
      wrongStatuses.push((await signInWithCode(`0936300${String(i % codeLimits.perAddress).padStart(4, '0')}`, '000000', sprayer)).status);
    }
    expect(wrongStatuses.slice(0, codeLimits.wrongPerAddress).every((status) => status === 400)).toBe(true);
    const refused = await signInWithCode('09363000001', lastCode('09363000001'), sprayer);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('تعداد کدهای نادرست از این نشانی زیاد است؛ چند دقیقه دیگر دوباره تلاش کنید');
  });

  it('a provider that cannot deliver is a clear Persian 502, not a 500, and the number may ask again at once', async () => {
    const address = '203.0.113.60';
    sms.failNext(new DeliveryError('provider down', false));
    const down = await sendCode('09364000001', 'signIn', address);
    expect(down.status).toBe(502);
    expect(down.body.message).toBe('ارسال پیامک اکنون ممکن نشد؛ چند دقیقه دیگر دوباره تلاش کنید یا با رمز عبور وارد شوید');
    sms.failNext(new DeliveryError('number refused', true));
    const refused = await sendCode('09364000001', 'signIn', address);
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe('پیامک به این شماره نمی‌رسد؛ شماره را بررسی کنید');
    // No code of those two works (none was received); the next is sent at once.
    const rows = await db.selectFrom('one_time_codes').select('usedAt').where('phoneNumber', '=', '09364000001').execute();
    expect(rows.map((row) => row.usedAt !== null)).toEqual([true, true]);
    expect((await sendCode('09364000001', 'signIn', address)).status).toBe(200);
  });
});

