// The trial (`npm run trial`, TRIAL=1): the product with its outside services on this machine, so
// a newcomer can try a whole purchase offline. Payments go to the local Zarinpal-compatible gateway
// (localGateway.ts, its own port on 127.0.0.1) with its refund token set, so refunds go through it;
// the seed's paid orders are recorded there, so they refund too; SMS and e-mail are printed in the
// log and listed at /_local/outbox. Never with NODE_ENV=production: the outbox shows every code.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { formatJalaliDateTime } from '../../schema/rules/calendar';
import { toPersianDigits } from '../../schema/rules/text';
import { texts } from '../platform/errors';
import { logMail, logSms } from '../features/messaging/port';
import { type MailMessage, type Messaging, type SmsMessage } from '../platform/outside';
import type { SeedPaidAuthority } from '../seed/money';
import { escapeHtml } from '../features/catalogue/port';
import { LocalGateway, newRefundToken } from './localGateway';
import { serveLocalGateway } from './localGatewayServer';
import { localFont, localFontPath, localPage } from './page';
import { localHostCheck } from './localHosts';

export const outboxPath = '/_local/outbox';
/** How many of the newest messages the outbox page lists. */
export const outboxSize = 30;

export const trialTexts = {
  outboxTitle: 'صندوق پیام‌های آزمایشی',
  outboxNote: 'در حالت آزمایشی هیچ پیامک یا ایمیلی فرستاده نمی‌شود: همه اینجا و در گزارش سرور می‌آیند. این صفحه هر ۵ ثانیه تازه می‌شود.',
  empty: 'هنوز پیامی نیامده است.',
  sms: 'پیامک',
  mail: 'ایمیل',
  to: 'به',
} as const;

export interface Trial {
  /** The local gateway's base address (PAYMENT_GATEWAY_URL). */
  gatewayUrl: string;
  /** Its refund access token (ZARINPAL_ACCESS_TOKEN). */
  refundToken: string;
  /** SMS and e-mail into the log and the outbox. */
  messaging: Messaging;
  /** The seed's paid orders, recorded as paid through the local gateway. */
  paidAuthority: SeedPaidAuthority;
  /** Adds the outbox page (and the typeface its pages use) to the site. */
  register: (app: FastifyInstance) => void;
  /** Whether a request's Host names this machine (localHosts.ts); any other is refused. */
  answersHost: (host: string | undefined) => boolean;
  close: () => Promise<void>;
}

export const trialRefusal =
  'Refusing to start: TRIAL=1 runs a local payment gateway and shows every SMS and e-mail (codes included) on a page; it is for trying the product, never with NODE_ENV=production';

export async function startTrial(options: { dataDir: string; merchantId: string; publicUrl: string; print: (line: string) => void }): Promise<Trial> {
  if (process.env.NODE_ENV === 'production') throw new Error(trialRefusal);
  const gateway = new LocalGateway({ refundToken: newRefundToken(), stateFile: path.join(options.dataDir, 'local-gateway.json') });
  const served = await serveLocalGateway(gateway);
  const sms = logSms(options.print);
  const mail = logMail(options.print);
  const outbox = () => {
    const messages: Array<{ at: Date; channel: 'sms' | 'mail'; to: string; subject?: string; text: string }> = [
      ...sms.messages.map((m: SmsMessage & { at: Date }) => ({ at: m.at, channel: 'sms' as const, to: m.to, text: m.text })),
      ...mail.messages.map((m: MailMessage & { at: Date }) => ({ at: m.at, channel: 'mail' as const, to: m.to, subject: m.subject, text: m.text })),
    ];
    const newest = messages.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, outboxSize);
    const t = trialTexts;
    const items = newest.map((m) => {
      // A phone number is a number (Persian digits); an e-mail address and the text keep their characters.
      const to = m.channel === 'sms' ? toPersianDigits(m.to) : m.to;
      const code = m.channel === 'sms' ? /\b([0-9]{6})\b/.exec(m.text)?.[1] : undefined;
      return (
        `<li class="message"><div class="meta">${m.channel === 'sms' ? t.sms : t.mail} ${t.to} <bdi>${escapeHtml(to)}</bdi> · ${escapeHtml(formatJalaliDateTime(m.at))}</div>` +
        (m.subject ? `<div><strong>${escapeHtml(m.subject)}</strong></div>` : '') +
        (code ? `<div class="code" dir="ltr">${code}</div>` : '') +
        `<div class="text" dir="auto">${escapeHtml(m.text)}</div></li>`
      );
    });
    return localPage(
      t.outboxTitle,
      `<div class="card"><h1>${t.outboxTitle}</h1><p class="note">${t.outboxNote}</p></div>` +
        `<div class="card">${items.length > 0 ? `<ol aria-label="${t.outboxTitle}">${items.join('')}</ol>` : `<p>${t.empty}</p>`}</div>`,
      { refreshSeconds: 5 },
    );
  };
  return {
    gatewayUrl: served.url,
    refundToken: gateway.refundToken,
    messaging: { sms, mail },
    paidAuthority: ({ amountInTomans, at }) => gateway.record({ amountInTomans, merchantId: options.merchantId, at }),
    answersHost: localHostCheck(options.publicUrl),
    register(app) {
      app.get(outboxPath, function outboxPage(_request, reply) {
        return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(outbox());
      });
      app.get(localFontPath, function localTypeface(_request, reply) {
        const font = localFont();
        if (!font) return reply.code(404).send({ message: texts.unknownResource });
        return reply.header('Cache-Control', 'max-age=86400').type('font/woff2').send(font);
      });
    },
    close: served.close,
  };
}
