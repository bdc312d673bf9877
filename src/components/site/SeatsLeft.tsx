// Seats left in a course, on its card and its page: «۳ صندلی خالی», «ظرفیت تکمیل»; nothing for a
// course without a capacity. The number is the server's (server/features/commerce/seats.ts takenSeats).
import { toPersianDigits } from '../../../schema/rules/text';
import type { PublicCourse } from './types';

export const seatTexts = {
  left: (n: number) => `${toPersianDigits(n)} صندلی خالی`,
  full: 'ظرفیت تکمیل',
} as const;

export function SeatsLeft({ course }: { course: Pick<PublicCourse, 'seatsLeft'> }) {
  if (course.seatsLeft === null) return null;
  const full = course.seatsLeft <= 0;
  return <span className={`badge ${full ? 'badge--closed' : 'badge--seats'}`}>{full ? seatTexts.full : seatTexts.left(course.seatsLeft)}</span>;
}
