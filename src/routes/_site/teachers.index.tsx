import { createFileRoute, Link } from '@tanstack/react-router';
import { Breadcrumbs } from '../../components/site/Breadcrumbs';
import { imageLoading, responsiveImage } from '../../components/site/media';
import { RouteError } from '../../components/site/RouteError';
import { RoutePending } from '../../components/site/RoutePending';
import { useSeo } from '../../lib/seo';
import { toPersianDigits } from '../../../schema/rules/text';
import '../../components/site/teacher.css';

export const Route = createFileRoute('/_site/teachers/')({
  loader: async ({ context: { api } }) => {
    const { data } = await api.GET('/api/Public/teachers');
    if (!data) throw new Error('teachers unavailable');
    return data;
  },
  component: TeachersPage,
  errorComponent: RouteError,
  pendingComponent: RoutePending,
});

function TeachersPage() {
  const teachers = Route.useLoaderData();
  useSeo({ title: 'مدرسان', description: 'مدرسان دوره‌های آنلاین و حضوری آکادمی و دوره‌هایی که برگزار می‌کنند' });
  return (
    <div className="page">
      <Breadcrumbs current="مدرسان" />
      <header className="page-head">
        <h1>مدرسان</h1>
        <p>با مدرسان آکادمی و دوره‌هایشان آشنا شوید.</p>
      </header>
      {teachers.length > 0 ? (
        <ul className="teacher-grid">
          {teachers.map((teacher, index) => {
            const photo = responsiveImage(teacher.coverImage, 'portrait72');
            return (
              <li key={teacher.id}>
                <Link to="/teachers/$slug" params={{ slug: teacher.slug }} className="teacher-tile">
                  {photo && <img {...photo} alt="" width={72} height={72} {...imageLoading(index === 0)} />}
                  <span>
                    <strong>{toPersianDigits(teacher.fullName)}</strong>
                    <span>{toPersianDigits(teacher.skill)}</span>
                    <span>{toPersianDigits(teacher.courseCount)} دوره فعال</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="empty-state">هنوز مدرسی با دوره فعال وجود ندارد.</p>
      )}
    </div>
  );
}
