// Enrolments taken by hand (schema/enrollments.ts's create: cash, card to card, a free or
// scholarship seat): the child takes a seat by the rule a paid checkout follows (seats.ts
// seatsFor, an offer from the waiting list included, which is then fulfilled), and the enrolment
// is bought by an order of its own, paid, numbered for its invoice and marked as recorded by hand
// (orders.paymentMethod), so rosters, invoices, dashboards and refunds treat it as any sale. Its
// refund is recorded by hand, never asked of the gateway (orderActions.ts payBack). The parent is
// told through the outbox; the engine audits the enrolment, and the order is audited here.
import { paymentMethodOptions } from '../../../schema/orders';
import { registry } from '../../../schema/registry.gen';
import { toLatinDigits } from '../../../schema/rules/text';
import { recordAudit } from '../../engine/audit';
import { plugIn, type InsertHook } from '../../engine/behaviours';
import { selectForUpdate } from '../../engine/integrity';
import { nowIso, type Row } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import { queueEnrolled } from '../messaging/port';
import { issueInvoiceNumber } from './invoices';
import { recordAttempt } from './payments';
import { lockCourses, markEnrolled, seatsFor } from './seats';

export const manualEnrolmentTexts = {
  noChild: 'فرزند را انتخاب کنید',
  noCourse: 'دوره را انتخاب کنید',
  noAmount: 'مبلغ دریافتی را وارد کنید؛ برای ثبت‌نام بدون پرداخت «رایگان / بورسیه» را انتخاب کنید',
  freeWithAmount: 'ثبت‌نام رایگان یا بورسیه مبلغی ندارد؛ مبلغ را صفر کنید یا روش پرداخت دیگری انتخاب کنید',
  noReference: 'برای کارت به کارت، شماره پیگیری انتقال را وارد کنید',
  noParent: 'این فرزند والدی در سامانه ندارد و نمی‌توان برایش سفارش ثبت کرد',
  alreadyEnrolled: 'این فرزند همین حالا در این دوره ثبت‌نام دارد',
  full: (title: string) =>
    `ظرفیت دوره «${title}» تکمیل است؛ ظرفیت دوره را افزایش دهید یا ثبت‌نامی را لغو کنید (صندلی‌ای که از فهرست انتظار به این فرزند پیشنهاد شده باشد برای او نگه داشته می‌شود)`,
  /** The order's reference, which names it in the roster's payment column and on its invoice. */
  refId: (method: string, reference: string) => ['ثبت دستی،', method, reference].filter((part) => part !== '').join(' '),
} as const;

type ByHand = 'cash' | 'cardToCard' | 'free';
const isByHand = (value: unknown): value is ByHand => value === 'cash' || value === 'cardToCard' || value === 'free';

/** The payment's inputs, each refused with its own message (the body's validators checked their kinds). */
function paymentOf(values: Row): { method: ByHand; amount: number; reference: string } {
  const method = values.payment;
  if (!isByHand(method)) throw new HttpError(400, 'روش پرداخت را از فهرست انتخاب کنید');
  const amount = Number(values.amountInTomans ?? 0);
  // A transfer's tracking number is read off a receipt in either digit system; kept in Latin ones.
  const reference = typeof values.reference === 'string' ? toLatinDigits(values.reference).trim() : '';
  if (method === 'free' && amount > 0) throw new HttpError(400, manualEnrolmentTexts.freeWithAmount);
  if (method !== 'free' && amount <= 0) throw new HttpError(400, manualEnrolmentTexts.noAmount);
  if (method === 'cardToCard' && reference === '') throw new HttpError(400, manualEnrolmentTexts.noReference);
  return { method, amount, reference };
}

