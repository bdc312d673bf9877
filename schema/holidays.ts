// Academy-wide days off (Nowruz, Tasua and Ashura…): no session of any course's weekly pattern is
// made on them. Adding, moving or removing one re-syncs every course's future pattern sessions in
// the same transaction (server/engine/behaviours.ts); sessions added by hand on such a day stay.
import { defineEntity } from './define';

export default defineEntity({
  name: 'Holiday',
  key: 'holidays',
  // Parents see the days off on the site too, at /holidays.
  publicView: {
    component: 'PublicHoliday',
    fields: ['date', 'title'],
    section: { path: 'holidays', title: 'تعطیلات آموزشگاه', lead: 'در این روزها کلاسی برگزار نمی‌شود.', empty: 'روز تعطیلی ثبت نشده است.', sort: ['date', 'asc'] },
  },
  fields: {
    date: { label: 'تاریخ', input: 'jalaliDate', filter: 'range' },
    title: { label: 'مناسبت', input: 'text', required: true, maxLength: 100 },
  },
  columns: [
    { key: 'date', header: 'تاریخ', cell: 'jalaliDate' },
    { key: 'title', header: 'مناسبت', cell: 'text' },
  ],
  nav: { group: 'classes', order: 4 },
  texts: {
    nav: 'تعطیلات',
    title: 'روزهای تعطیل آموزشگاه',
    addButton: 'افزودن روز تعطیل',
    addTitle: 'افزودن روز تعطیل',
    editTitle: 'ویرایش روز تعطیل',
    confirmRemove: 'این روز از تعطیلات حذف شود؟ جلسه‌های برنامه هفتگی آن روز دوباره ساخته می‌شوند.',
    empty: 'روز تعطیلی ثبت نشده است',
    failed: { list: 'خطا در دریافت تعطیلات', save: 'خطا در ذخیره روز تعطیل', remove: 'خطا در حذف روز تعطیل' },
    succeeded: { create: 'روز تعطیل افزوده شد؛ جلسه‌های آن روز برداشته شدند', update: 'روز تعطیل ویرایش شد', remove: 'روز تعطیل حذف شد' },
  },
  searchIn: ['title'],
  labelField: 'title',
  singular: 'روز تعطیل',
});
