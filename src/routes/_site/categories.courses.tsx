import { createFileRoute, redirect } from '@tanstack/react-router';

// The all-courses page is /courses; this older address keeps working (the server answers it
// with a 301, server/pages.ts). A static segment wins over `$slug`, so it never reaches the
// category loader.
export const Route = createFileRoute('/_site/categories/courses')({
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/courses', search, replace: true });
  },
});
