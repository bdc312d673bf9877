// The signed-in learner's calls: profile, children, cart, checkout and payment, orders, enrolments.
// Every query is scoped to the token's user: another user's record answers 404, as if absent.
import { setTimeout as sleep } from 'node:timers/promises';
import * as v from 'valibot';
import type { components } from '../../../codegen/openapi.gen';
import { ChildSchema, childLabels } from '../../../schema/rules/forms/childRules';
import type { AppConfig } from '../../platform/config';
import { nowIso, type DB, type OrderStatus } from '../../platform/db';
import { formatPersianNumber, toPersianDigits } from '../../../schema/rules/text';
import { ageMisfit, ageWarningText, type AgeRange } from '../../../schema/rules/age';
import { HttpError } from '../../platform/errors';
import { GatewayError } from './gateway';
import type { Gateway } from '../../platform/outside';
import { selectForUpdate } from '../../engine/integrity';
import { Attempts } from '../../platform/slidingCounters';
import { addressKey, couponLimits } from '../../platform/limits';
import { failureOutcome, recordAttempt } from './payments';
import { callbackSettles, verifyOrder, type Settlement } from './reconcile';
import { registrationOpen, toCourseType } from '../catalogue/public';
import { queueEnrolled, queuePaymentFailed } from '../messaging/notifications';
import { authorityReuseMs, courseFull, lockCourses, markEnrolled, offerSeatsOfOrder, seatsFor, sweepWaitlist } from './seats';
import { withPurchase } from './invoices';
import { cartCouponCode, couponUseLeft, discountTexts, findCoupon, lockCoupon, priceLines, type Pricing } from './discounts';
import { currentUser, parse, type Register } from '../../platform/http';

type Schemas = components['schemas'];

export const learnerTexts = {
  childNotFound: 'فرزند مورد نظر یافت نشد',
  childEnrolled: 'این فرزند در دوره‌ای ثبت‌نام شده است و حذف نمی‌شود',
  courseNotFound: 'دوره مورد نظر یافت نشد',
  courseInactive: 'این دوره در حال حاضر فعال نیست',
  registrationClosed: 'مهلت ثبت‌نام این دوره به پایان رسیده است',
  alreadyInCart: 'این دوره قبلاً برای این فرزند به سبد خرید اضافه شده است',
  alreadyEnrolled: 'این فرزند قبلاً در این دوره ثبت‌نام شده است',
  cartItemNotFound: 'این مورد در سبد خرید شما نیست',
  cartEmpty: 'سبد خرید شما خالی است',
  cartItemUnavailable: (title: string) => `ثبت‌نام در دوره «${title}» دیگر ممکن نیست؛ آن را از سبد خرید حذف کنید`,
  gatewayDown: 'درگاه پرداخت در دسترس نیست؛ لطفاً چند دقیقه دیگر دوباره تلاش کنید',
  orderNotFound: 'سفارش مورد نظر یافت نشد',
  checkoutBusy: 'سفارش شما در حال ثبت است؛ چند لحظه دیگر دوباره تلاش کنید',
  userNotFound: 'کاربر یافت نشد',
  /** What the gateway shows the payer beside the amount. */
  gatewayDescription: (courses: number, orderId: number) => `ثبت‌نام در ${formatPersianNumber(courses)} دوره - سفارش ${toPersianDigits(orderId)}`,
} as const;

const id = (label: string) =>
  v.pipe(v.number(`${label} باید عدد باشد`), v.integer(`${label} باید عدد صحیح باشد`), v.minValue(1, `${label} نامعتبر است`));
const objectMessage = 'بدنه درخواست باید یک شیء JSON باشد';

