// Verifying and settling gateway payments, one code path for both ways a
// payment reaches us: the payer's callback (GET /api/Payment/Verify, learner.ts) and the periodic
// reconciliation for payers who never came back (the gateway's list of unverified payments, and
// our own open orders older than a few minutes).
//
// - The verify amount is always the order's total from our database, in the gateway's rials
//   (gateway.ts), never anything the callback's query says.
// - Zarinpal answers 100 to the first verify and 101 ("already verified") to any later one: both
//   are success (gateway.ts), and settling a settled order changes nothing.
// - Two verifications of one order at once (the callback and the sweep, in one process or two)
//   both may ask the gateway; only the settle that moves the order out of its open status (a
//   conditional update, which also locks the row on PostgreSQL until it commits) enrols.
// - A payment that bought nothing (every line enrolled by another order: a second payment of the
//   same cart) is reversed through the gateway while its window is open, the money back on the
//   payer's card; after that it stays `refundDue`, for the admin's refund action.
// - A verify refused for another amount (−50) ends the order `failed`, but the gateway may still
//   hold money on its authority. Its unverified list says how much: the order's total is verified
//   and settled as any payment; another amount is verified at that amount (the only way to take
//   it and so pay it back at once), buys nothing, and is owed back whole: the order's total becomes
//   what the gateway took, `refundDue`, reversed as above, and the parent is told.
import { type DB, nowIso, type OrderStatus } from '../../platform/db';
import { GatewayError, type GatewayFailure } from './gateway';
import type { Gateway } from '../../platform/outside';
import { selectForUpdate } from '../../engine/integrity';
import { failureOutcome, isGatewayAuthority, localAuthorityPrefixes, recordAttempt } from './payments';
import { offerSeatsOfOrder } from './seats';
import { queuePaymentReturned } from '../messaging/port';
import { repeatRounds, type JobClock } from '../../platform/jobClock';

/** How the money side of learner.ts is reached from here (passed in: learner.ts calls this module). */
export interface Settlement {
  db: DB;
  gateway: Gateway;
  /** Records the confirmed payment and enrols, once: only from one of the `from` statuses. */
  settle: (db: DB, orderId: number, refId: string, cardPan: string | null, from: readonly OrderStatus[]) => Promise<void>;
  /** Ends a still-pending order without payment. */
  end: (db: DB, orderId: number, status: 'failed' | 'cancelled') => Promise<void>;
}

/** Statuses the payer's callback may settle: the open order and one a newer checkout set aside. */
export const callbackSettles = ['pending', 'expired'] as const satisfies readonly OrderStatus[];
/**
 * Statuses the gateway's unverified list may settle: money the gateway took on our authority is
 * ours to account for even when the order was closed here (a cancel sent from one tab while
 * another paid). Settling enrols what still has a seat and owes back the rest.
 */
export const reconcileSettles = ['pending', 'expired', 'cancelled', 'failed'] as const satisfies readonly OrderStatus[];

/** Zarinpal reverses a payment for about 30 minutes after it; later attempts are not made. */
export const reverseWindowMs = 30 * 60_000;

/** One verification per order at a time in this process (per database: tests run several apps). */
const running = new WeakMap<DB, Map<number, Promise<void>>>();

interface VerifyOptions {
  from: readonly OrderStatus[];
  /** The callback's word: NOK closes a pending order without asking. */
  status?: 'OK' | 'NOK';
  /** What the gateway's unverified list says it holds on the order's authority, in tomans. */
  held?: number;
}

/**
 * Asks the gateway about the order's payment and settles it. Throws GatewayError when the
 * gateway cannot answer.
 */
export async function verifyOrder(s: Settlement, orderId: number, options: VerifyOptions): Promise<void> {
  let inProcess = running.get(s.db);
  if (!inProcess) running.set(s.db, (inProcess = new Map()));
  const under = inProcess.get(orderId);
  if (under) return under;
  const work = verifyOnce(s, orderId, options);
  inProcess.set(orderId, work);
  try {
    await work;
  } finally {
    inProcess.delete(orderId);
  }
}

