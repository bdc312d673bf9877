// The Jalali date picker's parts: its value read and written, the month's grid (Saturday first),
// the month and year steps, and where the popup opens so it stays on screen.
import { academyDayStart, jalaliMonthNames, jalaliWeekdayNames, monthLength, academyDayOf, weekdayIndex, weekdayOfDay, type JalaliDate } from '../../../../schema/rules/calendar';
import { toPersianDigits } from '../../../../schema/rules/text';
import './JalaliDatePicker.css';

/** The years jalaali-js converts (spec §9). */
export const minJalaliYear = -61;
export const maxJalaliYear = 3177;

export interface View {
  jy: number;
  jm: number;
}

export interface PopupState {
  view: View;
  draft: number | null;
  focus: number;
}

/** The stored instant's academy day; null for none, and for text typed that was not a day. */
export function parseValue(value: string | null): JalaliDate | null {
  // `new Date('1403/12/31')` would read a Gregorian day of the year 1403.
  if (!value || !/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : academyDayOf(date);
}

const pad = (n: number) => String(n).padStart(2, '0');

export function formatValue(date: JalaliDate | null): string {
  return date ? toPersianDigits(`${date.jy}/${pad(date.jm)}/${pad(date.jd)}`) : '';
}

/** A day as a screen reader says it: «۱۵ فروردین ۱۴۰۶، شنبه». */
export function dayLabel(jy: number, jm: number, jd: number): string {
  return `${toPersianDigits(jd)} ${jalaliMonthNames[jm - 1] ?? ''} ${toPersianDigits(jy)}، ${jalaliWeekdayNames[weekdayOfDay({ jy, jm, jd })] ?? ''}`;
}

export function inRange(view: View): boolean {
  return view.jy >= minJalaliYear && view.jy <= maxJalaliYear && view.jm >= 1 && view.jm <= 12;
}

export function shiftMonth(view: View, months: number): View {
  const index = view.jy * 12 + (view.jm - 1) + months;
  return { jy: Math.floor(index / 12), jm: (((index % 12) + 12) % 12) + 1 };
}

export function sameDay(a: JalaliDate | null, view: View, day: number): boolean {
  return a !== null && a.jy === view.jy && a.jm === view.jm && a.jd === day;
}

/** Moves the popup to another month, carrying the draft and focus day numbers, clamped. */
export function moveTo(state: PopupState, view: View, focusDay = state.focus): PopupState {
  if (!inRange(view)) return state;
  const length = monthLength(view.jy, view.jm);
  return {
    view,
    draft: state.draft === null ? null : Math.min(state.draft, length),
    focus: Math.min(Math.max(focusDay, 1), length),
  };
}

export function initialState(value: JalaliDate | null, today: JalaliDate): PopupState {
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
export function Chevron({ direction, double = false }: { direction: 'left' | 'right'; double?: boolean }) {
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
export interface Placement {
  /** `start` aligns the popup's right edge with the input's (RTL start); `end` its left edge. */
  inline: 'start' | 'end';
  block: 'below' | 'above';
  /** px to move the popup sideways so it stays on screen (a phone, a field near the edge). */
  shift: number;
  /** A width narrower than the popup's own, when even the whole screen is narrower. */
  width: number | null;
}

export const unplaced: Placement = { inline: 'start', block: 'below', shift: 0, width: null };
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
export function choosePlacement(field: HTMLElement, popup: HTMLElement): Placement {
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
export function monthGrid(view: View): (number | null)[][] {
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

