import { createFileRoute, redirect } from '@tanstack/react-router';

// A static segment wins over `$slug`, so this path never reaches the category loader (spec §2).
export const Route = createFileRoute('/_site/categories/courses')({
  beforeLoad: () => {
    throw redirect({ to: '/categories', replace: true });
  },
});
