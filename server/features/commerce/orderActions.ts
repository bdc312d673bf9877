// The orders' record actions (schema/orders.ts) and the money side of the enrolments' ones
// (schema/enrollments.ts): paying an order's amount back, through the gateway's refund call when
// it is configured for refunds, else recorded as paid back by hand; the enrolments that amount
// bought are cancelled in the same transaction, each with its own audit entry (the action runner
// audits the order itself). A gateway refusal or outage throws before anything is written, and
// the transaction then rolls back: nothing changes but the note of a refusal (the attempt, and
// the order's refundRefusedAt, which lets the refund be recorded by hand: the admin's dialog
// offers it, declared as the refund's follow-up on that refusal) — except when the gateway gave no readable
// answer to a refund (no answer, a dropped connection, a proxy's page): it may have paid the
// money back all the same, so that attempt is kept (outcome unreachable or unreadable) with the
// order's refundUnconfirmedAt, and until the order is refunded no refund of it goes through the
// gateway again. The admin checks the gateway's panel and records the refund by hand («ثبت بازگشت
// دستی», the only refund the order then offers), warned that the gateway may already have paid
// it: Zarinpal has no call to ask whether a refund happened.
//
// The gateway is called inside the transaction, so the order stays locked until it answers (at
// most the client's 15 s timeout): a second refund of the same order waits and then finds it
// refunded, instead of paying twice.
import { paidByHand, refundAmountTexts, refundableOf, refundRefusalCodes, refundRefusals } from '../../../schema/orders';
import { sql } from 'kysely';
import { registry } from '../../../schema/registry.gen';
import { plugIn, type ActionContext, type ActionHandler } from '../../engine/behaviours';
import { recordAudit } from '../../engine/audit';
import { type EnrollmentStatus, nowIso, type Row } from '../../platform/db';
import { HttpError, HttpErrorKeeping } from '../../platform/errors';
import { GatewayError } from './gateway';
import { selectForUpdate } from '../../engine/integrity';
import { isGatewayAuthority, recordAttempt } from './payments';
import { assertSeatForAdmin, offerFreedSeats } from './seats';
import { queueEnrolmentCancelled, queueRefunded } from '../messaging/port';

export const orderActionTexts = {
  gatewayRefused: 'درگاه پرداخت بازگشت وجه را نپذیرفت و وجهی بازنگشت؛ در سفارش و ثبت‌نام‌ها هیچ تغییری ثبت نشد. دوباره تلاش کنید یا وجه را دستی بازگردانید',
  gatewayUncertain:
    'پاسخی از درگاه پرداخت به بازگشت وجه نرسید و ممکن است وجه بازگردانده شده باشد. بازگشت وجه این سفارش دیگر از درگاه انجام نمی‌شود: در پنل درگاه بررسی کنید و سپس «ثبت بازگشت دستی» را بزنید',
  nothingLeft: 'همه مبلغ این سفارش پیش‌تر بازگردانده شده است',
  orderNotPaid: 'سفارش این ثبت‌نام پرداخت‌شده نیست و وجهی برای بازگشت ندارد',
  manualEnrolment: 'این ثبت‌نام دستی بوده و پرداختی برای بازگشت ندارد؛ آن را بدون بازگشت وجه لغو کنید',
  noCourse: 'دوره مقصد را انتخاب کنید',
  sameCourse: 'فرزند همین حالا در این دوره ثبت‌نام شده است',
  alreadyEnrolled: 'این فرزند در دوره مقصد هم ثبت‌نام دارد؛ نمی‌توان او را به آن منتقل کرد',
  refundReason: (orderId: number) => `بازگشت وجه سفارش ${orderId}`,
  reinstateRefunded: 'وجه سفارش این ثبت‌نام بازگردانده شده است؛ ثبت‌نام دوباره فعال نمی‌شود. در صورت نیاز فرزند را دوباره ثبت‌نام کنید',
  moreThanCancelled: 'این مبلغ بیش از بهای ثبت‌نام‌های لغوشدهٔ این سفارش است و بازگردانده نشد: آنچه بازمی‌گردد از بهای ثبت‌نام‌های فعال آن برداشته نمی‌شود',
} as const;

/**
 * The price of the order's lines that an active enrolment still holds: each enrolment by the line
 * it was bought as (a moved one by its paidCourseId).
 */
