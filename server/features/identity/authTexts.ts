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
  // An account that opens the admin panel is recovered by the e-mailed (or admin-issued) link and
  // an SMS code together (server/features/identity/passwordRecovery.ts): what each path tells its holder.
  staffRecoveryNeedsLink:
    'حساب مدیریت تنها با کد پیامکی بازیابی نمی‌شود. «بازیابی با ایمیل» را بزنید و ایمیل حساب را وارد کنید؛ پیوندی را که به آن فرستاده می‌شود باز کنید و در همان صفحه رمز تازه را همراه کد پیامکی تازه‌ای که به این شماره فرستاده می‌شود وارد کنید. اگر حساب ایمیل ندارد، از مدیر دیگری پیوند بازنشانی بخواهید.',
  staffLinkNeedsCode:
    'این پیوند برای یک حساب مدیریت است و رمز تازه آن کد پیامکی را هم می‌خواهد: «ارسال کد به موبایل حساب» را بزنید و کد ۶ رقمی را که به شماره موبایل حساب پیامک می‌شود، همراه رمز تازه وارد کنید.',
  linkNeedsNoCode: 'این پیوند کد پیامکی نمی‌خواهد؛ رمز تازه را بگذارید.',
} as const;
