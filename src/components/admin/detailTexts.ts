// A detail view's Persian texts.
import { formatPersianNumber } from '../../../schema/rules/text';

export const detailTexts = {
  notFoundTitle: 'رکورد یافت نشد',
  allInList: (title: string) => `همه ${title} در فهرست (با خروجی CSV)`,
  notFound: 'رکوردی با این نشانی وجود ندارد؛ ممکن است حذف شده باشد.',
  backToPanel: 'بازگشت به داشبورد',
  /** A role's grant of an entity limited to a teacher's own rows. */
  ownOnly: 'فقط موارد خودِ مدرس',
  backToList: (title: string) => `بازگشت به ${title}`,
  id: 'شناسه',
  fields: 'مشخصات',
  related: 'رکوردهای وابسته',
  noRelated: 'موردی ثبت نشده است',
  count: (n: number) => `${formatPersianNumber(n)} مورد`,
  partial: (shown: number, total: number) => `${formatPersianNumber(shown)} مورد از ${formatPersianNumber(total)} مورد (جدیدترین‌ها)`,
  failed: 'دریافت اطلاعات رکورد با مشکل مواجه شد',
  addRelated: (singular: string) => `افزودن ${singular}`,
  /** The link to the audit log narrowed to this record. */
  history: 'تاریخچه تغییرات این رکورد',
} as const;
