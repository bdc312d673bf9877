import { createFileRoute, Link } from '@tanstack/react-router';
import { Breadcrumbs } from '../../components/site/Breadcrumbs';
import { company } from '../../../schema/rules/company';
import { CourseCard } from '../../components/site/CourseCard';
import { CoursePager } from '../../components/site/CoursePager';
import { validatePageSearch } from '../../../schema/rules/courseFilters';
import { dataOrNotFound } from '../../components/site/loaders';
import { imageLoading, imageUrl, responsiveImage } from '../../components/site/media';
import { RouteError } from '../../components/site/RouteError';
import { RoutePending } from '../../components/site/RoutePending';
import type { PublicTeacher } from '../../components/site/types';
import { useJsonLd, useSeo, useSiteOrigin } from '../../lib/seo';
import { toPersianDigits, truncate } from '../../../schema/rules/text';
import '../../components/site/teacher.css';

export const Route = createFileRoute('/_site/teachers/$slug')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search: { page } }) => ({ page }),
  loader: async ({ context: { api }, params: { slug }, deps: { page } }) =>
    dataOrNotFound(await api.GET('/api/Public/teachers/{slug}', { params: { path: { slug }, query: { page: page === undefined ? undefined : String(page) } } })),
  component: TeacherPage,
  errorComponent: RouteError,
  pendingComponent: RoutePending,
});

function personJsonLd(teacher: PublicTeacher, origin: string): Record<string, unknown> {
  const photo = imageUrl(teacher.coverImage);
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: teacher.fullName,
    jobTitle: teacher.skill,
    description: teacher.descirption,
    url: `${origin}/teachers/${encodeURIComponent(teacher.slug)}`,
    ...(photo ? { image: `${origin}${photo}` } : {}),
    worksFor: { '@type': 'Organization', name: company.name, url: origin },
  };
}

function TeacherPage() {
  const { teacher, courses } = Route.useLoaderData();
  useSeo({
    title: teacher.fullName,
    description: truncate(`${teacher.fullName}، مدرس ${teacher.skill}. ${teacher.descirption}`.replace(/\s+/g, ' '), 155),
  });
  useJsonLd(personJsonLd(teacher, useSiteOrigin()));
  const photo = responsiveImage(teacher.coverImage, 'portrait140');
  return (
    <div className="page">
      <Breadcrumbs trail={[<Link to="/teachers">مدرسان</Link>]} current={teacher.fullName} />
      <header className="teacher-head">
        {photo && <img {...photo} alt={teacher.fullName} width={140} height={140} {...imageLoading(true)} className="teacher-head__photo" />}
        <div>
          <h1>{toPersianDigits(teacher.fullName)}</h1>
          <p className="teacher__skill">{toPersianDigits(teacher.skill)}</p>
          {teacher.descirption && <p>{toPersianDigits(teacher.descirption)}</p>}
        </div>
      </header>
      <h2 className="filters__count">دوره‌های {toPersianDigits(teacher.fullName)}</h2>
      {courses.total > 0 ? (
        <>
          <div className="card-grid">
            {courses.courses.map((course, index) => (
              <CourseCard key={course.id} course={course} first={index === 0} />
            ))}
          </div>
          <CoursePager
            page={courses.page}
            pageCount={courses.pageCount}
            link={(page, props) => <Link to="/teachers/$slug" params={{ slug: teacher.slug }} search={{ page: page > 1 ? page : undefined }} {...props} />}
          />
        </>
      ) : (
        <div className="empty-state">
          <p>این مدرس در حال حاضر دوره فعالی ندارد.</p>
          <Link to="/categories" className="button button--ghost">
            همه دوره‌ها
          </Link>
        </div>
      )}
    </div>
  );
}
