// The arithmetic of a price, apart from where its inputs are read (discounts.ts reads the courses,
// the sibling rules and the coupon, then calls these in order). Each step takes a line's price
// down from what the step before left, in whole tomans, rounded down in the payer's favour and
// never below zero.

const dayMs = 24 * 60 * 60_000;

/** Early-bird prices apply until the end of the `earlyBirdUntil` day (stored as that day's midnight). */
export const earlyBirdHoldsAfterUntilMs = dayMs;
/** When an early-bird price stops (NaN for a date that is none). */
export const earlyBirdEndsAt = (earlyBirdUntil: string): number => Date.parse(earlyBirdUntil) + earlyBirdHoldsAfterUntilMs;

export interface EarlyBirdFacts {
  priceInTomans: number;
  earlyBirdPriceInTomans: number;
  earlyBirdUntil: string | null;
}

export function earlyBirdActive(course: EarlyBirdFacts, now = Date.now()): boolean {
  if (!course.earlyBirdUntil || course.earlyBirdPriceInTomans <= 0 || course.earlyBirdPriceInTomans >= course.priceInTomans) return false;
  return now < earlyBirdEndsAt(course.earlyBirdUntil);
}

export interface PricedLine {
  childId: number;
  courseId: number;
  listPriceInTomans: number;
  earlyBirdDiscountInTomans: number;
  siblingDiscountInTomans: number;
  couponDiscountInTomans: number;
  /** What is charged for the line. */
  priceInTomans: number;
}

/** 1. The list price, less the early-bird discount while it lasts. */
export function earlyBirdPriced(line: { childId: number; courseId: number }, course: EarlyBirdFacts, now: number): PricedLine {
  const listPriceInTomans = Math.max(0, course.priceInTomans);
  const earlyBirdDiscountInTomans = earlyBirdActive(course, now) ? listPriceInTomans - course.earlyBirdPriceInTomans : 0;
  return {
    childId: line.childId,
    courseId: line.courseId,
    listPriceInTomans,
    earlyBirdDiscountInTomans,
    siblingDiscountInTomans: 0,
    couponDiscountInTomans: 0,
    priceInTomans: listPriceInTomans - earlyBirdDiscountInTomans,
  };
}

const percentOff = (price: number, percent: number) => Math.floor((price * Math.min(100, Math.max(0, percent))) / 100);

/**
 * 2. The sibling discount: the child with the largest subtotal is the first, ties by their first
 * line; each child takes the percent of the last rule whose `fromChild` their rank reaches.
 */
export function takeSiblingDiscount(lines: PricedLine[], rules: ReadonlyArray<{ fromChild: number; percent: number }>): void {
  const ordered = [...rules].sort((a, b) => a.fromChild - b.fromChild);
  if (ordered.length === 0) return;
  const subtotals = new Map<number, number>();
  for (const line of lines) subtotals.set(line.childId, (subtotals.get(line.childId) ?? 0) + line.priceInTomans);
  const firstSeen = [...subtotals.keys()];
  const ranked = [...firstSeen].sort((a, b) => (subtotals.get(b) ?? 0) - (subtotals.get(a) ?? 0) || firstSeen.indexOf(a) - firstSeen.indexOf(b));
  const percentOf = new Map(ranked.map((childId, i) => [childId, ordered.filter((r) => r.fromChild <= i + 1).at(-1)?.percent ?? 0]));
  for (const line of lines) {
    const off = percentOff(line.priceInTomans, percentOf.get(line.childId) ?? 0);
    line.siblingDiscountInTomans = off;
    line.priceInTomans -= off;
  }
}

export type CouponValue = { kind: 'amount'; amountInTomans: number } | { kind: 'percent'; percent: number };

/**
 * 3. The coupon over the lines it covers: a percent of each, or a fixed amount (at most their sum)
 * shared out in proportion to their prices, what rounding leaves going to the last.
 */
export function takeCoupon(covered: PricedLine[], coupon: CouponValue): void {
  if (coupon.kind === 'percent') {
    for (const line of covered) {
      const off = percentOff(line.priceInTomans, coupon.percent);
      line.couponDiscountInTomans = off;
      line.priceInTomans -= off;
    }
    return;
  }
  const base = covered.reduce((sum, line) => sum + line.priceInTomans, 0);
  const amount = Math.min(Math.max(0, coupon.amountInTomans), base);
  let left = amount;
  covered.forEach((line, i) => {
    const share = i === covered.length - 1 ? left : Math.floor((amount * line.priceInTomans) / base);
    line.couponDiscountInTomans = share;
    line.priceInTomans -= share;
    left -= share;
  });
}
