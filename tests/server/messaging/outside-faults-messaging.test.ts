// @vitest-environment node
// No answer from outside makes a 500, nor loses or doubles a message: the SMS service
// (tests/support/fake-sms.ts, Kavenegar's API) and the SMTP server (tests/support/fake-smtp.ts, a
// scripted server misbehaving at the protocol level) are made to answer every way a real one, or
// something in front of it, may, through every operation that calls them: the one-time codes
// (sign-in, sign-up, reset) and the notification worker for SMS; the e-mailed reset link and the
// notification worker for mail. The same design as the gateway's table (outside-faults.test.ts):
// for each fault × operation, no 5xx but the deliberate Persian 502 where the API must say the
// SMS did not go, a code that went nowhere does not stay usable and does not cost the wait before
// the next, an outbox row is retried later and not sent twice when the first send went, and the
// admin's notifications screen tells what happened. The worker's round (deliverDue) is called
// explicitly. SQLite, or PostgreSQL with TEST_DATABASE=postgres; the figures are written under
// .tmp/outside-faults for the fuzz report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { nowIso, openConfiguredDatabase, type DB } from '../../../server/platform/db';
import { kavenegarSms } from '../../../server/features/messaging/kavenegar';
import { type MailProvider, type Messaging } from '../../../server/platform/outside';
import { enqueue } from '../../../server/features/messaging/notifications';
import { deliverDue, retryDelayMs } from '../../../server/features/messaging/notificationWorker';
import { notificationSettings } from '../../../server/platform/config';
import { unusablePasswordHash } from '../../../server/features/identity/passwords';
import { smtpMail } from '../../../server/features/messaging/smtpMail';
import { hugeSmsAnswerBytes, smsFaults, startFakeSms, type FakeSms, type SmsFault } from '../../support/fake-sms';
import { hugeSmtpReplyBytes, smtpFaults, startFakeSmtp, type FakeSmtp, type SmtpFault } from '../../support/fake-smtp';
import { faultFigures } from '../../support/outside-faults';
import { databaseFor, usePostgres } from '../../support/postgres-db';
import { adminPassword, adminPhone, startServer, type TestServer } from '../../support/server';
import { eventually } from '../../support/eventually';

/**
 * The slow faults wait past these, so they are short; yet long enough that an answer that does
 * come is never cut off on a busy machine (two CPU hogs beside the suite once made a 1 s wait fire
 * inside a good exchange). The SMTP socket wait ends an exchange whose replies a fault shifted
 * (unasked: the last reply never comes, the message already accepted), so it must outlast the
 * whole exchange, not only a greeting.
 */
const smsTimeoutMs = 2000;
const smtpGreetingTimeoutMs = 2000;
const smtpSocketTimeoutMs = 5000;
let sms: FakeSms;
let smtp: FakeSmtp;
let server: TestServer;
let db: DB;
let admin: string;
let messaging: Messaging;
/** Mail sends under way (the reset link is mailed after the answer): waited for, never slept on. */
const inFlight = new Set<Promise<unknown>>();
let mailsTried = 0;
const settings = { ...notificationSettings({}), maxAttempts: 5 };

beforeAll(async () => {
  sms = await startFakeSms();
  smtp = await startFakeSmtp();
  const realMail = smtpMail({
    host: '127.0.0.1',
    port: smtp.port,
    secure: false,
    from: { name: 'آکادمی', address: 'academy@academy.test' },
    connectionTimeoutMs: smtpGreetingTimeoutMs,
    greetingTimeoutMs: smtpGreetingTimeoutMs,
    socketTimeoutMs: smtpSocketTimeoutMs,
    timeoutMs: 3 * smtpSocketTimeoutMs,
  });
  const mail: MailProvider = {
    description: realMail.description,
    send: (message) => {
      mailsTried += 1;
      const sending = realMail.send(message);
      const tracked = sending.catch(() => undefined);
      inFlight.add(tracked);
      void tracked.finally(() => inFlight.delete(tracked));
      return sending;
    },
  };
  messaging = { sms: kavenegarSms({ apiKey: sms.apiKey, url: sms.url, otpTemplate: 'verify', timeoutMs: smsTimeoutMs }), mail };
  // The server's own worker waits an hour between rounds: the tests run its rounds themselves.
  server = await startServer({ trustProxy: 1, messaging, notifications: { pollMs: 3_600_000 } });
  db = await openConfiguredDatabase({
    databaseUrl: usePostgres ? await databaseFor(server.dataDir) : undefined,
    databaseFile: path.join(server.dataDir, 'academy.sqlite'),
  });
  admin = await server.signIn(adminPhone, adminPassword);
});
afterAll(async () => {
  await Promise.all([...inFlight]);
  await db?.destroy();
  await server?.close();
  await sms?.close();
  await smtp?.close();
});

