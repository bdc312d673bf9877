// Discounts: early-bird prices, the sibling discount and coupon codes, worked
// out here and only here. The cart shows what this answers, checkout records it on the order
// line by line and asks the gateway for its total; the browser never sends a price or a discount.
//
// Each line's price is taken down in this order: the course's early-bird price while it lasts,
// then the sibling percent of the child's rank in the order, then the coupon (a percent of each
// line it covers, or a fixed amount shared out among them). Every amount is whole tomans,
// rounded down in the payer's favour never below zero: that arithmetic is pricing.ts, read from
// nothing, so its rules are tested on their own.
import { sql, type Selectable, type Transaction } from 'kysely';
import { foldForSearch, formatPersianNumber } from '../../../schema/rules/text';
import { isPostgres, type CouponsTable, type Database, type DB, type OrderStatus } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import { authorityReuseMs } from './seats';
import { idsOf, plugIn } from '../../engine/behaviours';
import { earlyBirdPriced, takeCoupon, takeSiblingDiscount, type PricedLine } from './pricing';

type Executor = DB | Transaction<Database>;

const dayMs = 24 * 60 * 60_000;

export const discountTexts = {
  /**
   * Every code that cannot be used now for this cart gets this one answer (unknown, inactive, not
   * yet or no longer valid, not for these courses, used up): a guesser learns nothing about which
   * codes exist. Only the learner's own use of it is told apart: they know the code already.
   */
  couponNotUsable: 'این کد تخفیف معتبر نیست یا برای سبد خرید شما قابل استفاده نیست',
  couponUsedByYou: 'شما پیش‌تر از این کد تخفیف استفاده کرده‌اید',
  couponTooMany: (seconds: number) =>
    `کدهای تخفیف نادرست زیادی وارد شده است؛ ${seconds >= 60 ? `${formatPersianNumber(Math.ceil(seconds / 60))} دقیقه` : `${formatPersianNumber(seconds)} ثانیه`} دیگر دوباره تلاش کنید`,
  couponEmpty: 'کد تخفیف را وارد کنید',
  couponTooLong: 'کد تخفیف نامعتبر است',
  couponChanged: (reason: string) => `${reason}؛ کد تخفیف را از سبد خرید حذف کنید یا کد دیگری وارد کنید`,
  codeTaken: 'کد تخفیف دیگری با همین کد وجود دارد',
  percentNeeded: 'برای تخفیف درصدی، درصد تخفیف باید بین ۱ و ۱۰۰ باشد',
  amountNeeded: 'برای تخفیف مبلغ ثابت، مبلغ تخفیف را وارد کنید',
  courseOrCategory: 'کد تخفیف یا برای یک دوره است یا برای یک دسته‌بندی؛ یکی از آن دو را خالی بگذارید',
  siblingDuplicate: 'قاعده دیگری برای همین فرزند وجود دارد',
} as const;

/** A code as it is matched: Persian/Arabic digits as Latin, ASCII lower case, no spaces. */
export const foldCouponCode = (code: string): string => foldForSearch(code.trim());

export interface Pricing {
  lines: PricedLine[];
  subtotalInTomans: number;
  discountInTomans: number;
  totalInTomans: number;
  /** The coupon applied, or null (none entered, or the entered one does not apply: see couponError). */
  coupon: { id: number; code: string } | null;
  /** Why the entered coupon was not applied, in Persian. */
  couponError: string | null;
}

type CouponRow = Selectable<CouponsTable>;

/** The coupon this code names (folded), or null. */
export async function findCoupon(db: Executor, code: string): Promise<CouponRow | null> {
  const folded = foldCouponCode(code);
  if (folded === '') return null;
  // Coupons are few: folded in JS, so both databases match alike.
  const rows = await db.selectFrom('coupons').selectAll().execute();
  return rows.find((row) => foldCouponCode(row.code) === folded) ?? null;
}

const settledUses = ['paid', 'refundDue'] as const satisfies readonly OrderStatus[];

/**
 * Uses of the coupon that count against its limits. Settled uses: orders paid or owed back that
 * kept the coupon (a settlement that found no use left clears the order's couponId, see
 * couponUseLeft). With `holds` (the cart and checkout), also other learners' open orders still
 * holding their seats: an order that ends unpaid, or whose hold ran out, gives its use back for
 * now, and if it is paid after all its settlement asks again. The learner's own open order is not
 * counted: the checkout asking replaces or reuses it.
 */
