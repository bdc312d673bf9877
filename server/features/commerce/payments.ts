// The record of every call to the payment gateway about an order (payment_attempts, migration
// 008): written where the learner's checkout and verification and the admin's refund talk to the
// gateway, read by the order's detail view (schema/paymentAttempts.ts).
import { nowIso, type Database, type DB, type PaymentAttemptKind, type PaymentAttemptOutcome } from '../../platform/db';
import { GatewayError } from './gateway';
import type { Transaction } from 'kysely';

export interface AttemptRecord {
  orderId: number;
  kind: PaymentAttemptKind;
  outcome: PaymentAttemptOutcome;
  amountInTomans: number;
  authority?: string | null;
  refId?: string | null;
  cardPan?: string | null;
}

export async function recordAttempt(db: DB | Transaction<Database>, attempt: AttemptRecord): Promise<void> {
  await db
    .insertInto('payment_attempts')
    .values({
      orderId: attempt.orderId,
      kind: attempt.kind,
      outcome: attempt.outcome,
      amountInTomans: attempt.amountInTomans,
      authority: attempt.authority ?? null,
      refId: attempt.refId ?? null,
      cardPan: attempt.cardPan ?? null,
      at: nowIso(),
    })
    .execute();
}

/** A gateway failure as an attempt's outcome: no answer, an answer nobody could read, or a refusal. */
export function failureOutcome(error: unknown): PaymentAttemptOutcome {
  return error instanceof GatewayError ? error.failure : 'refused';
}

/**
 * Authorities this server writes itself, never one a gateway issued: a free order's and the
 * sample data's. No gateway is ever asked about them (verify, reversal, refund).
 */
export const localAuthorityPrefixes = ['FREE-', 'SEED-'] as const;
export const isGatewayAuthority = (authority: string): boolean => authority !== '' && !localAuthorityPrefixes.some((prefix) => authority.startsWith(prefix));
