// @vitest-environment node
// Messaging as real parts: the Kavenegar client against a local Kavenegar
// (tests/support/fake-sms.ts: the same two calls and answers), e-mail through nodemailer to a real
// SMTP receiver (smtp-server) on this machine, and the environment variables that choose them —
// parsed, refused when malformed (naming the variable, never repeating a secret) and shown at
// start without secrets.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messagingFromEnv, messagingFromSettings, messagingSettings } from '../../../server/features/messaging/settings';
import { KavenegarError, kavenegarSms, localIdOf, type KavenegarOptions } from '../../../server/features/messaging/kavenegar';
import { freePort } from '../../e2e/harness';
import { startFakeSms, type FakeSms } from '../../support/fake-sms';
import { usePostgres } from '../../support/postgres-db';
import { startServer } from '../../support/server';
import { allText, failure } from '../../support/delivery';
import { startSmtp } from './messaging-smtp.test';
import { waitBudgetMs } from '../../support/budget';
import { serverEntry } from '../../support/server-entry';

describe('Kavenegar client', () => {
  let fake: FakeSms;
  const sms = (options: Partial<KavenegarOptions> = {}) => kavenegarSms({ apiKey: fake.apiKey, url: fake.url, sender: '10004346', ...options });

  beforeAll(async () => {
    fake = await startFakeSms();
  });
  afterAll(async () => {
    await fake.close();
  });
  afterEach(() => {
    fake.recover();
  });

  it('sends a message with sms/send: receptor, text, the configured line and the idempotency key as a numeric localid', async () => {
    const sent = await sms().send({ to: '09121111111', text: 'کلاس فردا ساعت ۱۰ است', idempotencyKey: 'notification-1' });
    const [message] = fake.to('09121111111');
    expect(message).toMatchObject({ kind: 'send', message: 'کلاس فردا ساعت ۱۰ است', sender: '10004346', localid: localIdOf('notification-1') });
    expect(localIdOf('notification-1')).toMatch(/^[0-9]{1,16}$/);
    // Any key text (a notification's key holds Persian, spaces, colons) is one number.
    expect(localIdOf('enrolled:o1 c2:u3:sms')).toMatch(/^[0-9]{1,16}$/);
    expect(localIdOf('notification-1')).not.toBe(localIdOf('notification-2'));
    expect(sent.providerId).toBe(String(message?.messageid));
    expect(fake.calls.at(-1)).toMatchObject({ path: 'sms/send', status: 200, form: { receptor: '09121111111', localid: localIdOf('notification-1') } });
  });

  it('leaves the line to the account when no sender is configured', async () => {
    await kavenegarSms({ apiKey: fake.apiKey, url: fake.url }).send({ to: '09121111112', text: 'سلام' });
    expect(fake.calls.at(-1)?.form).not.toHaveProperty('sender');
    expect(fake.to('09121111112')[0]?.sender).toBe(fake.lines[0]);
  });

  it('sends a repeated idempotency key once: Kavenegar answers the first send’s record', async () => {
    const provider = sms();
    const first = await provider.send({ to: '09121111113', text: 'یادآوری', idempotencyKey: 'reminder-42' });
    const again = await provider.send({ to: '09121111113', text: 'یادآوری', idempotencyKey: 'reminder-42' });
    expect(again.providerId).toBe(first.providerId);
    expect(fake.to('09121111113')).toHaveLength(1);
    expect(fake.calls.filter((c) => c.form.localid === localIdOf('reminder-42'))).toHaveLength(2);
    // Another key is another message.
    await provider.send({ to: '09121111113', text: 'یادآوری', idempotencyKey: 'reminder-43' });
    expect(fake.to('09121111113')).toHaveLength(2);
  });

  it('sends a one-time code through the verify/lookup template when one is configured', async () => {
    const sent = await sms({ otpTemplate: 'verify' }).sendCode({ to: '09121111114', code: '482913', text: 'کد ورود: 482913' });
    const [message] = fake.to('09121111114');
    expect(message).toMatchObject({ kind: 'lookup', template: 'verify', token: '482913', message: 'کد ورود شما به آکادمی: 482913' });
    expect(sent.providerId).toBe(String(message?.messageid));
    expect(fake.calls.at(-1)).toMatchObject({ path: 'verify/lookup', form: { receptor: '09121111114', token: '482913', template: 'verify' } });
  });

  it('sends a one-time code as a plain message when no template is configured', async () => {
    await sms().sendCode({ to: '09121111115', code: '111222', text: 'کد ورود: 111222' });
    expect(fake.to('09121111115')[0]).toMatchObject({ kind: 'send', message: 'کد ورود: 111222' });
  });

  it('takes a lookup answer whose entries is one object, and refuses for good a message accepted as undeliverable', async () => {
    const { createServer: createHttpServer } = await import('node:http');
    let entries: unknown = { messageid: 777, status: 5 };
    const odd = createHttpServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ return: { status: 200, message: 'تایید شد' }, entries }));
    });
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    try {
      const port = (odd.address() as { port: number }).port;
      const provider = kavenegarSms({ apiKey: 'k'.repeat(20), url: `http://127.0.0.1:${port}`, otpTemplate: 'verify' });
      expect((await provider.sendCode({ to: '09121111116', code: '1', text: '1' })).providerId).toBe('777');
      // 14: the receiver blocks the line; the same localid would only return this record again.
      entries = [{ messageid: 778, status: 14, statustext: 'مسدود شده توسط گیرنده' }];
      const blocked = await failure(provider.send({ to: '09121111116', text: 'x', idempotencyKey: 'k-1' }));
      expect(blocked).toMatchObject({ permanent: true });
      expect(blocked.message).toMatch(/778 blocked by the receiver/);
      entries = [];
      expect(await failure(provider.send({ to: '09121111116', text: 'x' }))).toMatchObject({ permanent: false });
    } finally {
      await new Promise((resolve) => odd.close(resolve));
    }
  });

  it('refuses for good what cannot succeed on a retry: a receptor, a template, a line, a key', async () => {
    fake.refuseWith(411);
    const receptor = await failure(sms().send({ to: '09121111117', text: 'x' }));
    expect(receptor).toMatchObject({ permanent: true, status: 411 });
    expect(receptor.message).toMatch(/411.*receptor/);
    fake.recover();

    const template = await failure(sms({ otpTemplate: 'no-such-template' }).sendCode({ to: '09121111117', code: '123456', text: 'x' }));
    expect(template).toMatchObject({ permanent: true, status: 424 });
    const line = await failure(sms({ sender: '30001234' }).send({ to: '09121111117', text: 'x' }));
    expect(line).toMatchObject({ permanent: true, status: 412 });
    const wrongKey = 'WRONG0KEY0THAT0MUST0NOT0LEAK';
    const key = await failure(kavenegarSms({ apiKey: wrongKey, url: fake.url }).send({ to: '09121111117', text: 'x' }));
    expect(key).toMatchObject({ permanent: true, status: 403 });
    expect(allText(key)).not.toContain(wrongKey);
    expect(fake.to('09121111117')).toHaveLength(0);
  });

  it('checks the receptor before calling: a comma list would send to every number on it', async () => {
    const before = fake.calls.length;
    expect(await failure(sms().send({ to: '09121111118,09122222222', text: 'x' }))).toMatchObject({ permanent: true });
    expect(await failure(sms({ otpTemplate: 'verify' }).sendCode({ to: '+1 555', code: '1', text: 'x' }))).toMatchObject({ permanent: true });
    expect(fake.calls.length).toBe(before);
    // A key with a comma is still one localid (a number), never a list.
    await sms().send({ to: '09121111118', text: 'x', idempotencyKey: 'a,b' });
    expect(fake.calls.at(-1)?.form.localid).toBe(localIdOf('a,b'));
  });

  it('leaves to a later attempt what may pass then: credit, a busy or unreachable service, a time-out', async () => {
    const provider = sms();
    fake.refuseWith(418);
    const credit = await failure(provider.send({ to: '09121111119', text: 'x' }));
    expect(credit).toMatchObject({ permanent: false, status: 418 });
    expect(credit.message).toMatch(/credit/);
    fake.refuseWith(409);
    expect(await failure(provider.send({ to: '09121111119', text: 'x' }))).toMatchObject({ permanent: false, status: 409 });
    fake.refuseWith(499); // a status not in Kavenegar's table: retried, not dropped
    expect(await failure(provider.send({ to: '09121111119', text: 'x' }))).toMatchObject({ permanent: false, status: 499 });

    fake.outage();
    const outage = await failure(provider.send({ to: '09121111119', text: 'x' }));
    expect(outage).toBeInstanceOf(KavenegarError);
    expect(outage).toMatchObject({ permanent: false, status: undefined });
    expect(outage.message).toMatch(/HTTP 502/);

    fake.hang();
    const started = Date.now();
    const slow = await failure(kavenegarSms({ apiKey: fake.apiKey, url: fake.url, timeoutMs: 300 }).send({ to: '09121111119', text: 'x' }));
    expect(slow).toMatchObject({ permanent: false });
    expect(slow.message).toMatch(/no answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(5_000);

    fake.recover();
    const port = await freePort(); // nothing listens there
    const unreachable = await failure(kavenegarSms({ apiKey: fake.apiKey, url: `http://127.0.0.1:${port}` }).send({ to: '09121111119', text: 'x' }));
    expect(unreachable).toMatchObject({ permanent: false });
    expect(unreachable.message).toMatch(/could not be reached/);
    for (const error of [credit, outage, slow, unreachable]) expect(allText(error)).not.toContain(fake.apiKey);

    // Once the service is back the message goes, once.
    await provider.send({ to: '09121111119', text: 'بعد از قطعی', idempotencyKey: 'after-outage' });
    expect(fake.to('09121111119').map((m) => m.message)).toEqual(['بعد از قطعی']);
  });

  it('describes itself without the key', () => {
    const provider = kavenegarSms({ apiKey: 'SECRET0KEY0123456789', url: 'https://api.kavenegar.com', sender: '10004346', otpTemplate: 'verify' });
    expect(provider.description).toBe('Kavenegar at https://api.kavenegar.com, line 10004346, codes through the template «verify»');
    expect(provider.description).not.toContain('SECRET');
  });
});