async function couponUses(db: Executor, couponId: number, userId: number, holds: boolean, exceptOrderId = 0): Promise<{ total: number; mine: number }> {
  const holdFrom = new Date(Date.now() - authorityReuseMs).toISOString();
  const rows = await db
    .selectFrom('orders')
    .select(['userId', 'status', 'createdAt'])
    .where('couponId', '=', couponId)
    .where('id', '!=', exceptOrderId)
    .where('status', 'in', holds ? ['pending', ...settledUses] : settledUses)
    .execute();
  const counted = rows.filter((r) => (r.status === 'pending' ? r.userId !== userId && r.createdAt >= holdFrom : true));
  return { total: counted.length, mine: counted.filter((r) => r.userId === userId).length };
}
/** Which limit these uses reach for this learner, or null when a use is left. */
function limitReached(coupon: CouponRow, uses: { total: number; mine: number }): 'mine' | 'total' | null {
  const perLearner = Number(coupon.maxUsesPerLearner);
  const limit = Number(coupon.maxUses);
  if (perLearner > 0 && uses.mine >= perLearner) return 'mine';
  if (limit > 0 && uses.total >= limit) return 'total';
  return null;
}

/**
 * Settlement's word on the coupon of a payment the gateway confirmed (server/features/commerce/learner.ts
 * settlePaid, the one path of the callback and the reconciliation): whether a use is left for
 * this order, counting settled uses only. An order set aside by a newer checkout, or past its hold,
 * can still be paid; whichever payment settles first takes the use. Call it after lockCoupon, so
 * two settlements (and a checkout) of the same coupon take turns.
 */
export async function couponUseLeft(trx: Transaction<Database>, couponId: number, userId: number, orderId: number): Promise<boolean> {
  const coupon = await trx.selectFrom('coupons').selectAll().where('id', '=', couponId).executeTakeFirst();
  // A coupon deleted since checkout has no limit left to keep.
  if (!coupon) return true;
  return limitReached(coupon, await couponUses(trx, couponId, userId, false, orderId)) === null;
}

