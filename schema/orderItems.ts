// The lines of an order as checkout wrote them (a snapshot of the child's name, the course's
// title and price): shown on the order's detail view, and the course's and child's.
import { defineEntity } from './define';

export default defineEntity({
  name: 'OrderItemRecord',
  key: 'orderItems',
  table: 'order_items',
  tableOwner: 'server',
  api: 'OrderItemRecord',
  ops: { create: false, update: false, remove: false },
  defaultedColumns: ['version', 'earlyBirdDiscountInTomans', 'siblingDiscountInTomans', 'couponDiscountInTomans'],
  fields: {
    orderId: { label: 'سفارش', input: 'reference', readOnly: true, reference: { entity: 'orders', label: 'refId', none: '—', onDelete: 'cascade' } },
    courseTitle: { label: 'دوره', input: 'text', readOnly: true },
    childName: { label: 'فرزند', input: 'text', readOnly: true },
    courseId: { label: 'دوره (فعلی)', input: 'reference', readOnly: true, reference: { entity: 'courses', label: 'title', none: 'دوره حذف شده', onDelete: 'keep' } },
    childId: { label: 'فرزند (فعلی)', input: 'reference', readOnly: true, reference: { entity: 'children', label: 'firstName', none: 'فرزند حذف شده', onDelete: 'keep' } },
    // What the line cost: the course's price at checkout, less the early-bird, sibling
    // and coupon discounts; priceInTomans is what was charged for it.
    listPriceInTomans: { label: 'قیمت دوره (تومان)', input: 'number', integer: true, money: true, readOnly: true },
    earlyBirdDiscountInTomans: { label: 'تخفیف زودهنگام (تومان)', input: 'number', integer: true, money: true, readOnly: true },
    siblingDiscountInTomans: { label: 'تخفیف خواهر و برادر (تومان)', input: 'number', integer: true, money: true, readOnly: true },
    couponDiscountInTomans: { label: 'تخفیف کد (تومان)', input: 'number', integer: true, money: true, readOnly: true },
    priceInTomans: { label: 'مبلغ (تومان)', input: 'number', integer: true, money: true, readOnly: true },
  },
  columns: [
    { key: 'orderId', header: 'سفارش', cell: 'reference' },
    { key: 'childName', header: 'فرزند', cell: 'text' },
    { key: 'listPriceInTomans', header: 'قیمت', cell: 'toman' },
    { key: 'earlyBirdDiscountInTomans', header: 'زودهنگام', cell: 'toman' },
    { key: 'siblingDiscountInTomans', header: 'خواهر و برادر', cell: 'toman' },
    { key: 'couponDiscountInTomans', header: 'کد تخفیف', cell: 'toman' },
    { key: 'priceInTomans', header: 'مبلغ', cell: 'toman' },
  ],
  // Read on their order's detail view; the list stays at /admin/orderItems.
  sidebar: false,
  texts: {
    nav: 'اقلام سفارش',
    title: 'اقلام سفارش‌ها',
    editTitle: 'قلم سفارش',
    confirmRemove: 'آیا از حذف این قلم مطمئن هستید؟',
    failed: { list: 'خطا در دریافت اقلام سفارش', save: 'خطا در ذخیره', remove: 'خطا در حذف' },
    succeeded: { update: 'ذخیره شد', remove: 'حذف شد' },
  },
  searchIn: ['courseTitle', 'childName'],
  labelField: 'courseTitle',
  singular: 'قلم سفارش',
  sensitive: ['listPriceInTomans', 'priceInTomans', 'earlyBirdDiscountInTomans', 'siblingDiscountInTomans', 'couponDiscountInTomans'],
});
