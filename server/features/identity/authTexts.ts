// What sign-up, sign-in and the account screens answer when they refuse, in one place for every
// path that can say it (the password sign-in, the SMS code, the profile, the admin's create).
export const authTexts = {
  phoneTaken: 'این شماره موبایل قبلاً ثبت شده است',
  emailTaken: 'این ایمیل قبلاً ثبت شده است',
  wrongCredentials: 'نام کاربری یا رمز عبور اشتباه است',
  tooMany: 'تعداد تلاش‌های ناموفق زیاد است؛ چند دقیقه دیگر دوباره تلاش کنید',
  lockedOut: 'حساب کاربری شما غیرفعال شده است',
  signUpTooMany: 'تعداد درخواست‌های عضویت از این نشانی زیاد است؛ یک ساعت دیگر دوباره تلاش کنید. اگر قبلاً عضو شده‌اید، وارد شوید.',
  signUpBusy: 'سرور در حال رسیدگی به عضویت‌های دیگر است؛ چند لحظه دیگر دوباره تلاش کنید',
  codeSpent: 'این کد منقضی شده یا پیش‌تر به کار رفته است؛ کد تازه بخواهید',
} as const;
