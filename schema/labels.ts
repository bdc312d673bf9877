// Display labels of enumerated course values. A module of plain constants, so the public pages
// can import them without pulling in the course schema and valibot.
import type { components } from '../codegen/openapi.gen';

type Course = components['schemas']['CourseFields'];
export const courseTypeLabels = { online: 'آنلاین', offline: 'حضوری' } as const satisfies Record<Course['type'], string>;

export const difficultyLabels = {
  '': 'بدون سطح‌بندی',
  introductory: 'مقدماتی',
  advanced: 'پیشرفته',
  bootcamps: 'بوت‌کمپ',
} as const satisfies Record<Course['difficulty'], string>;
