// How the public site draws a section made of an entity's records (schema/publicSections.gen.ts,
// made by codegen from the schemas' publicView.section): titles, and each field's label and kind.

export type SectionFieldDisplay =
  | { kind: 'text' | 'longText' | 'number' | 'money' | 'date' | 'image' | 'yesNo' }
  /** The labels of a many-to-many field's records, joined with «، ». */
  | { kind: 'list' }
  | { kind: 'option'; options: Readonly<Record<string, string>> };

export interface PublicSectionDisplay {
  title: string;
  lead: string;
  empty: string;
  /** Each record has a page of its own (the entity has a slug). */
  pages: boolean;
  /** The field naming a record. */
  name: string;
  fields: ReadonlyArray<{ name: string; label: string; display: SectionFieldDisplay }>;
}
