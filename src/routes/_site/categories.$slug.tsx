import { createFileRoute, Link } from '@tanstack/react-router';
import { Breadcrumbs } from '../../components/site/Breadcrumbs';
import { courseApiQuery, jalaliToday, validateCourseSearch } from '../../../schema/rules/courseFilters';
import { CourseFilters } from '../../components/site/CourseFilters';
import { CourseResults } from '../../components/site/CourseResults';
import { dataOrNotFound } from '../../components/site/loaders';
import { imageLoading, responsiveImage } from '../../components/site/media';
import { RouteError } from '../../components/site/RouteError';
import { Island } from '../../islands/Island';
import { useSeo } from '../../lib/seo';
import { toPersianDigits } from '../../../schema/rules/text';
import { formatPersianNumber } from '../../../schema/rules/digits';
import { RoutePending } from '../../components/site/RoutePending';

export const Route = createFileRoute('/_site/categories/$slug')({
  validateSearch: validateCourseSearch,
  // The category is the page itself: a `category` in the address means nothing here.
  loaderDeps: ({ search }) => ({ search: { ...search, category: undefined } }),
  loader: async ({ context: { api }, params: { slug }, deps: { search } }) => {
    const [page, categories] = await Promise.all([
      api.GET('/api/Public/categories/{slug}', { params: { path: { slug }, query: courseApiQuery(search) } }),
      api.GET('/api/Public/categories'),
    ]);
    const { category, courses } = dataOrNotFound(page);
    const others = (categories.data ?? []).filter((other) => other.slug !== slug);
    return { category, courses, others, today: jalaliToday() };
  },
  component: CategoryPage,
  errorComponent: RouteError,
  pendingComponent: RoutePending,
});

function CategoryPage() {
  const { category, courses, others, today } = Route.useLoaderData();
  // The category is the page itself: a `category` in the address means nothing here.
  const search = { ...Route.useSearch(), category: undefined };
  useSeo({
    title: `دوره‌های ${category.name}`,
    description: `دوره‌های آنلاین و حضوری ${category.name} برای کودکان و نوجوانان در آکادمی`,
  });

  const cover = responsiveImage(category.coverImage, 'categoryHead');
  const path = `/categories/${encodeURIComponent(category.slug)}`;

  return (
    <div className="page">
      <Breadcrumbs trail={[<Link to="/categories">دسته‌بندی دوره‌ها</Link>]} current={category.name} />
      <header className="page-head category-head">
        {cover && <img {...cover} alt="" width={160} height={90} {...imageLoading(true)} className="category-head__image" />}
        <div>
          <h1>{toPersianDigits(category.name)}</h1>
          <p>{formatPersianNumber(category.courseCount)} دوره فعال در این دسته‌بندی</p>
        </div>
      </header>

      <Island name="CourseFilters" component={CourseFilters} props={{ search, path, today }} />

      <CourseResults
        list={courses}
        link={(page, props) => <Link to="/categories/$slug" params={{ slug: category.slug }} search={{ ...search, page: page > 1 ? page : undefined }} {...props} />}
        clear={
          <Link to="/categories/$slug" params={{ slug: category.slug }} className="button button--ghost">
            حذف فیلترها
          </Link>
        }
      />

      <nav className="related-links" aria-labelledby="other-categories">
        <h2 id="other-categories">دسته‌بندی‌های دیگر</h2>
        <ul>
          {others.map((other) => (
            <li key={other.id}>
              <Link to="/categories/$slug" params={{ slug: other.slug }}>
                {toPersianDigits(other.name)} ({toPersianDigits(other.courseCount)} دوره)
              </Link>
            </li>
          ))}
          <li>
            <Link to="/categories">همه دوره‌ها</Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
