import { createFileRoute, Link } from '@tanstack/react-router';
import { Breadcrumbs } from '../../components/site/Breadcrumbs';
import { courseApiQuery, jalaliToday, validateCourseSearch } from '../../components/site/courseFilters';
import { CourseFilters } from '../../components/site/CourseFilters';
import { CourseResults } from '../../components/site/CourseResults';
import { RouteError } from '../../components/site/RouteError';
import { RoutePending } from '../../components/site/RoutePending';
import { Island } from '../../islands/Island';
import { useSeo } from '../../lib/seo';

// The all-courses page for parents: filtered by the server (GET /api/Public/courses), so the
// server-rendered page is already the answer before any script runs.
export const Route = createFileRoute('/_site/courses')({
  validateSearch: validateCourseSearch,
  loaderDeps: ({ search }) => ({ search }),
  loader: async ({ context: { api }, deps: { search } }) => {
    const [courses, categories] = await Promise.all([
      api.GET('/api/Public/courses', { params: { query: courseApiQuery(search) } }),
      api.GET('/api/Public/categories'),
    ]);
    if (!courses.data || !categories.data) throw new Error('catalogue unavailable');
    return { courses: courses.data, categories: categories.data.map(({ slug, name }) => ({ slug, name })), today: jalaliToday() };
  },
  component: CoursesPage,
  errorComponent: RouteError,
  pendingComponent: RoutePending,
});

function CoursesPage() {
  const { courses, categories, today } = Route.useLoaderData();
  const search = Route.useSearch();
  useSeo({
    title: 'همه دوره‌ها',
    description: 'دوره‌های آنلاین و حضوری کودکان و نوجوانان: جستجو و فیلتر بر اساس سن، روز هفته، قیمت و تاریخ شروع',
  });
  return (
    <div className="page">
      <Breadcrumbs current="همه دوره‌ها" />
      <header className="page-head">
        <h1>همه دوره‌ها</h1>
        <p>دوره مناسب سن فرزندتان و روزهایی که وقت دارید را پیدا کنید.</p>
      </header>
      <Island name="CourseFilters" component={CourseFilters} props={{ search, path: '/courses', today, categories }} />
      <CourseResults
        courses={courses}
        clear={
          <Link to="/courses" className="button button--ghost">
            حذف فیلترها
          </Link>
        }
      />
    </div>
  );
}
