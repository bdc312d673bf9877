import { createFileRoute, redirect } from '@tanstack/react-router';
import { validateCourseSearch } from '../../../schema/rules/courseFilters';

// The spec sends /categories/courses to /categories (the server answers it with a 301,
// server/features/catalogue/pages.ts), its filters kept. A static segment wins over `$slug`, so it never reaches
// the category loader, and no category may be slugged `courses` (reservedSlugs).
export const Route = createFileRoute('/_site/categories/courses')({
  validateSearch: validateCourseSearch,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/categories', search, replace: true });
  },
});
