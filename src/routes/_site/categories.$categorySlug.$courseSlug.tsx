import { createFileRoute, Link, redirect, useRouterState } from '@tanstack/react-router';
import { Breadcrumbs } from '../../components/site/Breadcrumbs';
import { CourseEnrol } from '../../components/site/CourseEnrol';
import { CoursePrice, currentPrice } from '../../components/site/CoursePrice';
import { SeatsLeft } from '../../components/site/SeatsLeft';
import { company } from '../../../schema/rules/company';
import { CourseSchedule } from '../../components/site/CourseSchedule';
import { courseHeadings, courseTypeLabels, difficultyLabels, formatHours } from '../../components/site/courseFormat';
import { courseAgesText } from '../../../schema/rules/age';
import { RelatedCourses } from '../../components/site/RelatedCourses';
import { dataOrNotFound, loadCourseSessions } from '../../components/site/loaders';
import { imageLoading, imageUrl, imageVariantUrl, responsiveImage, videoUrl } from '../../components/site/media';
import { RouteError } from '../../components/site/RouteError';
import type { PublicCourse } from '../../components/site/types';
import { Island } from '../../islands/Island';
import { formatJalaliLong } from '../../../schema/rules/calendar';
import { useJsonLd, useSeo, useSiteOrigin } from '../../lib/seo';
import { toPersianDigits, truncate } from '../../../schema/rules/text';
import { RoutePending } from '../../components/site/RoutePending';
import { validateChosenChildSearch } from '../../../schema/rules/forms/redirect';
import '../../components/site/course.css';

export const Route = createFileRoute('/_site/categories/$categorySlug/$courseSlug')({
  // `?child=`: the child just added from this page, chosen in the sign-up box on return.
  validateSearch: validateChosenChildSearch,
  loader: async ({ context: { api }, params: { categorySlug, courseSlug } }) => {
    const [found, related, sessions] = await Promise.all([
      api.GET('/api/Public/courses/{slug}', { params: { path: { slug: courseSlug } } }),
      api.GET('/api/Public/courses/{slug}/related', { params: { path: { slug: courseSlug } } }),
      loadCourseSessions(api, courseSlug),
    ]);
    const course = dataOrNotFound(found);
    // One address per course: a stale or mistyped category segment goes to the real one.
    if (course.category.slug !== categorySlug) {
      throw redirect({
        to: '/categories/$categorySlug/$courseSlug',
        params: { categorySlug: course.category.slug, courseSlug },
        replace: true,
      });
    }
    return { course, related: related.data ?? [], sessions };
  },
  component: CoursePage,
  errorComponent: RouteError,
  pendingComponent: RoutePending,
});

function courseJsonLd(course: PublicCourse, origin: string): Record<string, unknown> {
  const url = `${origin}/categories/${encodeURIComponent(course.category.slug)}/${encodeURIComponent(course.slug)}`;
  const image = imageUrl(course.coverImage);
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.title,
    description: course.description || course.title,
    url,
    ...(image ? { image: `${origin}${image}` } : {}),
    inLanguage: 'fa',
    provider: { '@type': 'Organization', name: company.name, url: origin },
    offers: {
      '@type': 'Offer',
      category: 'Paid',
      // schema.org wants an ISO 4217 currency; the toman is ten rials.
      price: currentPrice(course) * 10,
      priceCurrency: 'IRR',
      availability: course.registrationOpen ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      url,
    },
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: course.type === 'online' ? 'online' : 'onsite',
      ...(course.timeOfHolding ? { startDate: course.timeOfHolding } : {}),
      ...(course.durationInHours > 0 ? { courseWorkload: `PT${course.durationInHours}H` } : {}),
      ...(course.teacher ? { instructor: { '@type': 'Person', name: course.teacher.fullName } } : {}),
      ...(course.type === 'offline'
        ? { location: { '@type': 'Place', name: company.name, address: company.address } }
        : {}),
    },
  };
}

function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

