import { createFileRoute, Link } from '@tanstack/react-router';
import { courseTypeLabels, difficultyLabels } from '../../components/site/courseFormat';
import {
  courseTypes,
  difficulties,
  filterCourses,
  sortLabels,
  sortOrders,
  validateCourseSearch,
  type CourseSearch,
} from '../../components/site/courseFilters';
import { CourseCard } from '../../components/site/CourseCard';
import { dataOrNotFound } from '../../components/site/loaders';
import { imageLoading, imageUrl } from '../../components/site/media';
import { RouteError } from '../../components/site/RouteError';
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
  const navigate = Route.useNavigate();
  useSeo({
    title: `دوره‌های ${category.name}`,
    description: `دوره‌های آنلاین و حضوری ${category.name} برای کودکان و نوجوانان در آکادمی`,
  });

  const shown = filterCourses(courses, search);
  const update = (patch: Partial<CourseSearch>) =>
    void navigate({ search: (previous) => validateCourseSearch({ ...previous, ...patch }), replace: true });
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
          <li aria-current="page">{category.name}</li>
        </ol>
      </nav>
      <header className="page-head category-head">
        {cover && <img src={cover} alt="" width={160} height={90} {...imageLoading(true)} className="category-head__image" />}
        <div>
          <h1>{category.name}</h1>
          <p>{toPersianDigits(courses.length)} دوره فعال در این دسته‌بندی</p>
        </div>
      </header>

      <form className="filters" aria-label="فیلتر دوره‌ها" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor="filter-type">نوع برگزاری</label>
          <select
            id="filter-type"
            value={search.type ?? ''}
            onChange={(event) => update({ type: validateCourseSearch({ type: event.target.value }).type })}
          >
            <option value="">همه</option>
            {courseTypes.map((type) => (
              <option key={type} value={type}>
                {courseTypeLabels[type]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-difficulty">سطح دوره</label>
          <select
            id="filter-difficulty"
            value={search.difficulty ?? ''}
            onChange={(event) =>
              update({ difficulty: validateCourseSearch({ difficulty: event.target.value }).difficulty })
            }
          >
            <option value="">همه سطح‌ها</option>
            {difficulties.map((difficulty) => (
              <option key={difficulty} value={difficulty}>
                {difficultyLabels[difficulty]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-sort">مرتب‌سازی</label>
          <select
            id="filter-sort"
            value={search.sort ?? 'start'}
            onChange={(event) => update({ sort: validateCourseSearch({ sort: event.target.value }).sort })}
          >
            {sortOrders.map((order) => (
              <option key={order} value={order}>
                {sortLabels[order]}
              </option>
            ))}
          </select>
        </div>
      </form>

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
