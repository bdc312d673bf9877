// E-mail through an SMTP server (nodemailer), the MailProvider the environment chooses with
// SMTP_URL and MAIL_FROM (server/platform/config.ts). One connection per message (no pool to keep open or
// close at shutdown); every wait is bounded. The Message-ID comes from the message's idempotency
// key, so a repeat after a crash is recognisably the same message (receivers and the sent folder
// can fold it). Refusals are mapped to DeliveryError: an SMTP 5xx reply is permanent (except 503,
// a command out of sequence), a 4xx reply, a reply that is not SMTP's, a refused or dropped
// connection and a time-out are transient. The password is only handed to nodemailer; no message or description carries it.
import { createHash } from 'node:crypto';
import type { SMTPTransportOptions, Transporter } from 'nodemailer';
import { DeliveryError, type MailMessage, type MailProvider } from '../../platform/outside';

export interface SmtpOptions {
  host: string;
  port: number;
  /** TLS from the first byte (smtps://, usually port 465); otherwise STARTTLS when offered. */
  secure: boolean;
  user?: string;
  password?: string;
  /** Refuse to go on unencrypted when the server offers no STARTTLS (credentials to a remote server). */
  requireTls?: boolean;
  from: { name?: string; address: string };
  /** Connecting, the server's greeting, and silence on an open connection; defaults 10 s, 10 s, 20 s. */
  connectionTimeoutMs?: number;
  greetingTimeoutMs?: number;
  socketTimeoutMs?: number;
  /** The whole message, from connecting to the server's acceptance; default 30 s. */
  timeoutMs?: number;
}

/** Addresses Message-ID and the recipient may hold: one address, nothing a header could split. */
const address = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/u;
const dotAtom = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;

/** `<key@domain>`: the key itself when it is a valid dot-atom, else a digest of it (still one key, one id). */
export function messageIdFor(idempotencyKey: string, fromAddress: string): string {
  const domain = fromAddress.slice(fromAddress.lastIndexOf('@') + 1);
  const local = idempotencyKey.length <= 100 && dotAtom.test(idempotencyKey) ? idempotencyKey : createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 40);
  return `<${local}@${domain}>`;
}

/** The transport's settings, exported for the tests of what is required (TLS, time-outs). */
export function smtpTransportOptions(options: SmtpOptions): SMTPTransportOptions {
  return {
    host: options.host,
    port: options.port,
    secure: options.secure,
    requireTLS: !options.secure && options.requireTls === true,
    auth: options.user !== undefined ? { user: options.user, pass: options.password ?? '' } : undefined,
    connectionTimeout: options.connectionTimeoutMs ?? 10_000,
    greetingTimeout: options.greetingTimeoutMs ?? 10_000,
    socketTimeout: options.socketTimeoutMs ?? 20_000,
    dnsTimeout: options.connectionTimeoutMs ?? 10_000,
    // The product writes its messages itself: nothing in one may make nodemailer read a file or URL.
    disableFileAccess: true,
    disableUrlAccess: true,
    maxRecipients: 1,
    logger: false,
  };
}

interface SmtpFailure {
  code?: string;
  originalCode?: string;
  responseCode?: number;
  response?: string;
  permanent?: boolean;
}

/** Local refusals of the message or the settings: the same message is refused the same way again. */
const refusedLocally = new Set(['ECONFIG', 'EENVELOPE', 'EMESSAGE', 'ENOAUTH', 'EMAXRECIPIENTS', 'EFILEACCESS', 'EURLACCESS']);

export function deliveryErrorFromSmtp(error: unknown, timeoutMs: number): DeliveryError {
  const failure: SmtpFailure = typeof error === 'object' && error !== null ? error : {};
  if (typeof failure.responseCode === 'number') {
    const code = failure.responseCode;
    const permanent = typeof failure.permanent === 'boolean' ? failure.permanent : code >= 500 && code < 600 && code !== 503;
    const reply = (failure.response ?? '').split(/\r?\n/)[0]?.slice(0, 200) ?? '';
    return new DeliveryError(`SMTP refused the message: ${reply || code}`, permanent, { cause: error });
  }
  if (failure.code === 'EABORT') return new DeliveryError(`SMTP: not accepted within ${timeoutMs} ms`, false, { cause: error });
  // A reply without an SMTP code (a garbled line, something else on the port): nodemailer names
  // it by the command it answered (EENVELOPE for MAIL), but it is the server's unreadable answer,
  // not this message refused; another attempt may find the server well.
  if (typeof failure.response === 'string') {
    const reply = failure.response.split(/\r?\n/)[0]?.slice(0, 200) ?? '';
    return new DeliveryError(`SMTP: an answer that is not SMTP's (${reply})`, false, { cause: error });
  }
  if (failure.code && refusedLocally.has(failure.code)) {
    return new DeliveryError(`SMTP: message refused before sending (${failure.code})`, true, { cause: error });
  }
  const code = [failure.code, failure.originalCode].filter(Boolean).join('/') || 'no answer';
  return new DeliveryError(`SMTP server could not be reached (${code})`, false, { cause: error });
}

export function smtpMail(options: SmtpOptions): MailProvider {
  const timeoutMs = options.timeoutMs ?? 30_000;
  // nodemailer takes ~0.1 s to load: only when the first message goes, not at every start.
  let transporter: Promise<Transporter> | undefined;
  const transport = () => (transporter ??= import('nodemailer').then(({ createTransport }) => createTransport(smtpTransportOptions(options))));
  const from = options.from;
  const shownFrom = from.address;
  return {
    description: `the SMTP server ${options.host}:${options.port}${options.secure ? ' (TLS)' : ''} as ${shownFrom}`,
    async send(message: MailMessage) {
      if (!address.test(message.to)) throw new DeliveryError('SMTP: the recipient is not one e-mail address', true);
      const messageId = message.idempotencyKey !== undefined ? messageIdFor(message.idempotencyKey, from.address) : undefined;
      let info: { messageId: string };
      try {
        info = await (
          await transport()
        ).sendMail({
          from: from.name ? { name: from.name, address: from.address } : from.address,
          to: message.to,
          subject: message.subject.replace(/[\r\n]+/g, ' '),
          text: message.text,
          ...(message.html !== undefined ? { html: message.html } : {}),
          ...(messageId ? { messageId } : {}),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw deliveryErrorFromSmtp(error, timeoutMs);
      }
      return { providerId: info.messageId };
    },
  };
}
