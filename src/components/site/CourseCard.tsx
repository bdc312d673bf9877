import { Link } from '@tanstack/react-router';
import { courseAgesText } from '../../../schema/rules/age';
import { formatJalaliLong } from '../../../schema/rules/calendar';
import { weeklyScheduleText } from '../../../schema/rules/schedule';
import { toPersianDigits } from '../../../schema/rules/text';
import { courseTypeLabels, formatHours, registrationClosedText } from './courseFormat';
import { imageLoading, responsiveImage } from './media';
import { SeatsLeft } from './SeatsLeft';
import { CoursePrice } from './CoursePrice';
import type { PublicCourse } from './types';

/** `first`: the page's first card, whose image is loaded at once. */
export function CourseCard({ course, first = false }: { course: PublicCourse; first?: boolean }) {
  const params = { categorySlug: course.category.slug, courseSlug: course.slug };
  const cover = responsiveImage(course.coverImage, 'card');
  const slots = weeklyScheduleText(course.weeklySlots);
  return (
    <article className="card course-card">
      <Link to="/categories/$categorySlug/$courseSlug" params={params} className="card__media" tabIndex={-1} aria-hidden="true">
        {cover && <img {...cover} alt="" width={640} height={360} {...imageLoading(first)} />}
      </Link>
      <div className="card__body">
        <div className="course-card__tags">
          <span className={`badge badge--${course.type}`}>{courseTypeLabels[course.type]}</span>
          <span className="badge">{toPersianDigits(course.category.name)}</span>
          {!course.registrationOpen && <span className="badge badge--closed">{registrationClosedText}</span>}
          {course.registrationOpen && <SeatsLeft course={course} />}
        </div>
        <h3 className="card__title">
          <Link to="/categories/$categorySlug/$courseSlug" params={params}>
            {toPersianDigits(course.title)}
          </Link>
        </h3>
        <ul className="card__meta">
          <li>سن: {courseAgesText(course)}</li>
          {slots && <li>روز و ساعت: {slots}</li>}
          <li>تاریخ شروع: {formatJalaliLong(course.timeOfHolding)}</li>
          <li>مدت دوره: {formatHours(course.durationInHours)}</li>
          <li>مهلت ثبت‌نام: {formatJalaliLong(course.registrationDeadline)}</li>
        </ul>
        <div className="card__footer">
          <CoursePrice course={course} />
          <Link
            to="/categories/$categorySlug/$courseSlug"
            params={params}
            className="button button--ghost button--small"
          >
            جزئیات دوره
          </Link>
        </div>
      </div>
    </article>
  );
}
