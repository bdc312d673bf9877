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
import { type DB, nowIso, type OrderStatus } from '../../platform/db';
import { GatewayError, type GatewayFailure } from './gateway';
import type { Gateway } from '../../platform/outside';
import { selectForUpdate } from '../../engine/integrity';
import { failureOutcome, isGatewayAuthority, localAuthorityPrefixes, recordAttempt } from './payments';
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

/**
 * Asks the gateway about the order's payment and settles it. `status` is the callback's word:
 * NOK closes a pending order without asking. Throws GatewayError when the gateway cannot answer.
 */
export async function verifyOrder(
  s: Settlement,
  orderId: number,
  options: { from: readonly OrderStatus[]; status?: 'OK' | 'NOK' },
): Promise<void> {
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

async function verifyOnce(s: Settlement, orderId: number, { from, status }: { from: readonly OrderStatus[]; status?: 'OK' | 'NOK' }): Promise<void> {
  const order = await s.db.selectFrom('orders').select(['status', 'authority', 'totalInTomans']).where('id', '=', orderId).executeTakeFirst();
  // A free order's or the sample data's authority was never the gateway's: nothing to ask.
  if (!order?.authority || !isGatewayAuthority(order.authority) || !from.includes(order.status)) return;
  const authority = order.authority;
  if (status === 'NOK') return s.end(s.db, orderId, 'cancelled');
  // From our database: the callback's query names the authority only.
  const amountInTomans = Number(order.totalInTomans);
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
    await s.settle(s.db, orderId, outcome.refId, outcome.cardPan, from);
    await reverseIfBoughtNothing(s, orderId);
  } else if (outcome.status === 'failed') {
    // 'unpaid' leaves the order open and payable: a callback forged or sent early settles
    // nothing and closes nothing.
    await s.end(s.db, orderId, 'failed');
  }
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
  const attempt = async (orderId: number, from: readonly OrderStatus[]) => {
    if (silent || asked.has(orderId)) return;
    asked.add(orderId);
    try {
      await verifyOrder(s, orderId, { from });
    } catch (error) {
      console.error(`payment reconciliation: order ${orderId}: ${describe(error)}`);
      if (error instanceof GatewayError) heard(error.failure, `order ${orderId}`);
    }
  };

  let listed: string[] = [];
  try {
    listed = (await s.gateway.unverified()).map((p) => p.authority);
  } catch (error) {
    console.error(`payment reconciliation: the gateway's unverified list: ${describe(error)}`);
    if (error instanceof GatewayError) heard(error.failure, 'the unverified list');
  }
  // The merchant account may serve other sites too: only authorities of our orders are touched.
  for (let i = 0; i < listed.length; i += 100) {
    const ours = await s.db.selectFrom('orders').select('id').where('authority', 'in', listed.slice(i, i + 100)).orderBy('id').execute();
    for (const order of ours) await attempt(order.id, reconcileSettles);
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
