// Checkout and payment: one order for the whole cart, paid through the gateway, and its
// verification when the payer comes back (reconcile.ts settles the same way those who never do).
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { components } from '../../../codegen/openapi.gen';
import { nowIso, type DB, type OrderStatus } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import { GatewayError } from './gateway';
import type { Gateway } from '../../platform/outside';
import { selectForUpdate } from '../../engine/integrity';
import { failureOutcome, recordAttempt } from './payments';
import { callbackSettles, verifyOrder, type Settlement } from './reconcile';
import { queueEnrolled, queuePaymentFailed } from '../messaging/port';
import { authorityReuseMs, courseFull, lockCourses, markEnrolled, offerSeatsOfOrder, seatsFor, sweepWaitlist } from './seats';
import { issueInvoiceNumber, withPurchase } from './invoices';
import { cartCouponCode, couponUseLeft, discountTexts, findCoupon, lockCoupon, priceLines } from './discounts';
import { currentUser, parse } from '../../platform/http';
import { learnerTexts, type LearnerDeps } from './learnerRequests';
import { cartOf, enrolmentBlocker } from './cart';

type Schemas = components['schemas'];

const verifyQuery = v.object({
  Authority: v.pipe(v.string('کد پیگیری پرداخت الزامی است'), v.minLength(1, 'کد پیگیری پرداخت الزامی است'), v.maxLength(100, 'کد پیگیری پرداخت نامعتبر است')),
  Status: v.picklist(['OK', 'NOK'], 'وضعیت پرداخت نامعتبر است'),
});

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
  // A payment that bought nothing, reversed at the gateway (server/features/commerce/reconcile.ts).
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

/**
 * POST /api/Orders/Checkout: one order for the whole cart, paid through the gateway. A learner
 * has at most one open (pending) order, kept so by a partial unique index (migration 006):
 * checking out the same cart again, or twice at once, answers that order and its gateway page
 * instead of charging again; a changed cart sets the open order aside (`expired`) and opens a new one.
 */
export async function checkout({ db, config, gateway }: LearnerDeps, request: FastifyRequest): Promise<Schemas['Checkout']> {
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
        // ── Discounts: priced here, under the coupon's lock, so two
        // checkouts cannot both take a limited coupon's last use; the order records each line's
        // discounts and the gateway is asked for the discounted total.
        const couponRow = couponCode === null ? null : await findCoupon(trx, couponCode);
        if (couponRow) await lockCoupon(trx, couponRow.id);
        const pricing = await priceLines(trx, userId, cartLines, couponCode);
        if (pricing.couponError !== null) throw new HttpError(409, discountTexts.couponChanged(pricing.couponError));
        const lines = pricing.lines;
        const couponId = pricing.coupon?.id ?? 0;
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
}

/**
 * GET /api/Payment/Verify: the callback verifies through reconcile.ts, the same path as the
 * reconciliation of payers who never came back. The order is found by the authority among the
 * signed-in learner's own; the amount verified is the order's, from the database.
 */
export async function verifyPayment({ db, settlement }: LearnerDeps, request: FastifyRequest): Promise<Schemas['PaymentResult']> {
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
  // The answer names what was paid for, the amount and the invoice.
  return withPurchase(db, paymentResult(settled));
}

/** The money side of this module as server/features/commerce/reconcile.ts reaches it. */
export const paymentSettlement = (db: DB, gateway: Gateway): Settlement => ({ db, gateway, settle: settlePaid, end: endOrder });

/** Ends a pending order without payment; the seats it held are offered to those waiting. */
async function endOrder(db: DB, orderId: number, status: 'failed' | 'cancelled'): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const moved = await trx.updateTable('orders').set({ status }).where('id', '=', orderId).where('status', '=', 'pending').executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 1) await offerSeatsOfOrder(trx, orderId);
    // The parent is told in the same transaction (server/features/messaging/notifications.ts).
    if (Number(moved.numUpdatedRows) === 1 && status === 'failed') await queuePaymentFailed(trx, orderId);
  });
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
  // The reconciliation also settles money taken on an order closed here.
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
    // enrolment cancelled by an admin is taken up again by this payment, bought now as this
    // order's line (nothing of it paid back, never moved).
    const enrolled =
      candidates.length > 0
        ? await trx
            .insertInto('enrollments')
            .values(candidates.map((i) => ({ childId: i.childId, courseId: i.courseId, orderId, enrolledAt: now })))
            .onConflict((oc) =>
              oc
                .columns(['childId', 'courseId'])
                .doUpdateSet({ status: 'active', cancelledAt: null, orderId, enrolledAt: now, refundedInTomans: 0, paidCourseId: null })
                .where('enrollments.status', '=', 'cancelled'),
            )
            .returning(['childId', 'courseId'])
            .execute()
        : [];
    const enrolledKeys = new Set(enrolled.map((e) => `${e.childId}:${e.courseId}`));
    await markEnrolled(trx, enrolled);
    // The parent is told in the same transaction (server/features/messaging/notifications.ts).
    await queueEnrolled(trx, orderId, enrolled);
    const refundDueInTomans = items
      .filter((i) => !enrolledKeys.has(`${i.childId}:${i.courseId}`))
      .reduce((sum, i) => sum + Number(i.priceInTomans), 0);
    if (enrolled.length === 0) {
      const status: OrderStatus = refundDueInTomans > 0 ? 'refundDue' : 'cancelled';
      await trx.updateTable('orders').set({ status, refundDueInTomans }).where('id', '=', orderId).execute();
    } else {
      if (refundDueInTomans > 0) await trx.updateTable('orders').set({ refundDueInTomans }).where('id', '=', orderId).execute();
      await issueInvoiceNumber(trx, orderId);
      // The coupon the cart held has been used by this order.
      if (couponId > 0 && keepsCoupon) await trx.deleteFrom('cart_coupons').where('userId', '=', order.userId).execute();
    }
    if (!keepsCoupon) await trx.updateTable('orders').set({ couponId: 0 }).where('id', '=', orderId).execute();
    for (const item of items) {
      await trx.deleteFrom('cart_items').where('childId', '=', item.childId).where('courseId', '=', item.courseId).execute();
    }
  });
}
