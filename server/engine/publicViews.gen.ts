// GENERATED FILE, DO NOT EDIT. Source: schema/*.ts. Regenerate with `npm run codegen`.
// What the public site may see of each entity (codegen/publicViews.ts).
import type { Selectable } from 'kysely';
import type { components } from '../../codegen/openapi.gen';
import type { RegistryKey } from '../../schema/registryKeys.gen';
import type { DB } from '../platform/db';
import type { ArticlesTable, CategoriesTable, CoursesTable, HolidaysTable, TeachersTable } from '../platform/tables';

type Schemas = components['schemas'];

/** The columns publicArticleView reads (schema/articles.ts publicView). */
export const publicArticleViewColumns = ['id', 'slug', 'name', 'author', 'image', 'createdAt'] as const;

/** What the public site sees of one articles record. */
export function publicArticleView(row: Pick<Selectable<ArticlesTable>, (typeof publicArticleViewColumns)[number]>): Schemas['PublicArticleView'] {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    author: row.author,
    image: row.image,
    createdAt: row.createdAt,
  };
}

/** The columns publicCategoryView reads (schema/categories.ts publicView). */
export const publicCategoryViewColumns = ['id', 'slug', 'name', 'coverImage'] as const;

/** What the public site sees of one categories record. */
export function publicCategoryView(row: Pick<Selectable<CategoriesTable>, (typeof publicCategoryViewColumns)[number]>): Schemas['PublicCategoryView'] {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    coverImage: row.coverImage,
  };
}

/** The columns publicCourseView reads (schema/courses.ts publicView). */
export const publicCourseViewColumns = ['id', 'slug', 'title', 'durationInHours', 'timeOfHolding', 'registrationDeadline', 'priceInTomans', 'description', 'coverImage', 'coverVideo', 'headings', 'prerequisite', 'difficulty', 'type', 'lastSessionDate', 'ageMin', 'ageMax', 'capacity', 'address', 'room'] as const;

/** What the public site sees of one courses record. */
export function publicCourseView(row: Pick<Selectable<CoursesTable>, (typeof publicCourseViewColumns)[number]>): Schemas['PublicCourseView'] {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    durationInHours: Number(row.durationInHours),
    timeOfHolding: row.timeOfHolding,
    registrationDeadline: row.registrationDeadline,
    priceInTomans: Number(row.priceInTomans),
    description: row.description,
    coverImage: row.coverImage,
    coverVideo: row.coverVideo,
    headings: row.headings,
    prerequisite: row.prerequisite,
    difficulty: row.difficulty,
    type: row.type,
    lastSessionDate: row.lastSessionDate,
    ageMin: Number(row.ageMin),
    ageMax: Number(row.ageMax),
    capacity: Number(row.capacity),
    address: row.address,
    room: row.room,
  };
}

/** The columns publicHoliday reads (schema/holidays.ts publicView). */
export const publicHolidayColumns = ['id', 'date', 'endDate', 'title'] as const;

/** What the public site sees of one holidays record. */
export function publicHoliday(row: Pick<Selectable<HolidaysTable>, (typeof publicHolidayColumns)[number]>): Schemas['PublicHoliday'] {
  return {
    id: row.id,
    date: row.date,
    endDate: row.endDate,
    title: row.title,
  };
}

/** The columns publicTeacher reads (schema/teachers.ts publicView). */
export const publicTeacherColumns = ['id', 'slug', 'fullName', 'skill', 'descirption', 'coverImage'] as const;

/** What the public site sees of one teachers record. */
export function publicTeacher(row: Pick<Selectable<TeachersTable>, (typeof publicTeacherColumns)[number]>): Schemas['PublicTeacher'] {
  return {
    id: row.id,
    slug: row.slug,
    fullName: row.fullName,
    skill: row.skill,
    descirption: row.descirption,
    coverImage: row.coverImage,
  };
}

/** A public section (PublicSectionDecl): its records as the public sees them, and one by its slug. */
export interface PublicSection {
  entity: RegistryKey;
  list(db: DB): Promise<Array<Schemas['PublicSectionRecord']>>;
  one: ((db: DB, slug: string) => Promise<Schemas['PublicSectionRecord'] | undefined>) | null;
}

/** Every public section, by its path. */
export const publicSections: Readonly<Record<string, PublicSection>> = {
  "holidays": {
    entity: 'holidays',
    list: async (db) => (await db.selectFrom('holidays').select(publicHolidayColumns).orderBy('date', 'asc').orderBy('id', 'desc').execute()).map(publicHoliday),
    one: null,
  },
};
