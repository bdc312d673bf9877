// A date field's range filter: two Jalali pickers under one legend, and the ranges an operator
// asks for most in one click; the URL keeps «from..to».
import { useId } from 'react';
import { academyDayOf, academyDayStart, dayKey, dayPresetLabels, dayPresets, parseDayKey, presetDays, type JalaliDate } from '../../../schema/rules/calendar';
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

/**
 * «امروز / این هفته / این ماه / ماه قبل» as buttons, each pressed while the range shown is its
 * own; the days are the academy's (Tehran), whatever the browser's zone.
 */
export function DatePresets({ from, to, onPick }: { from: JalaliDate | null; to: JalaliDate | null; onPick(from: JalaliDate, to: JalaliDate): void }) {
  const shown = from && to ? `${dayKey(from)}..${dayKey(to)}` : '';
  return (
    <span className="admin-date-presets">
      {dayPresets.map((preset) => {
        const range = presetDays(preset);
        return (
          <button
            key={preset}
            type="button"
            className="admin-date-preset"
            aria-pressed={shown === `${dayKey(range.from)}..${dayKey(range.to)}`}
            onClick={() => onPick(range.from, range.to)}
          >
            {dayPresetLabels[preset]}
          </button>
        );
      })}
    </span>
  );
}

/** A from–to pair of Jalali date pickers for a date field; the URL keeps «from..to». */
export function DateRangeFilter({ label, value, onChange }: { label: string; value: string; onChange: (next: string) => void }) {
  const id = useId();
  const [from = '', to = ''] = value.split('..');
  const set = (nextFrom: string, nextTo: string) => onChange(nextFrom || nextTo ? `${nextFrom}..${nextTo}` : '');
  const fromInstant = dayInstant(from);
  return (
    <fieldset className="admin-list-filter admin-list-range">
      <legend className="admin-list-filter-label">{label}</legend>
      <label htmlFor={`${id}-from`} className="admin-list-range-part">
        {listTexts.from}
      </label>
      <JalaliDatePicker id={`${id}-from`} value={fromInstant} onChange={(iso) => set(jalaliDay(iso), to)} />
      <label htmlFor={`${id}-to`} className="admin-list-range-part">
        {listTexts.to}
      </label>
      <JalaliDatePicker id={`${id}-to`} value={dayInstant(to)} near={fromInstant} onChange={(iso) => set(from, jalaliDay(iso))} />
      <DatePresets from={parseDayKey(from)} to={parseDayKey(to)} onPick={(start, end) => set(dayKey(start), dayKey(end))} />
    </fieldset>
  );
}

/**
 * A from–to pair kept as the instants each day starts (the audit log's), laid out as two form
 * fields followed by the presets.
 */
export function InstantRangeFields({ labels, from, to, onChange }: {
  labels: { from: string; to: string };
  from: string | undefined;
  to: string | undefined;
  onChange(range: { from: string | undefined; to: string | undefined }): void;
}) {
  const id = useId();
  const day = (iso: string | undefined) => (iso ? academyDayOf(new Date(iso)) : null);
  const field = (part: 'from' | 'to') => (
    <div className="admin-field">
      <label className="admin-label" htmlFor={`${id}-${part}`}>
        {labels[part]}
      </label>
      <JalaliDatePicker
        id={`${id}-${part}`}
        value={(part === 'from' ? from : to) ?? null}
        near={part === 'to' ? from : null}
        onChange={(value) => onChange({ from, to, [part]: value ?? undefined })}
      />
    </div>
  );
  return (
    <>
      {field('from')}
      {field('to')}
      <div className="admin-field admin-field-presets">
        <DatePresets
          from={day(from)}
          to={day(to)}
          onPick={(start, end) => onChange({ from: academyDayStart(start).toISOString(), to: academyDayStart(end).toISOString() })}
        />
      </div>
    </>
  );
}
