// The admin sidebar, in the spec's order (§2).
export const adminLinks = [
  { to: '/admin/dashboard', label: 'داشبورد' },
  { to: '/admin/users', label: 'کاربران' },
  { to: '/admin/courses', label: 'دوره‌ها' },
  { to: '/admin/categories', label: 'دسته بندی دوره‌ها' },
  { to: '/admin/articles', label: 'مقالات' },
  { to: '/admin/media', label: 'مدیا' },
  { to: '/admin/teachers', label: 'همیاران' },
  { to: '/admin/emails', label: 'ایمیل' },
] as const;
