// One component per cell kind of the schema engine; a schema names the kind, this map draws it.
// Kinds that are only text also have their formatter in `cellTexts`, which EntityTable calls
// directly so a row is one component, not one per cell.
import type { ComponentType } from 'react';
import type { BadgeTone, CellKind } from '../../../schema/define';
import { ageOn } from '../../../schema/rules/age';
import { formatJalaliDateTime, formatJalaliLong } from '../../../schema/rules/calendar';
import { formatPersianNumber, formatToman, htmlToPlainText, toPersianDigits, truncate } from '../../../schema/rules/text';
import { thumbnailUrl, videoUrl } from './media';
import { adminTexts } from './texts';

export interface CellProps {
  value: unknown;
  /** The column's header, used as the accessible name of media. */
  header: string;
  options?: Readonly<Record<string, string>>;
  /** `badge` cells: each option value's tone. */
  tones?: Readonly<Record<string, BadgeTone>>;
}

const asText = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);

const asNumber = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

type Options = CellProps['options'];

/**
 * The text of every cell kind that is only text (Persian digits, Jalali dates), computed straight
 * from the value.
 */
export const cellTexts: Partial<Record<CellKind, (value: unknown, options?: Options) => string>> = {
  text: (value) => toPersianDigits(asText(value)),
  number: (value) => {
    const n = asNumber(value);
    return n === null ? '—' : formatPersianNumber(n);
  },
  hours: (value) => {
    const n = asNumber(value);
    return n === null ? '—' : `${formatPersianNumber(n)} ساعت`;
  },
  yesNo: (value) => (value === true ? adminTexts.yes : adminTexts.no),
  toman: (value) => {
    const n = asNumber(value);
    return n === null ? '—' : formatToman(n);
  },
  jalaliDate: (value) => (typeof value === 'string' || value instanceof Date ? formatJalaliLong(value) : '—'),
  jalaliDateTime: (value) => (typeof value === 'string' || value instanceof Date ? formatJalaliDateTime(value) : '—'),
  option: (value, options) => {
    const key = asText(value);
    return toPersianDigits(options?.[key] ?? key);
  },
  excerpt: (value) => toPersianDigits(truncate(htmlToPlainText(asText(value)), 50)),
  age: (value) => {
    const years = typeof value === 'string' && value !== '' ? ageOn(value, new Date()) : null;
    return years === null ? '—' : formatPersianNumber(years);
  },
  // `options` holds the referenced records' labels by id (see relations.ts); until they arrive,
  // or for a record that no longer exists, the id itself is shown.
  reference: (value, options) => {
    if (value === null || value === undefined || value === '') return '—';
    const label = options?.[asText(value)];
    if (label !== undefined) return toPersianDigits(label);
    return value === 0 ? '—' : toPersianDigits(asText(value));
  },
  // A many-to-many field: its records' labels, in the order chosen.
  references: (value, options) => {
    const ids = Array.isArray(value) ? value : [];
    if (ids.length === 0) return '—';
    return ids.map((id) => toPersianDigits(options?.[asText(id)] ?? asText(id))).join('، ');
  },
};

function textCell(kind: CellKind): ComponentType<CellProps> {
  const format = cellTexts[kind] ?? ((value: unknown) => asText(value));
  return function TextualCell({ value, options }: CellProps) {
    return <>{format(value, options)}</>;
  };
}

function PhoneCell({ value }: CellProps) {
  return (
    <span dir="ltr" className="admin-cell-phone">
      {toPersianDigits(asText(value)) || '—'}
    </span>
  );
}

function ImageCell({ value, header }: CellProps) {
  const name = asText(value);
  if (!name) return <span className="admin-cell-muted">{adminTexts.noImage}</span>;
  // Decoded off the frame: a fast scroll brings a dozen new thumbnails in at once.
  return (
    <img
      className="admin-thumb"
      src={thumbnailUrl(name)}
      alt={`${header}: ${name}`}
      loading="lazy"
      decoding="async"
      width={64}
      height={48}
    />
  );
}

function VideoCell({ value, header }: CellProps) {
  const name = asText(value);
  if (!name) return <span className="admin-cell-muted">—</span>;
  return <video className="admin-thumb" src={videoUrl(name)} preload="metadata" muted aria-label={`${header}: ${name}`} />;
}

/** An option's label in a pill whose colour says what it is (an administrator, a new message). */
function BadgeCell({ value, options, tones }: CellProps) {
  const key = asText(value);
  if (key === '') return <span className="admin-cell-muted">—</span>;
  return <span className={`admin-badge admin-badge-${tones?.[key] ?? 'neutral'}`}>{toPersianDigits(options?.[key] ?? key)}</span>;
}

/** An address stays Latin and left-to-right; following it opens the admin's mail program. */
function EmailCell({ value }: CellProps) {
  const address = asText(value).trim();
  if (address === '') return <span className="admin-cell-muted">—</span>;
  return (
    <a href={`mailto:${address}`} dir="ltr" className="admin-link admin-cell-phone">
      {address}
    </a>
  );
}

export const cellRenderers: Record<CellKind, ComponentType<CellProps>> = {
  text: textCell('text'),
  number: textCell('number'),
  hours: textCell('hours'),
  phone: PhoneCell,
  yesNo: textCell('yesNo'),
  image: ImageCell,
  video: VideoCell,
  toman: textCell('toman'),
  jalaliDate: textCell('jalaliDate'),
  jalaliDateTime: textCell('jalaliDateTime'),
  option: textCell('option'),
  excerpt: textCell('excerpt'),
  reference: textCell('reference'),
  references: textCell('references'),
  badge: BadgeCell,
  email: EmailCell,
  age: textCell('age'),
};

/** A plain-text form of a cell's value, for searching and sorting. */
export function sortValue(value: unknown): string | number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return asText(value);
}
