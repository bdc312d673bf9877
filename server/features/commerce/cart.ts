// The learner's cart: what is in it, priced as checkout will charge it (discounts.ts), the
// coupon entered, and why a child cannot be signed up for a course now.
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { components } from '../../../codegen/openapi.gen';
import { nowIso, type DB } from '../../platform/db';
import { ageMisfit, ageWarningText, type AgeRange } from '../../../schema/rules/age';
import { HttpError, texts } from '../../platform/errors';
import { Attempts } from '../../platform/slidingCounters';
import { addressBudgets, couponLimits } from '../../platform/limits';
import { courseFull, registrationOpen, seatsFor, sweepWaitlist } from './seats';
import { ownChild } from '../identity/port';
import { cartCouponCode, discountTexts, priceLines, type Pricing } from './discounts';
import { currentUser, id, idBody, parse } from '../../platform/http';
import { learnerTexts, type LearnerDeps } from './learnerRequests';

type Schemas = components['schemas'];

const cartAdd = v.object({ courseId: id('شناسه دوره'), childId: id('شناسه فرزند') }, texts.notObject);
const couponBody = v.object(
  { code: v.pipe(v.string('کد تخفیف باید متن باشد'), v.trim(), v.minLength(1, discountTexts.couponEmpty), v.maxLength(40, discountTexts.couponTooLong)) },
  texts.notObject,
);
export const childName = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`.trim();

export async function courseSummaries(db: DB, courseIds: number[]): Promise<Map<number, Schemas['CourseSummary']>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('courses')
    .leftJoin('categories', 'categories.id', 'courses.categoryId')
    .select([
      'courses.id',
      'courses.slug',
      'courses.title',
      'courses.coverImage',
      'courses.priceInTomans',
      'courses.timeOfHolding',
      'courses.type',
      'categories.slug as categorySlug',
    ])
    .where('courses.id', 'in', [...new Set(courseIds)])
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        slug: r.slug,
        title: r.title,
        categorySlug: r.categorySlug ?? '',
        coverImage: r.coverImage,
        priceInTomans: Number(r.priceInTomans),
        timeOfHolding: r.timeOfHolding,
        type: r.type,
      },
    ]),
  );
}

/**
 * The courses' age ranges, for the cart's age warning. A child outside the range is warned about,
 * never refused: the parent knows the child (a birthday a week after the start, a child ready
 * for the older group), and the admin sees the enrolment either way.
 */
async function ageRanges(db: DB, courseIds: number[]): Promise<Map<number, AgeRange>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db.selectFrom('courses').select(['id', 'ageMin', 'ageMax', 'timeOfHolding']).where('id', 'in', [...new Set(courseIds)]).execute();
  return new Map(rows.map((r) => [r.id, { ageMin: Number(r.ageMin), ageMax: Number(r.ageMax), timeOfHolding: r.timeOfHolding }]));
}

// ── Discounts: the cart's prices come from server/features/commerce/discounts.ts ──
export async function cartOf(db: DB, userId: number): Promise<Schemas['Cart'] & { pricing: Pricing }> {
  const rows = await db
    .selectFrom('cart_items')
    .innerJoin('children', 'children.id', 'cart_items.childId')
    .select(['cart_items.id', 'cart_items.childId', 'cart_items.courseId', 'children.firstName', 'children.lastName', 'children.birthDate'])
    .where('cart_items.userId', '=', userId)
    .orderBy('cart_items.id')
    .execute();
  const courses = await courseSummaries(db, rows.map((r) => r.courseId));
  const ranges = await ageRanges(db, rows.map((r) => r.courseId));
  const known = rows.filter((r) => courses.has(r.courseId));
  const code = await cartCouponCode(db, userId);
  const pricing = await priceLines(db, userId, known, known.length > 0 ? code : null);
  const items = known.flatMap((r, i) => {
    const course = courses.get(r.courseId);
    const line = pricing.lines[i];
    if (!course || !line) return [];
    const item: Schemas['CartItem'] = {
      id: r.id,
      childId: r.childId,
      childName: childName(r),
      course,
      pricing: {
        listPriceInTomans: line.listPriceInTomans,
        earlyBirdDiscountInTomans: line.earlyBirdDiscountInTomans,
        siblingDiscountInTomans: line.siblingDiscountInTomans,
        couponDiscountInTomans: line.couponDiscountInTomans,
        priceInTomans: line.priceInTomans,
      },
    };
    const range = ranges.get(r.courseId);
    const misfit = range ? ageMisfit(r.birthDate, range) : null;
    if (misfit) item.ageWarning = ageWarningText(r.firstName, misfit);
    return [item];
  });
  return {
    items,
    subtotalInTomans: pricing.subtotalInTomans,
    discountInTomans: pricing.discountInTomans,
    totalInTomans: pricing.totalInTomans,
    coupon: code === null ? null : { code, applied: pricing.coupon !== null, ...(pricing.couponError ? { error: pricing.couponError } : {}) },
    pricing,
  };
}
/** The cart as the contract answers it (without the pricing kept for checkout). */
export const cartAnswer = ({ pricing: _pricing, ...cart }: Awaited<ReturnType<typeof cartOf>>): Schemas['Cart'] => cart;

/** Why a child cannot be signed up for a course now, or null when it can. */
export async function enrolmentBlocker(db: DB, courseId: number, childId: number): Promise<HttpError | null> {
  const course = await db
    .selectFrom('courses')
    .leftJoin('categories', 'categories.id', 'courses.categoryId')
    .select(['courses.inActive', 'courses.registrationDeadline', 'categories.inActive as categoryInActive'])
    .where('courses.id', '=', courseId)
    .executeTakeFirst();
  if (!course) return new HttpError(404, learnerTexts.courseNotFound);
  if (course.inActive || course.categoryInActive !== 0) return new HttpError(400, learnerTexts.courseInactive);
  if (!registrationOpen(course)) return new HttpError(400, learnerTexts.registrationClosed);
  const enrolled = await db
    .selectFrom('enrollments')
    .select('id')
    .where('childId', '=', childId)
    .where('courseId', '=', courseId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (enrolled) return new HttpError(409, learnerTexts.alreadyEnrolled);
  return null;
}

/** GET /api/Cart */
export async function readCart({ db }: LearnerDeps, request: FastifyRequest) {
return cartAnswer(await cartOf(db, currentUser(request).id));
}

/** POST /api/Cart/Add */
export async function addToCart({ db }: LearnerDeps, request: FastifyRequest) {
  const { courseId, childId } = parse(cartAdd, request.body, { courseId: 'شناسه دوره', childId: 'شناسه فرزند' });
  const userId = currentUser(request).id;
  await ownChild(db, userId, childId);
  const blocker = await enrolmentBlocker(db, courseId, childId);
  if (blocker) throw blocker;
  await sweepWaitlist(db, [courseId]);
  const [seat] = await seatsFor(db, [{ childId, courseId }], { userId, lines: [{ childId, courseId }] });
  if (!seat) throw courseFull(await courseTitle(db, courseId));
  const inserted = await db
    .insertInto('cart_items')
    .values({ userId, childId, courseId, createdAt: nowIso() })
    .onConflict((oc) => oc.columns(['childId', 'courseId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw new HttpError(409, learnerTexts.alreadyInCart);
  return cartAnswer(await cartOf(db, userId));
}

/** DELETE /api/Cart/Remove */
export async function removeFromCart({ db }: LearnerDeps, request: FastifyRequest) {
  const { id: itemId } = parse(idBody, request.body, { id: 'شناسه' });
  const userId = currentUser(request).id;
  const removed = await db.deleteFrom('cart_items').where('id', '=', itemId).where('userId', '=', userId).returning('id').executeTakeFirst();
  if (!removed) throw new HttpError(404, learnerTexts.cartItemNotFound);
  return cartAnswer(await cartOf(db, userId));
}

/**
 * POST /api/Cart/Coupon: checked against the cart as it is now and kept only when it applies;
 * the cart shows it again (with why it no longer applies, if so) until it is removed or an order
 * paid with it.
 */
export async function applyCoupon({ db, attempts }: LearnerDeps, request: FastifyRequest) {
  const { code } = parse(couponBody, request.body, { code: 'کد تخفیف' });
  const userId = currentUser(request).id;
  const cart = await cartOf(db, userId);
  if (cart.items.length === 0) throw new HttpError(409, learnerTexts.cartEmpty);
  const tries = await takeCouponTry(attempts, userId, request.ip);
  const tried = await priceLines(db, userId, cart.pricing.lines, code);
  if (tried.couponError !== null) throw new HttpError(400, tried.couponError);
  await attempts.releaseIds(tries);
  const appliedAt = nowIso();
  await db
    .insertInto('cart_coupons')
    .values({ userId, code, appliedAt })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ code, appliedAt }))
    .execute();
  return cartAnswer(await cartOf(db, userId));
}

/** DELETE /api/Cart/Coupon */
export async function removeCoupon({ db }: LearnerDeps, request: FastifyRequest) {
  const userId = currentUser(request).id;
  await db.deleteFrom('cart_coupons').where('userId', '=', userId).execute();
  return cartAnswer(await cartOf(db, userId));
}

/**
 * Takes a place for one code tried in the learner's and the address's budgets (couponLimits),
 * before the code is looked at, so a burst in parallel gets no more tries than the limits; the
 * caller gives the places back when the code applies. Refused: 429 with the wait.
 */
async function takeCouponTry(attempts: Attempts, userId: number, ip: string): Promise<number[]> {
  const tried = await attempts.takeAll(
    [{ bucket: `coupon-learner:${userId}`, limit: couponLimits.perLearner }, ...addressBudgets('coupon-address', ip, couponLimits.perAddress)],
    couponLimits.windowMs,
  );
  if ('taken' in tried) return tried.taken;
  const seconds = Math.max(1, Math.ceil((await attempts.waitMs(tried.full.bucket, tried.full.limit, couponLimits.windowMs)) / 1000));
  throw new HttpError(429, discountTexts.couponTooMany(seconds), { retryAfterSeconds: seconds });
}

export async function courseTitle(db: DB, courseId: number): Promise<string> {
  const course = await db.selectFrom('courses').select('title').where('id', '=', courseId).executeTakeFirst();
  return course?.title ?? '';
}

