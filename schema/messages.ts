// Messages sent through the public contact form (POST /api/Contact): the admins' inbox. The
// form writes what the sender said; the admin keeps the message's status and an internal note.
// A new message counts in the sidebar until an admin opens it, which marks it read.
import { defineEntity } from './define';
import { nameMaxLength } from './validators';
import { notificationChannelLabels } from './notifications';

/** The longest reply: a few SMS parts, a short e-mail. */
export const replyMaxLength = 1000;

export const messageStatusLabels = { new: 'تازه', read: 'خوانده‌شده', answered: 'پاسخ داده شد', archived: 'بایگانی' } as const;

export default defineEntity({
  name: 'ContactMessage',
  key: 'messages',
  table: 'contact_messages',
  api: 'Contact',
  ops: { create: false },
  fields: {
    fullName: { label: 'نام', input: 'text', readOnly: true, maxLength: nameMaxLength },
    phoneNumber: { label: 'شماره تماس', input: 'tel', readOnly: true },
    emailAddress: { label: 'ایمیل', input: 'email', readOnly: true },
    message: { label: 'پیام', input: 'textarea', readOnly: true, wide: true },
    createdAt: { label: 'زمان ارسال', input: 'jalaliDate', readOnly: true, auto: 'created' },
    status: {
      label: 'وضعیت',
      input: 'select',
      initial: 'new',
      options: [
        ['new', messageStatusLabels.new],
        ['read', messageStatusLabels.read],
        ['answered', messageStatusLabels.answered],
        ['archived', messageStatusLabels.archived],
      ],
    },
    note: {
      label: 'یادداشت داخلی',
      input: 'textarea',
      maxLength: 2000,
      wide: true,
      hint: 'فقط مدیران آن را می‌بینند؛ برای فرستنده فرستاده نمی‌شود.',
    },
  },
  columns: [
    { key: 'fullName', header: 'نام', cell: 'text' },
    { key: 'phoneNumber', header: 'شماره تماس', cell: 'phone' },
    { key: 'emailAddress', header: 'ایمیل', cell: 'email' },
    { key: 'message', header: 'پیام', cell: 'excerpt' },
    {
      key: 'status',
      header: 'وضعیت',
      essential: true,
      cell: 'badge',
      options: messageStatusLabels,
      tones: { new: 'warning', read: 'info', answered: 'success', archived: 'neutral' },
    },
    { key: 'createdAt', header: 'زمان ارسال', essential: true, cell: 'jalaliDateTime' },
  ],
  nav: { group: 'people', order: 1 },
  texts: {
    nav: 'پیام‌های تماس',
    title: 'پیام‌های تماس با ما',
    editTitle: 'پیام',
    confirmRemove: 'آیا از حذف این پیام مطمئن هستید؟',
    failed: { list: 'خطا در دریافت لیست پیام‌ها', save: 'خطا در ذخیره اطلاعات', remove: 'خطا در حذف پیام' },
    succeeded: { update: 'پیام ذخیره شد', remove: 'پیام با موفقیت حذف شد' },
  },
  searchIn: ['fullName', 'phoneNumber', 'emailAddress', 'message', 'note'],
  navBadge: { field: 'status', value: 'new', title: 'پیام تازه' },
  // A morning's messages marked read or archived together.
  bulkEdit: ['status'],
  onOpen: { field: 'status', from: 'new', to: 'read' },
  defaultOrder: ['createdAt', 'desc'],
  // A message no admin has opened yet, as an unread mail is.
  rowEmphasis: (message) => message.status === 'new',
  actions: {
    // Sent through the notification outbox (server/features/messaging/contactReplies.ts), queued
    // in the same transaction that marks the message answered; the message's page lists its
    // replies, newest first, with each one's delivery status.
    reply: {
      call: 'Reply',
      label: 'پاسخ',
      confirmLabel: 'ارسال پاسخ',
      onRow: false,
      fields: {
        channel: {
          label: 'راه ارسال',
          input: 'select',
          placeholder: 'انتخاب کنید',
          options: [
            ['sms', notificationChannelLabels.sms],
            ['email', notificationChannelLabels.email],
          ],
        },
        text: { label: 'متن پاسخ', input: 'textarea', required: true, maxLength: replyMaxLength },
      },
      revert: () => ({ never: 'پاسخ فرستاده‌شده پس گرفتنی نیست' }),
      succeeded: 'پاسخ در صف ارسال قرار گرفت',
      failed: 'ارسال پاسخ ناموفق بود',
    },
    archive: {
      call: 'Archive',
      label: 'بایگانی',
      when: (message) => message.status !== 'archived',
      refusal: () => 'این پیام پیش‌تر بایگانی شده است',
      revert: () => 'edit',
      succeeded: 'پیام بایگانی شد',
      failed: 'بایگانی پیام ناموفق بود',
    },
  },
  sensitive: ['phoneNumber', 'emailAddress'],
});