const childCreate = v.object(ChildSchema.entries, objectMessage);
const childUpdate = v.object({ ...ChildSchema.entries, id: id('شناسه') }, objectMessage);
const idBody = v.object({ id: id('شناسه') }, objectMessage);
const cartAdd = v.object({ courseId: id('شناسه دوره'), childId: id('شناسه فرزند') }, objectMessage);
const couponBody = v.object(
  { code: v.pipe(v.string('کد تخفیف باید متن باشد'), v.trim(), v.minLength(1, discountTexts.couponEmpty), v.maxLength(40, discountTexts.couponTooLong)) },
  objectMessage,
);
const verifyQuery = v.object({
  Authority: v.pipe(v.string('کد پیگیری پرداخت الزامی است'), v.minLength(1, 'کد پیگیری پرداخت الزامی است'), v.maxLength(100, 'کد پیگیری پرداخت نامعتبر است')),
  Status: v.picklist(['OK', 'NOK'], 'وضعیت پرداخت نامعتبر است'),
});

const childBodyLabels = { ...childLabels, id: 'شناسه' };

const childName = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`.trim();

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
        type: toCourseType(r.type),
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

// ── Issue 15, discounts (money helper): the cart's prices come from server/features/commerce/discounts.ts ──
async function cartOf(db: DB, userId: number): Promise<Schemas['Cart'] & { pricing: Pricing }> {
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
const cartAnswer = ({ pricing: _pricing, ...cart }: Awaited<ReturnType<typeof cartOf>>): Schemas['Cart'] => cart;
// ── end of issue 15 discounts (cart) ──

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

/**
 * How long a gateway authority is offered again to a checkout of the same cart, and how long the
 * order holds its seats (server/features/commerce/seats.ts): after this the open order is set aside (`expired`) and
 * a new one opened. A late payment of the old one is still verified and settled if a seat is left
 * (and, for a line priced with a limited coupon, a use of it).
 */
export { authorityReuseMs };
/**
 * A pending order whose gateway request has not answered yet is waited for by a second checkout
 * for at most this long (the gateway client's own timeout is 15 s); older, it was lost with its
 * process and is set aside.
 */
const authorityWaitMs = 20_000;

/** Statuses a verification may still settle: the open order and one a newer checkout set aside. */
const settleable = ['pending', 'expired'] as const satisfies readonly OrderStatus[];

function paymentResult(order: {
  id: number;
  status: OrderStatus;
  refId: string | null;
  refundDueInTomans: number | string | bigint;
  refundedInTomans: number | string | bigint;
}): Schemas['PaymentResult'] {
  const refundDueInTomans = Number(order.refundDueInTomans);
  // issue 15 item 6: a payment that bought nothing, reversed at the gateway (server/features/commerce/reconcile.ts).
  if (order.status === 'refunded' && order.refId) {
    return { orderId: order.id, status: 'refunded', refId: order.refId, refundedInTomans: Number(order.refundedInTomans) };
  }
  if ((order.status === 'paid' || order.status === 'refundDue') && order.refId) {
    return { orderId: order.id, status: order.status, refId: order.refId, ...(refundDueInTomans > 0 ? { refundDueInTomans } : {}) };
  }
  if (order.status === 'cancelled' || order.status === 'expired') return { orderId: order.id, status: 'cancelled' };
  return { orderId: order.id, status: order.status === 'paid' ? 'paid' : 'failed' };
}

type OrderLine = { childId: number; courseId: number; priceInTomans: number | string | bigint };
const lineKey = (line: OrderLine) => `${line.childId}:${line.courseId}:${Number(line.priceInTomans)}`;
const sameLines = (a: OrderLine[], b: OrderLine[]) => a.map(lineKey).sort().join(',') === b.map(lineKey).sort().join(',');
const isUniqueViolation = (error: unknown) => error instanceof Error && /UNIQUE constraint failed|duplicate key/i.test(error.message);

export function registerLearner(register: Register, db: DB, config: AppConfig, gateway: Gateway) {
  register('GET /api/Me', async (request): Promise<Schemas['Profile']> => {
    const user = await db
      .selectFrom('users')
      .select(['id', 'firstName', 'lastName', 'phoneNumber', 'emailAddress', 'role'])
      .where('id', '=', currentUser(request).id)
      .executeTakeFirst();
    if (!user) throw new HttpError(404, learnerTexts.userNotFound);
    return { ...user, role: user.role === 300 ? 300 : user.role === 1 ? 1 : 0 };
  });

  // Children.
  const childColumns = ['id', 'firstName', 'lastName', 'birthDate', 'grade'] as const;
  register('GET /api/Children', async (request): Promise<Schemas['Child'][]> =>
    db.selectFrom('children').select(childColumns).where('userId', '=', currentUser(request).id).orderBy('id').execute(),
  );
  register('POST /api/Children/Create', async (request): Promise<Schemas['Child']> => {
    const body = parse(childCreate, request.body, childBodyLabels);
    return db
      .insertInto('children')
      .values({ ...body, userId: currentUser(request).id })
      .returning(childColumns)
      .executeTakeFirstOrThrow();
  });
  register('PUT /api/Children/Update', async (request): Promise<Schemas['Child']> => {
    const { id: childId, ...fields } = parse(childUpdate, request.body, childBodyLabels);
    const child = await db
      .updateTable('children')
      .set(fields)
      .where('id', '=', childId)
      .where('userId', '=', currentUser(request).id)
      .returning(childColumns)
      .executeTakeFirst();
    if (!child) throw new HttpError(404, learnerTexts.childNotFound);
    return child;
  });
  register('DELETE /api/Children/Delete', async (request): Promise<Schemas['Deleted']> => {
    const { id: childId } = parse(idBody, request.body, { id: 'شناسه' });
    const userId = currentUser(request).id;
    return db.transaction().execute(async (trx) => {
      const child = await trx.selectFrom('children').select('id').where('id', '=', childId).where('userId', '=', userId).executeTakeFirst();
      if (!child) throw new HttpError(404, learnerTexts.childNotFound);
      // A child with a paid course keeps their record: the enrolment is the proof of payment.
      const enrolled = await trx.selectFrom('enrollments').select('id').where('childId', '=', childId).executeTakeFirst();
      if (enrolled) throw new HttpError(409, learnerTexts.childEnrolled);
      await trx.deleteFrom('children').where('id', '=', childId).execute();
      return { id: childId };
    });
  });

  // Cart.
  register('GET /api/Cart', async (request) => cartAnswer(await cartOf(db, currentUser(request).id)));
  register('POST /api/Cart/Add', async (request) => {
    const { courseId, childId } = parse(cartAdd, request.body, { courseId: 'شناسه دوره', childId: 'شناسه فرزند' });
    const userId = currentUser(request).id;
    const child = await db.selectFrom('children').select('id').where('id', '=', childId).where('userId', '=', userId).executeTakeFirst();
    if (!child) throw new HttpError(404, learnerTexts.childNotFound);
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
  });
  register('DELETE /api/Cart/Remove', async (request) => {
    const { id: itemId } = parse(idBody, request.body, { id: 'شناسه' });
    const userId = currentUser(request).id;
    const removed = await db.deleteFrom('cart_items').where('id', '=', itemId).where('userId', '=', userId).returning('id').executeTakeFirst();
    if (!removed) throw new HttpError(404, learnerTexts.cartItemNotFound);
    return cartAnswer(await cartOf(db, userId));
  });

  // ── Issue 15, discounts (money helper): the coupon entered in the cart ──
  const attempts = new Attempts(db);
  // Checked against the cart as it is now and kept only when it applies; the cart shows it again
  // (with why it no longer applies, if so) until it is removed or an order paid with it.
  register('POST /api/Cart/Coupon', async (request) => {
    const { code } = parse(couponBody, request.body, { code: 'کد تخفیف' });
    const userId = currentUser(request).id;
    const cart = await cartOf(db, userId);
    if (cart.items.length === 0) throw new HttpError(409, learnerTexts.cartEmpty);
    const tries = await takeCouponTry(attempts, userId, addressKey(request.ip));
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
  });
  register('DELETE /api/Cart/Coupon', async (request) => {
    const userId = currentUser(request).id;
    await db.deleteFrom('cart_coupons').where('userId', '=', userId).execute();
    return cartAnswer(await cartOf(db, userId));
  });
  // ── end of issue 15 discounts (coupon) ──

  // Checkout: one order for the whole cart, paid through the gateway. A learner has at most one
  // open (pending) order, kept so by a partial unique index (migration 006): checking out the
  // same cart again, or twice at once, answers that order and its gateway page instead of
  // charging again; a changed cart sets the open order aside (`expired`) and opens a new one.
  register('POST /api/Orders/Checkout', async (request): Promise<Schemas['Checkout']> => {
    const userId = currentUser(request).id;
    const callbackUrl = `${config.publicUrl}/dashboard/payment`;
    const answer = (orderId: number, authority: string) => ({
      orderId,
      paymentUrl: authority.startsWith('FREE-') ? `${callbackUrl}?Authority=${authority}&Status=OK` : gateway.paymentUrl(authority),
    });

    // Each round reads the cart afresh: the order another checkout opened may have been paid since.
    for (let attempt = 0; attempt < 5; attempt++) {
      const cart = await cartOf(db, userId);
      if (cart.items.length === 0) throw new HttpError(409, learnerTexts.cartEmpty);
      for (const item of cart.items) {
        const blocker = await enrolmentBlocker(db, item.course.id, item.childId);
        if (blocker) throw new HttpError(409, blocker.statusCode === 409 ? blocker.message : learnerTexts.cartItemUnavailable(item.course.title));
      }
      const cartLines = cart.items.map((item) => ({ childId: item.childId, courseId: item.course.id }));
      await sweepWaitlist(db, cartLines.map((l) => l.courseId));
      const couponCode = await cartCouponCode(db, userId);
      let open: { reuse: number } | { created: number; totalInTomans: number };
      try {
        open = await db.transaction().execute(async (trx) => {
          // ── Issue 15, discounts (money helper): priced here, under the coupon's lock, so two
          // checkouts cannot both take a limited coupon's last use; the order records each line's
          // discounts and the gateway is asked for the discounted total.
          const couponRow = couponCode === null ? null : await findCoupon(trx, couponCode);
          if (couponRow) await lockCoupon(trx, couponRow.id);
          const pricing = await priceLines(trx, userId, cartLines, couponCode);
          if (pricing.couponError !== null) throw new HttpError(409, discountTexts.couponChanged(pricing.couponError));
          const lines = pricing.lines;
          const couponId = pricing.coupon?.id ?? 0;
          // ── end of issue 15 discounts (pricing) ──
          const pendingRow = await trx.selectFrom('orders').select('id').where('userId', '=', userId).where('status', '=', 'pending').executeTakeFirst();
          // Locked on PostgreSQL, so a verification or another checkout waits for this decision.
          const pending = pendingRow ? await selectForUpdate(trx, 'orders', pendingRow.id) : undefined;
          if (pending && pending.status === 'pending') {
            const id = Number(pending.id);
            const age = Date.now() - Date.parse(String(pending.createdAt));
            const items = await trx.selectFrom('order_items').select(['childId', 'courseId', 'priceInTomans']).where('orderId', '=', id).execute();
            const usable = pending.authority ? age < authorityReuseMs : age < authorityWaitMs;
            if (usable && sameLines(items, lines) && Number(pending.couponId ?? 0) === couponId) return { reuse: id };
            await trx.updateTable('orders').set({ status: 'expired' }).where('id', '=', id).where('status', '=', 'pending').execute();
          }
          // Decided and reserved at once: the courses stay locked (PostgreSQL; SQLite's one
          // connection runs this transaction alone) until the new order holding the seats commits.
          await lockCourses(trx, lines.map((l) => l.courseId));
          const seats = await seatsFor(trx, lines, { userId, lines });
          const refused = cart.items.find((_, i) => !seats[i]);
          if (refused) throw courseFull(refused.course.title);
          const order = await trx
            .insertInto('orders')
            .values({
              userId,
              status: 'pending',
              totalInTomans: pricing.totalInTomans,
              discountInTomans: pricing.discountInTomans,
              couponId,
              couponCode: pricing.coupon ? couponCode ?? '' : '',
              authority: null,
              refId: null,
              createdAt: nowIso(),
              paidAt: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('order_items')
            .values(
              cart.items.map((item, i) => ({
                orderId: order.id,
                childId: item.childId,
                courseId: item.course.id,
                priceInTomans: lines[i]?.priceInTomans ?? item.course.priceInTomans,
                listPriceInTomans: lines[i]?.listPriceInTomans ?? item.course.priceInTomans,
                earlyBirdDiscountInTomans: lines[i]?.earlyBirdDiscountInTomans ?? 0,
                siblingDiscountInTomans: lines[i]?.siblingDiscountInTomans ?? 0,
                couponDiscountInTomans: lines[i]?.couponDiscountInTomans ?? 0,
                childName: item.childName,
                courseTitle: item.course.title,
              })),
            )
            .execute();
          // The order set aside may have held seats the new one does not.
          if (pending && pending.status === 'pending') await offerSeatsOfOrder(trx, Number(pending.id));
          return { created: order.id, totalInTomans: pricing.totalInTomans };
        });
      } catch (error) {
        // Another checkout opened the learner's order first (PostgreSQL): take that one.
        if (isUniqueViolation(error)) continue;
        throw error;
      }

      if ('reuse' in open) {
        // The order's gateway request may still be under way in the checkout that opened it.
        const deadline = Date.now() + authorityWaitMs;
        for (;;) {
          const order = await db.selectFrom('orders').select(['status', 'authority']).where('id', '=', open.reuse).executeTakeFirst();
          if (order?.status === 'pending' && order.authority) return answer(open.reuse, order.authority);
          if (order?.status === 'paid' && order.authority?.startsWith('FREE-')) return answer(open.reuse, order.authority);
          if (order?.status !== 'pending' || Date.now() > deadline) break;
          await sleep(50);
        }
        continue;
      }

      const orderId = open.created;
      const totalInTomans = open.totalInTomans;
      if (totalInTomans === 0) {
        // Nothing to pay: settled at once; the callback page verifies it like any other order.
        const authority = `FREE-${orderId}`;
        await db.updateTable('orders').set({ authority }).where('id', '=', orderId).execute();
        await settlePaid(db, orderId, '');
        return answer(orderId, authority);
      }
      let issued: string | undefined;
      try {
        ({ authority: issued } = await gateway.request({
          amountInTomans: totalInTomans,
          callbackUrl,
          description: learnerTexts.gatewayDescription(cart.items.length, orderId),
        }));
        const authority = issued;
        await db
          .updateTable('orders')
          .set({ authority })
          .where('id', '=', orderId)
          .execute()
          .catch((error: unknown) => {
            // An authority another order holds (a sandbox, a restored database, a second site on
            // the merchant): the gateway's answer is unusable, as a malformed one; a retry gets a new one.
            throw isUniqueViolation(error) ? new GatewayError(`gateway answered authority ${authority}, already another order's`, 'unreadable', { cause: error }) : error;
          });
        await recordAttempt(db, { orderId, kind: 'request', outcome: 'ok', amountInTomans: totalInTomans, authority });
        return answer(orderId, authority);
      } catch (error) {
        await endOrder(db, orderId, 'failed');
        await recordAttempt(db, { orderId, kind: 'request', outcome: failureOutcome(error), amountInTomans: totalInTomans, authority: issued ?? null });
        if (error instanceof GatewayError) throw new HttpError(502, learnerTexts.gatewayDown);
        throw error;
      }
    }
    throw new HttpError(409, learnerTexts.checkoutBusy);
  });

  // --- issue 15 item 6 (Zarinpal): the callback verifies through server/features/commerce/reconcile.ts, the same
  // path as the reconciliation of payers who never came back. The order is found by the
  // authority among the signed-in learner's own; the amount verified is the order's, from the DB.
  const settlement = paymentSettlement(db, gateway);
  register('GET /api/Payment/Verify', async (request): Promise<Schemas['PaymentResult']> => {
    const { Authority, Status } = parse(verifyQuery, request.query, { Authority: 'کد پیگیری پرداخت', Status: 'وضعیت پرداخت' });
    const order = await db
      .selectFrom('orders')
      .select('id')
      .where('authority', '=', Authority)
      .where('userId', '=', currentUser(request).id)
      .executeTakeFirst();
    if (!order) throw new HttpError(404, learnerTexts.orderNotFound);
    // Settled before: the stored result, without asking the gateway again. An order a newer
    // checkout set aside is still asked about: its page may have been paid in another tab.
    try {
      await verifyOrder(settlement, order.id, { from: callbackSettles, status: Status });
    } catch (error) {
      if (error instanceof GatewayError) throw new HttpError(502, learnerTexts.gatewayDown);
      throw error;
    }
    const settled = await db.selectFrom('orders').select(['id', 'status', 'refId', 'refundDueInTomans', 'refundedInTomans']).where('id', '=', order.id).executeTakeFirstOrThrow();
    // The answer names what was paid for, the amount and the invoice (issue 15 item 5).
    return withPurchase(db, paymentResult(settled));
  });
  // --- end of issue 15 item 6 (callback)

  register('GET /api/Orders', async (request): Promise<Schemas['Order'][]> => {
    const orders = await db
      .selectFrom('orders')
      .selectAll()
      .where('userId', '=', currentUser(request).id)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const items = orders.length
      ? await db.selectFrom('order_items').selectAll().where('orderId', 'in', orders.map((o) => o.id)).orderBy('id').execute()
      : [];
    return orders.map((o) => ({
      id: o.id,
      status: o.status,
      totalInTomans: Number(o.totalInTomans),
      refundDueInTomans: Number(o.refundDueInTomans),
      createdAt: o.createdAt,
      paidAt: o.paidAt,
      refId: o.refId,
      discountInTomans: Number(o.discountInTomans),
      invoiceNumber: o.invoiceNumber === null ? null : Number(o.invoiceNumber),
      items: items
        .filter((i) => i.orderId === o.id)
        .map((i) => ({ childName: i.childName, courseTitle: i.courseTitle, priceInTomans: Number(i.priceInTomans) })),
    }));
  });

  register('GET /api/Enrollments', async (request): Promise<Schemas['Enrollment'][]> => {
    const rows = await db
      .selectFrom('enrollments')
      .innerJoin('children', 'children.id', 'enrollments.childId')
      .select(['enrollments.id', 'enrollments.childId', 'enrollments.courseId', 'enrollments.enrolledAt', 'children.firstName', 'children.lastName'])
      .where('children.userId', '=', currentUser(request).id)
      .where('enrollments.status', '=', 'active')
      .orderBy('enrollments.enrolledAt', 'desc')
      .orderBy('enrollments.id', 'desc')
      .execute();
    const courses = await courseSummaries(db, rows.map((r) => r.courseId));
    return rows.flatMap((r) => {
      const course = courses.get(r.courseId);
      return course ? [{ id: r.id, childId: r.childId, childName: childName(r), enrolledAt: r.enrolledAt, course }] : [];
    });
  });
}

