// @vitest-environment node
// E-mail through nodemailer to a real SMTP receiver (smtp-server) on this machine: delivery,
// refusals told apart from outages, TLS required where credentials travel, no secret in an error.
import { createServer, type Server, type Socket } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { messagingSettings } from '../../../server/features/messaging/settings';
import { smtpMail, smtpTransportOptions, type SmtpOptions } from '../../../server/features/messaging/smtpMail';
import { freePort } from '../../e2e/harness';
import { allText, failure } from '../../support/delivery';
import type { Received } from './messaging.test';

/** A real SMTP receiver on this machine (no TLS), keeping what it accepts. */
export async function startSmtp(options: { auth?: { user: string; pass: string }; refuseRcpt?: (address: SMTPServerAddress) => Error | undefined; refuseData?: () => Error | undefined } = {}) {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    logger: false,
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) return callback(null, { user: auth.username });
      const refused = Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 });
      callback(refused);
    },
    onRcptTo(address, _session, callback) {
      callback(options.refuseRcpt?.(address) ?? null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const refused = options.refuseData?.();
        if (refused) return callback(refused);
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback(null);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as { port: number }).port;
  return { port, received, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

/** Header value of a raw message, unfolded, with RFC 2047 encoded words decoded. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  if (line === undefined) return undefined;
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/\?=\s+=\?/g, '?==?') // whitespace between two encoded words is not text
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

/** The decoded body of the message's part of this content type. */
function part(raw: string, contentType: string): string | undefined {
  const index = raw.toLowerCase().indexOf(`content-type: ${contentType}`);
  if (index < 0) return undefined;
  const rest = raw.slice(index);
  const split = rest.search(/\r?\n\r?\n/);
  const headers = rest.slice(0, split).toLowerCase();
  const body = rest.slice(split).replace(/^\r?\n\r?\n/, '').split(/\r?\n--/)[0] ?? '';
  if (headers.includes('content-transfer-encoding: base64')) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (headers.includes('content-transfer-encoding: quoted-printable')) {
    return Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
  }
  return body;
}

describe('SMTP e-mail', () => {
  const from = { name: 'آکادمی', address: 'no-reply@academy.example' };
  const mail = (port: number, options: Partial<SmtpOptions> = {}) => smtpMail({ host: '127.0.0.1', port, secure: false, from, ...options });

  it('delivers text and html to a real SMTP server, with the From configured and the Message-ID from the idempotency key', async () => {
    const smtp = await startSmtp();
    try {
      const sent = await mail(smtp.port).send({
        to: 'parent@example.org',
        subject: 'ثبت‌نام کلاس تأیید شد',
        text: 'ثبت‌نام فرزند شما در کلاس رباتیک تأیید شد.',
        html: '<p>ثبت‌نام فرزند شما در <b>کلاس رباتیک</b> تأیید شد.</p>',
        idempotencyKey: 'enrolment-17.confirmed',
      });
      expect(sent.providerId).toBe('<enrolment-17.confirmed@academy.example>');
      expect(smtp.received).toHaveLength(1);
      const [message] = smtp.received;
      expect(message?.from).toBe('no-reply@academy.example');
      expect(message?.to).toEqual(['parent@example.org']);
      expect(header(message!.raw, 'Message-ID')).toBe('<enrolment-17.confirmed@academy.example>');
      expect(header(message!.raw, 'From')).toBe('آکادمی <no-reply@academy.example>');
      expect(header(message!.raw, 'Subject')).toBe('ثبت‌نام کلاس تأیید شد');
      expect(part(message!.raw, 'text/plain')?.trim()).toBe('ثبت‌نام فرزند شما در کلاس رباتیک تأیید شد.');
      expect(part(message!.raw, 'text/html')).toContain('<b>کلاس رباتیک</b>');
    } finally {
      await smtp.close();
    }
  });

  it('gives one Message-ID per key whatever the key holds, and a generated one without a key', async () => {
    const smtp = await startSmtp();
    try {
      const provider = mail(smtp.port);
      const odd = 'order 5 / paid <again>';
      const first = await provider.send({ to: 'a@example.org', subject: 's', text: 't', idempotencyKey: odd });
      const again = await provider.send({ to: 'a@example.org', subject: 's', text: 't', idempotencyKey: odd });
      expect(first.providerId).toMatch(/^<[0-9a-f]{40}@academy\.example>$/);
      expect(again.providerId).toBe(first.providerId);
      const plain = await provider.send({ to: 'a@example.org', subject: 'بدون کلید', text: 't' });
      expect(plain.providerId).toMatch(/^<.+@.+>$/);
      expect(header(smtp.received[2]!.raw, 'Message-ID')).toBe(plain.providerId);
      // A subject cannot add a header.
      await provider.send({ to: 'a@example.org', subject: 'hi\r\nBcc: victim@example.org', text: 't' });
      expect(header(smtp.received[3]!.raw, 'Bcc')).toBeUndefined();
      expect(smtp.received[3]?.to).toEqual(['a@example.org']);
    } finally {
      await smtp.close();
    }
  });

  it('signs in with the configured user and password', async () => {
    const smtp = await startSmtp({ auth: { user: 'mailer', pass: 'p@ss:word/1' } });
    try {
      await mail(smtp.port, { user: 'mailer', password: 'p@ss:word/1' }).send({ to: 'b@example.org', subject: 's', text: 't' });
      expect(smtp.received).toHaveLength(1);
      const wrong = await failure(mail(smtp.port, { user: 'mailer', password: 'not-the-password' }).send({ to: 'b@example.org', subject: 's', text: 't' }));
      expect(wrong.permanent).toBe(true); // 535: the same password is refused again
      expect(allText(wrong)).not.toContain('not-the-password');
    } finally {
      await smtp.close();
    }
  });

  it('turns an SMTP 5xx refusal into a permanent DeliveryError and a 4xx into a transient one', async () => {
    let busy = false;
    const smtp = await startSmtp({
      refuseRcpt: (address) => (address.address.startsWith('nobody@') ? smtpError(550, 'No such user here') : undefined),
      refuseData: () => (busy ? smtpError(451, 'Try again later') : undefined),
    });
    try {
      const provider = mail(smtp.port);
      const refused = await failure(provider.send({ to: 'nobody@example.org', subject: 's', text: 't' }));
      expect(refused.permanent).toBe(true);
      expect(refused.message).toMatch(/550/);
      busy = true;
      const later = await failure(provider.send({ to: 'c@example.org', subject: 's', text: 't' }));
      expect(later.permanent).toBe(false);
      expect(later.message).toMatch(/451/);
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it('turns a refused connection into a transient DeliveryError', async () => {
    const port = await freePort(); // nothing listens there
    const refused = await failure(mail(port).send({ to: 'd@example.org', subject: 's', text: 't' }));
    expect(refused.permanent).toBe(false);
    expect(refused.message).toMatch(/could not be reached/);
  });

  it('gives up on a server that never greets, within the time-out, as transient', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => sockets.add(socket)); // accepts, says nothing
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as { port: number }).port;
      const started = Date.now();
      const slow = await failure(mail(port, { greetingTimeoutMs: 300 }).send({ to: 'e@example.org', subject: 's', text: 't' }));
      expect(slow.permanent).toBe(false);
      expect(Date.now() - started).toBeLessThan(5_000);
      const whole = await failure(mail(port, { greetingTimeoutMs: 10_000, timeoutMs: 300 }).send({ to: 'e@example.org', subject: 's', text: 't' }));
      expect(whole.permanent).toBe(false);
      expect(whole.message).toMatch(/within 300 ms/);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('sends to one address only: a list or a header in the recipient is refused before connecting', async () => {
    const smtp = await startSmtp();
    try {
      for (const to of ['a@example.org, b@example.org', 'a@example.org\r\nBcc: b@example.org', 'not-an-address']) {
        expect(await failure(mail(smtp.port).send({ to, subject: 's', text: 't' }))).toMatchObject({ permanent: true });
      }
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it('requires STARTTLS when credentials go to another machine, and bounds every wait', () => {
    const remote = messagingSettings({ SMTP_URL: 'smtp://mailer:secret@smtp.example.com', MAIL_FROM: 'no-reply@academy.example' }).smtp!;
    expect(smtpTransportOptions(remote)).toMatchObject({ host: 'smtp.example.com', port: 587, secure: false, requireTLS: true, auth: { user: 'mailer', pass: 'secret' } });
    const local = messagingSettings({ SMTP_URL: 'smtp://mailer:secret@localhost:2525', MAIL_FROM: 'no-reply@academy.example' }).smtp!;
    expect(smtpTransportOptions(local)).toMatchObject({ requireTLS: false, port: 2525 });
    const relay = messagingSettings({ SMTP_URL: 'smtp://relay.internal:25', MAIL_FROM: 'no-reply@academy.example' }).smtp!;
    expect(smtpTransportOptions(relay)).toMatchObject({ requireTLS: false, auth: undefined });
    const tls = messagingSettings({ SMTP_URL: 'smtps://mailer:secret@smtp.example.com', MAIL_FROM: 'no-reply@academy.example' }).smtp!;
    expect(smtpTransportOptions(tls)).toMatchObject({ secure: true, port: 465 });
    const options = smtpTransportOptions(remote);
    for (const wait of [options.connectionTimeout, options.greetingTimeout, options.socketTimeout]) expect(wait).toBeLessThanOrEqual(30_000);
  });
});