async function activeLinesOf(trx: ActionContext['trx'], orderId: number): Promise<number> {
  const held = await sql<{ total: number | string | null }>`select sum(${sql.ref('i.priceInTomans')}) as ${sql.ref('total')}
    from ${sql.table('enrollments')} as ${sql.ref('e')}
    join ${sql.table('order_items')} as ${sql.ref('i')} on ${sql.ref('i.orderId')} = ${sql.ref('e.orderId')}
      and ${sql.ref('i.childId')} = ${sql.ref('e.childId')}
      and ${sql.ref('i.courseId')} = coalesce(${sql.ref('e.paidCourseId')}, ${sql.ref('e.courseId')})
    where ${sql.ref('e.orderId')} = ${orderId} and ${sql.ref('e.status')} = 'active'`.execute(trx);
  return Number(held.rows[0]?.total ?? 0);
}

/**
 * What of an order may still be paid back: what it took, less what was paid back, less the price
 * of what it bought that is still active. Every refund is held to it (payBack), and a reinstated
 * enrolment must leave it at 0 or more, so no sequence of actions pays back more than was paid
 * for what is no longer held. Callers cancel (or reinstate) first, in the same transaction.
 */
async function refundRoomOf(trx: ActionContext['trx'], order: Row): Promise<number> {
  return Number(order.totalInTomans) - Number(order.refundedInTomans ?? 0) - (await activeLinesOf(trx, Number(order.id)));
}

/**
 * Pays `amount` of the order back and notes the attempt: through the gateway's refund call when
 * it has one (`how` 'gateway'), else, or when the admin records it (`how` 'manual'), as paid back
 * by hand. Free orders (no gateway authority) have nothing to send. Which of the two an order's
 * own actions may use is their `when` (schema/orders.ts, by refundUnconfirmedAt); an enrolment's
 * refund meets the same rule here.
 */
export async function payBack(
  context: Pick<ActionContext, 'trx' | 'gateway'>,
  order: Row,
  amount: number,
  how: 'gateway' | 'manual' = 'gateway',
  reference: string | null = null,
): Promise<void> {
  const orderId = Number(order.id);
  if (amount > (await refundRoomOf(context.trx, order))) throw new HttpError(409, orderActionTexts.moreThanCancelled);
  const authority = typeof order.authority === 'string' ? order.authority : '';
  const refund = context.gateway.refund;
  // An order recorded by hand took its money outside the gateway: it is paid back outside it too.
  const throughGateway = refund !== undefined && amount > 0 && isGatewayAuthority(authority) && !paidByHand(order);
  if (how === 'gateway' && throughGateway) {
    if (typeof order.refundUnconfirmedAt === 'string') throw new HttpError(409, refundRefusals.unconfirmed);
    let refundId: string;
    try {
      ({ refundId } = await refund({ amountInTomans: amount, authority, reason: orderActionTexts.refundReason(orderId) }));
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      if (error.failure === 'refused') {
        // Kept after the rollback without a version bump: the admin's follow-up (the manual
        // record) then runs on the row as they saw it.
        throw new HttpErrorKeeping(
          502,
          orderActionTexts.gatewayRefused,
          (db) =>
            db.transaction().execute(async (trx) => {
              await recordAttempt(trx, { orderId, kind: 'refund', outcome: 'refused', amountInTomans: amount, authority });
              await trx.updateTable('orders').set({ refundRefusedAt: nowIso() }).where('id', '=', orderId).execute();
            }),
          { refusal: refundRefusalCodes.gatewayRefused },
        );
      }
      const outcome = error.failure;
      // Kept after the rollback: the attempt, and the order's mark that only a refund recorded
      // by hand may follow (its row's actions show it).
      throw new HttpErrorKeeping(502, orderActionTexts.gatewayUncertain, (db) =>
        db.transaction().execute(async (trx) => {
          await recordAttempt(trx, { orderId, kind: 'refund', outcome, amountInTomans: amount, authority });
          await trx
            .updateTable('orders')
            .set((eb) => ({ refundUnconfirmedAt: nowIso(), version: eb('version', '+', 1) }))
            .where('id', '=', orderId)
            .execute();
        }),
      );
    }
    await recordAttempt(context.trx, { orderId, kind: 'refund', outcome: 'ok', amountInTomans: amount, authority, refId: refundId || null });
    return;
  }
  await recordAttempt(context.trx, { orderId, kind: 'manualRefund', outcome: 'ok', amountInTomans: amount, authority: authority || null, refId: reference });
}

/**
 * The order's enrolments before its whole remaining amount is paid back: the active ones
 * cancelled, and each not yet marked (those cancelled before without a refund too) marked with
 * its line's price as paid back, since the refund that follows pays it. Each is audited as an
 * update of its own record; the seats freed are offered to the children waiting for them.
 */
