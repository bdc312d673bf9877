import { createFileRoute, Link } from '@tanstack/react-router';
import { ArticleCard } from '../../components/site/ArticleCard';
import { CategoryCard } from '../../components/site/CategoryCard';
import { company } from '../../../schema/rules/company';
import { CourseCard } from '../../components/site/CourseCard';
import { RouteError } from '../../components/site/RouteError';
import type { PublicCourse } from '../../components/site/types';
import { useSeo, siteName } from '../../lib/seo';
import { toPersianDigits } from '../../../schema/rules/text';
import { formatPersianNumber } from '../../../schema/rules/digits';
import { jalaliToday } from '../../../schema/rules/courseFilters';
import { RoutePending } from '../../components/site/RoutePending';
import '../../components/site/home.css';

export const Route = createFileRoute('/_site/')({
  loader: async ({ context: { api } }) => {
    // The first page of the catalogue (soonest first) for the featured row and the count, and the
    // first page of what starts from today on for the upcoming row: two bounded answers, whatever
    // the size of the catalogue.
    const [courses, fromToday, categories, articles] = await Promise.all([
      api.GET('/api/Public/courses'),
      api.GET('/api/Public/courses', { params: { query: { from: jalaliToday() } } }),
      api.GET('/api/Public/categories'),
      api.GET('/api/Public/articles'),
    ]);
    if (!courses.data || !fromToday.data || !categories.data || !articles.data) throw new Error('catalogue unavailable');
    // Taken here, not during render, so re-renders agree on what is "upcoming".
    return { courses: courses.data, fromToday: fromToday.data.courses, categories: categories.data, articles: articles.data, now: Date.now() };
  },
  component: HomePage,
  errorComponent: RouteError,
  pendingComponent: RoutePending,
});

/** One open course per category, so the featured row shows the breadth of the academy. */
function pickFeatured(courses: PublicCourse[]): PublicCourse[] {
  const seen = new Set<string>();
  const featured: PublicCourse[] = [];
  for (const course of courses) {
    if (!course.registrationOpen || seen.has(course.category.slug)) continue;
    seen.add(course.category.slug);
    featured.push(course);
  }
  return featured.slice(0, 3);
}

function pickUpcoming(courses: PublicCourse[], now: number): PublicCourse[] {
  return courses
    .filter((course) => course.timeOfHolding !== null && Date.parse(course.timeOfHolding) >= now)
    .sort((a, b) => Date.parse(a.timeOfHolding ?? '') - Date.parse(b.timeOfHolding ?? ''))
    .slice(0, 6);
}

function HomePage() {
  const { courses, fromToday, categories, articles, now } = Route.useLoaderData();
  useSeo({
    title: siteName,
    description: 'دوره‌های آنلاین و حضوری برنامه‌نویسی، رباتیک و مهارت‌های دیجیتال برای کودکان و نوجوانان در کرج',
  });
  const featured = pickFeatured(courses.courses);
  const featuredIds = new Set(featured.map((course) => course.id));
  const upcoming = pickUpcoming(fromToday, now).filter((course) => !featuredIds.has(course.id));

  return (
    <>
      <section className="hero">
        <div className="hero__inner">
          <div className="hero__text">
            <p className="hero__eyebrow">{company.name}</p>
            <h1>یادگیری شاد و جدی برای کودکان و نوجوانان</h1>
            <p>
              از سال ۱۳۹۲ در کرج، کلاس‌های برنامه‌نویسی، رباتیک، طراحی و زبان را با گروه‌های کوچک و مدرس‌های باتجربه
              برگزار می‌کنیم؛ حضوری در عظیمیه و آنلاین برای همه جای ایران.
            </p>
            <div className="hero__actions">
              <Link to="/categories" className="button button--accent">
                دیدن دوره‌ها
              </Link>
              <Link to="/contact-us" className="button button--light">
                مشاوره رایگان
              </Link>
            </div>
          </div>
          <ul className="hero__stats" aria-label="آکادمی در یک نگاه">
            <li>
              <strong>{formatPersianNumber(courses.total)}</strong>
              <span>دوره فعال</span>
            </li>
            <li>
              <strong>{toPersianDigits(categories.length)}</strong>
              <span>دسته‌بندی آموزشی</span>
            </li>
            <li>
              <strong>{toPersianDigits('12')}</strong>
              <span>سال تجربه</span>
            </li>
          </ul>
        </div>
      </section>

      <div className="page">
        {featured.length > 0 && (
          <section className="section" aria-labelledby="featured-title">
            <div className="section__head">
              <h2 id="featured-title">دوره‌های ویژه</h2>
              <Link to="/categories">همه دوره‌ها</Link>
            </div>
            <div className="card-grid">
              {featured.map((course, index) => (
                <CourseCard key={course.id} course={course} first={index === 0} />
              ))}
            </div>
          </section>
        )}

        <section className="section" aria-labelledby="upcoming-title">
          <div className="section__head">
            <h2 id="upcoming-title">دوره‌های پیش رو</h2>
          </div>
          {upcoming.length > 0 ? (
            <div className="card-grid">
              {upcoming.map((course) => (
                <CourseCard key={course.id} course={course} />
              ))}
            </div>
          ) : (
            <p className="empty-state">به‌زودی دوره‌های تازه اعلام می‌شود.</p>
          )}
        </section>

        <section className="section" aria-labelledby="categories-title">
          <div className="section__head">
            <h2 id="categories-title">دسته‌بندی دوره‌ها</h2>
            <Link to="/categories">همه دسته‌بندی‌ها</Link>
          </div>
          <div className="card-grid">
            {categories.map((category) => (
              <CategoryCard key={category.id} category={category} />
            ))}
          </div>
        </section>

        {articles.length > 0 && (
          <section className="section" aria-labelledby="articles-title">
            <div className="section__head">
              <h2 id="articles-title">تازه‌ترین مقالات</h2>
              <Link to="/articles">همه مقالات</Link>
            </div>
            <div className="card-grid">
              {articles.slice(0, 3).map((article) => (
                <ArticleCard key={article.id} article={article} />
              ))}
            </div>
          </section>
        )}

        <section className="section cta">
          <div>
            <h2>برای انتخاب دوره مناسب فرزندتان راهنمایی می‌خواهید؟</h2>
            <p>با مشاوران ما تماس بگیرید یا همین حالا عضو شوید و فرزندتان را ثبت‌نام کنید.</p>
          </div>
          <div className="cta__actions">
            <Link to="/auth/sign-up" className="button button--accent">
              عضویت در آکادمی
            </Link>
            <a href={company.phoneHref} className="button button--light">
              تماس: <span dir="ltr">{company.phone}</span>
            </a>
          </div>
        </section>
      </div>
    </>
  );
}