function CoursePage() {
  const { course, related, sessions } = Route.useLoaderData();
  const returnTo = useRouterState({ select: (state) => state.location.href });
  const { child: chosenChild } = Route.useSearch();
  useSeo({
    title: course.title,
    description: truncate(course.description.replace(/\s+/g, ' ').trim() || `دوره ${course.title}`, 155),
  });
  useJsonLd(courseJsonLd(course, useSiteOrigin()));

  const cover = responsiveImage(course.coverImage, 'courseCover');
  const portrait = course.teacher ? responsiveImage(course.teacher.coverImage, 'portrait96') : undefined;
  const video = videoUrl(course.coverVideo);
  const headings = courseHeadings(course);

  return (
    <div className="page course-page">
      <Breadcrumbs
        trail={[
          <Link to="/categories">دسته‌بندی دوره‌ها</Link>,
          <Link to="/categories/$slug" params={{ slug: course.category.slug }}>
            {toPersianDigits(course.category.name)}
          </Link>,
        ]}
        current={course.title}
      />

      <div className="course-layout">
        <article className="course-main">
          <div className="course-media">
            {video ? (
              <video controls preload="metadata" poster={course.coverImage ? imageVariantUrl(course.coverImage, 1024) : undefined} width={1280} height={720}>
                <source src={video} />
                مرورگر شما پخش ویدیو را پشتیبانی نمی‌کند.
              </video>
            ) : cover ? (
              <img {...cover} alt={course.title} width={1280} height={720} {...imageLoading(true)} />
            ) : null}
          </div>
          <h1 className="course-title">{toPersianDigits(course.title)}</h1>
          <div className="course-card__tags">
            <span className={`badge badge--${course.type}`}>{courseTypeLabels[course.type]}</span>
            {course.difficulty && <span className="badge">{difficultyLabels[course.difficulty]}</span>}
            <span className="badge">{toPersianDigits(course.category.name)}</span>
          </div>

          {course.description && (
            <section className="course-section">
              <h2>درباره این دوره</h2>
              {paragraphs(course.description).map((text, index) => (
                <p key={index} className="course-description">
                  {toPersianDigits(text)}
                </p>
              ))}
            </section>
          )}

          {headings.length > 0 && (
            <section className="course-section">
              <h2>سرفصل‌ها</h2>
              <ol className="syllabus">
                {headings.map((heading, index) => (
                  <li key={index}>{toPersianDigits(heading)}</li>
                ))}
              </ol>
            </section>
          )}

          <CourseSchedule course={course} sessions={sessions} />

          <section className="course-section">
            <h2>پیش‌نیاز</h2>
            <p>{toPersianDigits(course.prerequisite) || 'این دوره پیش‌نیاز ندارد.'}</p>
          </section>

          {/* The schedule and the place (the schedule component) go here. */}

          {course.teacher && (
            <section className="course-section teacher">
              <h2>مدرس دوره</h2>
              <div className="teacher__card">
                {portrait && (
                  <img
                    {...portrait}
                    alt={course.teacher.fullName}
                    width={96}
                    height={96}
                    loading="lazy"
                    className="teacher__photo"
                  />
                )}
                <div>
                  <h3>
                    <Link to="/teachers/$slug" params={{ slug: course.teacher.slug }}>
                      {toPersianDigits(course.teacher.fullName)}
                    </Link>
                  </h3>
                  <p className="teacher__skill">{toPersianDigits(course.teacher.skill)}</p>
                  {course.teacher.descirption && <p>{toPersianDigits(course.teacher.descirption)}</p>}
                </div>
              </div>
            </section>
          )}
        </article>

        <aside className="course-aside panel" aria-label="ثبت‌نام در دوره">
          {/* On a phone this box stays at the bottom of the screen while the page scrolls (course.css). */}
          <div className="course-buy">
            <p className="course-aside__price">
              <CoursePrice course={course} className="course-aside__amount" />
            </p>
            <SeatsLeft course={course} />
            <Island
              name="CourseEnrol"
              component={CourseEnrol}
              props={{
                courseId: course.id,
                registrationOpen: course.registrationOpen,
                returnTo,
                full: course.seatsLeft === 0,
                ageMin: course.ageMin,
                ageMax: course.ageMax,
                timeOfHolding: course.timeOfHolding,
                ...(chosenChild ? { chosenChild } : {}),
              }}
            />
          </div>
          <dl className="course-facts">
            <div>
              <dt>سن</dt>
              <dd>{courseAgesText(course)}</dd>
            </div>
            <div>
              <dt>تاریخ شروع</dt>
              <dd>{formatJalaliLong(course.timeOfHolding)}</dd>
            </div>
            <div>
              <dt>مهلت ثبت‌نام</dt>
              <dd>{formatJalaliLong(course.registrationDeadline)}</dd>
            </div>
            <div>
              <dt>مدت دوره</dt>
              <dd>{formatHours(course.durationInHours)}</dd>
            </div>
            <div>
              <dt>نوع برگزاری</dt>
              <dd>{courseTypeLabels[course.type]}</dd>
            </div>
            {course.difficulty && (
              <div>
                <dt>سطح</dt>
                <dd>{difficultyLabels[course.difficulty]}</dd>
              </div>
            )}
            {course.type === 'offline' && (
              <div>
                <dt>محل برگزاری</dt>
                <dd>{course.address ? toPersianDigits(course.address) : company.address}</dd>
              </div>
            )}
          </dl>
        </aside>
      </div>
      <RelatedCourses courses={related} />
    </div>
  );
}
