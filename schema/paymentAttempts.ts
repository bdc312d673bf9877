// Every call to the payment gateway about an order (request, verify, refund) and each payment or
// refund an admin recorded by hand, with its outcome (server/features/commerce/payments.ts writes them): the order's detail
// view lists them, so how a payment went is visible without the gateway's panel.
import { defineEntity } from './define';

const kinds = [
  ['request', 'درخواست پرداخت'],
  ['verify', 'تأیید پرداخت'],
  ['refund', 'بازگشت وجه از درگاه'],
  ['manualRefund', 'بازگشت وجه دستی'],
  // A payment an admin recorded by hand with the enrolment it paid for (cash, card to card, free).
  ['manualPayment', 'پرداخت ثبت‌شده دستی'],
  // A payment that bought nothing, cancelled at the gateway within its window (server/features/commerce/reconcile.ts).
  ['reverse', 'برگشت خودکار تراکنش به کارت'],
] as const;
const outcomes = [
  ['ok', 'موفق'],
  ['unpaid', 'پرداخت نشده'],
  ['refused', 'رد شده'],
  ['unreachable', 'درگاه در دسترس نبود'],
  // An answer that was not the gateway's (the wrong shape, a proxy's page, an authority already used).
  ['unreadable', 'پاسخ درگاه نامعتبر بود'],
] as const;

export default defineEntity({
  name: 'PaymentAttemptRecord',
  key: 'paymentAttempts',
  table: 'payment_attempts',
  tableOwner: 'server',
  api: 'PaymentAttemptRecord',
  ops: { create: false, update: false, remove: false },
  defaultedColumns: ['version'],
  fields: {
    orderId: { label: 'سفارش', input: 'reference', readOnly: true, reference: { entity: 'orders', label: 'refId', none: '—', onDelete: 'cascade' } },
    kind: { label: 'نوع', input: 'select', readOnly: true, options: kinds },
    outcome: { label: 'نتیجه', input: 'select', readOnly: true, options: outcomes },
    amountInTomans: { label: 'مبلغ (تومان)', input: 'number', integer: true, money: true, readOnly: true },
    authority: { label: 'شناسه درگاه', input: 'text', readOnly: true, nullable: true },
    refId: { label: 'کد پیگیری', input: 'text', readOnly: true, nullable: true },
    cardPan: { label: 'کارت', input: 'text', readOnly: true, nullable: true },
    at: { label: 'زمان', input: 'jalaliDate', readOnly: true, nullable: false },
  },
  columns: [
    { key: 'at', header: 'زمان', cell: 'jalaliDateTime' },
    { key: 'outcome', header: 'نتیجه', essential: true, cell: 'option', options: Object.fromEntries(outcomes) },
    { key: 'amountInTomans', header: 'مبلغ', essential: true, cell: 'toman' },
    { key: 'refId', header: 'کد پیگیری', cell: 'text' },
    { key: 'orderId', header: 'سفارش', cell: 'reference' },
  ],
  // Read on their order's detail view; the list stays at /admin/paymentAttempts.
  sidebar: false,
  texts: {
    nav: 'تراکنش‌های درگاه',
    title: 'تراکنش‌های درگاه پرداخت',
    editTitle: 'تراکنش',
    confirmRemove: 'آیا از حذف این تراکنش مطمئن هستید؟',
    failed: { list: 'خطا در دریافت تراکنش‌ها', save: 'خطا در ذخیره', remove: 'خطا در حذف' },
    succeeded: { update: 'ذخیره شد', remove: 'حذف شد' },
  },
  searchIn: ['authority', 'refId'],
  labelField: 'kind',
  singular: 'تراکنش',
  sensitive: ['amountInTomans', 'cardPan', 'refId', 'authority'],
});
