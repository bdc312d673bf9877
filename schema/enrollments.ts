// Enrolments (the server's own `enrollments` table, written when a payment is verified, or by an
// admin who takes one by hand): a course's detail view lists its roster and a child's their
// courses, each with the parent's name and phone and how it was paid; the list filtered by course
// is the roster's CSV export.
import { defineEntity } from './define';
import { byHandPaymentOptions } from './orders';

const statuses = [
  ['active', 'فعال'],
  ['cancelled', 'لغو شده'],
] as const;

/** Why a cancelled enrolment is not made active again: its cancel paid its price back. */
export const reinstateRefusals = {
  paidBack: 'وجه این ثبت‌نام هنگام لغو بازگردانده شده است؛ ثبت‌نام دوباره فعال نمی‌شود. در صورت نیاز فرزند را دوباره ثبت‌نام کنید',
  notCancelled: 'این ثبت‌نام لغو نشده است',
} as const;

export default defineEntity({
  name: 'EnrollmentRecord',
  key: 'enrollments',
  tableOwner: 'server',
  api: 'EnrollmentRecord',
  // An enrolment taken by hand (cash, card to card, a free or scholarship seat): the child, the
  // course and how it was paid. The server takes a seat as a paid checkout does and makes its paid
  // order and invoice (server/features/commerce/manualEnrolment.ts); the payment's inputs are kept
  // by the order, not here.
  ops: { create: 'Create', update: false, remove: false },
  // The course its order line paid for, once the child was moved from it.
  stored: { paidCourseId: { type: 'integer', nullable: true } },
  defaultedColumns: ['version', 'status', 'cancelledAt', 'refundedInTomans'],
  fields: {
    childId: {
      label: 'فرزند',
      input: 'reference',
      createOnly: true,
      reference: { entity: 'children', label: 'firstName', none: 'انتخاب فرزند', onDelete: 'cascade', addInPlace: true },
    },
    courseId: { label: 'دوره', input: 'reference', createOnly: true, reference: { entity: 'courses', label: 'title', none: 'انتخاب دوره' } },
    payment: { label: 'روش پرداخت', input: 'select', writeOnly: true, placeholder: 'انتخاب کنید', options: byHandPaymentOptions },
    amountInTomans: { label: 'مبلغ دریافتی (تومان)', input: 'number', integer: true, money: true, writeOnly: true, hint: 'برای ثبت‌نام رایگان یا بورسیه صفر' },
    reference: { label: 'شماره پیگیری یا توضیح', input: 'text', writeOnly: true, maxLength: 100, hint: 'برای کارت به کارت، شماره پیگیری انتقال' },
    orderId: { label: 'پرداخت', input: 'reference', readOnly: true, nullable: true, reference: { entity: 'orders', label: 'refId', none: 'ثبت دستی', onDelete: 'keep' } },
    enrolledAt: { label: 'تاریخ ثبت‌نام', input: 'jalaliDate', readOnly: true, nullable: false, filter: 'range' },
    status: { label: 'وضعیت', input: 'select', readOnly: true, options: statuses },
    cancelledAt: { label: 'تاریخ لغو', input: 'jalaliDate', readOnly: true },
    // What its cancel paid back (server/features/commerce/orderActions.ts); 0 when nothing was.
    refundedInTomans: { label: 'وجه بازگشته هنگام لغو (تومان)', input: 'number', integer: true, money: true, readOnly: true },
  },
  columns: [
    { key: 'childId', header: 'فرزند', cell: 'reference' },
    { id: 'parentName', header: 'والد', cell: 'text', path: ['childId', 'userId'] },
    { id: 'parentPhone', header: 'تلفن والد', cell: 'phone', path: ['childId', 'userId', 'phoneNumber'] },
    { id: 'childAge', header: 'سن', cell: 'age', path: ['childId', 'birthDate'] },
    { key: 'courseId', header: 'دوره', essential: true, cell: 'reference' },
    { key: 'enrolledAt', header: 'تاریخ ثبت‌نام', essential: true, cell: 'jalaliDate' },
    { key: 'orderId', header: 'پرداخت (کد پیگیری)', cell: 'reference' },
    { key: 'status', header: 'وضعیت', essential: true, cell: 'option', options: Object.fromEntries(statuses) },
  ],
  nav: { group: 'sales', order: 2 },
  texts: {
    nav: 'ثبت‌نام‌ها',
    title: 'ثبت‌نام‌ها و فهرست کلاس‌ها',
    addButton: 'ثبت‌نام دستی',
    addTitle: 'ثبت‌نام دستی',
    editTitle: 'ثبت‌نام',
    confirmRemove: 'آیا از حذف این ثبت‌نام مطمئن هستید؟',
    empty: 'ثبت‌نامی یافت نشد',
    failed: { list: 'خطا در دریافت ثبت‌نام‌ها', save: 'خطا در ذخیره ثبت‌نام', remove: 'خطا در حذف ثبت‌نام' },
    succeeded: { create: 'ثبت‌نام انجام شد', update: 'ثبت‌نام ذخیره شد', remove: 'ثبت‌نام حذف شد' },
    preferServerMessage: true,
  },
  // Cancelling asks the refund question (an explicit answer, no default); moving asks for the
  // course. The money side is server/features/commerce/orderActions.ts, the same refund as an order's.
  actions: {
    cancel: {
      call: 'Cancel',
      label: 'لغو ثبت‌نام',
      confirm: 'ثبت‌نام این فرزند لغو شود؟',
      confirmLabel: 'لغو ثبت‌نام',
      fields: {
        refund: {
          label: 'بازگشت وجه',
          input: 'select',
          placeholder: 'انتخاب کنید',
          options: [
            ['refund', 'بله، مبلغ این دوره به پرداخت‌کننده بازگردانده شود'],
            ['keep', 'خیر، وجهی بازگردانده نشود'],
          ],
        },
      },
      when: (enrolment) => enrolment.status === 'active',
      refusal: () => 'این ثبت‌نام پیش‌تر لغو شده است',
      // A cancel that paid money back is final; one that did not is undone by reinstating the
      // enrolment, which takes a free seat or is refused.
      revert: (input) =>
        input.refund === 'refund' ? { never: 'لغو این ثبت‌نام با بازگشت وجه بوده و بازگرداندنی نیست؛ در صورت نیاز فرزند را دوباره ثبت‌نام کنید' } : { via: 'reinstate' },
      tone: 'danger',
      succeeded: 'ثبت‌نام لغو شد',
      failed: 'لغو ثبت‌نام ناموفق بود',
    },
    move: {
      call: 'Move',
      label: 'انتقال به دوره دیگر',
      confirmLabel: 'انتقال',
      fields: {
        courseId: { label: 'دوره مقصد', input: 'reference', reference: { entity: 'courses', label: 'title', none: 'انتخاب دوره' } },
      },
      when: (enrolment) => enrolment.status === 'active',
      refusal: () => 'ثبت‌نام لغوشده را نمی‌توان منتقل کرد',
      revert: () => ({ never: 'انتقال ثبت‌نام بازگرداندنی نیست؛ برای برگرداندن، فرزند را دوباره با «انتقال به دوره دیگر» منتقل کنید' }),
      succeeded: 'فرزند به دوره مقصد منتقل شد',
      failed: 'انتقال ثبت‌نام ناموفق بود',
    },
    // A cancelled enrolment active again: only while its course has a free seat, not when its
    // cancel paid its price back, and not when its order's money was paid back
    // (server/features/commerce/orderActions.ts).
    reinstate: {
      call: 'Reinstate',
      label: 'فعال کردن دوباره',
      confirm: 'این ثبت‌نام دوباره فعال شود؟ فرزند یک صندلی دوره را می‌گیرد.',
      confirmLabel: 'فعال کن',
      when: (enrolment) => enrolment.status === 'cancelled' && !(enrolment.refundedInTomans > 0),
      refusal: (enrolment) => (enrolment.status === 'cancelled' ? reinstateRefusals.paidBack : reinstateRefusals.notCancelled),
      onRow: false,
      revert: () => ({ never: 'برای لغو دوباره، از «لغو ثبت‌نام» استفاده کنید تا پرسش بازگشت وجه هم پرسیده شود' }),
      succeeded: 'ثبت‌نام دوباره فعال شد',
      failed: 'فعال کردن دوباره ثبت‌نام ناموفق بود',
    },
  },
  // An enrolment is named by its child and its course («سارا احمدی پایتون»), read through both references.
  labelField: ['childId', 'courseId'],
  singular: 'ثبت‌نام',
  // An enrolment found by its child's name or its course's title.
  searchThrough: [{ reference: 'childId' }, { reference: 'courseId' }],
  scope: { through: 'courseId' },
  sensitive: ['amountInTomans', 'refundedInTomans', 'payment', 'reference'],
});
