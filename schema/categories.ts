// Course categories: the admin screen /admin/categories, its API calls and its table.
import { defineEntity } from './define';

export default defineEntity({
  name: 'Category',
  key: 'categories',
  publicView: { component: 'PublicCategoryView', fields: ['name', 'coverImage'] },
  fields: {
    name: { label: 'نام', input: 'text', required: true },
    inActive: { label: 'غیرفعال', input: 'checkbox' },
    coverImage: { label: 'لینک تصویر', input: 'imageLink' },
  },
  columns: [
    { key: 'name', header: 'نام', cell: 'text' },
    { key: 'id', header: 'شناسه', cell: 'number' },
    { key: 'inActive', header: 'غیرفعال', cell: 'yesNo' },
    { key: 'coverImage', header: 'تصویر', cell: 'image' },
  ],
  nav: { group: 'classes', order: 5 },
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
  slugFrom: 'name',
  searchIn: ['name'],
});
