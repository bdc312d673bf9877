// Where the product's SMS and e-mail go: one interface per channel, so the one-time codes, the
// notification worker and the tests never know which provider is behind it. The providers
// chosen by the environment (Kavenegar, SMTP) live beside this file; with none configured the
// messages go to the server log, and start-up says so.
import { randomUUID } from 'node:crypto';
import type { MailMessage, MailProvider, SmsMessage, SmsProvider } from '../../platform/outside';

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
