// A course's price on its card and page: while an early-bird price lasts, the full
// price struck through beside it and the day it lasts until.
import { formatJalaliLong } from '../../../schema/rules/calendar';
import { formatPrice } from '../../../schema/rules/text';
import type { PublicCourse } from './types';

export const coursePriceTexts = {
  was: 'قیمت اصلی',
  earlyBirdUntil: (day: string) => `قیمت ثبت‌نام زودهنگام تا ${day}`,
} as const;

/** What a learner pays for the course now. */
export const currentPrice = (course: Pick<PublicCourse, 'priceInTomans' | 'earlyBird'>): number => course.earlyBird?.priceInTomans ?? course.priceInTomans;

export function CoursePrice({ course, className = 'price' }: { course: Pick<PublicCourse, 'priceInTomans' | 'earlyBird'>; className?: string }) {
  const { earlyBird } = course;
  if (!earlyBird) return <span className={className}>{formatPrice(course.priceInTomans)}</span>;
  return (
    <span className={`${className} course-price course-price--early`}>
      <s className="course-price__was" aria-label={`${coursePriceTexts.was}: ${formatPrice(course.priceInTomans)}`}>
        {formatPrice(course.priceInTomans)}
      </s>{' '}
      <span className="course-price__now">{formatPrice(earlyBird.priceInTomans)}</span>
      <small className="course-price__until">{coursePriceTexts.earlyBirdUntil(formatJalaliLong(earlyBird.until))}</small>
    </span>
  );
}
