// The audit log screen's Persian texts (src/routes/admin/audit.tsx).
import type { components } from '../../../codegen/openapi.gen';
import { formatPersianNumber, toPersianDigits } from '../../../schema/rules/text';

type AuditAction = components['schemas']['AuditAction'];

export const auditTexts = {
  title: 'گزارش تغییرات',
  entity: 'بخش',
  action: 'نوع تغییر',
  user: 'کاربر',
  from: 'از تاریخ',
  to: 'تا تاریخ',
  all: 'همه',
  clear: 'پاک کردن فیلترها',
  empty: 'تغییری با این فیلترها ثبت نشده است',
  failed: 'دریافت گزارش تغییرات ناموفق بود',
  field: 'فیلد',
  before: 'قبل',
  after: 'بعد',
  revert: 'بازگرداندن این تغییر',
  /** When the server gives no reason of its own. */
  notRevertible: 'این تغییر دیگر قابل بازگرداندن نیست',
  confirmRevert: 'آیا از بازگرداندن این تغییر مطمئن هستید؟',
  reverted: 'تغییر بازگردانده شد',
  revertFailed: 'بازگرداندن تغییر ناموفق بود',
  previous: 'صفحه قبل',
  next: 'صفحه بعد',
  total: (n: number) => `${formatPersianNumber(n)} تغییر`,
  page: (page: number, pages: number) => `صفحه ${toPersianDigits(page)} از ${toPersianDigits(pages)}`,
  by: 'توسط',
  /** Before the role a change was made in: «(در نقش حسابدار)». */
  asRole: 'در نقش',
  record: 'رکورد',
  oneRecord: (name: string) => `فقط تغییرات ${name}`,
  actions: { create: 'ایجاد', update: 'ویرایش', delete: 'حذف', revert: 'بازگردانی' } satisfies Record<AuditAction, string>,
} as const;
