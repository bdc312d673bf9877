// A course's weekly pattern: one row per weekday it meets (Saturdays and Mondays 16:00–17:30 are
// two rows, so each day may have its own hours). The dated sessions (classSessions) are made
// from these between the course's first and last session dates.
import { defineEntity } from './define';
import { classTimes } from './labels';
import { jalaliWeekdayNames } from './rules/calendar';
import { toPersianDigits } from './rules/digits';

// The stored number is the weekday's index in the calendar's list (0 = شنبه).
const weekdays = jalaliWeekdayNames.map((label, day) => [day, label] as const);
const times = classTimes.map((time) => [time, toPersianDigits(time)] as const);

export default defineEntity({
  name: 'CourseSlot',
  key: 'courseSlots',
  table: 'course_slots',
  fields: {
    courseId: { label: 'دوره', input: 'reference', reference: { entity: 'courses', label: 'title', none: 'انتخاب دوره' } },
    weekday: { label: 'روز هفته', input: 'select', placeholder: 'انتخاب روز', options: weekdays },
    startTime: { label: 'ساعت شروع', input: 'select', placeholder: 'انتخاب ساعت', options: times, notAfter: 'endTime' },
    endTime: { label: 'ساعت پایان', input: 'select', placeholder: 'انتخاب ساعت', options: times },
  },
  columns: [
    { key: 'courseId', header: 'دوره', cell: 'reference' },
    { key: 'weekday', header: 'روز هفته', cell: 'option', options: Object.fromEntries(weekdays) },
    { key: 'startTime', header: 'ساعت شروع', cell: 'text' },
    { key: 'endTime', header: 'ساعت پایان', cell: 'text' },
  ],
  texts: {
    nav: 'برنامه هفتگی',
    title: 'برنامه هفتگی دوره‌ها',
    addButton: 'افزودن روز کلاس',
    addTitle: 'افزودن روز کلاس',
    editTitle: 'ویرایش روز کلاس',
    confirmRemove: 'این روز از برنامه هفتگی دوره حذف شود؟',
    failed: { list: 'خطا در دریافت برنامه هفتگی', save: 'خطا در ذخیره برنامه هفتگی', remove: 'خطا در حذف روز کلاس' },
    succeeded: { create: 'روز کلاس افزوده شد', update: 'برنامه هفتگی ویرایش شد', remove: 'روز کلاس حذف شد' },
  },
  // Read and edited under the course (its detail view); the list stays at /admin/courseSlots.
  sidebar: false,
  relatedOrder: [['weekday', 'asc'], ['startTime', 'asc']],
  labelField: ['weekday', 'startTime'],
  singular: 'روز کلاس',
  scope: { through: 'courseId' },
});
