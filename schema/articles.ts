// Articles: the body is HTML from the rich-text editor; the server sanitises every richText field.
import { defineEntity } from './define';
import { fileReference, optionalText, requiredText } from './validators';

export default defineEntity<'Article'>()({
  key: 'articles',
  component: 'Article',
  table: 'articles',
  ops: {
    list: 'GET /api/Article/GetSelectList',
    create: 'POST /api/Article/Create',
    update: 'PUT /api/Article/Update',
    remove: 'DELETE /api/Article/Delete',
  },
  fields: {
    author: { label: 'نویسنده', input: 'text', validate: requiredText('نویسنده') },
    name: { label: 'عنوان', input: 'text', validate: requiredText('عنوان') },
    body: { label: 'متن مقاله', input: 'richText', wide: true, validate: optionalText('متن مقاله', 200_000) },
    image: { label: 'لینک تصویر', input: 'imageLink', validate: fileReference('لینک تصویر', false) },
  },
  columns: [
    { key: 'author', header: 'نویسنده', cell: 'text' },
    { key: 'name', header: 'عنوان', cell: 'text' },
    { key: 'body', header: 'توضیحات', cell: 'excerpt' },
    { key: 'image', header: 'تصویر', cell: 'image' },
  ],
  texts: {
    nav: 'مقالات',
    title: 'مدیریت مقالات',
    addButton: 'افزودن مقاله جدید',
    addTitle: 'افزودن مقاله',
    editTitle: 'ویرایش مقاله',
    confirmRemove: 'آیا از حذف این مقاله مطمئن هستید؟',
    failed: { list: 'خطا در دریافت لیست مقالات', save: 'خطا در ذخیره مقاله', remove: 'خطا در حذف مقاله' },
    succeeded: { create: 'مقاله با موفقیت ایجاد شد', update: 'مقاله با موفقیت ویرایش شد', remove: 'مقاله با موفقیت حذف شد' },
  },
  afterSave: 'reload',
  afterRemove: 'reload',
  slugFrom: 'name',
  searchIn: ['author', 'name'],
});
