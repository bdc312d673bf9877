// Articles: the body is HTML from the rich-text editor; the server sanitises every richText field.
import { defineEntity } from './define';

export default defineEntity({
  name: 'Article',
  key: 'articles',
  // The body is the article page's alone (sanitised there), never the list's.
  publicView: { component: 'PublicArticleView', fields: ['name', 'author', 'image', 'createdAt'] },
  fields: {
    author: { label: 'نویسنده', input: 'text', required: true },
    name: { label: 'عنوان', input: 'text', required: true },
    body: { label: 'متن مقاله', input: 'richText', wide: true },
    image: { label: 'لینک تصویر', input: 'imageLink' },
    createdAt: { label: 'تاریخ انتشار', input: 'jalaliDate', readOnly: true, auto: 'created' },
  },
  columns: [
    { key: 'author', header: 'نویسنده', cell: 'text' },
    { key: 'name', header: 'عنوان', cell: 'text' },
    { key: 'body', header: 'توضیحات', cell: 'excerpt' },
    { key: 'image', header: 'تصویر', cell: 'image' },
  ],
  nav: { group: 'content', order: 1 },
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
  slugFrom: 'name',
  searchIn: ['author', 'name'],
});
