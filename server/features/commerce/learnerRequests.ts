// What the learner's commerce calls share: their Persian answers and what a handler uses
// besides its request.
import type { AppConfig } from '../../platform/config';
import { type DB } from '../../platform/db';
import { formatPersianNumber, toPersianDigits } from '../../../schema/rules/text';
import type { Gateway } from '../../platform/outside';
import { Attempts } from '../../platform/slidingCounters';
import { type Settlement } from './reconcile';

export const learnerTexts = {
  courseNotFound: 'دوره مورد نظر یافت نشد',
  courseInactive: 'این دوره در حال حاضر فعال نیست',
  registrationClosed: 'مهلت ثبت‌نام این دوره به پایان رسیده است',
  alreadyInCart: 'این دوره قبلاً برای این فرزند به سبد خرید اضافه شده است',
  alreadyEnrolled: 'این فرزند قبلاً در این دوره ثبت‌نام شده است',
  cartItemNotFound: 'این مورد در سبد خرید شما نیست',
  cartEmpty: 'سبد خرید شما خالی است',
  cartItemUnavailable: (title: string) => `ثبت‌نام در دوره «${title}» دیگر ممکن نیست؛ آن را از سبد خرید حذف کنید`,
  gatewayDown: 'درگاه پرداخت در دسترس نیست؛ لطفاً چند دقیقه دیگر دوباره تلاش کنید',
  orderNotFound: 'سفارش مورد نظر یافت نشد',
  checkoutBusy: 'سفارش شما در حال ثبت است؛ چند لحظه دیگر دوباره تلاش کنید',
  userNotFound: 'کاربر یافت نشد',
  /** What the gateway shows the payer beside the amount. */
  gatewayDescription: (courses: number, orderId: number) => `ثبت‌نام در ${formatPersianNumber(courses)} دوره - سفارش ${toPersianDigits(orderId)}`,
} as const;

/** What the learner's handlers use besides the request. */
export interface LearnerDeps {
  db: DB;
  config: AppConfig;
  gateway: Gateway;
  attempts: Attempts;
  settlement: Settlement;
}

