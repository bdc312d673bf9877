// The sibling discount: in one order, the second child (and the third, …)
// gets a percent off their courses. Each row says from which child on its percent applies
// (2 = the second child and later, unless a row for a later child says otherwise); the child
// with the largest subtotal counts as the first, so the discount falls on the cheaper
// children's courses. No active row: no sibling discount. Applied by server/features/commerce/discounts.ts.
import { defineEntity } from './define';

export default defineEntity({
  name: 'SiblingDiscount',
  key: 'siblingDiscounts',
  table: 'sibling_discounts',
  fields: {
    fromChild: { label: 'از فرزند چندم', input: 'number', integer: true, min: 2, max: 20, initial: 2, hint: '۲ یعنی فرزند دوم و بعدی در یک سفارش' },
    percent: { label: 'درصد تخفیف', input: 'number', integer: true, min: 1, max: 100, initial: 10 },
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
    { key: 'fromChild', header: 'از فرزند چندم', cell: 'number' },
    { key: 'percent', header: 'درصد تخفیف', cell: 'number' },
    { key: 'inActive', header: 'وضعیت', cell: 'option', options: { true: 'غیرفعال', false: 'فعال' } },
  ],
  nav: { group: 'sales', order: 5 },
  texts: {
    nav: 'تخفیف خواهر و برادر',
    title: 'تخفیف خواهر و برادر',
    addButton: 'افزودن قاعده تخفیف',
    addTitle: 'افزودن قاعده تخفیف خواهر و برادر',
    editTitle: 'ویرایش قاعده تخفیف',
    confirmRemove: 'آیا از حذف این قاعده مطمئن هستید؟',
    empty: 'تخفیف خواهر و برادر تعریف نشده است',
    failed: { list: 'خطا در دریافت قاعده‌ها', save: 'خطا در ذخیره قاعده', remove: 'خطا در حذف قاعده' },
    succeeded: { create: 'قاعده تخفیف ایجاد شد', update: 'قاعده تخفیف ذخیره شد', remove: 'قاعده تخفیف حذف شد' },
  },
  singular: 'قاعده تخفیف خواهر و برادر',
});