const enrolByHand: InsertHook = async (trx, values, actor) => {
  const childId = Number(values.childId ?? 0);
  const courseId = Number(values.courseId ?? 0);
  if (childId <= 0) throw new HttpError(400, manualEnrolmentTexts.noChild);
  if (courseId <= 0) throw new HttpError(400, manualEnrolmentTexts.noCourse);
  const { method, amount, reference } = paymentOf(values);
  const child = await trx.selectFrom('children').select(['userId', 'firstName', 'lastName']).where('id', '=', childId).executeTakeFirstOrThrow();
  const parent = await trx.selectFrom('users').select('id').where('id', '=', child.userId).executeTakeFirst();
  if (!parent) throw new HttpError(409, manualEnrolmentTexts.noParent);
  // Decided and taken at once: the course stays locked (PostgreSQL) until the enrolment commits.
  await lockCourses(trx, [courseId]);
  const course = await trx.selectFrom('courses').select(['title', 'priceInTomans']).where('id', '=', courseId).executeTakeFirstOrThrow();
  const existing = await trx.selectFrom('enrollments').select('id').where('childId', '=', childId).where('courseId', '=', courseId).executeTakeFirst();
  const before = existing ? await selectForUpdate(trx, 'enrollments', existing.id) : undefined;
  if (before?.status === 'active') throw new HttpError(409, manualEnrolmentTexts.alreadyEnrolled);
  // As the parent's own checkout would ask: their open order and this child's waiting-list entry
  // do not stand in the way; everyone else's holds and those waiting ahead do.
  const line = { childId, courseId };
  const [seat] = await seatsFor(trx, [line], { userId: child.userId, lines: [line] });
  if (!seat) throw new HttpError(409, manualEnrolmentTexts.full(course.title));

  const now = nowIso();
  const listPrice = Number(course.priceInTomans);
  const methodLabel = paymentMethodOptions.find(([value]) => value === method)?.[1] ?? method;
  const order = await trx
    .insertInto('orders')
    .values({
      userId: child.userId,
      status: 'paid',
      paymentMethod: method,
      totalInTomans: amount,
      discountInTomans: Math.max(listPrice - amount, 0),
      couponId: 0,
      couponCode: '',
      authority: null,
      refId: manualEnrolmentTexts.refId(methodLabel, reference),
      createdAt: now,
      paidAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('order_items')
    .values({
      orderId: order.id,
      childId,
      courseId,
      priceInTomans: amount,
      listPriceInTomans: Math.max(listPrice, amount),
      earlyBirdDiscountInTomans: 0,
      siblingDiscountInTomans: 0,
      couponDiscountInTomans: 0,
      childName: `${child.firstName} ${child.lastName}`.trim(),
      courseTitle: course.title,
    })
    .execute();
  await recordAttempt(trx, { orderId: order.id, kind: 'manualPayment', outcome: 'ok', amountInTomans: amount, refId: reference || null });
  await issueInvoiceNumber(trx, order.id);
  const paid = await trx.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
  await recordAudit(trx, { actor, entity: registry.orders, recordId: order.id, action: 'create', before: null, after: paid });

  // A cancelled enrolment of the child in the course is taken up again, bought now by this order
  // (as a payment's settlement does: nothing of it paid back, never moved).
  const taken = { status: 'active' as const, cancelledAt: null, orderId: order.id, enrolledAt: now, refundedInTomans: 0, paidCourseId: null };
  const after = before
    ? await trx
        .updateTable('enrollments')
        .set((eb) => ({ ...taken, version: eb('version', '+', 1) }))
        .where('id', '=', Number(before.id))
        .returningAll()
        .executeTakeFirstOrThrow()
    : await trx.insertInto('enrollments').values({ ...taken, childId, courseId }).returningAll().executeTakeFirstOrThrow();
  await markEnrolled(trx, [line]);
  await queueEnrolled(trx, order.id, [line]);
  // The parent's cart no longer offers what the child now has.
  await trx.deleteFrom('cart_items').where('childId', '=', childId).where('courseId', '=', courseId).execute();
  return { before: before ?? null, after };
};

export function plugInManualEnrolment(): void {
  plugIn('enrollments', { insert: enrolByHand });
}
