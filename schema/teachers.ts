// Teachers, shown to admins as «همیاران». The data spells description `descirption`.
import { defineEntity } from './define';
import { fileReference, requiredText } from './validators';

export default defineEntity<'Teacher'>()({
  key: 'teachers',
  component: 'Teacher',
  table: 'teachers',
  ops: {
    list: 'GET /api/Teacher/GetSelectList',
    create: 'POST /api/Teacher/Create',
    update: 'PUT /api/Teacher/Update',
    remove: 'DELETE /api/Teacher/Delete',
  },
  fields: {
    fullName: { label: 'نام', input: 'text', validate: requiredText('نام') },
    skill: { label: 'مهارت', input: 'text', validate: requiredText('مهارت') },
    descirption: { label: 'توضیحات', input: 'textarea', wide: true, validate: requiredText('توضیحات', 2000) },
    coverImage: { label: 'لینک تصویر', input: 'imageLink', validate: fileReference('لینک تصویر', true) },
  },
  columns: [
    { key: 'coverImage', header: 'تصویر', cell: 'image' },
    { key: 'fullName', header: 'نام', cell: 'text' },
    { key: 'id', header: 'شناسه', cell: 'number' },
    { key: 'skill', header: 'مهارت', cell: 'text' },
    { key: 'descirption', header: 'توضیحات', cell: 'text' },
  ],
  texts: {
    nav: 'همیاران',
    title: 'مدیریت همیاران',
    addButton: 'افزودن همیار جدید',
    addTitle: 'افزودن همیار',
    editTitle: 'ویرایش همیار',
    confirmRemove: 'آیا از حذف این مدرس مطمئن هستید؟',
    failed: { list: 'خطا در دریافت لیست مدرس‌ها', save: 'خطا در ذخیره اطلاعات', remove: 'خطا در حذف مدرس' },
    succeeded: { create: 'مدرس با موفقیت ایجاد شد', update: 'مدرس با موفقیت ویرایش شد', remove: 'مدرس با موفقیت حذف شد' },
  },
  afterSave: 'reload',
  afterRemove: 'reload',
  searchIn: ['fullName', 'skill'],
});
