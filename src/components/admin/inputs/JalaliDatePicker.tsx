// A read-only Jalali date input with its own calendar popup (spec §2 shared pieces, §9).
// Built on jalaali-js alone: react-day-picker's Persian calendar would bring date-fns-jalali
// and still need year buttons, day clamping and our Persian labels written around it.
//
// Model while the popup is open: `view` is the shown month; `draft` is the selected day in
// that month (aria-selected). Changing the month or year keeps the draft's day number,
// clamped to the new month's length (31 Shahrivar → next → 30 Mehr), so the selection
// follows the navigation. `focus` is the keyboard cursor (roving tabindex). Nothing reaches
// the form until a day is picked by click, Enter or Space; Escape and an outside click leave
// the value as it was.
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  academyDayStart,
  jalaliMonthNames,
  jalaliWeekdayNames,
  monthLength,
  academyDayOf,
  weekdayIndex,
  type JalaliDate,
} from '../../../../schema/rules/calendar';
import { toPersianDigits } from '../../../../schema/rules/text';
import './JalaliDatePicker.css';

export interface JalaliDatePickerProps {
  id: string;
  value: string | null;
  onChange(value: string | null): void;
  invalid?: boolean;
}

/** The years jalaali-js converts (spec §9). */
export const minJalaliYear = -61;
export const maxJalaliYear = 3177;

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

interface View {
  jy: number;
  jm: number;
}

interface PopupState {
  view: View;
  draft: number | null;
  focus: number;
}

function parseValue(value: string | null): JalaliDate | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : academyDayOf(date);
}

const pad = (n: number) => String(n).padStart(2, '0');

function formatValue(date: JalaliDate | null): string {
  return date ? toPersianDigits(`${date.jy}/${pad(date.jm)}/${pad(date.jd)}`) : '';
}

function dayLabel(jy: number, jm: number, jd: number): string {
  return `${toPersianDigits(jd)} ${jalaliMonthNames[jm - 1] ?? ''} ${toPersianDigits(jy)}`;
}

function inRange(view: View): boolean {
  return view.jy >= minJalaliYear && view.jy <= maxJalaliYear && view.jm >= 1 && view.jm <= 12;
}

function shiftMonth(view: View, months: number): View {
  const index = view.jy * 12 + (view.jm - 1) + months;
  return { jy: Math.floor(index / 12), jm: (((index % 12) + 12) % 12) + 1 };
}

function sameDay(a: JalaliDate | null, view: View, day: number): boolean {
  return a !== null && a.jy === view.jy && a.jm === view.jm && a.jd === day;
}

/** Moves the popup to another month, carrying the draft and focus day numbers, clamped. */
function moveTo(state: PopupState, view: View, focusDay = state.focus): PopupState {
  if (!inRange(view)) return state;
  const length = monthLength(view.jy, view.jm);
  return {
    view,
    draft: state.draft === null ? null : Math.min(state.draft, length),
    focus: Math.min(Math.max(focusDay, 1), length),
  };
}

function initialState(value: JalaliDate | null, today: JalaliDate): PopupState {
  const base = value ?? today;
  return {
    view: { jy: base.jy, jm: base.jm },
    draft: value?.jd ?? null,
    focus: base.jd,
  };
}

/**
 * Fixed-direction chevrons: text arrows like ‹ › are mirrored by the bidi algorithm in RTL
 * and end up pointing the wrong way depending on their context. In this RTL calendar the
 * past is to the right, so "previous" points right and "next" points left.
 */
function Chevron({ direction, double = false }: { direction: 'left' | 'right'; double?: boolean }) {
  const path = direction === 'right' ? 'M6 3l5 5-5 5' : 'M10 3L5 8l5 5';
  const shift = direction === 'right' ? 3 : -3;
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false" className="jdp-chevron">
      {double ? (
        <>
          <path d={path} transform={`translate(${-shift} 0)`} />
          <path d={path} transform={`translate(${shift / 2} 0)`} />
        </>
      ) : (
        <path d={path} />
      )}
    </svg>
  );
}

/** Where the popup opens relative to the input: which edges it aligns with. */
interface Placement {
  /** `start` aligns the popup's right edge with the input's (RTL start); `end` its left edge. */
  inline: 'start' | 'end';
  block: 'below' | 'above';
  /** px to move the popup sideways so it stays on screen (a phone, a field near the edge). */
  shift: number;
  /** A width narrower than the popup's own, when even the whole screen is narrower. */
  width: number | null;
}

const unplaced: Placement = { inline: 'start', block: 'below', shift: 0, width: null };
/** Room kept between the popup and the edge of the screen or of the box that clips it. */
const edgeGap = 4;

