import { formatPersianNumber } from '../../../schema/rules/text';
import type { PublicCourse } from './types';

export { courseTypeLabels, difficultyLabels } from '../../../schema/labels';

export function formatHours(hours: number): string {
  return `${formatPersianNumber(hours)} ساعت`;
}

export function courseHeadings(course: Pick<PublicCourse, 'headings'>): string[] {
  return course.headings
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*[-*•\d.)]+\s*/, '').trim())
    .filter((line) => line.length > 0);
}

export const registrationClosedText = 'مهلت ثبت‌نام به پایان رسیده است';
