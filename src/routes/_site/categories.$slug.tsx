import { createFileRoute, Link } from '@tanstack/react-router';
import { filterCourses, validateCourseSearch } from '../../components/site/courseFilters';
import { CourseFilters } from '../../components/site/CourseFilters';
import { CourseCard } from '../../components/site/CourseCard';
import { dataOrNotFound } from '../../components/site/loaders';
import { imageLoading, imageUrl } from '../../components/site/media';
import { RouteError } from '../../components/site/RouteError';
import { Island } from '../../islands/Island';
import { useSeo } from '../../lib/seo';
import { toPersianDigits } from '../../lib/text';
import { RoutePending } from '../../components/site/RoutePending';

export const Route = createFileRoute('/_site/categories/$slug')({
  validateSearch: validateCourseSearch,
  loader: async ({ context: { api }, params: { slug } }) =>
    dataOrNotFound(await api.GET('/api/Public/categories/{slug}', { params: { path: { slug } } })),
  component: CategoryPage,
  errorComponent: RouteError,
  pendingComponent: RoutePending,
});

function CategoryPage() {
  const { category, courses } = Route.useLoaderData();
  const search = Route.useSearch();
  useSeo({
    title: `دوره‌های ${category.name}`,
    description: `دوره‌های آنلاین و حضوری ${category.name} برای کودکان و نوجوانان در آکادمی`,
  });

  const shown = filterCourses(courses, search);
  const cover = imageUrl(category.coverImage);

  return (
    <div className="page">
      <nav className="breadcrumbs" aria-label="مسیر صفحه">
        <ol>
          <li>
            <Link to="/">صفحه اصلی</Link>
          </li>
          <li>
            <Link to="/categories">دسته‌بندی دوره‌ها</Link>
          </li>
          <li aria-current="page">{toPersianDigits(category.name)}</li>
        </ol>
      </nav>
      <header className="page-head category-head">
        {cover && <img src={cover} alt="" width={160} height={90} {...imageLoading(true)} className="category-head__image" />}
        <div>
          <h1>{toPersianDigits(category.name)}</h1>
          <p>{toPersianDigits(courses.length)} دوره فعال در این دسته‌بندی</p>
        </div>
      </header>

      <Island name="CourseFilters" component={CourseFilters} props={{ search }} />

      {/* An h2 between the page's h1 and the cards' h3 keeps the heading outline in order. */}
      {/* role="status" sits inside: on the h2 itself it would replace the heading role. */}
      <h2 className="filters__count">
        <span role="status">{toPersianDigits(shown.length)} دوره</span>
      </h2>
      {shown.length > 0 ? (
        <div className="card-grid">
          {shown.map((course, index) => (
            <CourseCard key={course.id} course={course} first={index === 0} />
          ))}
        </div>
      ) : (
        <p className="empty-state">دوره‌ای با این فیلترها پیدا نشد.</p>
      )}
    </div>
  );
}
