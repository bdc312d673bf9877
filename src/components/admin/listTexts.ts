// The admin list's Persian texts: search, filters, saved views, export, the pager.
import { toPersianDigits } from '../../../schema/rules/text';

export const listTexts = {
  all: 'همه',
  filters: 'فیلترها',
  clearFilters: 'پاک کردن فیلترها',
  savedViews: 'نماهای ذخیره‌شده',
  chooseView: 'انتخاب نمای ذخیره‌شده',
  saveView: 'ذخیره این نما',
  viewName: 'نام نما',
  viewSaved: (name: string) => `نمای «${name}» ذخیره شد`,
  viewRemoved: (name: string) => `نمای «${name}» حذف شد`,
  removeView: 'حذف نما',
  saveViewFailed: 'ذخیره نما ناموفق بود',
  removeViewFailed: 'حذف نما ناموفق بود',
  viewsFailed: 'دریافت نماهای ذخیره‌شده ناموفق بود',
  export: 'دریافت فایل اکسل (CSV)',
  exporting: 'در حال آماده‌سازی...',
  exportFailed: 'دریافت خروجی ناموفق بود',
  previous: 'صفحه قبل',
  next: 'صفحه بعد',
  pageOf: (page: number, pages: number) => `صفحه ${toPersianDigits(page)} از ${toPersianDigits(pages)}`,
  pager: 'صفحه‌بندی',
  from: 'از',
  to: 'تا',
} as const;
