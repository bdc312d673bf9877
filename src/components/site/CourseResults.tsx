import type { ReactNode } from 'react';
import { toPersianDigits } from '../../../schema/rules/text';
import { CourseCard } from './CourseCard';
import type { PublicCourse } from './types';

/** A filtered list of courses: its count, its cards, or the Persian empty state. */
/** `clear`: the page's link to itself without filters («حذف فیلترها»). */
export function CourseResults({ courses, clear }: { courses: readonly PublicCourse[]; clear: ReactNode }) {
  return (
    <>
      {/* An h2 between the page's h1 and the cards' h3 keeps the heading outline in order. */}
      {/* role="status" sits inside: on the h2 itself it would replace the heading role. */}
      <h2 className="filters__count">
        <span role="status">{toPersianDigits(courses.length)} دوره</span>
      </h2>
      {courses.length > 0 ? (
        <div className="card-grid">
          {courses.map((course, index) => (
            <CourseCard key={course.id} course={course} first={index === 0} />
          ))}
        </div>
      ) : (
        <div className="empty-state">
          <p>دوره‌ای با این فیلترها پیدا نشد.</p>
          {clear}
        </div>
      )}
    </>
  );
}
