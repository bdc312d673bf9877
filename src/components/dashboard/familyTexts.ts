// Texts of the parent's classes page and profile form, kept apart from texts.ts so the
// screens and tests agree on them.
import { formatPersianNumber } from '../../../schema/rules/digits';

export const familyTexts = {
  nav: { classes: 'کلاس‌ها و حضور', profile: 'حساب کاربری' },
  classes: {
    title: 'کلاس‌ها و حضور و غیاب',
    noChildren: 'هنوز فرزندی ثبت نکرده‌اید.',
    noCourses: 'این فرزند هنوز در دوره‌ای ثبت‌نام فعال ندارد.',
    next: 'جلسه بعد',
    noNext: 'جلسه‌ای در پیش نیست.',
    moved: 'جابه‌جا شده',
    timetable: 'برنامه هفتگی',
    online: 'آنلاین',
    joinClass: 'ورود به کلاس آنلاین',
    attendance: 'حضور و غیاب',
    noRecords: 'هنوز حضور و غیابی ثبت نشده است.',
    records: (n: number) => `${formatPersianNumber(n)} جلسه ثبت‌شده`,
    counts: { present: 'حاضر', absent: 'غایب', excused: 'غیبت موجه' },
  },
  profile: {
    title: 'حساب کاربری',
    intro: 'نام، شماره موبایل و ایمیل خود را ویرایش کنید. شماره موبایل و ایمیل برای ورود به سایت به کار می‌روند.',
    firstName: 'نام',
    lastName: 'نام خانوادگی',
    phone: 'شماره موبایل',
    email: 'ایمیل (اختیاری)',
    password: 'رمز عبور فعلی',
    passwordHint: 'برای تغییر شماره موبایل یا ایمیل لازم است.',
    save: 'ذخیره تغییرات',
    saving: 'در حال ذخیره...',
    saved: 'اطلاعات حساب ذخیره شد.',
    failed: 'ذخیره اطلاعات حساب انجام نشد.',
    passwordLink: 'تغییر رمز عبور',
    loadFailed: 'دریافت اطلاعات حساب انجام نشد.',
  },
} as const;