async function cancelPaidBack({ trx, actor, via }: Pick<ActionContext, 'trx' | 'actor' | 'via'>, orderId: number): Promise<void> {
  const now = nowIso();
  const freed = new Set<number>();
  const enrolments = await trx.selectFrom('enrollments').selectAll().where('orderId', '=', orderId).where('refundedInTomans', '=', 0).orderBy('id').execute();
  for (const before of enrolments) {
    const price = await linePriceOf(trx, before);
    const active = before.status === 'active';
    const after = await trx
      .updateTable('enrollments')
      .set((eb) => ({ ...(active ? { status: 'cancelled' as const, cancelledAt: now } : {}), refundedInTomans: price, version: eb('version', '+', 1) }))
      .where('id', '=', before.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { actor, entity: registry.enrollments, recordId: before.id, action: 'update', before, after, via });
    if (active) {
      freed.add(after.courseId);
      await queueEnrolmentCancelled(trx, { id: after.id, childId: after.childId, courseId: after.courseId, cancelledAt: now });
    }
  }
  for (const courseId of [...freed].sort((a, b) => a - b)) await offerFreedSeats(trx, courseId);
}

/** The price of the order line an enrolment was bought as (0 for one its order has no line of). */
async function linePriceOf(trx: ActionContext['trx'], enrolment: Row): Promise<number> {
  const line = await trx
    .selectFrom('order_items')
    .select('priceInTomans')
    .where('orderId', '=', Number(enrolment.orderId ?? 0))
    .where('childId', '=', Number(enrolment.childId))
    .where('courseId', '=', Number(enrolment.paidCourseId ?? enrolment.courseId))
    .executeTakeFirst();
  return Number(line?.priceInTomans ?? 0);
}

/**
 * The order's whole remaining amount paid back (refundableOf, the figure its dialog showed), and
 * the enrolments it bought cancelled; the parent is told of both, and the admin of the amount.
 */
const refundWhole =
  (how: 'gateway' | 'manual'): ActionHandler =>
  async ({ trx, record, actor, gateway, via, input }) => {
    const refundable = refundableOf(record);
    if (refundable === 0 && Number(record.totalInTomans) > 0) throw new HttpError(409, orderActionTexts.nothingLeft);
    const amount = how === 'manual' ? manualAmountOf(input, refundable) : refundable;
    await cancelPaidBack({ trx, actor, via }, Number(record.id));
    const reference = typeof input.reference === 'string' && input.reference.trim() !== '' ? input.reference.trim() : null;
    await payBack({ trx, gateway }, record, amount, how, reference);
    const refundedInTomans = Number(record.refundedInTomans ?? 0) + amount;
    await queueRefunded(trx, Number(record.id), amount, refundedInTomans);
    // Paid back by hand on the day the admin says (validated as no later than today), else now.
    const refundedAt = how === 'manual' && typeof input.paidBackOn === 'string' ? input.paidBackOn : nowIso();
    return {
      set: { status: 'refunded', refundedInTomans, refundDueInTomans: 0, refundedAt, refundUnconfirmedAt: null, refundRefusedAt: null },
      notice: refundAmountTexts.paid(amount),
    };
  };

/**
 * What a refund recorded by hand paid back: the amount the admin gives (its dialog starts at all
 * that is left; the action's fields hold it to a whole toman or more), never more than is left.
 * The academy may have kept part of it: the order is then refunded with what was paid back.
 */
function manualAmountOf(input: Readonly<Record<string, unknown>>, refundable: number): number {
  const given = typeof input.amountInTomans === 'number' ? input.amountInTomans : refundable;
  if (given > refundable) throw new HttpError(400, refundAmountTexts.tooMuch(refundable));
  return given;
}

const orderActions = { refund: refundWhole('gateway'), manualRefund: refundWhole('manual') };

/**
 * Cancels the enrolment; asked first whether to pay its course's price (as its order line says)
 * back on the order that bought it: refundedInTomans grows by it, and the order becomes
 * `refunded` once all it took is paid back. The order's change is audited as the order's own;
 * the enrolment keeps what was paid back, which makes the cancel final. The parent is told of
 * the cancel and of the refund, and the admin's toast says the amount.
 */
const cancel: ActionHandler = async ({ trx, record, actor, gateway, input, via }) => {
  const status: EnrollmentStatus = 'cancelled';
  const set = { status, cancelledAt: nowIso() };
  // Written here as well as by the action runner: the seat is free when it is offered, and the
  // refund below sees the enrolment no longer active.
  await trx.updateTable('enrollments').set(set).where('id', '=', Number(record.id)).execute();
  const refundedInTomans = input.refund === 'refund' ? await refundEnrolment({ trx, actor, gateway, via }, record) : 0;
  await offerFreedSeats(trx, Number(record.courseId));
  await queueEnrolmentCancelled(trx, { id: Number(record.id), childId: Number(record.childId), courseId: Number(record.courseId), cancelledAt: set.cancelledAt });
  return { set: { ...set, refundedInTomans }, ...(refundedInTomans > 0 ? { notice: refundAmountTexts.paid(refundedInTomans) } : {}) };
};

