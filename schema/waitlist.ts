// Waiting lists of full courses (the server's own `waitlist_entries` table, written when a parent
// joins and when a freed seat is offered: server/features/commerce/seats.ts). The admin reads them per course (the
// course's detail view lists them through the courseId reference) with each child's place, the
// parent's phone and how long an offered seat is held, and can offer a seat now or take a child
// off the list.
import { defineEntity } from './define';

export const waitlistStatuses = [
  ['waiting', 'در انتظار'],
  ['offered', 'پیشنهاد شده'],
  ['enrolled', 'ثبت‌نام شد'],
  ['expired', 'مهلت تمام شد'],
  ['left', 'خارج از فهرست'],
] as const;

export default defineEntity({
  name: 'WaitlistEntryRecord',
  key: 'waitlist',
  table: 'waitlist_entries',
  tableOwner: 'server',
  api: 'WaitlistEntry',
  ops: { create: false, update: false, remove: false },
  defaultedColumns: ['version', 'status', 'position'],
  fields: {
    courseId: {
      label: 'دوره',
      input: 'reference',
      readOnly: true,
      reference: { entity: 'courses', label: 'title', none: 'بدون دوره', onDelete: 'cascade' },
    },
    position: { label: 'نوبت', input: 'number', readOnly: true, hint: 'جای فرزند در میان منتظران؛ صفر یعنی دیگر منتظر نیست' },
    childId: {
      label: 'فرزند',
      input: 'reference',
      readOnly: true,
      reference: { entity: 'children', label: 'firstName', none: 'فرزند حذف شده', onDelete: 'cascade' },
    },
    status: { label: 'وضعیت', input: 'select', readOnly: true, options: waitlistStatuses },
    joinedAt: { label: 'تاریخ ثبت در فهرست', input: 'jalaliDate', readOnly: true, nullable: false, filter: 'range' },
    offeredAt: { label: 'زمان پیشنهاد صندلی', input: 'jalaliDate', readOnly: true },
    holdUntil: { label: 'مهلت پرداخت', input: 'jalaliDate', readOnly: true },
  },
  columns: [
    { key: 'courseId', header: 'دوره', cell: 'reference' },
    { key: 'position', header: 'نوبت', essential: true, cell: 'number' },
    { key: 'childId', header: 'فرزند', essential: true, cell: 'reference' },
    { id: 'parentName', header: 'والد', cell: 'text', path: ['childId', 'userId'] },
    { id: 'parentPhone', header: 'تلفن والد', cell: 'phone', path: ['childId', 'userId', 'phoneNumber'] },
    {
      key: 'status',
      header: 'وضعیت',
      essential: true,
      cell: 'badge',
      options: Object.fromEntries(waitlistStatuses),
      tones: { waiting: 'info', offered: 'warning', enrolled: 'success', expired: 'neutral', left: 'neutral' },
    },
    { key: 'holdUntil', header: 'مهلت پرداخت', cell: 'jalaliDateTime' },
    { key: 'joinedAt', header: 'تاریخ ثبت', cell: 'jalaliDateTime' },
  ],
  nav: { group: 'sales', order: 3 },
  texts: {
    nav: 'فهرست انتظار',
    title: 'فهرست‌های انتظار دوره‌ها',
    editTitle: 'ثبت در فهرست انتظار',
    confirmRemove: 'آیا از حذف این مورد مطمئن هستید؟',
    empty: 'کسی در فهرست انتظار نیست',
    failed: { list: 'خطا در دریافت فهرست انتظار', save: 'خطا در ذخیره', remove: 'خطا در حذف' },
    succeeded: { update: 'ذخیره شد', remove: 'حذف شد' },
  },
  // The seat and the list's order are the server's (server/features/commerce/waitlistActions.ts): offering now
  // puts the child first and holds a free seat for them; taking them off frees what they held.
  actions: {
    offer: {
      call: 'Offer',
      label: 'پیشنهاد صندلی',
      confirm: 'یک صندلی خالی همین حالا به این فرزند پیشنهاد شود؟',
      when: (entry) => entry.status === 'waiting' || entry.status === 'expired',
      refusal: () => 'این فرزند اکنون منتظر صندلی نیست',
      revert: () => ({ never: 'صندلی پیشنهادشده به خانواده اطلاع داده شده و بازگرداندنی نیست' }),
      succeeded: 'صندلی به این فرزند پیشنهاد شد',
      failed: 'پیشنهاد صندلی ناموفق بود',
    },
    leave: {
      call: 'Remove',
      label: 'حذف از فهرست',
      confirm: 'این فرزند از فهرست انتظار این دوره حذف شود؟',
      when: (entry) => entry.status === 'waiting' || entry.status === 'offered' || entry.status === 'expired',
      refusal: () => 'این فرزند در فهرست انتظار نیست',
      revert: () => ({ never: 'صندلی آزادشده به نفر بعدی فهرست رسیده است؛ در صورت نیاز فرزند را دوباره در فهرست انتظار ثبت کنید' }),
      tone: 'danger',
      succeeded: 'از فهرست انتظار حذف شد',
      failed: 'حذف از فهرست انتظار ناموفق بود',
    },
  },
  singular: 'مورد فهرست انتظار',
});
