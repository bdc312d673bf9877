// Sample money: paid and refunded orders, a sales history for the dashboard, a waiting list.
import type { Transaction } from 'kysely';
import { type Database, type OrderStatus, type PaymentAttemptKind, type PaymentAttemptOutcome, type WaitlistStatus } from '../platform/db';
import { issueInvoiceNumber } from '../features/commerce/port';
import { day } from './catalogue';

/**
 * The authority of a sample order paid through the gateway. By default one no gateway issued
 * (SEED-…, payments.ts): no gateway is ever asked about it, and its refund is recorded by hand. The
 * trial's local gateway (server/dev/trial.ts) records each such payment instead, so the sample
 * orders refund through it as a learner's would.
 */
export type SeedPaidAuthority = (payment: { amountInTomans: number; at: string }) => string;

export interface MoneySeed {
  firstOrder: { id: number; authority: null; at: string; amount: number };
  learnerIds: number[];
  courses: Array<{ id: number; title: string; price: number }>;
  paidAuthority: SeedPaidAuthority;
}

/**
 * The orders screen's sample data: the family above's paid order gets its gateway attempts, and
 * two more learners get a child each and an order in every other status (paid, refunded, failed,
 * pending, cancelled, expired, refund due), plus one enrolment an admin made by hand.
 */
