// Course categories: the admin screen /admin/categories, its API calls and its table.
import { defineEntity } from './define';
import { fileReference, requiredText } from './validators';

export default defineEntity<'Category'>()({
  key: 'categories',
  component: 'Category',
  table: 'categories',
  ops: {
    list: 'GET /api/Category/GetSelectList',
    create: 'POST /api/Category/Create',
    update: 'PUT /api/Category/Update',
    remove: 'DELETE /api/Category/Delete',
  },
  fields: {
    name: { label: 'نام', input: 'text', validate: requiredText('نام') },
    inActive: { label: 'غیرفعال', input: 'checkbox' },
    coverImage: { label: 'لینک تصویر', input: 'imageLink', validate: fileReference('لینک تصویر', false) },
  },
  columns: [
    { key: 'name', header: 'نام', cell: 'text' },
    { key: 'id', header: 'شناسه', cell: 'number' },
    { key: 'inActive', header: 'غیرفعال', cell: 'yesNo' },
    { key: 'coverImage', header: 'تصویر', cell: 'image' },
  ],
  texts: {
    nav: 'دسته بندی دوره‌ها',
    title: 'مدیریت دسته‌بندی‌ها',
    addButton: 'افزودن دسته‌بندی جدید',
    addTitle: 'افزودن دسته‌بندی',
    editTitle: 'ویرایش دسته‌بندی',
    confirmRemove: 'آیا از حذف این دسته‌بندی مطمئن هستید؟',
    failed: {
      list: 'خطا در دریافت لیست دسته‌بندی‌ها',
      save: 'خطا در ذخیره اطلاعات',
      remove: 'خطا در حذف دسته‌بندی',
    },
    succeeded: {
      create: 'دسته‌بندی با موفقیت ایجاد شد',
      update: 'دسته‌بندی با موفقیت ویرایش شد',
      remove: 'دسته‌بندی با موفقیت حذف شد',
    },
  },
  afterSave: 'reload',
  afterRemove: 'reload',
  slugFrom: 'name',
  searchIn: ['name'],
});
