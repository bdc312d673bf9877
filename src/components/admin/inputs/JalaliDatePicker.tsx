// A Jalali date input, typed (۱۴۰۶/۰۱/۱۵, any digits, `/` or `-`) or picked from its own calendar
// popup (spec §2 shared pieces, §9). What is typed is read by the calendar's one reader when the
// input is left or Enter is pressed; text it cannot read stays as typed, with the reason beside it
// (or, inside a form, handed to the form, whose check words it), so nothing typed is lost.
// Built on jalaali-js alone: react-day-picker's Persian calendar would bring date-fns-jalali
// and still need year buttons, day clamping and our Persian labels written around it.
//
// Model while the popup is open: `view` is the shown month; `draft` is the selected day in
// that month (aria-selected). Changing the month or year keeps the draft's day number,
// clamped to the new month's length (31 Shahrivar → next → 30 Mehr), so the selection
// follows the navigation. `focus` is the keyboard cursor (roving tabindex). Nothing reaches
// the form until a day is picked by click, Enter or Space; Escape and an outside click leave
// the value as it was. A click on the input opens the popup and leaves the caret in the input;
// the keyboard (Enter, Space, ArrowDown) opens it with the cursor in the grid.
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { academyDayStart, jalaliMonthNames, jalaliWeekdayNames, monthLength, academyDayOf, readJalaliDay } from '../../../../schema/rules/calendar';
import { toPersianDigits } from '../../../../schema/rules/text';
import './JalaliDatePicker.css';
import { Chevron, choosePlacement, dayLabel, formatValue, initialState, inRange, monthGrid, moveTo, parseValue, type Placement, type PopupState, sameDay, shiftMonth, unplaced, type View } from './JalaliPickerParts';

export interface JalaliDatePickerProps {
  id: string;
  value: string | null;
  onChange(value: string | null): void;
  invalid?: boolean;
  describedBy?: string;
  /** Where the calendar opens while there is no value (a range's end opens on its start). */
  near?: string | null;
  /** Takes text that is not a day; without it the picker shows the reason itself. */
  onUnreadable?(text: string): void;
}

const weekdayLetters = ['ش', 'ی', 'د', 'س', 'چ', 'پ', 'ج'] as const;

export const datePickerTexts = {
  placeholder: 'انتخاب تاریخ',
  dialog: 'انتخاب تاریخ',
  previousYear: 'سال قبل',
  nextYear: 'سال بعد',
  previousMonth: 'ماه قبل',
  nextMonth: 'ماه بعد',
  clear: 'پاک کردن تاریخ',
  today: 'امروز',
} as const;