const persian = /[\u0600-\u06FF]/;
let numbers = 0;
/** A fresh number (and client address): the send limits are per number and per address. */
const freshNumber = () => {
  numbers += 1;
  return { phone: `0935${String(numbers).padStart(7, '0')}`, from: { 'x-forwarded-for': `198.51.100.${numbers}` } };
};
async function newUser(email: string): Promise<{ id: number; phone: string; from: Record<string, string> }> {
  const { phone, from } = freshNumber();
  const row = await db
    .insertInto('users')
    .values({ firstName: 'نگار', lastName: 'خطایی', phoneNumber: phone, emailAddress: email, passwordHash: unusablePasswordHash, role: 1, isLockout: 0, lastLogin: null, createdAt: nowIso(), tokenVersion: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, phone, from };
}

/** What each fault produced, per boundary, for the fuzz report. */
const count = faultFigures(`${usePostgres ? 'postgres' : 'sqlite'}-messaging`);

interface NotificationRow {
  id: number;
  status: string;
  attempts: number;
  lastError: string;
  channel: string;
}
/** The outbox row as the admin's notifications screen lists it. */
async function shown(id: number): Promise<NotificationRow> {
  const answer = await server.call<{ items: NotificationRow[] }>('GET', '/api/Notification/GetSelectList', { token: admin, query: { page: '1', ids: String(id) } });
  expect(answer.status, answer.text).toBe(200);
  const row = answer.body.items[0];
  if (!row) throw new Error(`notification ${id} not listed`);
  return row;
}
/** Queues one notice to the user (an SMS, and an e-mail when they have an address); answers the rows. */
async function queueNotice(userId: number, subject: string): Promise<NotificationRow[]> {
  await db.transaction().execute((trx) => enqueue(trx, [{ event: 'enrolled', subject, userId, text: `ثبت‌نام ${subject} انجام شد` }]));
  const rows = await db.selectFrom('notifications').select('id').where('userId', '=', userId).orderBy('id').execute();
  return Promise.all(rows.map((r) => shown(r.id)));
}

// ── SMS: every fault × every operation that sends one ──
type SmsOperation = 'signInCode' | 'signUpCode' | 'resetCode' | 'notification';
const purposeOf = { signInCode: 'signIn', signUpCode: 'signUp', resetCode: 'reset' } as const;
/** Faults whose answer still says the message went: extra fields are ignored. */
const smsUsable = (fault: SmsFault) => fault === 'extraFields';
/** Faults after which the service had sent the message (the caller could not know). */
const smsActed = (fault: SmsFault) => fault === 'missingFields' || fault === 'droppedAfter';

async function sendCodeThrough(operation: Exclude<SmsOperation, 'notification'>, fault: SmsFault): Promise<string> {
  const { phone, from } = freshNumber();
  // duplicateId answers the last message's record: there is one (another number's) to answer.
  if (fault === 'duplicateId') await server.call('POST', '/api/Auth/SendCode', { body: { phoneNumber: freshNumber().phone, purpose: 'signUp' }, headers: freshNumber().from });
  const purpose = purposeOf[operation];
  sms.inject('lookup', fault);
  const first = await server.call<{ message: string }>('POST', '/api/Auth/SendCode', { body: { phoneNumber: phone, purpose }, headers: from });
  sms.clear();
  const live = () => db.selectFrom('one_time_codes').select('id').where('phoneNumber', '=', phone).where('usedAt', 'is', null).execute();
  if (smsUsable(fault)) {
    expect(first.status, first.text).toBe(200);
    expect(await live()).toHaveLength(1);
    expect(sms.to(phone)).toHaveLength(1);
    return 'ok, code sent';
  }
  expect(first.status, first.text).toBe(502);
  expect(first.body.message).toMatch(persian);
  // The code nobody is known to have received works for nobody.
  expect(await live()).toHaveLength(0);
  expect(sms.to(phone)).toHaveLength(smsActed(fault) ? 1 : 0);
  // The failed send does not cost the minute's wait: asked again at once, a code goes.
  const again = await server.call('POST', '/api/Auth/SendCode', { body: { phoneNumber: phone, purpose }, headers: from });
  expect(again.status, again.text).toBe(200);
  expect(await live()).toHaveLength(1);
  const received = sms.to(phone);
  expect(received).toHaveLength(smsActed(fault) ? 2 : 1);
  // The code that works is the one received last.
  expect(received.at(-1)?.token).toMatch(/^[0-9]{6}$/);
  return `502, no live code${smsActed(fault) ? ' (the void one did arrive)' : ''}, sent at once on the retry`;
}

const smsRun: Record<SmsOperation, (fault: SmsFault) => Promise<string>> = {
  signInCode: (fault) => sendCodeThrough('signInCode', fault),
  signUpCode: (fault) => sendCodeThrough('signUpCode', fault),
  resetCode: (fault) => sendCodeThrough('resetCode', fault),
  async notification(fault) {
    const user = await newUser('');
    const [row] = await queueNotice(user.id, `sms-${fault}`);
    if (!row) throw new Error('nothing queued');
    expect(row.channel).toBe('sms');
    if (fault === 'duplicateId' && sms.messages.length === 0) await messaging.sms.send({ to: freshNumber().phone, text: 'پیش از این' });
    const t0 = Date.now();
    sms.inject('send', fault);
    await deliverDue(db, messaging, settings, t0);
    sms.clear();
    if (smsUsable(fault)) {
      expect(await shown(row.id)).toMatchObject({ status: 'sent', attempts: 1, lastError: '' });
      expect(sms.to(user.phone)).toHaveLength(1);
      return 'sent';
    }
    // The admin sees it waiting for another try, and why.
    const waiting = await shown(row.id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting.lastError).toMatch(/Kavenegar/);
    expect(sms.to(user.phone)).toHaveLength(smsActed(fault) ? 1 : 0);
    await deliverDue(db, messaging, settings, t0 + retryDelayMs(settings, 1));
    expect(await shown(row.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: '' });
    // Once, whatever the first answer was: the retry carries the same localid.
    expect(sms.to(user.phone)).toHaveLength(1);
    return `queued again (${smsActed(fault) ? 'it had gone: the retry is the same message' : 'nothing sent'}), sent once by the next round`;
  },
};

describe('the SMS service misbehaving, every fault × every operation', () => {
  const operations: SmsOperation[] = ['signInCode', 'signUpCode', 'resetCode', 'notification'];
  const cases = operations.flatMap((operation) => smsFaults.map((fault) => ({ operation, fault })));
  it.each(cases)('$operation, the SMS service answering $fault', async ({ operation, fault }) => {
    const hugeBefore = sms.hugeBytesSent();
    const produced = await smsRun[operation](fault);
    count('sms', `${operation}: ${produced}`);
    if (fault === 'huge') expect(sms.hugeBytesSent() - hugeBefore).toBeLessThan(hugeSmsAnswerBytes);
  });
});

// ── Mail: every fault × every operation that sends one ──
type MailOperation = 'resetLink' | 'notification';
/** Faults after which the message still went and the client was told so. */
const mailUsable = (fault: SmtpFault) => fault === 'missingFields' || fault === 'extraFields' || fault === 'duplicateId';
/**
 * The message was accepted, but the client never heard it: the connection dropped before the
 * final reply, or an unsolicited line put every reply one step behind, so the acceptance was read
 * as the answer to something else. Delivered or not? SMTP cannot tell.
 */
const mailActed = (fault: SmtpFault) => fault === 'droppedAfter' || fault === 'unasked';
/** The text of a message as sent (base64 or quoted-printable undone). */
function textOf(data: string): string {
  const at = data.indexOf('\r\n\r\n');
  const head = data.slice(0, at);
  const body = data.slice(at + 4);
  if (/^Content-Transfer-Encoding:\s*base64/im.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/^Content-Transfer-Encoding:\s*quoted-printable/im.test(head)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}
const settled = async () => {
  await eventually(() => {
    if (inFlight.size > 0) throw new Error('a mail is still being sent');
  });
};
const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.some((to) => to.includes(address)));
let mailboxes = 0;

const mailRun: Record<MailOperation, (fault: SmtpFault) => Promise<string>> = {
  async resetLink(fault) {
    mailboxes += 1;
    const email = `reset-${mailboxes}@example.com`;
    const user = await newUser(email);
    smtp.inject(fault);
    const tried = mailsTried;
    const first = await server.call<{ message: string }>('POST', '/api/Auth/SendResetLink', { body: { emailAddress: email }, headers: user.from });
    // The same answer whatever the mail did: it must not tell whether the address has an account.
    expect(first.status, first.text).toBe(200);
    expect(first.body.message).toMatch(persian);
    await eventually(() => expect(mailsTried).toBeGreaterThan(tried));
    await settled();
    smtp.clear();
    // A message the server took is on record once its data is read, which may come a moment after
    // the client gave up waiting for the last reply (unasked).
    const expected = mailUsable(fault) || mailActed(fault) ? 1 : 0;
    await eventually(() => expect(mailsTo(email)).toHaveLength(expected));
    const delivered = mailsTo(email).length;
    if (delivered === 1 && !mailActed(fault)) return 'sent';
    // Asked again, the link goes.
    const again = await server.call('POST', '/api/Auth/SendResetLink', { body: { emailAddress: email }, headers: user.from });
    expect(again.status, again.text).toBe(200);
    await eventually(() => expect(mailsTo(email)).toHaveLength(delivered + 1));
    await settled();
    expect(textOf(mailsTo(email).at(-1)?.data ?? '')).toMatch(/http:\/\/academy\.test\/auth\/reset\/[A-Za-z0-9_-]{43}/);
    return delivered === 0 ? 'not sent (logged); sent when asked again' : 'accepted, the client never told (logged); a new link when asked again';
  },
  async notification(fault) {
    mailboxes += 1;
    const email = `notice-${mailboxes}@example.com`;
    const user = await newUser(email);
    const rows = await queueNotice(user.id, `mail-${fault}`);
    const row = rows.find((r) => r.channel === 'email');
    if (!row) throw new Error('no e-mail queued');
    const t0 = Date.now();
    smtp.inject(fault);
    await deliverDue(db, messaging, settings, t0);
    smtp.clear();
    const first = await shown(row.id);
    if (mailUsable(fault)) {
      expect(first).toMatchObject({ status: 'sent', attempts: 1, lastError: '' });
      expect(mailsTo(email)).toHaveLength(1);
      return 'sent';
    }
    expect(first.lastError).toMatch(/SMTP/);
    if (fault === 'permanent') {
      // Refused for good: the admin sees it failed, and why; nothing is retried on its own.
      expect(first).toMatchObject({ status: 'failed', attempts: 1 });
      expect(mailsTo(email)).toHaveLength(0);
      await deliverDue(db, messaging, settings, t0 + retryDelayMs(settings, 1));
      expect((await shown(row.id)).status).toBe('failed');
      return 'failed (the refusal shown), not retried';
    }
    expect(first).toMatchObject({ status: 'queued', attempts: 1 });
    await eventually(() => expect(mailsTo(email)).toHaveLength(mailActed(fault) ? 1 : 0));
    await deliverDue(db, messaging, settings, t0 + retryDelayMs(settings, 1));
    expect(await shown(row.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: '' });
    const copies = mailsTo(email);
    if (mailActed(fault)) {
      // SMTP cannot say whether the first went: the retry is the same message (one Message-ID),
      // which receivers and mail clients fold into one.
      expect(copies).toHaveLength(2);
      expect(new Set(copies.map((m) => m.messageId)).size).toBe(1);
      expect(copies[0]?.messageId).toMatch(/^<.+@academy\.test>$/);
      return `queued again (accepted unheard: ${fault}), the retry under the same Message-ID`;
    }
    expect(copies).toHaveLength(1);
    return 'queued again (nothing sent), sent once by the next round';
  },
};

describe('the SMTP server misbehaving, every fault × every operation', () => {
  const operations: MailOperation[] = ['resetLink', 'notification'];
  const cases = operations.flatMap((operation) => smtpFaults.map((fault) => ({ operation, fault })));
  it.each(cases)('$operation, the SMTP server answering $fault', async ({ operation, fault }) => {
    const hugeBefore = smtp.hugeBytesSent();
    const produced = await mailRun[operation](fault);
    count('mail', `${operation}: ${produced}`);
    if (fault === 'huge') expect(smtp.hugeBytesSent() - hugeBefore).toBeLessThan(hugeSmtpReplyBytes);
  });
});
