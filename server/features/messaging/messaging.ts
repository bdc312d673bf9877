// Where the product's SMS and e-mail go: one interface per channel, so the one-time codes, the
// notification worker and the tests never know which provider is behind it. The providers
// chosen by the environment (Kavenegar, SMTP) live beside this file; with none configured the
// messages go to the server log, and start-up says so.
import { randomUUID } from 'node:crypto';

/**
 * A message that could not be delivered. `permanent`: sending it again cannot help (a number the
 * provider refuses, a bad template), so a worker stops retrying; otherwise (an outage, a time-out,
 * a rate limit) it tries again later.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export interface SmsMessage {
  /** An Iranian mobile number, normalised: 09xxxxxxxxx. */
  to: string;
  text: string;
  /**
   * The same key twice is one message: providers that take one (Kavenegar's `localid`) drop the
   * repeat, so a worker that dies between sending and recording cannot send a notification twice.
   */
  idempotencyKey?: string;
}

export interface SmsProvider {
  /** Where the messages go, for the start-up log ("Kavenegar", "the server log"). */
  readonly description: string;
  /** Resolves with the provider's id of the message; throws DeliveryError. */
  send(message: SmsMessage): Promise<{ providerId: string }>;
  /**
   * A one-time code: providers with a template service (Kavenegar's verify/lookup) send it through
   * the template, which reaches numbers that refuse advertising; others send the text.
   */
  sendCode(message: { to: string; code: string; text: string }): Promise<{ providerId: string }>;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Sent as the Message-ID, so a repeat after a crash is recognisably the same message. */
  idempotencyKey?: string;
}

export interface MailProvider {
  readonly description: string;
  /** Resolves with the provider's id of the message (SMTP Message-ID); throws DeliveryError. */
  send(message: MailMessage): Promise<{ providerId: string }>;
}

export interface Messaging {
  sms: SmsProvider;
  mail: MailProvider;
}

/** Messages kept by a recording provider, newest last (tests and the log provider read them). */
export interface Recorded<M> {
  readonly messages: ReadonlyArray<M & { providerId: string; at: Date }>;
}

/**
 * SMS into the server log (development with no provider configured): every message is printed
 * whole, a code included, so a developer can sign in with it; nothing leaves the machine.
 */
export function logSms(print: (line: string) => void): SmsProvider & Recorded<SmsMessage> {
  const messages: Array<SmsMessage & { providerId: string; at: Date }> = [];
  const keep = (message: SmsMessage) => {
    const providerId = randomUUID();
    messages.push({ ...message, providerId, at: new Date() });
    print(`SMS to ${message.to}: ${message.text}`);
    return { providerId };
  };
  return {
    description: 'the server log (no SMS provider configured)',
    messages,
    send: (message) => Promise.resolve(keep(message)),
    sendCode: ({ to, text }) => Promise.resolve(keep({ to, text })),
  };
}

/** E-mail into the server log, as logSms. */
export function logMail(print: (line: string) => void): MailProvider & Recorded<MailMessage> {
  const messages: Array<MailMessage & { providerId: string; at: Date }> = [];
  return {
    description: 'the server log (no SMTP server configured)',
    messages,
    send(message) {
      const providerId = randomUUID();
      messages.push({ ...message, providerId, at: new Date() });
      print(`E-mail to ${message.to}: ${message.subject}\n${message.text}`);
      return Promise.resolve({ providerId });
    },
  };
}
