import type { components } from '../../../codegen/openapi.gen';

type Schemas = components['schemas'];
export type PublicCourse = Schemas['PublicCourse'];
export type PublicCategory = Schemas['PublicCategory'];
export type PublicArticleSummary = Schemas['PublicArticleSummary'];
export type PublicArticle = Schemas['PublicArticle'];
export type PublicTeacher = Schemas['PublicTeacher'];
export type PublicTeacherSummary = Schemas['PublicTeacherSummary'];
export type PublicCoursePage = Schemas['PublicCoursePage'];
