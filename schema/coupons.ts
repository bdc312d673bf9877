// Discount codes: a percent or a fixed toman amount off the lines of the
// courses it covers (one course when courseId is set, else a category's when categoryId is,
// else all), within its validity window, up to a total
// and a per-learner number of uses. The server alone applies one (server/features/commerce/discounts.ts): the cart
// shows what it takes off, checkout counts its uses under a lock and records it on the order.
// A code is matched case-insensitively with Persian/Arabic digits read as Latin ones, and two
// coupons may not share a code so matched (server/engine/behaviours.ts).
import { defineEntity } from './define';

export const couponKindOptions = [
  ['percent', 'درصدی'],
  ['amount', 'مبلغ ثابت (تومان)'],
] as const;

export default defineEntity({
  name: 'Coupon',
  key: 'coupons',
  fields: {
    code: { label: 'کد تخفیف', input: 'text', required: true, maxLength: 40, hint: 'بزرگی و کوچکی حروف و ارقام فارسی و لاتین یکی شمرده می‌شوند' },
    kind: { label: 'نوع تخفیف', input: 'select', options: couponKindOptions, initial: 'percent' },
    percent: { label: 'درصد تخفیف', input: 'number', integer: true, max: 100, hint: 'برای تخفیف درصدی' },
    amountInTomans: { label: 'مبلغ تخفیف (تومان)', input: 'number', integer: true, money: true, hint: 'برای تخفیف مبلغ ثابت؛ بر دوره‌های مشمول سبد خرید تقسیم می‌شود' },
    categoryId: {
      label: 'دسته‌بندی',
      input: 'reference',
      reference: { entity: 'categories', label: 'name', none: 'همه دسته‌بندی‌ها' },
      hint: 'فقط دوره‌های این دسته‌بندی؛ خالی: همه دوره‌ها',
    },
    courseId: {
      label: 'دوره',
      input: 'reference',
      reference: { entity: 'courses', label: 'title', none: 'همه دوره‌ها' },
      hint: 'فقط همین دوره؛ با دسته‌بندی با هم انتخاب نمی‌شود',
    },
    validFrom: { label: 'معتبر از', input: 'jalaliDate', notAfter: 'validUntil', hint: 'خالی: از همین حالا' },
    validUntil: { label: 'معتبر تا', input: 'jalaliDate', hint: 'تا پایان همین روز؛ خالی: بدون پایان' },
    maxUses: { label: 'سقف کل استفاده', input: 'number', integer: true, hint: 'خالی یا صفر: بدون محدودیت' },
    maxUsesPerLearner: { label: 'سقف استفاده هر فراگیر', input: 'number', integer: true, hint: 'خالی یا صفر: بدون محدودیت' },
    inActive: {
      label: 'وضعیت',
      input: 'select',
      options: [
        [false, 'فعال'],
        [true, 'غیرفعال'],
      ],
    },
  },
  columns: [
    { key: 'code', header: 'کد', cell: 'text' },
    { key: 'kind', header: 'نوع', cell: 'option', options: Object.fromEntries(couponKindOptions) },
    { key: 'percent', header: 'درصد', cell: 'number' },
    { key: 'amountInTomans', header: 'مبلغ', cell: 'toman' },
    { key: 'categoryId', header: 'دسته‌بندی', cell: 'reference' },
    { key: 'courseId', header: 'دوره', cell: 'reference' },
    // Paid orders that used it, of the total limit («۳ از ۱۰»).
    { id: 'uses', header: 'استفاده‌شده', essential: true, cell: 'text', many: { entity: 'orders', by: 'couponId', count: { where: { status: 'paid' }, of: 'maxUses' } } },
    { key: 'validUntil', header: 'معتبر تا', essential: true, cell: 'jalaliDate' },
    { key: 'inActive', header: 'وضعیت', essential: true, cell: 'option', options: { true: 'غیرفعال', false: 'فعال' } },
  ],
  nav: { group: 'sales', order: 4 },
  texts: {
    nav: 'کدهای تخفیف',
    title: 'کدهای تخفیف',
    addButton: 'افزودن کد تخفیف',
    addTitle: 'افزودن کد تخفیف',
    editTitle: 'ویرایش کد تخفیف',
    confirmRemove: 'آیا از حذف این کد تخفیف مطمئن هستید؟',
    empty: 'کد تخفیفی تعریف نشده است',
    failed: { list: 'خطا در دریافت کدهای تخفیف', save: 'خطا در ذخیره کد تخفیف', remove: 'خطا در حذف کد تخفیف' },
    succeeded: { create: 'کد تخفیف ایجاد شد', update: 'کد تخفیف ذخیره شد', remove: 'کد تخفیف حذف شد' },
    preferServerMessage: true,
  },
  searchIn: ['code'],
  labelField: 'code',
  singular: 'کد تخفیف',
  // A campaign's codes switched off together, or narrowed to one category.
  bulkEdit: ['inActive', 'categoryId'],
});