async function verifyOnce(s: Settlement, orderId: number, { from, status, held }: VerifyOptions): Promise<void> {
  const order = await s.db.selectFrom('orders').select(['status', 'authority', 'totalInTomans']).where('id', '=', orderId).executeTakeFirst();
  // A free order's or the sample data's authority was never the gateway's: nothing to ask.
  if (!order?.authority || !isGatewayAuthority(order.authority) || !from.includes(order.status)) return;
  const authority = order.authority;
  if (status === 'NOK') return s.end(s.db, orderId, 'cancelled');
  // From our database: the callback's query names the authority only. The gateway's own list
  // may name another amount it holds on this authority (it refused the order's total with −50).
  const total = Number(order.totalInTomans);
  const amountInTomans = held ?? total;
  let outcome: Awaited<ReturnType<Gateway['verify']>>;
  try {
    outcome = await s.gateway.verify({ amountInTomans, authority });
  } catch (error) {
    await recordAttempt(s.db, { orderId, kind: 'verify', outcome: failureOutcome(error), amountInTomans, authority });
    throw error;
  }
  await recordAttempt(s.db, {
    orderId,
    kind: 'verify',
    outcome: outcome.status === 'paid' ? 'ok' : outcome.status === 'unpaid' ? 'unpaid' : 'refused',
    amountInTomans,
    authority,
    ...(outcome.status === 'paid' ? { refId: outcome.refId, cardPan: outcome.cardPan } : {}),
  });
  if (outcome.status === 'paid') {
    if (amountInTomans === total) await s.settle(s.db, orderId, outcome.refId, outcome.cardPan, from);
    else await oweWhole(s.db, orderId, { refId: outcome.refId, cardPan: outcome.cardPan, amountInTomans }, from);
    await reverseIfBoughtNothing(s, orderId);
  } else if (outcome.status === 'failed') {
    // 'unpaid' leaves the order open and payable: a callback forged or sent early settles
    // nothing and closes nothing.
    await s.end(s.db, orderId, 'failed');
  }
}

/**
 * Money verified on the order's authority for an amount that is not the order's: it buys
 * nothing, and is owed back whole. The order records what the gateway took as its total (its
 * request and verify attempts keep both amounts), becomes `refundDue` for all of it (reversed at
 * once while the gateway allows, else the admin's refund pays it), and the parent is told in the
 * same transaction. Only from one of the `from` statuses, once.
 */