/** The money side of this module as server/features/commerce/reconcile.ts reaches it (issue 15 item 6). */
export const paymentSettlement = (db: DB, gateway: Gateway): Settlement => ({ db, gateway, settle: settlePaid, end: endOrder });

/** Ends a pending order without payment; the seats it held are offered to those waiting. */
async function endOrder(db: DB, orderId: number, status: 'failed' | 'cancelled'): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const moved = await trx.updateTable('orders').set({ status }).where('id', '=', orderId).where('status', '=', 'pending').executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 1) await offerSeatsOfOrder(trx, orderId);
    // Issue 15 notifications: the parent is told in the same transaction (server/features/messaging/notifications.ts).
    if (Number(moved.numUpdatedRows) === 1 && status === 'failed') await queuePaymentFailed(trx, orderId);
  });
}

/**
 * Takes a place for one code tried in the learner's and the address's budgets (couponLimits),
 * before the code is looked at, so a burst in parallel gets no more tries than the limits; the
 * caller gives the places back when the code applies. Refused: 429 with the wait.
 */
async function takeCouponTry(attempts: Attempts, userId: number, address: string): Promise<number[]> {
  const budgets: Array<[string, number]> = [
    [`coupon-learner:${userId}`, couponLimits.perLearner],
    [`coupon-address:${address}`, couponLimits.perAddress],
  ];
  const taken: number[] = [];
  for (const [bucket, limit] of budgets) {
    const slot = await attempts.take(bucket, limit, couponLimits.windowMs);
    if (slot === undefined) {
      await attempts.releaseIds(taken);
      const seconds = Math.max(1, Math.ceil((await attempts.waitMs(bucket, limit, couponLimits.windowMs)) / 1000));
      throw new HttpError(429, discountTexts.couponTooMany(seconds), { retryAfterSeconds: seconds });
    }
    taken.push(slot);
  }
  return taken;
}