/** Pays the enrolment's line back on its order; answers the amount. */
async function refundEnrolment({ trx, actor, gateway, via }: Pick<ActionContext, 'trx' | 'actor' | 'gateway' | 'via'>, record: Row): Promise<number> {
  const orderId = Number(record.orderId ?? 0);
  if (orderId === 0) throw new HttpError(409, orderActionTexts.manualEnrolment);
  const order = await selectForUpdate(trx, 'orders', orderId);
  if (!order || (order.status !== 'paid' && order.status !== 'refundDue')) throw new HttpError(409, orderActionTexts.orderNotPaid);
  // Its line's price, within what the order may still pay back (the enrolment is no longer active).
  const price = Math.max(Math.min(await linePriceOf(trx, record), await refundRoomOf(trx, order)), 0);
  if (price === 0 && Number(order.totalInTomans) > 0) throw new HttpError(409, orderActionTexts.nothingLeft);
  await payBack({ trx, gateway }, order, price);
  const refundedInTomans = Number(order.refundedInTomans ?? 0) + price;
  const whole = refundedInTomans >= Number(order.totalInTomans);
  const after = await trx
    .updateTable('orders')
    .set((eb) => ({
      refundedInTomans,
      refundedAt: nowIso(),
      version: eb('version', '+', 1),
      ...(whole ? { status: 'refunded' as const, refundDueInTomans: 0, refundUnconfirmedAt: null, refundRefusedAt: null } : {}),
    }))
    .where('id', '=', orderId)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAudit(trx, { actor, entity: registry.orders, recordId: orderId, action: 'update', before: order, after, via });
  await queueRefunded(trx, orderId, price, refundedInTomans);
  return price;
}

/**
 * Moves the child to another course: the same enrolment (its date and the order that paid for
 * it) under the new course. A course the child is already in is refused by the unique
 * (child, course) index, answered as a Persian 409.
 */
const move: ActionHandler = async ({ trx, record, input }) => {
  const courseId = Number(input.courseId ?? 0);
  if (courseId === 0) throw new HttpError(400, orderActionTexts.noCourse);
  if (courseId === Number(record.courseId)) throw new HttpError(409, orderActionTexts.sameCourse);
  const taken = await trx
    .selectFrom('enrollments')
    .select('id')
    .where('childId', '=', Number(record.childId))
    .where('courseId', '=', courseId)
    .executeTakeFirst();
  if (taken) throw new HttpError(409, orderActionTexts.alreadyEnrolled);
  const set = { courseId, paidCourseId: Number(record.paidCourseId ?? 0) || Number(record.courseId) };
  // The seat left behind goes to the first child waiting for the old course.
  await trx.updateTable('enrollments').set(set).where('id', '=', Number(record.id)).execute();
  await offerFreedSeats(trx, Number(record.courseId));
  return { set };
};

/**
 * A cancelled enrolment active again: it takes a seat as any admin-given seat does (refused when
 * the course is full). One whose cancel paid its price back is refused by its `when`; and the
 * enrolment may not hold a line its order has paid back otherwise (the order refunded whole, or
 * more of it paid back than the lines no longer held).
 */
const reinstate: ActionHandler = async ({ trx, record }) => {
  const status: EnrollmentStatus = 'active';
  const set = { status, cancelledAt: null };
  const orderId = Number(record.orderId ?? 0);
  const order = orderId === 0 ? undefined : await selectForUpdate(trx, 'orders', orderId);
  if (order?.status === 'refunded') throw new HttpError(409, orderActionTexts.reinstateRefunded);
  await assertSeatForAdmin(trx, Number(record.courseId));
  if (order) {
    // Written here as well as by the action runner, so the order's room counts this enrolment.
    await trx.updateTable('enrollments').set(set).where('id', '=', Number(record.id)).execute();
    // Nothing paid back, nothing to hold it to (an order whose lines add up past its total is old data).
    if (Number(order.refundedInTomans ?? 0) > 0 && (await refundRoomOf(trx, order)) < 0) throw new HttpError(409, orderActionTexts.reinstateRefunded);
  }
  return { set };
};

export function plugInOrderActions(): void {
  plugIn('orders', { actions: orderActions });
  plugIn('enrollments', { actions: { cancel, move, reinstate } });
}