async function oweWhole(
  db: DB,
  orderId: number,
  paid: { refId: string; cardPan: string | null; amountInTomans: number },
  from: readonly OrderStatus[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const order = await selectForUpdate(trx, 'orders', orderId);
    if (!order || !from.some((status) => status === order.status)) return;
    await trx
      .updateTable('orders')
      .set((eb) => ({
        status: 'refundDue',
        refId: paid.refId,
        cardPan: paid.cardPan,
        paidAt: nowIso(),
        totalInTomans: paid.amountInTomans,
        refundDueInTomans: paid.amountInTomans,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', orderId)
      .execute();
    // An order still open held its seats until now.
    if (order.status === 'pending' || order.status === 'expired') await offerSeatsOfOrder(trx, orderId);
    await queuePaymentReturned(trx, orderId, paid.amountInTomans);
  });
}

/**
 * A verified payment that enrolled nothing (the whole amount owed back) is reversed at once while
 * the gateway allows it. The order is locked (PostgreSQL) through the gateway's answer, so the
 * admin's refund of the same order waits and then finds it paid back, and never pays twice.
 */
export async function reverseIfBoughtNothing(s: Pick<Settlement, 'db' | 'gateway'>, orderId: number): Promise<GatewayFailure | undefined> {
  return s.db.transaction().execute(async (trx): Promise<GatewayFailure | undefined> => {
    const order = await selectForUpdate(trx, 'orders', orderId);
    if (!order || order.status !== 'refundDue') return;
    const total = Number(order.totalInTomans);
    const authority = typeof order.authority === 'string' ? order.authority : '';
    if (total === 0 || Number(order.refundDueInTomans) !== total || Number(order.refundedInTomans ?? 0) > 0) return;
    if (!isGatewayAuthority(authority)) return;
    const attempt = { orderId, kind: 'reverse' as const, amountInTomans: total, authority };
    let answer: Awaited<ReturnType<Gateway['reverse']>>;
    try {
      answer = await s.gateway.reverse({ authority });
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      // Tried again by the next reconciliation while the window lasts (unless the gateway refused).
      await recordAttempt(trx, { ...attempt, outcome: failureOutcome(error) });
      return error.failure;
    }
    if (answer.status === 'refused') {
      await recordAttempt(trx, { ...attempt, outcome: 'refused' });
      return;
    }
    await recordAttempt(trx, { ...attempt, outcome: 'ok' });
    await trx
      .updateTable('orders')
      .set((eb) => ({ status: 'refunded', refundedInTomans: total, refundDueInTomans: 0, refundedAt: nowIso(), version: eb('version', '+', 1) }))
      .where('id', '=', orderId)
      .execute();
  });
}

export interface ReconcileOptions {
  /** Our own open orders are asked about once they are this old (the payer had time to come back). */
  pendingAfterMs: number;
}

/** A listed amount this server could have asked for (whole tomans), else none. */
const heldOf = (amount: number | undefined) => (amount !== undefined && Number.isSafeInteger(amount) && amount > 0 ? amount : undefined);

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One round of reconciliation: settles the payments the gateway lists as paid but unverified that
 * are ours, asks about our open orders the payer left, and retries reversals the gateway could
 * not be reached for. A failure on one order is logged and the next one is tried.
 */
export async function reconcilePayments(s: Settlement, { pendingAfterMs }: ReconcileOptions): Promise<void> {
  // Once the gateway does not answer at all (no connection, or nothing within the time-out), the
  // round asks it nothing more: each further order would wait out the whole time-out in turn (50
  // open orders × 15 s), and the next round, a few minutes on, asks them all again.
  let silent = false;
  const heard = (failure: GatewayFailure | undefined, what: string) => {
    if (failure !== 'unreachable') return;
    silent = true;
    console.error(`payment reconciliation: the gateway did not answer (${what}); the rest waits for the next round`);
  };
  const asked = new Set<number>();
  const attempt = async (orderId: number, from: readonly OrderStatus[], held?: number) => {
    if (silent || asked.has(orderId)) return;
    asked.add(orderId);
    try {
      await verifyOrder(s, orderId, { from, ...(held === undefined ? {} : { held }) });
    } catch (error) {
      console.error(`payment reconciliation: order ${orderId}: ${describe(error)}`);
      if (error instanceof GatewayError) heard(error.failure, `order ${orderId}`);
    }
  };

  let listed = new Map<string, number>();
  try {
    listed = new Map((await s.gateway.unverified()).map((p) => [p.authority, p.amountInTomans]));
  } catch (error) {
    console.error(`payment reconciliation: the gateway's unverified list: ${describe(error)}`);
    if (error instanceof GatewayError) heard(error.failure, 'the unverified list');
  }
  // The merchant account may serve other sites too: only authorities of our orders are touched.
  const authorities = [...listed.keys()];
  for (let i = 0; i < authorities.length; i += 100) {
    const ours = await s.db.selectFrom('orders').select(['id', 'authority']).where('authority', 'in', authorities.slice(i, i + 100)).orderBy('id').execute();
    for (const order of ours) await attempt(order.id, reconcileSettles, heldOf(listed.get(order.authority ?? '')));
  }

  // A payment the gateway does not list (its list holds the last 100 only) is still found by its
  // order; an hour on, an unpaid authority has long expired at the gateway.
  const now = Date.now();
  const open = await s.db
    .selectFrom('orders')
    .select('id')
    .where('status', 'in', callbackSettles)
    .where('authority', 'is not', null)
    .where((eb) => eb.and(localAuthorityPrefixes.map((prefix) => eb('authority', 'not like', `${prefix}%`))))
    .where('createdAt', '<=', new Date(now - pendingAfterMs).toISOString())
    .where('createdAt', '>', new Date(now - pendingAfterMs - 3_600_000).toISOString())
    .orderBy('id')
    .limit(50)
    .execute();
  for (const order of open) await attempt(order.id, callbackSettles);

  // Reversals that met an unreachable gateway, while the window lasts.
  const owed = await s.db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'refundDue')
    .whereRef('refundDueInTomans', '=', 'totalInTomans')
    .where('paidAt', '>', new Date(now - reverseWindowMs).toISOString())
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payment_attempts')
            .select('payment_attempts.id')
            .whereRef('payment_attempts.orderId', '=', 'orders.id')
            .where('payment_attempts.kind', '=', 'reverse')
            .where('payment_attempts.outcome', 'in', ['ok', 'refused']),
        ),
      ),
    )
    .orderBy('id')
    .limit(50)
    .execute();
  for (const order of owed) {
    if (silent) return;
    try {
      heard(await reverseIfBoughtNothing(s, order.id), `reversing order ${order.id}`);
    } catch (error) {
      console.error(`payment reconciliation: reversing order ${order.id}: ${describe(error)}`);
    }
  }
}

/**
 * Runs the reconciliation on `clock` every `everyMs` (0: never), one round at a time. The stop it
 * returns waits for a round under way, so the database is not closed under it.
 */
export function startPaymentReconciliation(s: Settlement, clock: JobClock, everyMs: number, options: ReconcileOptions): () => Promise<void> {
  if (everyMs <= 0) return async () => undefined;
  return repeatRounds(clock, everyMs, () => reconcilePayments(s, options), (error) => console.error(`payment reconciliation failed: ${describe(error)}`));
}
