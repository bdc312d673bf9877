// SMS and e-mail settings from the environment (KAVENEGAR_*, SMTP_URL, MAIL_FROM), and the
// providers they configure. Read at start (server/main.ts), so a malformed value stops the start
// rather than the first message.
import { isLoopbackHost } from '../../platform/config';
import type { Messaging } from '../../platform/outside';
import { kavenegarSms, type KavenegarOptions } from './kavenegar';
import { smtpMail, type SmtpOptions } from './smtpMail';

/** The SMS and e-mail providers the environment configures (messagingSettings); absent ones go to the log. */
export interface MessagingSettings {
  kavenegar?: KavenegarOptions;
  smtp?: SmtpOptions;
}

export const defaultKavenegarUrl = 'https://api.kavenegar.com';

/** "Name <address>" or a bare address, as MAIL_FROM is written. */
function parseMailFrom(raw: string): { name?: string; address: string } | undefined {
  const text = raw.trim();
  const named = /^(.*?)\s*<([^<>]+)>$/u.exec(text);
  const name = named ? named[1]!.trim().replace(/^"(.*)"$/u, '$1').trim() : undefined;
  const address = (named ? named[2]! : text).trim();
  if (!/^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/u.test(address)) return undefined;
  if (name !== undefined && /[\r\n<>"]/u.test(name)) return undefined;
  return name ? { name, address } : { address };
}

/**
 * SMS and e-mail settings from the environment. Nothing set: both go to the server log. Any value
 * that is set but malformed, or a setting without the one it needs, stops the start with the
 * variable's name. Secret values (the API key, the SMTP password) are never repeated in a message.
 *
 * KAVENEGAR_API_KEY: turns Kavenegar on. KAVENEGAR_SENDER: the sending line (digits; absent: the
 * account's default). KAVENEGAR_OTP_TEMPLATE: the verify/lookup template for one-time codes
 * (absent: codes go as plain messages). KAVENEGAR_URL: the API's base address (default
 * https://api.kavenegar.com); plain http only to this machine, since the key is in every path.
 * SMTP_URL: smtp://[user:password@]host[:port] (STARTTLS when offered, required when there are
 * credentials and the host is not this machine) or smtps://… (TLS from the start; port 465).
 * MAIL_FROM: the From of every e-mail, "Name <address>" or an address; required with SMTP_URL.
 */
export function messagingSettings(env: NodeJS.ProcessEnv = process.env): MessagingSettings {
  const value = (name: string) => {
    const raw = env[name];
    return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
  };
  const settings: MessagingSettings = {};

  const apiKey = value('KAVENEGAR_API_KEY');
  const sender = value('KAVENEGAR_SENDER');
  const otpTemplate = value('KAVENEGAR_OTP_TEMPLATE');
  const kavenegarUrl = value('KAVENEGAR_URL');
  if (apiKey === undefined) {
    const orphan = [['KAVENEGAR_SENDER', sender], ['KAVENEGAR_OTP_TEMPLATE', otpTemplate], ['KAVENEGAR_URL', kavenegarUrl]].find(([, v]) => v !== undefined);
    if (orphan) throw new Error(`${orphan[0]} is set but KAVENEGAR_API_KEY is not: set the key too, or unset ${orphan[0]} (SMS would go to the server log)`);
  } else {
    // Goes into the URL's path: letters, digits and the few marks keys are made of; never echoed.
    if (!/^[A-Za-z0-9+=._-]{8,200}$/.test(apiKey)) throw new Error('KAVENEGAR_API_KEY is malformed: expected the key from Kavenegar\'s panel (letters and digits, no spaces or slashes)');
    if (sender !== undefined && !/^[0-9]{4,20}$/.test(sender)) throw new Error(`KAVENEGAR_SENDER must be a line number (digits), not ${sender}`);
    if (otpTemplate !== undefined && !/^[A-Za-z0-9_-]{1,100}$/.test(otpTemplate)) {
      throw new Error(`KAVENEGAR_OTP_TEMPLATE must be a template name from Kavenegar's panel (letters, digits, - and _), not ${otpTemplate}`);
    }
    const url = kavenegarUrl ?? defaultKavenegarUrl;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new Error(`KAVENEGAR_URL is not a URL: ${url}`);
    }
    if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname))) {
      throw new Error(`KAVENEGAR_URL must be an https:// address (plain http only to this machine, the API key is in every request's path), not ${url}`);
    }
    if (parsed.username || parsed.password || parsed.search || parsed.hash) throw new Error('KAVENEGAR_URL must be a base address without credentials, query or fragment');
    settings.kavenegar = {
      apiKey,
      url: `${parsed.origin}${parsed.pathname}`.replace(/\/+$/, ''),
      ...(sender !== undefined ? { sender } : {}),
      ...(otpTemplate !== undefined ? { otpTemplate } : {}),
    };
  }

  const smtpUrl = value('SMTP_URL');
  const mailFrom = value('MAIL_FROM');
  if (smtpUrl === undefined) {
    if (mailFrom !== undefined) throw new Error('MAIL_FROM is set but SMTP_URL is not: set the SMTP server too, or unset MAIL_FROM (e-mail would go to the server log)');
  } else {
    let parsed: URL;
    try {
      parsed = new URL(smtpUrl);
    } catch {
      // The value may hold the password: not repeated.
      throw new Error('SMTP_URL is not a URL: expected smtp://user:password@host:port or smtps://…');
    }
    const secure = parsed.protocol === 'smtps:';
    if (!secure && parsed.protocol !== 'smtp:') throw new Error(`SMTP_URL must start with smtp:// or smtps://, not ${parsed.protocol}//`);
    if (!parsed.hostname) throw new Error('SMTP_URL has no host');
    if ((parsed.pathname && parsed.pathname !== '/') || parsed.search || parsed.hash) throw new Error(`SMTP_URL must be smtp(s)://[user:password@]host[:port] with nothing after the port (host ${parsed.hostname})`);
    let user: string | undefined;
    let password: string | undefined;
    try {
      user = parsed.username ? decodeURIComponent(parsed.username) : undefined;
      password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
    } catch {
      throw new Error(`SMTP_URL's user or password is not correctly %-encoded (host ${parsed.hostname})`);
    }
    if (password !== undefined && user === undefined) throw new Error(`SMTP_URL has a password but no user (host ${parsed.hostname})`);
    if (mailFrom === undefined) throw new Error('MAIL_FROM is required when SMTP_URL is set: the From of every e-mail, e.g. "Academy <no-reply@academy.example>"');
    const from = parseMailFrom(mailFrom);
    if (!from) throw new Error(`MAIL_FROM must be an e-mail address or "Name <address>", not ${mailFrom}`);
    const hostname = parsed.hostname.replace(/^\[|\]$/g, '');
    settings.smtp = {
      host: hostname,
      port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
      secure,
      ...(user !== undefined ? { user, password: password ?? '' } : {}),
      // Credentials never cross a network unencrypted: STARTTLS is required unless the server is this machine.
      requireTls: user !== undefined && !isLoopbackHost(hostname),
      from,
    };
  }
  return settings;
}

/** The providers for the settings; a channel not configured is left to buildApp (the server log). */
export function messagingFromSettings(settings: MessagingSettings): Partial<Messaging> {
  return {
    ...(settings.kavenegar ? { sms: kavenegarSms(settings.kavenegar) } : {}),
    ...(settings.smtp ? { mail: smtpMail(settings.smtp) } : {}),
  };
}

/** The providers the environment configures; a channel it leaves out goes to the server log. */
export const messagingFromEnv = (env: NodeJS.ProcessEnv = process.env): Partial<Messaging> => messagingFromSettings(messagingSettings(env));
