// The sample inbox and history: contact messages, notifications already sent, an audit trail.
import type { Transaction } from 'kysely';
import { type Database } from '../platform/db';

/**
 * Contact messages in every status, with the admins' notes, and a few sign-in sessions of the
 * sample accounts (open, signed out, ended by a password change and by the admin's lock), so the
 * inbox, its sidebar count and a user's sign-in history look as they will in use.
 */
export async function seedInboxAndHistory(trx: Transaction<Database>, adminId: number, learnerIds: readonly number[]): Promise<void> {
  const ago = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();
  await trx
    .insertInto('contact_messages')
    .values([
      {
        fullName: 'سمیه احمدی',
        phoneNumber: '09191234567',
        emailAddress: 'somayeh.ahmadi@example.com',
        message:
          'سلام و وقت بخیر.\nدخترم کلاس ششم است و پارسال در دوره مقدماتی اسکرچ شرکت کرده.\n\nمی‌خواستم بدانم برای ادامه، دوره پایتون مناسب‌تر است یا رباتیک؟ ساعت کلاس‌ها هم برای ما مهم است، چون او تا ساعت ۱۴ مدرسه است.\n\nممنون از راهنمایی‌تان.',
        createdAt: ago(3),
        status: 'new',
        note: '',
      },
      {
        fullName: 'محمد صادقی',
        phoneNumber: '09361239876',
        emailAddress: '',
        message: 'دوره رباتیک حضوری در کرج چه روزهایی برگزار می‌شود؟ امکان جلسه آزمایشی هست؟',
        createdAt: ago(30),
        status: 'read',
        note: 'پنج‌شنبه‌ها؛ باید درباره جلسه آزمایشی با آقای محمدی هماهنگ شود.',
      },
      {
        fullName: 'فاطمه نوری',
        phoneNumber: '09131112233',
        emailAddress: 'f.noori@example.com',
        message: 'پرداخت انجام شد ولی ثبت‌نام در داشبورد دیده نمی‌شود. شماره پیگیری ۱۲۳۴۵۶ است.',
        createdAt: ago(75),
        status: 'answered',
        note: 'تماس گرفته شد (۱۰ دقیقه). ثبت‌نام انجام شده بود؛ صفحه را تازه نکرده بودند.',
      },
      {
        fullName: 'شرکت نمونه‌سازان',
        phoneNumber: '021-88776655',
        emailAddress: 'info@example.com',
        message: 'پیشنهاد همکاری برای تبلیغات در سایت شما داریم.',
        createdAt: ago(240),
        status: 'archived',
        note: 'تبلیغاتی؛ پاسخ لازم ندارد.',
      },
    ])
    .execute();

  const [first, second, third] = learnerIds;
  const rows = [
    { userId: adminId, createdAt: ago(2), lastSeenAt: ago(0.2), endedAt: null, endedBy: null, userAgent: agents.windowsFirefox, address: '5.160.12.40' },
    ...(first === undefined
      ? []
      : [
          { userId: first, createdAt: ago(26), lastSeenAt: ago(24), endedAt: null, endedBy: null, userAgent: agents.androidChrome, address: '91.98.33.17' },
          { userId: first, createdAt: ago(200), lastSeenAt: ago(190), endedAt: ago(189), endedBy: 'signOut', userAgent: agents.iphone, address: '2.176.44.9' },
          { userId: first, createdAt: ago(400), lastSeenAt: ago(390), endedAt: ago(300), endedBy: 'password', userAgent: agents.windowsFirefox, address: '91.98.33.17' },
        ]),
    ...(second === undefined
      ? []
      : [{ userId: second, createdAt: ago(50), lastSeenAt: ago(49), endedAt: ago(48), endedBy: 'everywhere', userAgent: agents.iphone, address: '37.129.8.200' }]),
    ...(third === undefined
      ? []
      : [{ userId: third, createdAt: ago(120), lastSeenAt: ago(100), endedAt: ago(96), endedBy: 'admin', userAgent: agents.androidChrome, address: '5.120.77.3' }]),
  ];
  await trx.insertInto('sessions').values(rows).execute();
}

// ---- orders in every status, with their items, gateway attempts and enrolments ----


/** The browsers of the sample sign-in history. */
export const agents = {
  androidChrome: 'Mozilla/5.0 (Linux; Android 13; SM-A536E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  windowsFirefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
} as const;

