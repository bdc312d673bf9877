// Display labels of enumerated course values. A module of plain constants, so the public pages
// can import them without pulling in the course schema and valibot.
export const courseTypeLabels = { online: 'آنلاین', offline: 'حضوری' } as const satisfies Record<string, string>;

export const difficultyLabels = {
  '': 'بدون سطح‌بندی',
  introductory: 'مقدماتی',
  advanced: 'پیشرفته',
  bootcamps: 'بوت‌کمپ',
} as const satisfies Record<string, string>;

/** A class's start and end times: quarter hours from 07:00 to 22:00, stored as 'HH:MM'. */
export const classTimes: readonly string[] = Array.from({ length: (22 - 7) * 4 + 1 }, (_, i) => {
  const minutes = 7 * 60 + i * 15;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});
