// Messages sent through the public contact form: admins read and delete them. The sixth
// entity, added with this file, its contract block and its migration only.
import { defineEntity } from './define';

export default defineEntity<'ContactMessage'>()({
  key: 'messages',
  component: 'ContactMessage',
  table: 'contact_messages',
  ops: {
    list: 'GET /api/Contact/GetSelectList',
    remove: 'DELETE /api/Contact/Delete',
  },
  fields: {},
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
  afterSave: 'reload',
  afterRemove: 'reload',
  searchIn: ['fullName', 'phoneNumber', 'emailAddress', 'message'],
});
