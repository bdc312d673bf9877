import { CourseCard } from './CourseCard';
import type { PublicCourse } from './types';

/** A course page's neighbours: same category first, then a similar age range (server/features/catalogue/public.ts). */
export function RelatedCourses({ courses }: { courses: readonly PublicCourse[] }) {
  if (courses.length === 0) return null;
  return (
    <section className="related-courses" aria-labelledby="related-courses">
      <h2 id="related-courses">دوره‌های مرتبط</h2>
      <div className="card-grid">
        {courses.map((course) => (
          <CourseCard key={course.id} course={course} />
        ))}
      </div>
    </section>
  );
}