async function courseTitle(db: DB, courseId: number): Promise<string> {
  const course = await db.selectFrom('courses').select('title').where('id', '=', courseId).executeTakeFirst();
  return course?.title ?? '';
}

/**
 * Records a payment the gateway confirmed, and enrols each child of the order in each course that
 * is still open to them, in one transaction. Only the call that moves the order out of
 * `pending`/`expired` enrols, so a repeated verify never enrols twice.
 *
 * What the payment bought decides the status: every line enrolled → `paid`; none (all already
 * enrolled by another order, or the children deleted since) → `refundDue`, the whole amount owed
 * back and no sale; some → `paid`, with the price of the lines not enrolled in refundDueInTomans.
 * A line priced with a coupon that has no use left for this order is not enrolled either.
 * A free order that enrols nothing took no money and is `cancelled`.
 */
async function settlePaid(
  db: DB,
  orderId: number,
  refId: string,
  cardPan: string | null = null,
  // issue 15 item 6: the reconciliation also settles money taken on an order closed here.
  from: readonly OrderStatus[] = settleable,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    // The coupon is locked before the order's row, in checkout's order (coupon, order, courses), so
    // the two never wait for each other; a checkout or settlement of the same coupon waits here.
    const priced = await trx.selectFrom('orders').select('couponId').where('id', '=', orderId).executeTakeFirst();
    const couponId = Number(priced?.couponId ?? 0);
    if (couponId > 0) await lockCoupon(trx, couponId);
    const moved = await trx
      .updateTable('orders')
      .set({ status: 'paid', refId, paidAt: now, cardPan })
      .where('id', '=', orderId)
      .where('status', 'in', from)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return;
    const order = await trx.selectFrom('orders').select(['userId']).where('id', '=', orderId).executeTakeFirstOrThrow();
    const items = await trx
      .selectFrom('order_items')
      .select(['childId', 'courseId', 'priceInTomans', 'couponDiscountInTomans'])
      .where('orderId', '=', orderId)
      .execute();
    // A limited coupon is never used past its limit, whichever of its orders is paid first: when
    // the settled uses leave none for this one (an order set aside or past its hold, paid late),
    // its lines priced with the coupon are not sold at that price: like a line that finds no seat,
    // each is owed back (reversed at once when nothing else was bought), and the order no longer
    // counts as a use of the coupon.
    const keepsCoupon = couponId === 0 || (await couponUseLeft(trx, couponId, order.userId, orderId));
    const children = new Set(
      (await trx.selectFrom('children').select('id').where('userId', '=', order.userId).execute()).map((c) => c.id),
    );
    const owned = items.filter((i) => children.has(i.childId));
    // Lines whose child is already in the course take no seat (and enrol nothing below).
    const active = owned.length
      ? new Set(
          (
            await trx
              .selectFrom('enrollments')
              .select(['childId', 'courseId'])
              .where('status', '=', 'active')
              .where('childId', 'in', owned.map((i) => i.childId))
              .execute()
          ).map((e) => `${e.childId}:${e.courseId}`),
        )
      : new Set<string>();
    const open = owned.filter((i) => !active.has(`${i.childId}:${i.courseId}`) && (keepsCoupon || Number(i.couponDiscountInTomans) === 0));
    // Never past capacity: a line whose hold ran out while others took the seats is paid back.
    await lockCourses(trx, open.map((i) => i.courseId));
    const seats = await seatsFor(trx, open, { userId: order.userId, orderId, lines: open });
    const candidates = open.filter((_, i) => seats[i]);
    // `returning` names only the rows written: a course enrolled by another order is not; an
    // enrolment cancelled by an admin is taken up again by this payment.
    const enrolled =
      candidates.length > 0
        ? await trx
            .insertInto('enrollments')
            .values(candidates.map((i) => ({ childId: i.childId, courseId: i.courseId, orderId, enrolledAt: now })))
            .onConflict((oc) =>
              oc
                .columns(['childId', 'courseId'])
                .doUpdateSet({ status: 'active', cancelledAt: null, orderId, enrolledAt: now })
                .where('enrollments.status', '=', 'cancelled'),
            )
            .returning(['childId', 'courseId'])
            .execute()
        : [];
    const enrolledKeys = new Set(enrolled.map((e) => `${e.childId}:${e.courseId}`));
    await markEnrolled(trx, enrolled);
    // Issue 15 notifications: the parent is told in the same transaction (server/features/messaging/notifications.ts).
    await queueEnrolled(trx, orderId, enrolled);
    const refundDueInTomans = items
      .filter((i) => !enrolledKeys.has(`${i.childId}:${i.courseId}`))
      .reduce((sum, i) => sum + Number(i.priceInTomans), 0);
    if (enrolled.length === 0) {
      const status: OrderStatus = refundDueInTomans > 0 ? 'refundDue' : 'cancelled';
      await trx.updateTable('orders').set({ status, refundDueInTomans }).where('id', '=', orderId).execute();
    } else {
      if (refundDueInTomans > 0) await trx.updateTable('orders').set({ refundDueInTomans }).where('id', '=', orderId).execute();
      // ── Issue 15, invoices (money helper): the next invoice number, taken in this transaction
      // by updating the sequence's one row (its lock makes a concurrent settlement wait; a rollback
      // gives the number back), so paid orders are numbered without gaps or duplicates.
      const next = await trx
        .updateTable('invoice_sequence')
        .set((eb) => ({ last: eb('last', '+', 1) }))
        .where('id', '=', 1)
        .returning('last')
        .executeTakeFirstOrThrow();
      await trx.updateTable('orders').set({ invoiceNumber: Number(next.last) }).where('id', '=', orderId).execute();
      // The coupon the cart held has been used by this order.
      if (couponId > 0 && keepsCoupon) await trx.deleteFrom('cart_coupons').where('userId', '=', order.userId).execute();
      // ── end of issue 15 invoices (settlement) ──
    }
    if (!keepsCoupon) await trx.updateTable('orders').set({ couponId: 0 }).where('id', '=', orderId).execute();
    for (const item of items) {
      await trx.deleteFrom('cart_items').where('childId', '=', item.childId).where('courseId', '=', item.courseId).execute();
    }
  });
}