export interface Received {
  from: string;
  to: string[];
  raw: string;
}

describe('configuration by environment', () => {
  const key = 'A1B2C3D4E5F6SECRETKEY0123456789';
  const full = {
    KAVENEGAR_API_KEY: key,
    KAVENEGAR_SENDER: '10004346',
    KAVENEGAR_OTP_TEMPLATE: 'academy-verify',
    SMTP_URL: 'smtps://mailer%40academy.example:p%40ss%3Aword@smtp.academy.example:465',
    MAIL_FROM: '"آکادمی" <no-reply@academy.example>',
  };

  it('with nothing set, both channels are left to the server log', () => {
    expect(messagingSettings({})).toEqual({});
    expect(messagingFromEnv({})).toEqual({});
    expect(messagingSettings({ KAVENEGAR_API_KEY: '  ', SMTP_URL: '' })).toEqual({});
  });

  it('reads every variable, and the providers describe themselves without secrets', () => {
    const settings = messagingSettings(full);
    expect(settings.kavenegar).toEqual({ apiKey: key, url: 'https://api.kavenegar.com', sender: '10004346', otpTemplate: 'academy-verify' });
    expect(settings.smtp).toEqual({
      host: 'smtp.academy.example',
      port: 465,
      secure: true,
      user: 'mailer@academy.example',
      password: 'p@ss:word',
      requireTls: true,
      from: { name: 'آکادمی', address: 'no-reply@academy.example' },
    });
    const { sms, mail } = messagingFromEnv(full);
    expect(sms?.description).toBe('Kavenegar at https://api.kavenegar.com, line 10004346, codes through the template «academy-verify»');
    expect(mail?.description).toBe('the SMTP server smtp.academy.example:465 (TLS) as no-reply@academy.example');
    for (const text of [sms?.description, mail?.description]) {
      expect(text).not.toContain(key);
      expect(text).not.toContain('word');
    }
    expect(messagingSettings({ KAVENEGAR_API_KEY: key, KAVENEGAR_URL: 'http://localhost:4010/' }).kavenegar?.url).toBe('http://localhost:4010');
    expect(messagingSettings({ SMTP_URL: 'smtp://localhost', MAIL_FROM: 'a@academy.example' }).smtp).toMatchObject({ port: 587, secure: false, requireTls: false, from: { address: 'a@academy.example' } });
  });

  it.each([
    [{ KAVENEGAR_API_KEY: 'has spaces in it' }, /KAVENEGAR_API_KEY is malformed/],
    [{ KAVENEGAR_API_KEY: 'ABCDEFGH/../other' }, /KAVENEGAR_API_KEY is malformed/],
    [{ KAVENEGAR_API_KEY: key, KAVENEGAR_SENDER: 'ACADEMY' }, /KAVENEGAR_SENDER must be a line number/],
    [{ KAVENEGAR_API_KEY: key, KAVENEGAR_OTP_TEMPLATE: 'my template' }, /KAVENEGAR_OTP_TEMPLATE must be a template name/],
    [{ KAVENEGAR_API_KEY: key, KAVENEGAR_URL: 'api.kavenegar.com' }, /KAVENEGAR_URL is not a URL/],
    [{ KAVENEGAR_API_KEY: key, KAVENEGAR_URL: 'http://api.kavenegar.com' }, /KAVENEGAR_URL must be an https:\/\/ address/],
    [{ KAVENEGAR_API_KEY: key, KAVENEGAR_URL: 'https://user:pw@api.kavenegar.com' }, /KAVENEGAR_URL must be a base address/],
    [{ KAVENEGAR_SENDER: '10004346' }, /KAVENEGAR_SENDER is set but KAVENEGAR_API_KEY is not/],
    [{ KAVENEGAR_OTP_TEMPLATE: 'verify' }, /KAVENEGAR_OTP_TEMPLATE is set but KAVENEGAR_API_KEY is not/],
    [{ SMTP_URL: 'http://mailer:TOPSECRET@smtp.example.com', MAIL_FROM: 'a@academy.example' }, /SMTP_URL must start with smtp:\/\/ or smtps:\/\//],
    [{ SMTP_URL: 'mailer:TOPSECRET@smtp.example.com', MAIL_FROM: 'a@academy.example' }, /SMTP_URL/],
    [{ SMTP_URL: 'smtp://mailer:TOPSECRET@smtp.example.com/path?x=1', MAIL_FROM: 'a@academy.example' }, /SMTP_URL must be smtp\(s\):\/\/\[user:password@\]host\[:port\]/],
    [{ SMTP_URL: 'smtp://:TOPSECRET@smtp.example.com', MAIL_FROM: 'a@academy.example' }, /SMTP_URL has a password but no user/],
    [{ SMTP_URL: 'smtp://mailer:TOPSECRET@smtp.example.com' }, /MAIL_FROM is required when SMTP_URL is set/],
    [{ SMTP_URL: 'smtp://smtp.example.com', MAIL_FROM: 'academy' }, /MAIL_FROM must be an e-mail address/],
    [{ SMTP_URL: 'smtp://smtp.example.com', MAIL_FROM: 'a@academy.example, b@academy.example' }, /MAIL_FROM must be an e-mail address/],
    [{ MAIL_FROM: 'a@academy.example' }, /MAIL_FROM is set but SMTP_URL is not/],
  ] as Array<[NodeJS.ProcessEnv, RegExp]>)('refuses %o, naming the variable and repeating no secret', (env, expected) => {
    let message = '';
    try {
      messagingFromEnv(env);
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    }
    expect(message).toMatch(expected);
    expect(message).not.toContain('TOPSECRET');
    if (env.KAVENEGAR_API_KEY) expect(message).not.toContain(env.KAVENEGAR_API_KEY);
  });

  it('the started server says where messages go, without secrets', async () => {
    const fake = await startFakeSms();
    const server = await startServer({
      messaging: messagingFromSettings(
        messagingSettings({ KAVENEGAR_API_KEY: fake.apiKey, KAVENEGAR_URL: fake.url, SMTP_URL: 'smtp://mailer:TOPSECRET@127.0.0.1:2525', MAIL_FROM: 'no-reply@academy.example' }),
      ),
    });
    try {
      const line = server.printed.find((l) => l.startsWith('SMS go to'));
      expect(line).toBe(`SMS go to Kavenegar at ${fake.url}, codes as plain messages; e-mail to the SMTP server 127.0.0.1:2525 as no-reply@academy.example.`);
      expect(server.printed.join('\n')).not.toContain(fake.apiKey);
      expect(server.printed.join('\n')).not.toContain('TOPSECRET');
    } finally {
      await server.close();
      await fake.close();
    }
  });

  // main.ts itself, as `npm run serve:dev` runs it (SQLite: main.ts's own data dir).
  it.skipIf(usePostgres)('npm start: the variables reach the running server; a malformed one stops the start with its name', async () => {
    const fake = await startFakeSms();
    const smtp = await startSmtp({ auth: { user: 'mailer', pass: 'TOPSECRET' } });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'academy-msg-'));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', ADMIN_PASSWORD: 'msg-test-password-1', PASSWORD_HASH_N: '1024' };
    for (const name of ['DATABASE_URL', 'DATABASE_FILE', 'JWT_SECRET', 'MEDIA_DIR', 'NODE_ENV']) delete env[name];
    const run = (extra: NodeJS.ProcessEnv, until: string) =>
      new Promise<{ output: string; code: number | null }>((resolve, reject) => {
        const child = spawn(process.execPath, serverEntry(), { env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          reject(new Error(`no "${until}" in time: ${output}`));
        }, waitBudgetMs);
        const read = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes(until)) child.kill('SIGTERM');
        };
        child.stdout.on('data', read);
        child.stderr.on('data', read);
        child.once('exit', (code) => {
          clearTimeout(timer);
          resolve({ output, code });
        });
      });
    try {
      const started = await run(
        {
          PORT: String(await freePort()),
          KAVENEGAR_API_KEY: fake.apiKey,
          KAVENEGAR_URL: fake.url,
          KAVENEGAR_OTP_TEMPLATE: 'verify',
          SMTP_URL: `smtp://mailer:TOPSECRET@127.0.0.1:${smtp.port}`,
          MAIL_FROM: 'Academy <no-reply@academy.example>',
        },
        'Academy is running',
      );
      expect(started.output).toContain(
        `SMS go to Kavenegar at ${fake.url}, codes through the template «verify»; e-mail to the SMTP server 127.0.0.1:${smtp.port} as no-reply@academy.example.`,
      );
      expect(started.output).not.toContain(fake.apiKey);
      expect(started.output).not.toContain('TOPSECRET');

      const refused = await run({ PORT: String(await freePort()), KAVENEGAR_API_KEY: fake.apiKey, KAVENEGAR_URL: 'http://sms.example.com' }, 'Academy is running');
      expect(refused.code).not.toBe(0);
      expect(refused.output).toContain('KAVENEGAR_URL must be an https:// address');
      expect(refused.output).not.toContain('Academy is running');
      expect(refused.output).not.toContain(fake.apiKey);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await smtp.close();
      await fake.close();
    }
  });
});
