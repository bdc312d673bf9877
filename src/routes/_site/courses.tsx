import { createFileRoute, redirect } from '@tanstack/react-router';
import { validateCourseSearch } from '../../../schema/rules/courseFilters';

// The spec sends /courses to /categories, where the all-courses search lives: an old link's
// filters (/courses?age=9&day=2) come along. The server answers it with a 301 (server/features/catalogue/pages.ts).
export const Route = createFileRoute('/_site/courses')({
  validateSearch: validateCourseSearch,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/categories', search, replace: true });
  },
});
