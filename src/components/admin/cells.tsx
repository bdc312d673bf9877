// One component per cell kind of the schema engine; a schema names the kind, this map draws it.
import type { ComponentType } from 'react';
import type { CellKind } from '../../../schema/define';
import { formatJalaliDateTime, formatJalaliLong } from '../../lib/jalali';
import { formatPersianNumber, formatToman, htmlToPlainText, toPersianDigits, truncate } from '../../lib/text';
import { imageUrl, videoUrl } from './media';
import { adminTexts } from './texts';

export interface CellProps {
  value: unknown;
  /** The column's header, used as the accessible name of media. */
  header: string;
  options?: Readonly<Record<string, string>>;
}

const asText = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);

const asNumber = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function TextCell({ value }: CellProps) {
  return <>{toPersianDigits(asText(value))}</>;
}

function NumberCell({ value }: CellProps) {
  const n = asNumber(value);
  return <>{n === null ? '—' : formatPersianNumber(n)}</>;
}

function HoursCell({ value }: CellProps) {
  const n = asNumber(value);
  return <>{n === null ? '—' : `${formatPersianNumber(n)} ساعت`}</>;
}

function PhoneCell({ value }: CellProps) {
  return (
    <span dir="ltr" className="admin-cell-phone">
      {toPersianDigits(asText(value)) || '—'}
    </span>
  );
}

function YesNoCell({ value }: CellProps) {
  return <>{value === true ? adminTexts.yes : adminTexts.no}</>;
}

function ImageCell({ value, header }: CellProps) {
  const name = asText(value);
  if (!name) return <span className="admin-cell-muted">{adminTexts.noImage}</span>;
  return <img className="admin-thumb" src={imageUrl(name)} alt={`${header}: ${name}`} loading="lazy" width={64} height={48} />;
}

function VideoCell({ value, header }: CellProps) {
  const name = asText(value);
  if (!name) return <span className="admin-cell-muted">—</span>;
  return <video className="admin-thumb" src={videoUrl(name)} preload="metadata" muted aria-label={`${header}: ${name}`} />;
}

function TomanCell({ value }: CellProps) {
  const n = asNumber(value);
  return <>{n === null ? '—' : formatToman(n)}</>;
}

function JalaliDateCell({ value }: CellProps) {
  return <>{typeof value === 'string' || value instanceof Date ? formatJalaliLong(value) : '—'}</>;
}

function JalaliDateTimeCell({ value }: CellProps) {
  return <>{typeof value === 'string' || value instanceof Date ? formatJalaliDateTime(value) : '—'}</>;
}

function OptionCell({ value, options }: CellProps) {
  const key = asText(value);
  return <>{toPersianDigits(options?.[key] ?? key)}</>;
}

function ExcerptCell({ value }: CellProps) {
  return <>{truncate(htmlToPlainText(asText(value)), 50)}</>;
}

export const cellRenderers: Record<CellKind, ComponentType<CellProps>> = {
  text: TextCell,
  number: NumberCell,
  hours: HoursCell,
  phone: PhoneCell,
  yesNo: YesNoCell,
  image: ImageCell,
  video: VideoCell,
  toman: TomanCell,
  jalaliDate: JalaliDateCell,
  jalaliDateTime: JalaliDateTimeCell,
  option: OptionCell,
  excerpt: ExcerptCell,
};

/** A plain-text form of a cell's value, for searching and sorting. */
export function sortValue(value: unknown): string | number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return asText(value);
}
