// The price arithmetic on its own, with prices that do not fall on round numbers: every discount
// is rounded down in the payer's favour, never below zero, each step on what the one before left.
import { describe, expect, it } from 'vitest';
import { earlyBirdActive, earlyBirdPriced, takeCoupon, takeSiblingDiscount, type PricedLine } from '../../../server/features/commerce/pricing';

const day = 24 * 60 * 60_000;
const now = Date.parse('2026-11-28T10:00:00.000Z');
const plain = (priceInTomans: number) => ({ priceInTomans, earlyBirdPriceInTomans: 0, earlyBirdUntil: null });
const line = (childId: number, price: number, courseId = childId * 10): PricedLine => earlyBirdPriced({ childId, courseId }, plain(price), now);
const charged = (lines: PricedLine[]) => lines.map((l) => l.priceInTomans);

describe('early-bird', () => {
  const course = { priceInTomans: 1_000_001, earlyBirdPriceInTomans: 799_999, earlyBirdUntil: '2026-11-28T00:00:00.000Z' };

  it('holds to the end of its last day and not a moment after', () => {
    expect(earlyBirdActive(course, Date.parse('2026-11-28T23:59:59.999Z'))).toBe(true);
    expect(earlyBirdActive(course, Date.parse(course.earlyBirdUntil) + day)).toBe(false);
  });

  it('needs a price below the list price and above zero', () => {
    expect(earlyBirdActive({ ...course, earlyBirdPriceInTomans: course.priceInTomans }, now)).toBe(false);
    expect(earlyBirdActive({ ...course, earlyBirdPriceInTomans: 0 }, now)).toBe(false);
    expect(earlyBirdActive({ ...course, earlyBirdUntil: null }, now)).toBe(false);
  });

  it('takes the list price down to the early-bird price; a negative list price counts as free', () => {
    const priced = earlyBirdPriced({ childId: 1, courseId: 2 }, course, now);
    expect(priced).toMatchObject({ listPriceInTomans: 1_000_001, earlyBirdDiscountInTomans: 200_002, priceInTomans: 799_999 });
    expect(earlyBirdPriced({ childId: 1, courseId: 2 }, plain(-5), now).priceInTomans).toBe(0);
  });
});

describe('sibling discount', () => {
  const rules = [
    { fromChild: 3, percent: 15 },
    { fromChild: 2, percent: 10 },
  ];

  it('ranks children by subtotal, the largest first and free of discount; rounds each line down', () => {
    const lines = [line(1, 333_333), line(2, 999_999), line(3, 123_457)];
    takeSiblingDiscount(lines, rules);
    // Child 2 is first (largest), child 1 second (10 %), child 3 third (15 %).
    expect(lines.map((l) => l.siblingDiscountInTomans)).toEqual([33_333, 0, 18_518]);
    expect(charged(lines)).toEqual([300_000, 999_999, 104_939]);
  });

  it('breaks a tie by the child who came first in the cart', () => {
    const lines = [line(7, 500_001), line(4, 500_001)];
    takeSiblingDiscount(lines, [{ fromChild: 2, percent: 50 }]);
    expect(charged(lines)).toEqual([500_001, 250_001]);
  });

  it('ranks three children of equal subtotals in the order they came into the cart', () => {
    const lines = [line(5, 100_000), line(3, 100_000), line(9, 100_000)];
    takeSiblingDiscount(lines, [
      { fromChild: 2, percent: 10 },
      { fromChild: 3, percent: 20 },
    ]);
    expect(charged(lines)).toEqual([100_000, 90_000, 80_000]);
  });

  it('adds up a child’s lines before ranking and discounts each line of theirs', () => {
    const lines = [line(1, 400_001, 10), line(2, 600_000, 20), line(1, 300_001, 11)];
    takeSiblingDiscount(lines, [{ fromChild: 2, percent: 10 }]);
    expect(charged(lines)).toEqual([400_001, 540_000, 300_001]);
  });

  it('keeps a percent within 0 and 100 and changes nothing without rules', () => {
    const lines = [line(1, 101), line(2, 99)];
    takeSiblingDiscount(lines, [{ fromChild: 2, percent: 150 }]);
    expect(charged(lines)).toEqual([101, 0]);
    const untouched = [line(1, 101), line(2, 99)];
    takeSiblingDiscount(untouched, []);
    expect(charged(untouched)).toEqual([101, 99]);
  });
});

describe('coupon', () => {
  it('a percent is taken from each line and rounded down, in the payer’s favour', () => {
    const lines = [line(1, 99_999), line(2, 1_234_567)];
    takeCoupon(lines, { kind: 'percent', percent: 15 });
    // 14_999.85 and 185_185.05: the payer keeps the fractions.
    expect(lines.map((l) => l.couponDiscountInTomans)).toEqual([14_999, 185_185]);
    expect(charged(lines)).toEqual([85_000, 1_049_382]);
  });

  it('a percent over 100 takes the line to zero, never below', () => {
    const lines = [line(1, 77_777)];
    takeCoupon(lines, { kind: 'percent', percent: 250 });
    expect(charged(lines)).toEqual([0]);
  });

  it('an amount is shared in proportion, what rounding leaves going to the last line', () => {
    const lines = [line(1, 100_001), line(2, 200_003), line(3, 33_333)];
    takeCoupon(lines, { kind: 'amount', amountInTomans: 100_000 });
    const shares = lines.map((l) => l.couponDiscountInTomans);
    expect(shares).toEqual([29_999, 60_000, 10_001]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(100_000);
  });

  it('an amount larger than the lines makes them free, and a negative amount takes nothing', () => {
    const lines = [line(1, 50_001), line(2, 1)];
    takeCoupon(lines, { kind: 'amount', amountInTomans: 10_000_000 });
    expect(charged(lines)).toEqual([0, 0]);
    const kept = [line(1, 50_001)];
    takeCoupon(kept, { kind: 'amount', amountInTomans: -3 });
    expect(charged(kept)).toEqual([50_001]);
  });

  it('comes after the early-bird and sibling steps, on what they left', () => {
    const course = { priceInTomans: 1_000_003, earlyBirdPriceInTomans: 900_001, earlyBirdUntil: '2026-12-01T00:00:00.000Z' };
    const lines = [earlyBirdPriced({ childId: 1, courseId: 1 }, course, now), earlyBirdPriced({ childId: 2, courseId: 1 }, course, now)];
    takeSiblingDiscount(lines, [{ fromChild: 2, percent: 10 }]);
    takeCoupon(lines, { kind: 'percent', percent: 10 });
    expect(charged(lines)).toEqual([810_001, 729_001]);
  });
});
