// Teachers, shown to admins as «همیاران». The data spells description `descirption`.
import { defineEntity } from './define';
import { nameMaxLength } from './validators';

export default defineEntity({
  name: 'Teacher',
  key: 'teachers',
  publicView: { component: 'PublicTeacher', fields: ['fullName', 'skill', 'descirption', 'coverImage'] },
  fields: {
    // A person's name, under the one name rule every form that names a person follows.
    fullName: { label: 'نام', input: 'text', required: true, maxLength: nameMaxLength },
    skill: { label: 'مهارت', input: 'text', required: true },
    descirption: { label: 'توضیحات', input: 'textarea', wide: true, required: true, maxLength: 2000 },
    coverImage: { label: 'لینک تصویر', input: 'imageLink', required: true },
  },
  columns: [
    { key: 'coverImage', header: 'تصویر', cell: 'image' },
    { key: 'fullName', header: 'نام', cell: 'text' },
    { key: 'id', header: 'شناسه', cell: 'number' },
    { key: 'skill', header: 'مهارت', cell: 'text' },
    { key: 'descirption', header: 'توضیحات', cell: 'text' },
  ],
  nav: { group: 'people', order: 4 },
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
  // The public teacher page's address (/teachers/<slug>); rows made before it are backfilled.
  slugFrom: 'fullName',
  searchIn: ['fullName', 'skill'],
});
