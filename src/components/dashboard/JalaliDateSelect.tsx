import { useId } from 'react';
import { jalaliMonthNames, monthLength, type JalaliDate } from '../../../schema/rules/calendar';
import { toPersianDigits } from '../../../schema/rules/text';

export interface PartialJalali {
  jy: number | null;
  jm: number | null;
  jd: number | null;
}

interface Props {
  legend: string;
  value: PartialJalali;
  onChange: (value: PartialJalali) => void;
  /** Newest year first: birth dates are mostly recent. */
  years: number[];
  error?: string;
}

export function completeJalali(value: PartialJalali): JalaliDate | null {
  return value.jy && value.jm && value.jd ? { jy: value.jy, jm: value.jm, jd: value.jd } : null;
}

function toNumber(text: string): number | null {
  return text === '' ? null : Number(text);
}

/** Three selects (year, month, day); the day is clamped when the month or year shortens it. */
export function JalaliDateSelect({ legend, value, onChange, years, error }: Props) {
  const id = useId();
  const days = value.jy && value.jm ? monthLength(value.jy, value.jm) : 31;
  const change = (patch: Partial<PartialJalali>) => {
    const next = { ...value, ...patch };
    if (next.jy && next.jm && next.jd) next.jd = Math.min(next.jd, monthLength(next.jy, next.jm));
    onChange(next);
  };
  return (
    <fieldset className="field" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      <div className="jalali-date">
        <select
          aria-label="سال"
          value={value.jy ?? ''}
          aria-invalid={error ? true : undefined}
          onChange={(event) => change({ jy: toNumber(event.target.value) })}
        >
          <option value="">سال</option>
          {years.map((year) => (
            <option key={year} value={year}>
              {toPersianDigits(year)}
            </option>
          ))}
        </select>
        <select
          aria-label="ماه"
          value={value.jm ?? ''}
          aria-invalid={error ? true : undefined}
          onChange={(event) => change({ jm: toNumber(event.target.value) })}
        >
          <option value="">ماه</option>
          {jalaliMonthNames.map((name, index) => (
            <option key={name} value={index + 1}>
              {name}
            </option>
          ))}
        </select>
        <select
          aria-label="روز"
          value={value.jd ?? ''}
          aria-invalid={error ? true : undefined}
          onChange={(event) => change({ jd: toNumber(event.target.value) })}
        >
          <option value="">روز</option>
          {Array.from({ length: days }, (_, index) => index + 1).map((day) => (
            <option key={day} value={day}>
              {toPersianDigits(day)}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
