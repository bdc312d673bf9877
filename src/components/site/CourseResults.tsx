import type { ReactNode } from 'react';
import { formatPersianNumber } from '../../../schema/rules/digits';
import { CourseCard } from './CourseCard';
import { CoursePager, notCurrent, type PageLinkProps } from './CoursePager';
import type { PublicCoursePage } from './types';

/**
 * One page of a filtered list of courses: the whole list's count, the page's cards and the links
 * to its other pages, or the Persian empty state. `clear`: the page's link to itself without
 * filters («حذف فیلترها»); `link`: its link to another page of the same list.
 */
export function CourseResults({ list, clear, link }: { list: PublicCoursePage; clear: ReactNode; link: (n: number, props: PageLinkProps) => ReactNode }) {
  return (
    <>
      {/* An h2 between the page's h1 and the cards' h3 keeps the heading outline in order. */}
      {/* role="status" sits inside: on the h2 itself it would replace the heading role. */}
      <h2 className="filters__count">
        <span role="status">{formatPersianNumber(list.total)} دوره</span>
      </h2>
      {list.courses.length > 0 ? (
        <div className="card-grid">
          {list.courses.map((course, index) => (
            <CourseCard key={course.id} course={course} first={index === 0} />
          ))}
        </div>
      ) : list.total > 0 ? (
        // A page past the last (an old link to a list that has shrunk): the way back to its start.
        <div className="empty-state">
          <p>این صفحه از فهرست دوره‌ای ندارد.</p>
          {link(1, { className: 'button button--ghost', activeOptions: notCurrent, children: 'صفحه نخست فهرست' })}
        </div>
      ) : (
        <div className="empty-state">
          <p>دوره‌ای با این فیلترها پیدا نشد.</p>
          {clear}
        </div>
      )}
      <CoursePager page={list.page} pageCount={list.pageCount} link={link} />
    </>
  );
}
