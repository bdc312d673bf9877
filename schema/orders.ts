// Learners' orders, as checkout and the gateway's verification write them (the server's own
// `orders` table): the admin finds them by status and date, reads each with its items and its
// payment attempts on the detail view, and refunds a paid one.
import { defineEntity } from './define';
import { formatToman } from './rules/text';
import { academyToday } from './rules/calendar';

export const orderStatusOptions = [
  ['pending', 'در انتظار پرداخت'],
  ['paid', 'پرداخت شده'],
  ['failed', 'ناموفق'],
  ['cancelled', 'لغو شده'],
  ['expired', 'منقضی شده'],
  ['refundDue', 'بدهی بازگشت وجه'],
  ['refunded', 'بازپرداخت شده'],
] as const;

/**
 * How an order was paid: bought on the site (checkout and the gateway, or free), or recorded by
 * hand by an admin with the enrolment it paid for (server/features/commerce/manualEnrolment.ts).
 */
export const paymentMethodOptions = [
  ['online', 'خرید از سایت'],
  ['cash', 'نقدی'],
  ['cardToCard', 'کارت به کارت'],
  ['free', 'رایگان / بورسیه'],
] as const;
/** The ways an admin records a payment by hand: every method but the site's own. */
export const byHandPaymentOptions = paymentMethodOptions.filter(([value]) => value !== 'online');
/**
 * An order recorded by hand took no money through the gateway: its refund is recorded by hand
 * too, never asked of the gateway (server/features/commerce/orderActions.ts payBack holds the same rule).
 */
export const paidByHand = (order: { paymentMethod?: unknown }): boolean => order.paymentMethod !== undefined && order.paymentMethod !== 'online';

const refundable = (status: string) => status === 'paid' || status === 'refundDue';
const notRefundable = (status: string) => (status === 'refunded' ? 'وجه این سفارش پیش‌تر بازگردانده شده است' : 'این سفارش پرداخت نشده است و وجهی برای بازگشت ندارد');
/**
 * Why one of the two refunds is not the one to use: after a gateway refund left unanswered, only
 * the manual one (the gateway is not asked twice); otherwise only the plain one (through the
 * gateway when it can refund, else recorded by hand). The server answers these too
 * (server/features/commerce/orderActions.ts, when an enrolment's refund meets an unconfirmed one).
 */
export const refundRefusals = {
  unconfirmed:
    'بازگشت وجه پیشین این سفارش از درگاه بی‌پاسخ ماند و ممکن است انجام شده باشد؛ برای پرهیز از بازگرداندن دوباره، از درگاه تکرار نمی‌شود. در پنل درگاه بررسی کنید و سپس «ثبت بازگشت دستی» را بزنید',
  notUnconfirmed: 'ثبت بازگشت دستی فقط برای سفارشی است که بازگشت وجهش از درگاه بی‌پاسخ مانده یا رد شده؛ برای بازگشت وجه این سفارش «بازگشت وجه» را بزنید',
  byHand: 'این سفارش دستی ثبت شده و وجهش از درگاه نگذشته است؛ بازگشت وجه آن را با «ثبت بازگشت دستی» ثبت کنید',
} as const;

/** The codes a refund's refusal answers beside its message (ActionDecl.onRefusal): the gateway said no. */
export const refundRefusalCodes = { gatewayRefused: 'gatewayRefused' } as const;
/**
 * What an order's refund pays back: what it took, less what was paid back before. The whole
 * refund cancels every line first, so none is still held; the server pays this amount
 * (server/features/commerce/orderActions.ts) and the dialog shows it before the admin confirms.
 */
export const refundableOf = (order: { totalInTomans?: unknown; refundedInTomans?: unknown }) =>
  Math.max(Number(order.totalInTomans ?? 0) - Number(order.refundedInTomans ?? 0), 0);

/** The amount in the refund's dialog, and in the toast once it is paid back (the server's notice). */
export const refundAmountTexts = {
  toPay: (amountInTomans: number) => `مبلغ بازگشت: ${formatToman(amountInTomans)}`,
  paid: (amountInTomans: number) => `${formatToman(amountInTomans)} به پرداخت‌کننده بازگردانده شد`,
  /** A manual record of more than the order may still pay back (its dialog starts at that figure). */
  tooMuch: (refundableInTomans: number) => `مبلغ بازگشت نمی‌تواند بیش از ${formatToman(refundableInTomans)} باشد`,
} as const;

