// Messages sent through the public contact form (POST /api/Contact): admins read and delete
// them here. Every field is read-only: the form writes them, the admin does not.
import { defineEntity } from './define';

export default defineEntity({
  name: 'ContactMessage',
  key: 'messages',
  table: 'contact_messages',
  api: 'Contact',
  ops: { create: false, update: false },
  fields: {
    fullName: { label: 'نام', input: 'text', readOnly: true },
    phoneNumber: { label: 'شماره تماس', input: 'tel', readOnly: true },
    emailAddress: { label: 'ایمیل', input: 'email', readOnly: true },
    message: { label: 'پیام', input: 'textarea', readOnly: true },
    createdAt: { label: 'زمان ارسال', input: 'jalaliDate', readOnly: true, auto: 'created' },
  },
  columns: [
    { key: 'fullName', header: 'نام', cell: 'text' },
    { key: 'phoneNumber', header: 'شماره تماس', cell: 'phone' },
    { key: 'emailAddress', header: 'ایمیل', cell: 'text' },
    { key: 'message', header: 'پیام', cell: 'text' },
    { key: 'createdAt', header: 'زمان ارسال', cell: 'jalaliDateTime' },
  ],
  texts: {
    nav: 'پیام‌های تماس',
    title: 'پیام‌های تماس با ما',
    editTitle: 'پیام',
    confirmRemove: 'آیا از حذف این پیام مطمئن هستید؟',
    failed: { list: 'خطا در دریافت لیست پیام‌ها', save: 'خطا در ذخیره اطلاعات', remove: 'خطا در حذف پیام' },
    succeeded: { update: 'پیام ذخیره شد', remove: 'پیام با موفقیت حذف شد' },
  },
  searchIn: ['fullName', 'phoneNumber', 'emailAddress', 'message'],
});