export function JalaliDatePicker({ id, value, onChange, invalid = false, describedBy, near = null, onUnreadable }: JalaliDatePickerProps) {
  const selected = parseValue(value);
  const [popup, setPopup] = useState<PopupState | null>(null);
  // What is being typed (null: the input shows the value) and why it could not be read.
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [placement, setPlacement] = useState<Placement>(unplaced);
  const rootRef = useRef<HTMLDivElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  // Focus follows the cursor only after keyboard moves and on opening, not after a click on
  // a month button (that would yank focus away from the button being clicked again).
  const focusGridRef = useRef(false);
  const titleId = useId();
  const errorId = useId();
  const popupId = useId();
  const open = popup !== null;

  // A value set from outside (a filter cleared, a preset) replaces whatever was being typed.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setTyped(null);
    setProblem(null);
  }

  const close = useCallback((returnFocus: boolean) => {
    setPopup(null);
    if (returnFocus) inputRef.current?.focus();
  }, []);

  const openPopup = (intoGrid: boolean) => {
    focusGridRef.current = intoGrid;
    // Measured afresh at its own size: the screen may have turned since the last opening.
    setPlacement(unplaced);
    const typedDay = typed === null ? null : (readJalaliDay(typed)?.day ?? null);
    setPopup(initialState(typedDay ?? selected, parseValue(near) ?? academyDayOf(new Date())));
  };

  const emit = (next: string | null) => {
    setTyped(null);
    setProblem(null);
    if (next !== value) onChange(next);
  };

  /** Reads what was typed: a day is the new value, blank clears it, anything else is explained. */
  const commit = () => {
    if (typed === null) return;
    const reading = readJalaliDay(typed);
    if (reading === null) emit(null);
    else if (reading.day) emit(academyDayStart(reading.day).toISOString());
    else if (onUnreadable) {
      setTyped(null);
      onUnreadable(typed);
    } else setProblem(reading.error);
  };

  const onType = (text: string) => {
    setTyped(text);
    setProblem(null);
    // An open calendar follows a day as soon as it can be read.
    const day = readJalaliDay(text)?.day;
    if (popup && day) setPopup(initialState(day, day));
  };

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return;
      close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('mousedown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('mousedown', onPointerDown);
    };
  }, [open, close]);

  // Measured before paint, so the popup never flashes in a spot where it is cut off.
  useLayoutEffect(() => {
    const field = rootRef.current;
    const element = popupRef.current;
    if (!open || !field || !element) return;
    const next = choosePlacement(field, element);
    setPlacement((current) =>
      current.inline === next.inline && current.block === next.block && current.shift === next.shift && current.width === next.width ? current : next,
    );
  }, [open]);

  useEffect(() => {
    if (!popup || !focusGridRef.current) return;
    focusGridRef.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [popup]);

  const pick = (view: View, day: number) => {
    emit(academyDayStart({ jy: view.jy, jm: view.jm, jd: day }).toISOString());
    close(true);
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && typed !== null) {
      event.preventDefault();
      commit();
      setPopup(null);
    } else if (event.key === 'Enter' || event.key === 'ArrowDown' || (event.key === ' ' && typed === null)) {
      event.preventDefault();
      if (!open) openPopup(true);
    }
  };

  // Escape belongs to the topmost layer. Inside a modal, the dialog library listens for it on
  // the document in the capture phase, before any handler on this component could run, and
  // would close the whole form; a window capture listener runs first and keeps it to the popup.
  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      close(rootRef.current?.contains(document.activeElement) ?? false);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [open, close]);

  const onGridKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (!popup) return;
    const { view, focus } = popup;
    const length = monthLength(view.jy, view.jm);
    // In a right-to-left grid the previous day sits to the right.
    const steps: Partial<Record<string, number>> = {
      ArrowRight: -1,
      ArrowLeft: 1,
      ArrowUp: -7,
      ArrowDown: 7,
    };
    const step = steps[event.key];
    let next: PopupState | null = null;
    if (step !== undefined) {
      const target = focus + step;
      if (target < 1) {
        const previous = shiftMonth(view, -1);
        next = inRange(previous) ? moveTo(popup, previous, monthLength(previous.jy, previous.jm) + target) : popup;
      } else if (target > length) {
        next = moveTo(popup, shiftMonth(view, 1), target - length);
      } else {
        next = { ...popup, focus: target };
      }
    } else if (event.key === 'Home') {
      next = { ...popup, focus: 1 };
    } else if (event.key === 'End') {
      next = { ...popup, focus: length };
    } else if (event.key === 'PageUp') {
      next = moveTo(popup, shiftMonth(view, event.shiftKey ? -12 : -1));
    } else if (event.key === 'PageDown') {
      next = moveTo(popup, shiftMonth(view, event.shiftKey ? 12 : 1));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pick(view, focus);
      return;
    }
    if (next) {
      event.preventDefault();
      focusGridRef.current = true;
      setPopup(next);
    }
  };

  const navigate = (months: number) => {
    if (popup) setPopup(moveTo(popup, shiftMonth(popup.view, months)));
  };

  const today = academyDayOf(new Date());
  const canGo = (months: number) => popup !== null && inRange(shiftMonth(popup.view, months));

  return (
    <div
      className="jdp"
      ref={rootRef}
      onBlur={(event) => {
        // Read when focus leaves the input for anything but the calendar (Tab to the clear
        // button reads it too), and when it leaves the calendar for the rest of the page.
        const to = event.relatedTarget instanceof Node ? event.relatedTarget : null;
        const intoCalendar = to !== null && popupRef.current?.contains(to) === true;
        const withinFromCalendar = event.target !== inputRef.current && to !== null && rootRef.current?.contains(to) === true;
        if (!intoCalendar && !withinFromCalendar) commit();
      }}
    >
      <div className="jdp-field">
        <input
          ref={inputRef}
          id={id}
          className="jdp-input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={typed ?? (selected ? formatValue(selected) : (value ?? ''))}
          placeholder={datePickerTexts.placeholder}
          aria-invalid={invalid || problem !== null || undefined}
          aria-describedby={[describedBy, problem === null ? '' : errorId].filter(Boolean).join(' ') || undefined}
          // A text box may not say whether a popup is open (aria-expanded); a combobox whose popup
          // is a dialog may, and is what this is: typed into, or picked from the calendar.
          role="combobox"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? popupId : undefined}
          onChange={(event) => onType(event.target.value)}
          onClick={() => {
            inputRef.current?.focus();
            if (open) close(false);
            else openPopup(false);
          }}
          onKeyDown={onInputKeyDown}
        />
        {(selected || typed || value) && (
          <button type="button" className="jdp-clear" aria-label={datePickerTexts.clear} onClick={() => emit(null)}>
            ×
          </button>
        )}
      </div>
      {problem !== null && (
        <p id={errorId} className="jdp-error" role="alert">
          {problem}
        </p>
      )}
      {popup && (
        <div
          ref={popupRef}
          id={popupId}
          className={`jdp-popup jdp-popup-${placement.inline} jdp-popup-${placement.block}`}
          style={{
            transform: placement.shift ? `translateX(${placement.shift}px)` : undefined,
            width: placement.width ?? undefined,
          }}
          role="dialog"
          aria-modal="false"
          aria-labelledby={titleId}
        >
          <div className="jdp-header">
            <div className="jdp-nav">
              <button
                type="button"
                aria-label={datePickerTexts.previousYear}
                disabled={!canGo(-12)}
                onClick={() => navigate(-12)}
              >
                <Chevron direction="right" double />
              </button>
              <button
                type="button"
                aria-label={datePickerTexts.previousMonth}
                disabled={!canGo(-1)}
                onClick={() => navigate(-1)}
              >
                <Chevron direction="right" />
              </button>
            </div>
            <div className="jdp-title" id={titleId} aria-live="polite">
              {jalaliMonthNames[popup.view.jm - 1]} {toPersianDigits(popup.view.jy)}
            </div>
            <div className="jdp-nav">
              <button
                type="button"
                aria-label={datePickerTexts.nextMonth}
                disabled={!canGo(1)}
                onClick={() => navigate(1)}
              >
                <Chevron direction="left" />
              </button>
              <button
                type="button"
                aria-label={datePickerTexts.nextYear}
                disabled={!canGo(12)}
                onClick={() => navigate(12)}
              >
                <Chevron direction="left" double />
              </button>
            </div>
          </div>
          <table className="jdp-grid" role="grid" aria-labelledby={titleId} ref={gridRef} onKeyDown={onGridKeyDown}>
            <thead>
              <tr>
                {weekdayLetters.map((letter, i) => (
                  <th key={letter} scope="col" abbr={jalaliWeekdayNames[i]}>
                    {letter}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthGrid(popup.view).map((week, w) => (
                <tr key={w}>
                  {week.map((day, d) => {
                    if (day === null) return <td key={`pad-${d}`} role="gridcell" className="jdp-pad" />;
                    const isToday = sameDay(today, popup.view, day);
                    const isSelected = popup.draft === day;
                    return (
                      <td
                        key={day}
                        role="gridcell"
                        aria-selected={isSelected}
                        aria-current={isToday ? 'date' : undefined}
                      >
                        <button
                          type="button"
                          className={['jdp-day', isToday ? 'jdp-today' : '', isSelected ? 'jdp-selected' : '']
                            .filter(Boolean)
                            .join(' ')}
                          tabIndex={popup.focus === day ? 0 : -1}
                          aria-label={dayLabel(popup.view.jy, popup.view.jm, day)}
                          onClick={() => pick(popup.view, day)}
                        >
                          {toPersianDigits(day)}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <div className="jdp-footer">
            <button
              type="button"
              className="jdp-link"
              onClick={() => pick(today, today.jd)}
            >
              {datePickerTexts.today}
            </button>
            <button
              type="button"
              className="jdp-link"
              onClick={() => {
                emit(null);
                close(true);
              }}
            >
              {datePickerTexts.clear}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
