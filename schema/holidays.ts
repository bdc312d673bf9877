// Academy-wide days off (Nowruz, Tasua and Ashura…), one day or a range of days (from–to,
// inclusive; no end date is the one day): no session of any course's weekly pattern is made on
// them. Adding, moving or removing one re-syncs every course's future pattern sessions in the same
// transaction (server/engine/behaviours.ts); sessions added by hand on such a day stay. The form
// lists the sessions a save cancels and asks first (savePreview).
import { defineEntity } from './define';

export default defineEntity({
  name: 'Holiday',
  key: 'holidays',
  // Parents see the days off on the site too, at /holidays.
  publicView: {
    component: 'PublicHoliday',
    fields: ['date', 'endDate', 'title'],
    section: { path: 'holidays', title: 'تعطیلات آموزشگاه', lead: 'در این روزها کلاسی برگزار نمی‌شود.', empty: 'روز تعطیلی ثبت نشده است.', sort: ['date', 'asc'] },
  },
  fields: {
    date: { label: 'از تاریخ', input: 'jalaliDate', filter: 'range', notAfter: 'endDate' },
    endDate: { label: 'تا تاریخ', input: 'jalaliDate', hint: 'خالی: فقط همان یک روز' },
    title: { label: 'مناسبت', input: 'text', required: true, maxLength: 100 },
  },
  columns: [
    { key: 'date', header: 'از تاریخ', cell: 'jalaliDate' },
    { key: 'endDate', header: 'تا تاریخ', cell: 'jalaliDate' },
    { key: 'title', header: 'مناسبت', cell: 'text' },
  ],
  nav: { group: 'classes', order: 4 },
  texts: {
    nav: 'تعطیلات',
    title: 'روزهای تعطیل آموزشگاه',
    addButton: 'افزودن تعطیلی',
    addTitle: 'افزودن تعطیلی (یک روز یا چند روز)',
    editTitle: 'ویرایش روز تعطیل',
    confirmRemove: 'این روز از تعطیلات حذف شود؟ جلسه‌های برنامه هفتگی آن روز دوباره ساخته می‌شوند.',
    empty: 'روز تعطیلی ثبت نشده است',
    failed: { list: 'خطا در دریافت تعطیلات', save: 'خطا در ذخیره روز تعطیل', remove: 'خطا در حذف روز تعطیل' },
    succeeded: { create: 'تعطیلی افزوده شد؛ جلسه‌های آن روزها برداشته شدند', update: 'روز تعطیل ویرایش شد', remove: 'روز تعطیل حذف شد' },
  },
  savePreview: { call: 'PreviewSave', title: 'این جلسه‌ها لغو می‌شوند', confirmLabel: 'ثبت تعطیلی و لغو جلسه‌ها' },
  searchIn: ['title'],
  labelField: 'title',
  singular: 'روز تعطیل',
});
