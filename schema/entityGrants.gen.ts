// GENERATED FILE, DO NOT EDIT. Source: schema/*.ts. Regenerate with `npm run codegen`.
// What a staff role may be granted of each entity, for the roles screen's grid (codegen/entityIndex.ts says why).
import type { RegistryKey } from './registryKeys.gen';

export interface EntityGrantFacts {
  key: RegistryKey;
  /** The entity's name in the panel (its sidebar text). */
  title: string;
  /** Its record actions: key and label. */
  actions: ReadonlyArray<readonly [string, string]>;
  /** Its sensitive fields: name and label. */
  sensitive: ReadonlyArray<readonly [string, string]>;
  /** Whether it declares a teacher's scope («فقط موارد خودِ مدرس»). */
  scope: boolean;
}

export const entityGrantFacts: ReadonlyArray<EntityGrantFacts> = [
  {"key":"articles","title":"مقالات","actions":[],"sensitive":[],"scope":false},
  {"key":"attendance","title":"حضور و غیاب","actions":[],"sensitive":[["note","توضیح"]],"scope":true},
  {"key":"categories","title":"دسته بندی دوره‌ها","actions":[],"sensitive":[],"scope":false},
  {"key":"children","title":"فرزندان","actions":[],"sensitive":[["birthDate","تاریخ تولد"]],"scope":false},
  {"key":"classSessions","title":"جلسات کلاس‌ها","actions":[["move","جابه‌جایی جلسه"],["cancel","لغو جلسه"],["reinstate","برگزاری دوباره"],["roll","حضور و غیاب"],["allPresent","همه حاضر"]],"sensitive":[["note","توضیح"]],"scope":true},
  {"key":"coupons","title":"کدهای تخفیف","actions":[],"sensitive":[],"scope":false},
  {"key":"courseSlots","title":"برنامه هفتگی","actions":[],"sensitive":[],"scope":true},
  {"key":"courses","title":"دوره‌ها","actions":[["resyncSessions","ساخت دوباره جلسات"],["copyForNextTerm","کپی برای ترم بعد"]],"sensitive":[["priceInTomans","قیمت (تومان)"],["earlyBirdPriceInTomans","قیمت ثبت‌نام زودهنگام (تومان)"],["capacity","ظرفیت (نفر)"],["classLink","لینک کلاس آنلاین"]],"scope":true},
  {"key":"enrollments","title":"ثبت‌نام‌ها","actions":[["cancel","لغو ثبت‌نام"],["move","انتقال به دوره دیگر"],["reinstate","فعال کردن دوباره"]],"sensitive":[["amountInTomans","مبلغ دریافتی (تومان)"],["refundedInTomans","وجه بازگشته هنگام لغو (تومان)"],["payment","روش پرداخت"],["reference","شماره پیگیری یا توضیح"]],"scope":true},
  {"key":"holidays","title":"تعطیلات","actions":[],"sensitive":[],"scope":false},
  {"key":"messages","title":"پیام‌های تماس","actions":[["reply","پاسخ"],["archive","بایگانی"]],"sensitive":[["phoneNumber","شماره تماس"],["emailAddress","ایمیل"]],"scope":false},
  {"key":"notifications","title":"پیام‌های ارسالی","actions":[["resend","ارسال دوباره"]],"sensitive":[],"scope":false},
  {"key":"orderItems","title":"اقلام سفارش","actions":[],"sensitive":[["listPriceInTomans","قیمت دوره (تومان)"],["priceInTomans","مبلغ (تومان)"],["earlyBirdDiscountInTomans","تخفیف زودهنگام (تومان)"],["siblingDiscountInTomans","تخفیف خواهر و برادر (تومان)"],["couponDiscountInTomans","تخفیف کد (تومان)"]],"scope":false},
  {"key":"orders","title":"سفارش‌ها","actions":[["refund","بازگشت وجه"],["manualRefund","ثبت بازگشت دستی"]],"sensitive":[["totalInTomans","مبلغ (تومان)"],["discountInTomans","تخفیف (تومان)"],["refundDueInTomans","بدهی بازگشت وجه (تومان)"],["refundedInTomans","بازپرداخت‌شده (تومان)"],["cardPan","کارت پرداخت"],["refId","کد پیگیری درگاه"]],"scope":false},
  {"key":"paymentAttempts","title":"تراکنش‌های درگاه","actions":[],"sensitive":[["amountInTomans","مبلغ (تومان)"],["cardPan","کارت"],["refId","کد پیگیری"],["authority","شناسه درگاه"]],"scope":false},
  {"key":"sessions","title":"سابقه ورود","actions":[],"sensitive":[],"scope":false},
  {"key":"siblingDiscounts","title":"تخفیف خواهر و برادر","actions":[],"sensitive":[],"scope":false},
  {"key":"teachers","title":"همیاران","actions":[],"sensitive":[],"scope":false},
  {"key":"users","title":"کاربران","actions":[["lock","قفل کردن"],["unlock","باز کردن قفل"],["resetPassword","پیوند بازنشانی رمز"]],"sensitive":[["phoneNumber","شماره تلفن"],["emailAddress","ایمیل"]],"scope":false},
  {"key":"waitlist","title":"فهرست انتظار","actions":[["offer","پیشنهاد صندلی"],["leave","حذف از فهرست"]],"sensitive":[],"scope":false},
];
