// enrollments.refundedInTomans: what was paid back when the enrolment was cancelled (its order
// line's price, or the part of it the order still held), 0 otherwise. A cancel that paid money
// back is final: the enrolment is not reinstated for money the payer already has back
// (schema/enrollments.ts). Enrolments cancelled with a refund before this column existed are
// found by their audit entries (the cancel's input, or the order's refund that cancelled them)
// and given their line's price.
import { sql, type Kysely } from 'kysely';
import * as v from 'valibot';

interface Cancelled {
  id: number;
  orderId: number | null;
  childId: number;
  courseId: number;
  paidCourseId: number | null;
}

const via = v.object({ entity: v.string(), action: v.string(), input: v.optional(v.object({ refund: v.optional(v.unknown()) })) });

/** True when the audit entry's `via` is a cancel that paid back, or an order's refund. */
function paidBack(text: string | null): boolean {
  if (text === null) return false;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return false;
  }
  const parsed = v.safeParse(via, json);
  if (!parsed.success) return false;
  const { entity, action, input } = parsed.output;
  if (entity === 'orders') return action === 'refund' || action === 'manualRefund';
  return entity === 'enrollments' && action === 'cancel' && input?.refund === 'refund';
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('enrollments').addColumn('refundedInTomans', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await markPaidBack(db);
}

/** Gives each enrolment whose last cancel paid money back (by the audit log) its line's price. */
export async function markPaidBack<T>(db: Kysely<T>): Promise<void> {
  const cancelled = await sql<Cancelled>`select ${sql.ref('id')}, ${sql.ref('orderId')}, ${sql.ref('childId')}, ${sql.ref('courseId')}, ${sql.ref('paidCourseId')}
    from ${sql.table('enrollments')} where ${sql.ref('status')} = 'cancelled' and ${sql.ref('orderId')} is not null`.execute(db);
  for (const enrolment of cancelled.rows) {
    const last = await sql<{ via: string | null }>`select ${sql.ref('via')} from ${sql.table('audit_log')}
      where ${sql.ref('entity')} = 'enrollments' and ${sql.ref('recordId')} = ${enrolment.id} and ${sql.ref('after')} like '%"cancelled"%'
      order by ${sql.ref('id')} desc limit 1`.execute(db);
    if (!paidBack(last.rows[0]?.via ?? null)) continue;
    await sql`update ${sql.table('enrollments')} set ${sql.ref('refundedInTomans')} = coalesce((
        select ${sql.ref('priceInTomans')} from ${sql.table('order_items')}
        where ${sql.ref('orderId')} = ${enrolment.orderId} and ${sql.ref('childId')} = ${enrolment.childId}
          and ${sql.ref('courseId')} = ${enrolment.paidCourseId ?? enrolment.courseId} limit 1), 1)
      where ${sql.ref('id')} = ${enrolment.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('enrollments').dropColumn('refundedInTomans').execute();
}