/** Locks the coupon's row until the transaction ends (PostgreSQL; SQLite runs one writer at a time). */
export async function lockCoupon(trx: Transaction<Database>, couponId: number): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select ${sql.ref('id')} from ${sql.table('coupons')} where ${sql.ref('id')} = ${couponId} for update`.execute(trx);
}

interface CourseFacts {
  priceInTomans: number;
  earlyBirdPriceInTomans: number;
  earlyBirdUntil: string | null;
  categoryId: number;
}

/**
 * Why the coupon cannot be used by this learner now, or null; `covers`: it covers a line of the
 * cart. One answer for every reason but the learner's own use (see discountTexts.couponNotUsable).
 */
async function couponRefusal(db: Executor, coupon: CouponRow, userId: number, covers: boolean, now: number): Promise<string | null> {
  const limited = Number(coupon.maxUses) > 0 || Number(coupon.maxUsesPerLearner) > 0;
  const reached = limited ? limitReached(coupon, await couponUses(db, coupon.id, userId, true)) : null;
  if (reached === 'mine') return discountTexts.couponUsedByYou;
  const usable =
    !coupon.inActive &&
    !(coupon.validFrom && now < Date.parse(coupon.validFrom)) &&
    !(coupon.validUntil && now >= Date.parse(coupon.validUntil) + dayMs) &&
    covers &&
    reached === null;
  return usable ? null : discountTexts.couponNotUsable;
}

/** One course when the coupon names one, else a category's courses when it names one, else all. */
const covers = (coupon: CouponRow, courseId: number, course: CourseFacts) =>
  Number(coupon.courseId) > 0 ? Number(coupon.courseId) === courseId : Number(coupon.categoryId) > 0 ? Number(coupon.categoryId) === course.categoryId : true;

/**
 * Prices these lines (a cart, in its order) for this learner with the coupon code entered
 * (null: none). Call it inside the checkout transaction, after lockCoupon, for the amounts the
 * order records; the cart calls it as a read.
 */
export async function priceLines(
  db: Executor,
  userId: number,
  lines: ReadonlyArray<{ childId: number; courseId: number }>,
  couponCode: string | null,
  now = Date.now(),
): Promise<Pricing> {
  const courseIds = [...new Set(lines.map((l) => l.courseId))];
  const courses = new Map<number, CourseFacts>(
    courseIds.length
      ? (
          await db
            .selectFrom('courses')
            .select(['id', 'priceInTomans', 'earlyBirdPriceInTomans', 'earlyBirdUntil', 'categoryId'])
            .where('id', 'in', courseIds)
            .execute()
        ).map((c) => [
          c.id,
          {
            priceInTomans: Number(c.priceInTomans),
            earlyBirdPriceInTomans: Number(c.earlyBirdPriceInTomans),
            earlyBirdUntil: c.earlyBirdUntil,
            categoryId: Number(c.categoryId),
          },
        ])
      : [],
  );
  const factsOf = (courseId: number): CourseFacts => courses.get(courseId) ?? { priceInTomans: 0, earlyBirdPriceInTomans: 0, earlyBirdUntil: null, categoryId: 0 };

  const priced = lines.map((line) => earlyBirdPriced(line, factsOf(line.courseId), now));
  const siblingRules = await db.selectFrom('sibling_discounts').select(['fromChild', 'percent']).where('inActive', '=', 0).execute();
  takeSiblingDiscount(priced, siblingRules.map((r) => ({ fromChild: Number(r.fromChild), percent: Number(r.percent) })));

  // The coupon, when one was entered and this learner may use it now.
  let coupon: Pricing['coupon'] = null;
  let couponError: string | null = null;
  if (couponCode !== null) {
    const row = await findCoupon(db, couponCode);
    if (!row) couponError = discountTexts.couponNotUsable;
    else {
      const covered = priced.filter((line) => covers(row, line.courseId, factsOf(line.courseId)) && line.priceInTomans > 0);
      couponError = await couponRefusal(db, row, userId, covered.length > 0, now);
      if (couponError === null) {
        coupon = { id: row.id, code: row.code };
        takeCoupon(covered, row.kind === 'amount' ? { kind: 'amount', amountInTomans: Number(row.amountInTomans) } : { kind: 'percent', percent: Number(row.percent) });
      }
    }
  }

  const subtotalInTomans = priced.reduce((sum, l) => sum + l.listPriceInTomans, 0);
  const totalInTomans = priced.reduce((sum, l) => sum + l.priceInTomans, 0);
  return { lines: priced, subtotalInTomans, discountInTomans: subtotalInTomans - totalInTomans, totalInTomans, coupon, couponError };
}

/** The code in the learner's cart, or null. */
export async function cartCouponCode(db: Executor, userId: number): Promise<string | null> {
  const row = await db.selectFrom('cart_coupons').select('code').where('userId', '=', userId).executeTakeFirst();
  return row?.code ?? null;
}

/**
 * The admin's coupon and sibling rules must make sense together (server/engine/behaviours.ts runs these
 * after each write): a code no other coupon has once folded, the amount or percent its kind
 * needs, a course or a category (not both); one sibling rule per child rank.
 */
export async function checkCoupons(trx: Transaction<Database>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const all = await trx.selectFrom('coupons').selectAll().execute();
  for (const coupon of all.filter((c) => ids.includes(c.id))) {
    if (foldCouponCode(coupon.code) === '') throw new HttpError(400, discountTexts.couponEmpty);
    if (all.some((other) => other.id !== coupon.id && foldCouponCode(other.code) === foldCouponCode(coupon.code))) throw new HttpError(409, discountTexts.codeTaken);
    if (coupon.kind === 'percent' && (Number(coupon.percent) < 1 || Number(coupon.percent) > 100)) throw new HttpError(400, discountTexts.percentNeeded);
    if (coupon.kind === 'amount' && Number(coupon.amountInTomans) < 1) throw new HttpError(400, discountTexts.amountNeeded);
    if (Number(coupon.categoryId) > 0 && Number(coupon.courseId) > 0) throw new HttpError(400, discountTexts.courseOrCategory);
  }
}

export async function checkSiblingRules(trx: Transaction<Database>): Promise<void> {
  const rules = await trx.selectFrom('sibling_discounts').select(['fromChild']).execute();
  const ranks = rules.map((r) => Number(r.fromChild));
  if (new Set(ranks).size !== ranks.length) throw new HttpError(409, discountTexts.siblingDuplicate);
}

/** A coupon's code is unique once folded and its kind and scope are complete; one sibling rule per child rank. */
export function plugInDiscounts(): void {
  plugIn('coupons', { afterWrite: async (trx, changes) => checkCoupons(trx, idsOf(changes.map((c) => c.after?.id))) });
  plugIn('siblingDiscounts', { afterWrite: async (trx) => checkSiblingRules(trx) });
}
