// A course's dated sessions: made from its weekly pattern (courseSlots) between its first and last
// session dates, skipping holidays; each may then be moved (movedFrom keeps the planned date) or
// cancelled, and extra ones added by hand. The timetable parents see and the attendance roster
// are read from these.
import { defineEntity } from './define';
import { classTimes } from './labels';
import { toPersianDigits } from '../src/lib/digits';

const times = classTimes.map((time) => [time, toPersianDigits(time)] as const);
export const sessionStatusLabels = { scheduled: 'برگزار می‌شود', cancelled: 'لغو شده' } as const;

export default defineEntity({
  name: 'ClassSession',
  key: 'classSessions',
  table: 'class_sessions',
  fields: {
    courseId: { label: 'دوره', input: 'reference', reference: { entity: 'courses', label: 'title', none: 'انتخاب دوره' } },
    date: { label: 'تاریخ جلسه', input: 'jalaliDate', filter: 'range' },
    startTime: { label: 'ساعت شروع', input: 'select', placeholder: 'انتخاب ساعت', options: times, notAfter: 'endTime' },
    endTime: { label: 'ساعت پایان', input: 'select', placeholder: 'انتخاب ساعت', options: times },
    status: {
      label: 'وضعیت',
      input: 'select',
      options: [
        ['scheduled', sessionStatusLabels.scheduled],
        ['cancelled', sessionStatusLabels.cancelled],
      ],
    },
    // The date the weekly pattern planned, when the session was moved from it (empty otherwise).
    movedFrom: { label: 'تاریخ اصلی (جابه‌جا شده از)', input: 'jalaliDate', readOnly: true },
    room: { label: 'کلاس (اگر با کلاس دوره فرق دارد)', input: 'text', maxLength: 100 },
    note: { label: 'توضیح', input: 'text', maxLength: 300 },
  },
  columns: [
    { key: 'courseId', header: 'دوره', cell: 'reference' },
    { key: 'date', header: 'تاریخ', cell: 'jalaliDate' },
    { key: 'startTime', header: 'شروع', cell: 'text' },
    { key: 'endTime', header: 'پایان', cell: 'text' },
    {
      key: 'status',
      header: 'وضعیت',
      cell: 'badge',
      options: sessionStatusLabels,
      tones: { scheduled: 'success', cancelled: 'danger' },
    },
    { key: 'movedFrom', header: 'جابه‌جا شده از', cell: 'jalaliDate' },
    { key: 'note', header: 'توضیح', cell: 'text' },
  ],
  texts: {
    nav: 'جلسات کلاس‌ها',
    title: 'جلسات کلاس‌ها',
    addButton: 'افزودن جلسه',
    addTitle: 'افزودن جلسه',
    editTitle: 'ویرایش جلسه',
    confirmRemove: 'آیا از حذف این جلسه مطمئن هستید؟',
    empty: 'جلسه‌ای یافت نشد',
    failed: { list: 'خطا در دریافت جلسات', save: 'خطا در ذخیره جلسه', remove: 'خطا در حذف جلسه' },
    succeeded: { create: 'جلسه افزوده شد', update: 'جلسه ویرایش شد', remove: 'جلسه حذف شد' },
  },
  // Taking the roll (server/attendanceActions.ts): the first makes the attendance rows of the
  // children actively enrolled in the course (kept ones are left as marked), which the session's
  // detail view then lists with each child's status editable in place; the second also marks
  // every child not yet marked present, so the admin only changes the absent ones.
  actions: {
    roll: {
      call: 'Roll',
      label: 'حضور و غیاب',
      when: (session) => session.status === 'scheduled',
      refusal: () => 'برای جلسه لغوشده حضور و غیاب گرفته نمی‌شود',
      succeeded: 'فهرست حضور و غیاب آماده شد',
      failed: 'آماده کردن فهرست حضور و غیاب ناموفق بود',
    },
    allPresent: {
      call: 'AllPresent',
      label: 'همه حاضر',
      confirm: 'همه فرزندانی که هنوز حضورشان ثبت نشده «حاضر» ثبت شوند؟',
      when: (session) => session.status === 'scheduled',
      refusal: () => 'برای جلسه لغوشده حضور و غیاب گرفته نمی‌شود',
      onRow: false,
      succeeded: 'حضور همه ثبت شد',
      failed: 'ثبت حضور همه ناموفق بود',
    },
  },
  searchIn: ['note', 'room'],
  labelField: 'date',
  singular: 'جلسه',
});