export async function seedMoney(trx: Transaction<Database>, seed: MoneySeed): Promise<void> {
  const [learnerB, learnerC] = seed.learnerIds;
  const [k0, k1, k2, k3] = seed.courses;
  if (learnerB === undefined || learnerC === undefined || !k0 || !k1 || !k2 || !k3) return;
  const at = (days: number, minutes = 0) => new Date(Date.now() - days * day + minutes * 60_000).toISOString();
  let serial = 0;
  // The unpaid orders' (the paid ones' come from paidAuthority): never in a format a gateway
  // issues (Zarinpal: A and 35 digits), since a gateway's first authority would meet a sample
  // order's, and no gateway is ever asked about these (payments.ts).
  const authority = () => `SEED-${String(++serial).padStart(4, '0')}`;
  const attempt = (orderId: number, kind: PaymentAttemptKind, outcome: PaymentAttemptOutcome, amountInTomans: number, when: string, extra: { authority?: string; refId?: string; cardPan?: string } = {}) =>
    trx
      .insertInto('payment_attempts')
      .values({ orderId, kind, outcome, amountInTomans, at: when, authority: extra.authority ?? null, refId: extra.refId ?? null, cardPan: extra.cardPan ?? null })
      .execute();

  const first = seed.paidAuthority({ amountInTomans: seed.firstOrder.amount, at: seed.firstOrder.at });
  await trx.updateTable('orders').set({ authority: first, cardPan: '603799******4821' }).where('id', '=', seed.firstOrder.id).execute();
  await attempt(seed.firstOrder.id, 'request', 'ok', seed.firstOrder.amount, seed.firstOrder.at, { authority: first });
  await attempt(seed.firstOrder.id, 'verify', 'ok', seed.firstOrder.amount, seed.firstOrder.at, { authority: first, refId: '201', cardPan: '603799******4821' });

  const kids = await trx
    .insertInto('children')
    .values([
      { firstName: 'نیکا', lastName: 'موسوی', birthDate: '2014-02-20T00:00:00.000Z', grade: 'پنجم دبستان', userId: learnerB },
      { firstName: 'سینا', lastName: 'جعفری', birthDate: '2011-11-08T00:00:00.000Z', grade: 'هشتم', userId: learnerC },
    ])
    .returning(['id', 'userId', 'firstName', 'lastName'])
    .execute();
  const [nika, sina] = kids;
  if (!nika || !sina) return;

  type Plan = {
    child: typeof nika;
    course: typeof k0;
    status: OrderStatus;
    days: number;
    card?: string;
    enrol?: 'active' | 'cancelled';
    verify?: PaymentAttemptOutcome;
  };
  const plans: Plan[] = [
    { child: nika, course: k1, status: 'paid', days: 12, card: '610433******7310', enrol: 'active', verify: 'ok' },
    { child: nika, course: k2, status: 'refunded', days: 20, card: '610433******7310', enrol: 'cancelled', verify: 'ok' },
    { child: nika, course: k3, status: 'failed', days: 8, verify: 'refused' },
    { child: nika, course: k0, status: 'pending', days: 0 },
    { child: sina, course: k0, status: 'paid', days: 7, card: '589210******1094', enrol: 'active', verify: 'ok' },
    { child: sina, course: k0, status: 'refundDue', days: 4, card: '589210******1094', verify: 'ok' },
    { child: sina, course: k2, status: 'cancelled', days: 5, verify: 'unpaid' },
    { child: sina, course: k1, status: 'expired', days: 6 },
  ];
  for (const [i, plan] of plans.entries()) {
    const created = at(plan.days, -30 - i);
    const paid = plan.verify === 'ok' ? at(plan.days, -25 - i) : null;
    const gatewayAuthority = paid ? seed.paidAuthority({ amountInTomans: plan.course.price, at: paid }) : authority();
    const refId = paid ? String(300 + i) : null;
    const order = await trx
      .insertInto('orders')
      .values({
        userId: plan.child.userId,
        status: plan.status,
        totalInTomans: plan.course.price,
        refundDueInTomans: plan.status === 'refundDue' ? plan.course.price : 0,
        refundedInTomans: plan.status === 'refunded' ? plan.course.price : 0,
        refundedAt: plan.status === 'refunded' ? at(plan.days - 2) : null,
        authority: gatewayAuthority,
        refId,
        cardPan: plan.card ?? null,
        createdAt: created,
        paidAt: paid,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const childName = `${plan.child.firstName} ${plan.child.lastName}`;
    await trx
      .insertInto('order_items')
      .values({ orderId: order.id, childId: plan.child.id, courseId: plan.course.id, listPriceInTomans: plan.course.price, priceInTomans: plan.course.price, childName, courseTitle: plan.course.title })
      .execute();
    await attempt(order.id, 'request', 'ok', plan.course.price, created, { authority: gatewayAuthority });
    if (plan.verify) {
      await attempt(order.id, 'verify', plan.verify, plan.course.price, paid ?? at(plan.days, -20 - i), {
        authority: gatewayAuthority,
        ...(refId ? { refId } : {}),
        ...(plan.card ? { cardPan: plan.card } : {}),
      });
    }
    if (plan.status === 'refunded') await attempt(order.id, 'manualRefund', 'ok', plan.course.price, at(plan.days - 2), { authority: gatewayAuthority });
    if (plan.enrol && paid) {
      await trx
        .insertInto('enrollments')
        .values({
          childId: plan.child.id,
          courseId: plan.course.id,
          orderId: order.id,
          enrolledAt: paid,
          status: plan.enrol,
          cancelledAt: plan.enrol === 'cancelled' ? at(plan.days - 2) : null,
        })
        .execute();
    }
  }
  // Enrolled by an admin without a payment (a scholarship).
  await trx.insertInto('enrollments').values({ childId: sina.id, courseId: k3.id, orderId: null, enrolledAt: at(2) }).execute();
}

/**
 * Sales of the last months, so the dashboard's monthly revenue and per-course
 * figures show something on a fresh start: one child of another family, a paid order every few
 * weeks (each course once), and one payment owed back.
 */
export async function seedSalesHistory(
  trx: Transaction<Database>,
  parentId: number,
  courses: ReadonlyArray<{ id: number; title: string; price: number }>,
  paidAuthority: SeedPaidAuthority,
): Promise<void> {
  if (courses.length === 0) return;
  const child = await trx
    .insertInto('children')
    .values({ firstName: 'پرهام', lastName: 'جعفری', birthDate: '2013-02-20T00:00:00.000Z', grade: 'ششم', userId: parentId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const day = 86_400_000;
  const sales = courses.map((course, i) => ({ course, paidAt: new Date(Date.now() - (25 + i * 33) * day).toISOString() }));
  const cardPan = '589210******7731';
  // Each paid as a real one is: the gateway's request and verify on record, the card masked.
  const paidThroughGateway = async (orderId: number, authority: string, refId: string, amountInTomans: number, at: string) => {
    await trx.insertInto('payment_attempts').values({ orderId, kind: 'request', outcome: 'ok', amountInTomans, at, authority, refId: null, cardPan: null }).execute();
    await trx.insertInto('payment_attempts').values({ orderId, kind: 'verify', outcome: 'ok', amountInTomans, at, authority, refId, cardPan }).execute();
  };
  for (const { course, paidAt } of sales) {
    const authority = paidAuthority({ amountInTomans: course.price, at: paidAt });
    const refId = String(300 + course.id);
    const order = await trx
      .insertInto('orders')
      .values({ userId: parentId, status: 'paid', totalInTomans: course.price, authority, refId, cardPan, createdAt: paidAt, paidAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    await paidThroughGateway(order.id, authority, refId, course.price, paidAt);
    await trx
      .insertInto('order_items')
      .values({ orderId: order.id, childId: child.id, courseId: course.id, listPriceInTomans: course.price, priceInTomans: course.price, childName: 'پرهام جعفری', courseTitle: course.title })
      .execute();
    await trx.insertInto('enrollments').values({ childId: child.id, courseId: course.id, orderId: order.id, enrolledAt: paidAt }).execute();
  }
  // The same course paid a second time by another checkout: nothing left to enrol, owed back.
  const first = sales[0];
  if (!first) return;
  const owedAt = new Date(Date.parse(first.paidAt) + 2 * day).toISOString();
  const owedAuthority = paidAuthority({ amountInTomans: first.course.price, at: owedAt });
  const owed = await trx
    .insertInto('orders')
    .values({ userId: parentId, status: 'refundDue', totalInTomans: first.course.price, refundDueInTomans: first.course.price, authority: owedAuthority, refId: '399', cardPan, createdAt: owedAt, paidAt: owedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  await paidThroughGateway(owed.id, owedAuthority, '399', first.course.price, owedAt);
  await trx
    .insertInto('order_items')
    .values({ orderId: owed.id, childId: child.id, courseId: first.course.id, listPriceInTomans: first.course.price, priceInTomans: first.course.price, childName: 'پرهام جعفری', courseTitle: first.course.title })
    .execute();
}

/**
 * The invoice numbers settlement would have given the sample orders: each order whose payment
 * enrolled a child (paid, or refunded since), in the order they were paid.
 */
export async function numberSeededInvoices(trx: Transaction<Database>): Promise<void> {
  const settled = await trx
    .selectFrom('orders')
    .select('id')
    .where('paidAt', 'is not', null)
    .where('invoiceNumber', 'is', null)
    .where((eb) => eb.exists(eb.selectFrom('enrollments').select('enrollments.id').whereRef('enrollments.orderId', '=', 'orders.id')))
    .orderBy('paidAt')
    .orderBy('id')
    .execute();
  for (const order of settled) await issueInvoiceNumber(trx, order.id);
}

/**
 * Seats and the waiting list: the first course is full — its seats enrolled
 * but one, which is held for a child offered it from the waiting list — with two more children
 * waiting behind; two other courses show their seats left.
 */
export async function seedWaitlist(trx: Transaction<Database>, courseIds: readonly number[]): Promise<void> {
  const [full, roomy, , nearlyFull] = courseIds;
  if (full === undefined || roomy === undefined || nearlyFull === undefined) return;
  const enrolled = await trx.selectFrom('enrollments').select('childId').where('courseId', '=', full).where('status', '=', 'active').execute();
  const enrolledIds = new Set(enrolled.map((e) => e.childId));
  const candidates = (await trx.selectFrom('children').select(['id', 'firstName']).orderBy('id').execute()).filter((c) => !enrolledIds.has(c.id));
  const [offered, ...waiting] = candidates.slice(0, 3);
  if (!offered) return;
  await trx.updateTable('courses').set({ capacity: enrolled.length + 1 }).where('id', '=', full).execute();
  await trx.updateTable('courses').set({ capacity: 15 }).where('id', '=', roomy).execute();
  await trx.updateTable('courses').set({ capacity: 12 }).where('id', '=', nearlyFull).execute();
  const waitingStatus: WaitlistStatus = 'waiting';
  const hour = 3_600_000;
  const at = (hours: number) => new Date(Date.now() + hours * hour).toISOString();
  await trx
    .insertInto('waitlist_entries')
    .values([
      { courseId: full, childId: offered.id, status: 'offered', joinedAt: at(-72), offeredAt: at(-4), holdUntil: at(20), position: 0 },
      ...waiting.map((child, i) => ({ courseId: full, childId: child.id, status: waitingStatus, joinedAt: at(-48 + i * 5), offeredAt: null, holdUntil: null, position: i + 1 })),
    ])
    .execute();
}
