// Valid sample records of any entity, made from its schema file: the msw fixtures, the CRUD and
// access tests and the browser smoke of a new entity use these, so an entity needs no fixture of
// its own. Values honour each field's declared limits.
import type { AnyEntity, AnyRow, FieldDecl } from '../../schema/define';
import { blankRecord, isWriteOnly, maxLengthOf, numberLimits } from '../../schema/define';
import { registry } from '../../schema/registry.gen';

function cut(text: string, max: number | undefined): string {
  return max === undefined ? text : text.slice(0, max);
}

export function sampleValue(field: FieldDecl, n: number): unknown {
  switch (field.input) {
    case 'text':
    case 'textarea':
      return cut(`نمونه ${field.label} ${n}`, maxLengthOf(field));
    case 'richText':
      return `<p>نمونه ${field.label} ${n}</p>`;
    case 'email':
      return `sample${n}@example.com`;
    case 'tel':
      return `0912${String(1_000_000 + n)}`;
    // Link fields must name a file of the media library: the seed's images are registered in
    // every seeded server; no video is seeded, and no video field is required.
    case 'imageLink':
      return `course-${1 + (n % 10)}.webp`;
    case 'videoLink':
      return field.required ? `sample-${n}.mp4` : '';
    case 'number': {
      const { min, max } = numberLimits(field);
      return Math.min(max, min + n);
    }
    case 'reference':
      return 0;
    case 'references':
      return [];
    case 'checkbox':
      return n % 2 === 0;
    case 'jalaliDate':
      return new Date(Date.UTC(2030, 0, 1 + n, 10)).toISOString();
    case 'select':
      return field.options[n % field.options.length]?.[0];
    case 'password':
      return `sample-password-${n}`;
    // A staff role's grants as stored: one entity read.
    case 'grants':
      return JSON.stringify({ entities: { orders: { verbs: ['read'], actions: [], hidden: [], readOnly: [], own: n % 2 === 0 } } });
  }
}

/** A create body (the fields the form edits). */
export function sampleBody(entity: AnyEntity, n = 1): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(entity.decl.fields)
      .filter(([, field]) => !field.readOnly)
      .map(([name, field]) => [name, sampleValue(field, n)]),
  );
}

/** A whole row as the API answers it. */
export function sampleRow(entity: AnyEntity, n = 1): AnyRow {
  const row: AnyRow = { id: n, version: 1 };
  for (const [name, field] of Object.entries(entity.decl.fields)) if (!isWriteOnly(field)) row[name] = sampleValue(field, n);
  if (entity.slugFrom) row.slug = `sample-${n}`;
  return row;
}

/**
 * A valid course create body: the schema's blank record with a title, an online type (the one
 * field without a valid blank) and what a test cares about on top.
 */
export function courseBody(title: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...blankRecord(registry.courses), type: 'online', title, ...extra };
}

/** A child's birth date and grade as the dashboard's form sends them (1 Farvardin 1395, fourth grade). */
export const sampleChild = { birthDate: '2016-03-19T20:30:00.000Z', grade: 'چهارم دبستان' } as const;
