// The site's sections, in the order the header, mobile menu and footer show them.
export const mainLinks = [
  { to: '/', label: 'صفحه اصلی' },
  { to: '/categories', label: 'دسته‌بندی دوره‌ها' },
  { to: '/articles', label: 'مقالات' },
  { to: '/about-us', label: 'درباره ما' },
  { to: '/contact-us', label: 'تماس با ما' },
] as const;

export const authButtonTexts = {
  guest: 'ورود/عضویت',
  learner: 'داشبورد',
  admin: 'ادمین پنل',
} as const;
