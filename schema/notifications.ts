// The messages the academy sends parents (the server's own `notifications` table, migration 017,
// written by server/features/messaging/notifications.ts in the same transaction as the change each tells about):
// the admin reads every message's delivery status — queued, being sent, sent (with the provider's
// id and time) or failed (with the last error) — filters by status and event, and queues a
// failed one again («ارسال دوباره»). Nothing here is edited by hand.
import { defineEntity } from './define';

export const notificationEventLabels = {
  enrolled: 'ثبت‌نام قطعی',
  paymentFailed: 'پرداخت ناموفق',
  paymentReturned: 'بازگشت پرداخت ناهمخوان',
  seatOffered: 'پیشنهاد صندلی',
  classTomorrow: 'یادآوری کلاس فردا',
  sessionMoved: 'جابه‌جایی جلسه',
  sessionCancelled: 'لغو جلسه',
  contactReply: 'پاسخ پیام تماس',
  enrolmentCancelled: 'لغو ثبت‌نام',
  refunded: 'بازگشت وجه',
} as const;

export const notificationStatusLabels = {
  queued: 'در صف',
  sending: 'در حال ارسال',
  sent: 'ارسال شد',
  failed: 'ناموفق',
} as const;

export const notificationChannelLabels = { sms: 'پیامک', email: 'ایمیل' } as const;

const pairs = <K extends string>(labels: Readonly<Record<K, string>>) => Object.entries<string>(labels).map(([value, label]) => [value, label] as const);

export default defineEntity({
  name: 'NotificationRecord',
  key: 'notifications',
  tableOwner: 'server',
  api: 'Notification',
  ops: { create: false, update: false, remove: false },
  // The outbox's own bookkeeping: one message per event and person, the e-mail's subject, and the
  // lease a worker holds while sending.
  stored: {
    dedupeKey: { type: 'text' },
    subject: { type: 'text', default: '' },
    leaseUntil: { type: 'text', nullable: true },
    claimToken: { type: 'text', nullable: true },
  },
  defaultedColumns: ['version', 'status', 'attempts', 'lastError', 'providerId'],
  fields: {
    event: { label: 'رویداد', input: 'select', readOnly: true, options: pairs(notificationEventLabels) },
    status: { label: 'وضعیت', input: 'select', readOnly: true, options: pairs(notificationStatusLabels) },
    channel: { label: 'راه ارسال', input: 'select', readOnly: true, options: pairs(notificationChannelLabels) },
    userId: {
      label: 'گیرنده',
      input: 'reference',
      readOnly: true,
      reference: { entity: 'users', label: 'firstName', none: 'بدون حساب کاربری', onDelete: 'keep' },
    },
    // An admin's reply to a contact message (schema/messages.ts «پاسخ»): kept with the message,
    // whose page lists its replies with their delivery status; null for the academy's own events.
    contactMessageId: {
      label: 'پیام تماس',
      input: 'reference',
      readOnly: true,
      nullable: true,
      reference: {
        entity: 'messages',
        label: 'fullName',
        none: '—',
        onDelete: 'keep',
        relatedTitle: 'پاسخ‌ها',
        relatedColumns: ['status', 'channel', 'body', 'sentBy', 'createdAt', 'sentAt', 'address'],
      },
    },
    // Who wrote the reply; null for the academy's own events.
    sentBy: {
      label: 'پاسخ‌دهنده',
      input: 'reference',
      readOnly: true,
      nullable: true,
      auto: 'actor',
      reference: { entity: 'users', label: 'firstName', none: 'سامانه', onDelete: 'keep' },
    },
    address: { label: 'شماره یا نشانی', input: 'text', readOnly: true },
    body: { label: 'متن پیام', input: 'textarea', readOnly: true, wide: true },
    attempts: { label: 'تعداد تلاش', input: 'number', readOnly: true },
    lastError: { label: 'آخرین خطا', input: 'text', readOnly: true },
    providerId: { label: 'شناسه ارائه‌دهنده', input: 'text', readOnly: true },
    createdAt: { label: 'زمان ثبت', input: 'jalaliDate', readOnly: true, nullable: false, filter: 'range' },
    nextAttemptAt: { label: 'تلاش بعدی', input: 'jalaliDate', readOnly: true, nullable: false },
    sentAt: { label: 'زمان ارسال', input: 'jalaliDate', readOnly: true },
  },
  columns: [
    { key: 'event', header: 'رویداد', cell: 'option', options: notificationEventLabels },
    { key: 'userId', header: 'گیرنده', cell: 'reference' },
    { key: 'address', header: 'شماره یا نشانی', cell: 'text' },
    { key: 'channel', header: 'راه', cell: 'option', options: notificationChannelLabels },
    {
      key: 'status',
      header: 'وضعیت',
      essential: true,
      cell: 'badge',
      options: notificationStatusLabels,
      tones: { queued: 'info', sending: 'warning', sent: 'success', failed: 'danger' },
    },
    { key: 'attempts', header: 'تلاش', cell: 'number' },
    { key: 'sentBy', header: 'پاسخ‌دهنده', cell: 'reference' },
    { key: 'body', header: 'متن', cell: 'excerpt' },
    { key: 'sentAt', header: 'زمان ارسال', cell: 'jalaliDateTime' },
    { key: 'createdAt', header: 'زمان ثبت', essential: true, cell: 'jalaliDateTime' },
  ],
  nav: { group: 'system', order: 1 },
  defaultOrder: ['createdAt', 'desc'],
  texts: {
    nav: 'پیام‌های ارسالی',
    title: 'پیام‌های ارسالی به والدین',
    editTitle: 'پیام ارسالی',
    confirmRemove: 'آیا از حذف این پیام مطمئن هستید؟',
    empty: 'هنوز پیامی فرستاده نشده است',
    failed: { list: 'خطا در دریافت پیام‌های ارسالی', save: 'خطا در ذخیره', remove: 'خطا در حذف' },
    succeeded: { update: 'ذخیره شد', remove: 'حذف شد' },
  },
  // server/features/messaging/notifications.ts: the message is queued again with its attempts reset, and sent with
  // the same idempotency key, so a provider that did receive it drops the repeat.
  actions: {
    resend: {
      call: 'Resend',
      label: 'ارسال دوباره',
      confirmLabel: 'دوباره بفرست',
      confirm: 'این پیام دوباره در صف ارسال قرار بگیرد؟',
      when: (message) => message.status === 'failed',
      refusal: () => 'فقط پیام ناموفق دوباره فرستاده می‌شود',
      revert: () => ({ never: 'پیامی که دوباره در صف ارسال قرار گرفته شاید فرستاده شده باشد و بازگرداندنی نیست' }),
      succeeded: 'پیام دوباره در صف ارسال قرار گرفت',
      failed: 'قرار دادن دوباره پیام در صف ناموفق بود',
    },
  },
  searchIn: ['address', 'body'],
  labelField: 'address',
  singular: 'پیام ارسالی',
});