/** A refund through the gateway went unanswered (it may have paid): set by the server until one is recorded. */
const unconfirmed = (order: { refundUnconfirmedAt: string | null }) => order.refundUnconfirmedAt !== null;
/** The gateway refused a refund (it paid nothing): the refund may be tried again or recorded by hand. */
const refused = (order: { refundRefusedAt: string | null }) => order.refundRefusedAt !== null;
// The money went back to the card; marking the order paid again would not bring it back.
const refundIsFinal = () => ({ never: 'بازگشت وجه بازگرداندنی نیست: وجه به پرداخت‌کننده بازگردانده شده است' }) as const;

export default defineEntity({
  name: 'OrderRecord',
  key: 'orders',
  tableOwner: 'server',
  api: 'OrderRecord',
  ops: { create: false, update: false, remove: false },
  // The gateway's authority for the payment under way: the server's own, never shown.
  stored: { authority: { type: 'text', nullable: true } },
  defaultedColumns: ['version', 'refundDueInTomans', 'discountInTomans', 'refundedInTomans', 'couponId', 'couponCode', 'invoiceNumber', 'refundUnconfirmedAt', 'refundRefusedAt', 'paymentMethod'],
  fields: {
    userId: {
      label: 'فراگیر',
      input: 'reference',
      readOnly: true,
      reference: { entity: 'users', label: 'firstName', none: 'بدون حساب', onDelete: 'cascade' },
    },
    status: { label: 'وضعیت', input: 'select', readOnly: true, options: orderStatusOptions },
    totalInTomans: { label: 'مبلغ (تومان)', input: 'number', integer: true, money: true, readOnly: true },
    discountInTomans: { label: 'تخفیف (تومان)', input: 'number', integer: true, money: true, readOnly: true },
    couponId: {
      label: 'کد تخفیف',
      input: 'reference',
      readOnly: true,
      reference: { entity: 'coupons', label: 'code', none: 'بدون کد تخفیف', onDelete: 'keep' },
    },
    couponCode: { label: 'کد تخفیف واردشده', input: 'text', readOnly: true },
    invoiceNumber: { label: 'شماره فاکتور', input: 'number', integer: true, readOnly: true, nullable: true, hint: 'به هر سفارش پرداخت‌شده به ترتیب داده می‌شود' },
    refundDueInTomans: { label: 'بدهی بازگشت وجه (تومان)', input: 'number', integer: true, money: true, readOnly: true },
    refundedInTomans: { label: 'بازپرداخت‌شده (تومان)', input: 'number', integer: true, money: true, readOnly: true },
    paymentMethod: { label: 'روش پرداخت', input: 'select', readOnly: true, options: paymentMethodOptions },
    refId: { label: 'کد پیگیری درگاه', input: 'text', readOnly: true, nullable: true },
    cardPan: { label: 'کارت پرداخت', input: 'text', readOnly: true, nullable: true },
    createdAt: { label: 'تاریخ ثبت', input: 'jalaliDate', readOnly: true, nullable: false, filter: 'range' },
    paidAt: { label: 'تاریخ پرداخت', input: 'jalaliDate', readOnly: true, filter: 'range' },
    refundedAt: { label: 'تاریخ بازپرداخت', input: 'jalaliDate', readOnly: true },
    // When a refund through the gateway went unanswered; cleared once the order is refunded.
    refundUnconfirmedAt: {
      label: 'بازگشت وجه تأییدنشده',
      input: 'jalaliDate',
      readOnly: true,
      moment: true,
      hint: 'درگاه به بازگشت وجه پاسخ نداد و ممکن است وجه را بازگردانده باشد: در پنل درگاه بررسی کنید و سپس «ثبت بازگشت دستی» را بزنید',
    },
    // When the gateway last refused a refund (it paid nothing); cleared once the order is refunded.
    refundRefusedAt: { label: 'بازگشت وجه ردشده از درگاه', input: 'jalaliDate', readOnly: true, moment: true },
  },
  columns: [
    { key: 'userId', header: 'فراگیر', cell: 'reference' },
    // What the order bought, from its items (their names as at checkout).
    { id: 'children', header: 'فرزندان', cell: 'text', many: { entity: 'orderItems', by: 'orderId', show: 'childName' } },
    { id: 'courses', header: 'دوره‌ها', cell: 'text', many: { entity: 'orderItems', by: 'orderId', show: 'courseTitle' } },
    { key: 'totalInTomans', header: 'مبلغ', essential: true, cell: 'toman' },
    { key: 'discountInTomans', header: 'تخفیف', cell: 'toman' },
    { key: 'couponCode', header: 'کد تخفیف', cell: 'text' },
    { key: 'invoiceNumber', header: 'فاکتور', cell: 'number' },
    { key: 'status', header: 'وضعیت', essential: true, cell: 'option', options: Object.fromEntries(orderStatusOptions) },
    { key: 'refId', header: 'کد پیگیری', cell: 'text' },
    { key: 'cardPan', header: 'کارت', cell: 'phone' },
    { key: 'createdAt', header: 'تاریخ ثبت', essential: true, cell: 'jalaliDateTime' },
  ],
  nav: { group: 'sales', order: 1 },
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
  // (server/features/commerce/orderActions.ts). Once a refund through the gateway went unanswered, only the manual
  // one is offered (and accepted), so the gateway is never asked to pay twice.
  actions: {
    refund: {
      call: 'Refund',
      label: 'بازگشت وجه',
      confirm: 'وجه این سفارش به پرداخت‌کننده بازگردانده شود؟ ثبت‌نام‌هایی که با این سفارش انجام شده لغو می‌شود.',
      confirmLabel: 'بازگشت وجه',
      detail: (order) => refundAmountTexts.toPay(refundableOf(order)),
      when: (order) => refundable(order.status) && !unconfirmed(order) && !paidByHand(order),
      refusal: (order) => (!refundable(order.status) ? notRefundable(order.status) : paidByHand(order) ? refundRefusals.byHand : refundRefusals.unconfirmed),
      tone: 'danger',
      revert: refundIsFinal,
      // The gateway said no and paid nothing: the money may be paid back card to card and recorded.
      onRefusal: {
        [refundRefusalCodes.gatewayRefused]: {
          action: 'manualRefund',
          offer: 'اگر وجه را کارت‌به‌کارت یا نقدی بازگردانده‌اید یا می‌گردانید، آن را همین‌جا با «ثبت بازگشت دستی» ثبت کنید.',
        },
      },
      succeeded: 'وجه سفارش بازگردانده شد',
      failed: 'بازگشت وجه ناموفق بود',
    },
    // A refund paid back outside the gateway after a refund through it went unanswered (it may
    // have paid; it is not asked to again) or was refused, or of an order recorded by hand (its
    // money never went through the gateway). Without a gateway refund call the plain refund is
    // already recorded by hand. The amount and the reference (a card-to-card transfer's) are kept
    // with the payment attempt, the day as the order's refundedAt.
    manualRefund: {
      call: 'RecordManualRefund',
      label: 'ثبت بازگشت دستی',
      confirm:
        'بازگشت وجه این سفارش بدون درگاه ثبت شود؟ اگر بازگشت وجه پیشین از درگاه بی‌پاسخ مانده، درگاه ممکن است وجه را پیش‌تر بازگردانده باشد: پیش از تأیید در پنل درگاه بررسی کنید و فقط اگر وجه بازنگشته، آن را دستی بازگردانید تا دو بار بازگردانده نشود. ثبت‌نام‌هایی که با این سفارش انجام شده لغو می‌شود.',
      confirmLabel: 'ثبت بازگشت دستی',
      detail: (order) => refundAmountTexts.toPay(refundableOf(order)),
      // What was paid back, when, and the transfer's reference: the amount starts at what the order
      // may still pay back (the server refuses more), the date at today (a future day is refused).
      fields: {
        amountInTomans: { label: 'مبلغ بازگشت‌داده‌شده (تومان)', input: 'number', integer: true, money: true, min: 1 },
        paidBackOn: { label: 'تاریخ بازگشت وجه', input: 'jalaliDate', notFuture: true },
        reference: { label: 'شماره پیگیری کارت‌به‌کارت یا توضیح', input: 'text', maxLength: 100 },
      },
      initial: (order) => ({ amountInTomans: refundableOf(order), paidBackOn: academyToday() }),
      when: (order) => refundable(order.status) && (unconfirmed(order) || refused(order) || paidByHand(order)),
      refusal: (order) => (refundable(order.status) ? refundRefusals.notUnconfirmed : notRefundable(order.status)),
      tone: 'danger',
      onRow: false,
      revert: refundIsFinal,
      succeeded: 'بازگشت دستی وجه ثبت شد',
      failed: 'ثبت بازگشت دستی ناموفق بود',
    },
  },
  // A paid order's invoice, the page the learner prints (the API lets admins read it).
  links: [{ label: 'مشاهده فاکتور', href: (order) => (order.invoiceNumber > 0 ? `/dashboard/invoice/${order.id}` : null) }],
  searchIn: ['refId', 'cardPan'],
  // A parent describes an order by their phone, their name or their child's: found through the
  // learner and the order's items (each the child's name and the course's title as at checkout).
  searchThrough: [{ reference: 'userId' }, { entity: 'orderItems', by: 'orderId' }],
  // A parent's order is named as they would name it: their name, then the gateway's tracking code.
  labelField: ['userId', 'refId'],
  singular: 'سفارش',
  sensitive: ['totalInTomans', 'discountInTomans', 'refundDueInTomans', 'refundedInTomans', 'cardPan', 'refId'],
});
