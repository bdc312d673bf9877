// Learners' orders, as checkout and the gateway's verification write them (the server's own
// `orders` table): the admin finds them by status and date, reads each with its items and its
// payment attempts on the detail view, and refunds a paid one.
import { defineEntity } from './define';

export const orderStatusOptions = [
  ['pending', 'در انتظار پرداخت'],
  ['paid', 'پرداخت شده'],
  ['failed', 'ناموفق'],
  ['cancelled', 'لغو شده'],
  ['expired', 'منقضی شده'],
  ['refundDue', 'بدهی بازگشت وجه'],
  ['refunded', 'بازپرداخت شده'],
] as const;

const refundable = (status: string) => status === 'paid' || status === 'refundDue';
const notRefundable = (status: string) => (status === 'refunded' ? 'وجه این سفارش پیش‌تر بازگردانده شده است' : 'این سفارش پرداخت نشده است و وجهی برای بازگشت ندارد');
// The money went back to the card; marking the order paid again would not bring it back.
const refundIsFinal = () => ({ never: 'بازگشت وجه بازگرداندنی نیست: وجه به پرداخت‌کننده بازگردانده شده است' }) as const;

export default defineEntity({
  name: 'OrderRecord',
  key: 'orders',
  tableOwner: 'server',
  api: 'OrderRecord',
  ops: { create: false, update: false, remove: false },
  fields: {
    userId: {
      label: 'فراگیر',
      input: 'reference',
      readOnly: true,
      reference: { entity: 'users', label: 'firstName', none: 'بدون حساب', onDelete: 'cascade' },
    },
    status: { label: 'وضعیت', input: 'select', readOnly: true, options: orderStatusOptions },
    totalInTomans: { label: 'مبلغ (تومان)', input: 'number', integer: true, readOnly: true },
    discountInTomans: { label: 'تخفیف (تومان)', input: 'number', integer: true, readOnly: true },
    couponId: {
      label: 'کد تخفیف',
      input: 'reference',
      readOnly: true,
      reference: { entity: 'coupons', label: 'code', none: 'بدون کد تخفیف', onDelete: 'keep' },
    },
    couponCode: { label: 'کد تخفیف واردشده', input: 'text', readOnly: true },
    invoiceNumber: { label: 'شماره فاکتور', input: 'number', integer: true, readOnly: true, hint: 'به هر سفارش پرداخت‌شده به ترتیب داده می‌شود' },
    refundDueInTomans: { label: 'بدهی بازگشت وجه (تومان)', input: 'number', integer: true, readOnly: true },
    refundedInTomans: { label: 'بازپرداخت‌شده (تومان)', input: 'number', integer: true, readOnly: true },
    refId: { label: 'کد پیگیری درگاه', input: 'text', readOnly: true },
    cardPan: { label: 'کارت پرداخت', input: 'text', readOnly: true },
    createdAt: { label: 'تاریخ ثبت', input: 'jalaliDate', readOnly: true, filter: 'range' },
    paidAt: { label: 'تاریخ پرداخت', input: 'jalaliDate', readOnly: true },
    refundedAt: { label: 'تاریخ بازپرداخت', input: 'jalaliDate', readOnly: true },
  },
  columns: [
    { key: 'userId', header: 'فراگیر', cell: 'reference' },
    // What the order bought, from its items (their names as at checkout).
    { id: 'children', header: 'فرزندان', cell: 'text', many: { entity: 'orderItems', by: 'orderId', show: 'childName' } },
    { id: 'courses', header: 'دوره‌ها', cell: 'text', many: { entity: 'orderItems', by: 'orderId', show: 'courseTitle' } },
    { key: 'totalInTomans', header: 'مبلغ', cell: 'toman' },
    { key: 'discountInTomans', header: 'تخفیف', cell: 'toman' },
    { key: 'couponCode', header: 'کد تخفیف', cell: 'text' },
    { key: 'invoiceNumber', header: 'فاکتور', cell: 'number' },
    { key: 'status', header: 'وضعیت', cell: 'option', options: Object.fromEntries(orderStatusOptions) },
    { key: 'refId', header: 'کد پیگیری', cell: 'text' },
    { key: 'cardPan', header: 'کارت', cell: 'phone' },
    { key: 'createdAt', header: 'تاریخ ثبت', cell: 'jalaliDateTime' },
  ],
  texts: {
    nav: 'سفارش‌ها',
    title: 'سفارش‌ها و پرداخت‌ها',
    editTitle: 'سفارش',
    confirmRemove: 'آیا از حذف این سفارش مطمئن هستید؟',
    empty: 'سفارشی یافت نشد',
    failed: { list: 'خطا در دریافت فهرست سفارش‌ها', save: 'خطا در ذخیره سفارش', remove: 'خطا در حذف سفارش' },
    succeeded: { update: 'سفارش ذخیره شد', remove: 'سفارش حذف شد' },
  },
  // The refund goes through the gateway when it is configured for refunds, else it is recorded
  // as paid back by hand; either way the enrolments the order paid for are cancelled
  // (server/orderActions.ts).
  actions: {
    refund: {
      call: 'Refund',
      label: 'بازگشت وجه',
      confirm: 'وجه این سفارش به پرداخت‌کننده بازگردانده شود؟ ثبت‌نام‌هایی که با این سفارش انجام شده لغو می‌شود.',
      confirmLabel: 'بازگشت وجه',
      when: (order) => refundable(order.status),
      refusal: (order) => notRefundable(order.status),
      tone: 'danger',
      revert: refundIsFinal,
      succeeded: 'وجه سفارش بازگردانده شد',
      failed: 'بازگشت وجه ناموفق بود',
    },
    // A refund paid back outside the gateway: when the gateway has no refund call, or after a
    // refund through it went unanswered (it may have paid; it is not asked to again). The server
    // refuses it while the gateway can still refund the order itself (server/orderActions.ts).
    manualRefund: {
      call: 'RecordManualRefund',
      label: 'ثبت بازگشت دستی',
      confirm:
        'بازگشت وجه این سفارش بدون درگاه ثبت شود؟ اگر بازگشت وجه پیشین از درگاه بی‌پاسخ مانده، درگاه ممکن است وجه را پیش‌تر بازگردانده باشد: پیش از تأیید در پنل درگاه بررسی کنید و فقط اگر وجه بازنگشته، آن را دستی بازگردانید تا دو بار بازگردانده نشود. ثبت‌نام‌هایی که با این سفارش انجام شده لغو می‌شود.',
      confirmLabel: 'ثبت بازگشت دستی',
      when: (order) => refundable(order.status),
      refusal: (order) => notRefundable(order.status),
      tone: 'danger',
      onRow: false,
      revert: refundIsFinal,
      succeeded: 'بازگشت دستی وجه ثبت شد',
      failed: 'ثبت بازگشت دستی ناموفق بود',
    },
  },
  // Issue 15: a paid order's invoice, the page the learner prints (the API lets admins read it).
  links: [{ label: 'مشاهده فاکتور', href: (order) => (order.invoiceNumber > 0 ? `/dashboard/invoice/${order.id}` : null) }],
  searchIn: ['refId', 'cardPan'],
  labelField: 'refId',
  singular: 'سفارش',
});
