// A course's dated sessions: made from its weekly pattern (courseSlots) between its first and last
// session dates, skipping holidays; each may then be moved (movedFrom keeps the planned date) or
// cancelled, and extra ones added by hand. The timetable parents see and the attendance roster
// are read from these.
import { defineEntity } from './define';
import { classTimes } from './labels';
import { toPersianDigits } from './rules/digits';
import { formatHoursRange } from './rules/schedule';

const times = classTimes.map((time) => [time, toPersianDigits(time)] as const);
/**
 * A session whose Tehran day has ended (dates are stored as the day's Tehran midnight; a day is
 * 24 hours there). Read by the buttons and, the same, by the server's refusal.
 */
const isPast = (date: string | null) => date !== null && Date.parse(date) + 86_400_000 <= Date.now();
export const sessionStatusLabels = { scheduled: 'برگزار می‌شود', cancelled: 'لغو شده' } as const;
export const sessionOriginLabels = { manual: 'افزوده دستی', pattern: 'برنامه هفتگی' } as const;

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
    // Who made it: the weekly pattern (kept in sync with the course's slots, dates and the
    // holidays while untouched) or an admin by hand (never touched by that sync).
    origin: {
      label: 'ساخته‌شده از',
      input: 'select',
      readOnly: true,
      options: [
        ['manual', sessionOriginLabels.manual],
        ['pattern', sessionOriginLabels.pattern],
      ],
    },
  },
  columns: [
    { key: 'courseId', header: 'دوره', cell: 'reference' },
    { key: 'date', header: 'تاریخ', essential: true, cell: 'jalaliDate' },
    // One column for both times keeps the list narrow enough for its actions.
    { id: 'hours', header: 'ساعت', essential: true, cell: 'text', value: (session) => formatHoursRange(session.startTime, session.endTime) },
    {
      key: 'status',
      header: 'وضعیت',
      essential: true,
      cell: 'badge',
      options: sessionStatusLabels,
      tones: { scheduled: 'success', cancelled: 'danger' },
    },
    { key: 'movedFrom', header: 'جابه‌جا شده از', cell: 'jalaliDate' },
    { key: 'note', header: 'توضیح', cell: 'text' },
    { key: 'origin', header: 'ساخته‌شده از', cell: 'badge', options: sessionOriginLabels, tones: { pattern: 'info', manual: 'accent' } },
  ],
  nav: { group: 'classes', order: 1 },
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
  // Exceptions to the weekly pattern (server/features/classes/classSessionActions.ts). Each keeps the session out of the
  // pattern's sync from then on (server/features/classes/schedule.ts).
  // Taking the roll (server/features/classes/attendanceActions.ts): the first makes the attendance rows of the
  // children actively enrolled in the course (kept ones are left as marked), which the session's
  // detail view then lists with each child's status editable in place; the second also marks
  // every child not yet marked present, so the admin only changes the absent ones.
  actions: {
    move: {
      call: 'Move',
      label: 'جابه‌جایی جلسه',
      confirmLabel: 'جابه‌جا کن',
      fields: {
        date: { label: 'تاریخ تازه', input: 'jalaliDate' },
        startTime: { label: 'ساعت شروع', input: 'select', placeholder: 'انتخاب ساعت', options: times },
        endTime: { label: 'ساعت پایان', input: 'select', placeholder: 'انتخاب ساعت', options: times },
        note: { label: 'توضیح برای فراگیران', input: 'text', maxLength: 300 },
      },
      when: (session) => session.status === 'scheduled' && !isPast(session.date),
      // Asked in a dialog anyway; on every row it would crowd the list out.
      onRow: false,
      refusal: (session) => (isPast(session.date) ? 'این جلسه گذشته است و جابه‌جا نمی‌شود' : 'جلسه لغو‌شده جابه‌جا نمی‌شود؛ نخست آن را دوباره برگزار کنید'),
      // The parents were told of the new date; moving it back is a move of its own, told again.
      revert: () => ({ never: 'جابه‌جایی جلسه به خانواده‌ها اطلاع داده شده است؛ برای برگرداندن، جلسه را دوباره جابه‌جا کنید' }),
      succeeded: 'جلسه جابه‌جا شد',
      failed: 'جابه‌جایی جلسه ناموفق بود',
    },
    cancel: {
      call: 'Cancel',
      label: 'لغو جلسه',
      confirm: 'این جلسه لغو شود؟ فراگیران آن را خط‌خورده با دلیل لغو می‌بینند.',
      confirmLabel: 'لغو جلسه',
      fields: {
        note: { label: 'دلیل لغو', input: 'text', required: true, maxLength: 300 },
      },
      when: (session) => session.status === 'scheduled',
      refusal: () => 'این جلسه پیش‌تر لغو شده است',
      revert: () => ({ via: 'reinstate' }),
      tone: 'danger',
      succeeded: 'جلسه لغو شد',
      failed: 'لغو جلسه ناموفق بود',
    },
    reinstate: {
      call: 'Reinstate',
      label: 'برگزاری دوباره',
      confirm: 'این جلسه دوباره برگزار شود؟',
      when: (session) => session.status === 'cancelled',
      refusal: () => 'این جلسه لغو نشده است',
      revert: () => ({ never: 'برای لغو دوباره، جلسه را با «لغو جلسه» و دلیل آن لغو کنید' }),
      succeeded: 'جلسه دوباره در برنامه است',
      failed: 'برگزاری دوباره جلسه ناموفق بود',
    },
    roll: {
      call: 'Roll',
      label: 'حضور و غیاب',
      when: (session) => session.status === 'scheduled',
      refusal: () => 'برای جلسه لغوشده حضور و غیاب گرفته نمی‌شود',
      // The roll's rows (and the marks «همه حاضر» gives) are undone as the roll's own edits are.
      revert: () => 'edit',
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
      revert: () => 'edit',
      succeeded: 'حضور همه ثبت شد',
      failed: 'ثبت حضور همه ناموفق بود',
    },
  },
  relatedOrder: [['date', 'asc'], ['startTime', 'asc']],
  // The list reads as a timetable, as a course's own sessions do (the same day's ties by when they were made).
  defaultOrder: ['date', 'asc'],
  searchIn: ['note', 'room'],
  labelField: ['date', 'startTime'],
  singular: 'جلسه',
  scope: { through: 'courseId' },
  sensitive: ['note'],
});