/** The box that would clip the popup: the nearest scrolling or clipping ancestor, else the viewport. */
function clipRect(element: HTMLElement): {
  left: number;
  right: number;
  top: number;
  bottom: number;
} {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowX, overflowY } = getComputedStyle(node);
    if (overflowX !== 'visible' || overflowY !== 'visible') {
      const rect = node.getBoundingClientRect();
      if (rect.width > 0 && rect.height > 0) return rect;
    }
  }
  return {
    left: 0,
    right: window.innerWidth,
    top: 0,
    bottom: window.innerHeight,
  };
}

/**
 * The popup (355px) is wider than a narrow form column; in a modal it would be cut off at the
 * modal's edge. It opens toward the side with room, and above the input when below has none.
 */
function choosePlacement(field: HTMLElement, popup: HTMLElement): Placement {
  const anchor = field.getBoundingClientRect();
  const size = popup.getBoundingClientRect();
  const clip = clipRect(field);
  const viewportBottom = Math.min(clip.bottom, window.innerHeight);
  const fitsStart = anchor.right - size.width >= Math.max(clip.left, 0);
  const fitsEnd = anchor.left + size.width <= Math.min(clip.right, window.innerWidth);
  const roomBelow = viewportBottom - anchor.bottom;
  const roomAbove = anchor.top - Math.max(clip.top, 0);
  const inline = fitsStart || !fitsEnd ? 'start' : 'end';
  // Neither edge may leave the visible part of the screen: narrowed to it if it is narrower
  // than the popup, then moved sideways into it.
  const left = Math.max(clip.left, 0) + edgeGap;
  const right = Math.min(clip.right, window.innerWidth) - edgeGap;
  const width = Math.min(size.width, right - left);
  const boxLeft = inline === 'start' ? anchor.right - width : anchor.left;
  const shift = boxLeft < left ? left - boxLeft : boxLeft + width > right ? right - (boxLeft + width) : 0;
  return {
    inline,
    block: roomBelow >= size.height + 8 || roomBelow >= roomAbove ? 'below' : 'above',
    shift: Math.round(shift),
    width: width < size.width ? Math.floor(width) : null,
  };
}

/** Weeks of the month as rows of seven cells, Saturday first; null pads the edges. */
function monthGrid(view: View): (number | null)[][] {
  const length = monthLength(view.jy, view.jm);
  const offset = weekdayIndex(academyDayStart({ jy: view.jy, jm: view.jm, jd: 1 }));
  const cells: (number | null)[] = [
    ...Array.from({ length: offset }, () => null),
    ...Array.from({ length }, (_, i) => i + 1),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const rows: (number | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) rows.push(cells.slice(i, i + 7));
  return rows;
}

export function JalaliDatePicker({ id, value, onChange, invalid = false }: JalaliDatePickerProps) {
  const selected = parseValue(value);
  const [popup, setPopup] = useState<PopupState | null>(null);
  const [placement, setPlacement] = useState<Placement>(unplaced);
  const rootRef = useRef<HTMLDivElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  // Focus follows the cursor only after keyboard moves and on opening, not after a click on
  // a month button (that would yank focus away from the button being clicked again).
  const focusGridRef = useRef(false);
  const titleId = useId();
  const open = popup !== null;

  const close = useCallback((returnFocus: boolean) => {
    setPopup(null);
    if (returnFocus) inputRef.current?.focus();
  }, []);

  const openPopup = () => {
    focusGridRef.current = true;
    // Measured afresh at its own size: the screen may have turned since the last opening.
    setPlacement(unplaced);
    setPopup(initialState(selected, academyDayOf(new Date())));
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
    onChange(academyDayStart({ jy: view.jy, jm: view.jm, jd: day }).toISOString());
    close(true);
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) openPopup();
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
    <div className="jdp" ref={rootRef}>
      <div className="jdp-field">
        <input
          ref={inputRef}
          id={id}
          className="jdp-input"
          type="text"
          readOnly
          value={formatValue(selected)}
          placeholder={datePickerTexts.placeholder}
          aria-invalid={invalid || undefined}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => (open ? close(false) : openPopup())}
          onKeyDown={onInputKeyDown}
        />
        {selected && (
          <button type="button" className="jdp-clear" aria-label={datePickerTexts.clear} onClick={() => onChange(null)}>
            ×
          </button>
        )}
      </div>
      {popup && (
        <div
          ref={popupRef}
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
              onClick={() => {
                focusGridRef.current = true;
                setPopup(moveTo(popup, { jy: today.jy, jm: today.jm }, today.jd));
              }}
            >
              {datePickerTexts.today}
            </button>
            <button
              type="button"
              className="jdp-link"
              onClick={() => {
                onChange(null);
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
