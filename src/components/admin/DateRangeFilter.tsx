// A date field's range filter: two Jalali pickers under one legend; the URL keeps «from..to».
import { useId } from 'react';
import { academyDayOf, academyDayStart, dayKey, parseDayKey } from '../../../schema/rules/calendar';
import { JalaliDatePicker } from './inputs/JalaliDatePicker';
import { listTexts } from './listTexts';

/** «1403-01-05» (the URL's form of a Jalali day) from a picked instant, and back. */
function jalaliDay(iso: string | null): string {
  return iso ? dayKey(academyDayOf(new Date(iso))) : '';
}
function dayInstant(day: string): string | null {
  const parsed = parseDayKey(day);
  return parsed ? academyDayStart(parsed).toISOString() : null;
}

/** A from–to pair of Jalali date pickers for a date field; the URL keeps «from..to». */
export function DateRangeFilter({ label, value, onChange }: { label: string; value: string; onChange: (next: string) => void }) {
  const id = useId();
  const [from = '', to = ''] = value.split('..');
  const set = (nextFrom: string, nextTo: string) => onChange(nextFrom || nextTo ? `${nextFrom}..${nextTo}` : '');
  return (
    <fieldset className="admin-list-filter admin-list-range">
      <legend className="admin-list-filter-label">{label}</legend>
      <label htmlFor={`${id}-from`} className="admin-list-range-part">
        {listTexts.from}
      </label>
      <JalaliDatePicker id={`${id}-from`} value={dayInstant(from)} onChange={(iso) => set(jalaliDay(iso), to)} />
      <label htmlFor={`${id}-to`} className="admin-list-range-part">
        {listTexts.to}
      </label>
      <JalaliDatePicker id={`${id}-to`} value={dayInstant(to)} onChange={(iso) => set(from, jalaliDay(iso))} />
    </fieldset>
  );
}

