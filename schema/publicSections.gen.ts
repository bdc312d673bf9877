// GENERATED FILE, DO NOT EDIT. Source: schema/*.ts. Regenerate with `npm run codegen`.
// The public sections as the site draws them (codegen/publicViews.ts): titles, texts and each
// field's label and kind, from the schema files' publicView.section, without their code.
import type { PublicSectionDisplay } from './rules/publicSection';

export const publicSectionDisplays: Readonly<Record<string, PublicSectionDisplay>> = {
  "holidays": {
    title: "تعطیلات آموزشگاه",
    lead: "در این روزها کلاسی برگزار نمی‌شود.",
    empty: "روز تعطیلی ثبت نشده است.",
    /** Each record has a page of its own (the entity has a slug). */
    pages: false,
    /** The field naming a record (its title on the list and its page). */
    name: "title",
    fields: [
      { name: "date", label: "از تاریخ", display: { kind: 'date' } },
      { name: "endDate", label: "تا تاریخ", display: { kind: 'date' } },
      { name: "title", label: "مناسبت", display: { kind: 'text' } },
    ],
  },
};
