// The double's seed: small, valid rows for every entity, whole sample rows of their schema with
// the rows tests look for by name laid over them (tests/support/msw-handlers.ts serves them).
import type { AnyRow } from '../../schema/define';
import { registry, registryKeys } from '../../schema/registry.gen';
import type { Seed } from './msw-handlers';
import { sampleRow } from './samples';

/**
 * Small, valid rows for every entity, enough for the screens and the machine tests: written out
 * for the first entities (tests look for these names), made from the schema for any other.
 */
const curatedSeed = {
  categories: [
    { id: 1, slug: 'programming', name: 'برنامه‌نویسی', inActive: false, coverImage: 'code.png' },
    { id: 2, slug: 'robotics', name: 'رباتیک', inActive: true, coverImage: '' },
  ],
  teachers: [{ id: 1, fullName: 'سارا احمدی', skill: 'پایتون', descirption: 'مدرس پایتون', coverImage: 'sara.png' }],
  courses: [
    {
      id: 1,
      slug: 'python-1',
      title: 'پایتون مقدماتی',
      durationInHours: 24,
      timeOfHolding: '2026-03-22T00:00:00.000Z',
      registrationDeadline: null,
      priceInTomans: 2500000,
      earlyBirdPriceInTomans: 0,
      earlyBirdUntil: null,
      description: '',
      coverImage: '',
      coverVideo: '',
      headings: '',
      prerequisite: 'ندارد',
      techerId: 1,
      categoryId: 1,
      difficulty: 'introductory',
      type: 'online',
      inActive: false,
    },
  ],
  articles: [
    { id: 1, slug: 'hello', createdAt: '2026-01-01T00:00:00.000Z', author: 'علی', name: 'سلام', body: '<p>متن</p>', image: '' },
  ],
  users: [
    {
      id: 1,
      firstName: 'مدیر',
      lastName: 'سامانه',
      emailAddress: 'admin@example.com',
      phoneNumber: '09120000000',
      role: 300,
      isLockout: false,
      lastLogin: '2026-01-01T10:30:00.000Z',
    },
    {
      id: 2,
      firstName: 'رضا',
      lastName: 'کریمی',
      emailAddress: 'reza@example.com',
      phoneNumber: '09121111111',
      role: 1,
      isLockout: true,
      lastLogin: null,
    },
  ],
  messages: [
    {
      id: 1,
      fullName: 'مریم رضایی',
      phoneNumber: '09121234567',
      emailAddress: 'maryam@example.com',
      message: 'آیا دوره رباتیک برای کودک هشت‌ساله مناسب است؟',
      createdAt: '2026-11-20T08:30:00.000Z',
    },
  ],
} satisfies Seed;

/** The curated rows over whole sample rows of their entity: every field the contract asks for is there, `version` included. */
const completed = <K extends keyof typeof curatedSeed>(key: K): Array<AnyRow & (typeof curatedSeed)[K][number]> =>
  curatedSeed[key].map((row: (typeof curatedSeed)[K][number]) => ({ ...sampleRow(registry[key], row.id), ...row }));

export const sampleSeed: Seed & typeof curatedSeed = {
  ...Object.fromEntries(registryKeys.map((key) => [key, [sampleRow(registry[key], 1), sampleRow(registry[key], 2)]])),
  categories: completed('categories'),
  teachers: completed('teachers'),
  courses: completed('courses'),
  articles: completed('articles'),
  users: completed('users'),
  messages: completed('messages'),
};
