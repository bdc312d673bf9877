import { createFileRoute, Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Breadcrumbs } from '../../components/site/Breadcrumbs';
import { CategoryCard } from '../../components/site/CategoryCard';
import { courseApiQuery, hasFilters, jalaliToday, validateCourseSearch } from '../../../schema/rules/courseFilters';
import { CourseFilters } from '../../components/site/CourseFilters';
import { CourseResults } from '../../components/site/CourseResults';
import { RouteError } from '../../components/site/RouteError';
import { RoutePending } from '../../components/site/RoutePending';
import { Island } from '../../islands/Island';
import { useSeo } from '../../lib/seo';

// The course categories and, below them, the active courses filtered and paged by the server
// (GET /api/Public/courses), so the server-rendered page is already the answer before any script
// runs; the pages are links (`?page=2`), filters kept. The search lives here, not at an address of its own: the spec sends /courses and
// /categories/courses to /categories, so an old link with filters (/courses?age=9) arrives
// with them, and no word under /categories/ is taken from the categories' slugs.
export const Route = createFileRoute('/_site/categories/')({
  validateSearch: validateCourseSearch,
  loaderDeps: ({ search }) => ({ search }),
  loader: async ({ context: { api }, deps: { search } }) => {
    const [categories, courses] = await Promise.all([
      api.GET('/api/Public/categories'),
      api.GET('/api/Public/courses', { params: { query: courseApiQuery(search) } }),
    ]);
    if (!categories.data || !courses.data) throw new Error('catalogue unavailable');
    return { categories: categories.data, courses: courses.data, today: jalaliToday() };
  },
  component: CategoriesPage,
  errorComponent: RouteError,
  pendingComponent: RoutePending,
});

function CategoriesPage() {
  const { categories, courses, today } = Route.useLoaderData();
  const search = Route.useSearch();
  useSeo({
    title: 'دسته‌بندی دوره‌ها',
    description: 'همه دسته‌بندی‌ها و دوره‌های آنلاین و حضوری آکادمی برای کودکان و نوجوانان: جستجو و فیلتر بر اساس سن، روز هفته، قیمت و تاریخ شروع',
  });

  const grid: ReactNode =
    categories.length > 0 ? (
      <div className="card-grid">
        {categories.map((category, index) => (
          <CategoryCard key={category.id} category={category} first={index === 0} />
        ))}
      </div>
    ) : (
      <p className="empty-state">هنوز دسته‌بندی فعالی وجود ندارد.</p>
    );
  const allCourses = (
    <section className="section" aria-labelledby="all-courses">
      <div className="section__head">
        <h2 id="all-courses">همه دوره‌ها</h2>
      </div>
      <p className="section__lead">دوره مناسب سن فرزندتان و روزهایی که وقت دارید را پیدا کنید.</p>
      <Island
        name="CourseFilters"
        component={CourseFilters}
        props={{ search, path: '/categories', today, categories: categories.map(({ slug, name }) => ({ slug, name })) }}
      />
      <CourseResults
        list={courses}
        link={(page, props) => <Link to="/categories" search={{ ...search, page: page > 1 ? page : undefined }} {...props} />}
        clear={
          <Link to="/categories" className="button button--ghost">
            حذف فیلترها
          </Link>
        }
      />
    </section>
  );
  // A search (a filter chosen here, or an old /courses link) or a later page of the list is what
  // the visitor came for: the results come first, the categories after them.
  const searching = hasFilters(search) || search.page !== undefined;

  return (
    <div className="page">
      <Breadcrumbs current="دسته‌بندی دوره‌ها" />
      <header className="page-head">
        <h1>دسته‌بندی دوره‌ها</h1>
        <p>زمینه مورد علاقه فرزندتان را انتخاب کنید و دوره‌های آن را ببینید، یا همه دوره‌ها را جستجو کنید.</p>
      </header>
      {searching && allCourses}
      <section className="section" aria-labelledby="category-list">
        {/* Named aloud always; shown when it follows the results, as their neighbour. */}
        <div className={searching ? 'section__head' : 'visually-hidden'}>
          <h2 id="category-list">دسته‌بندی‌ها</h2>
        </div>
        {grid}
      </section>
      {!searching && allCourses}
    </div>
  );
}
