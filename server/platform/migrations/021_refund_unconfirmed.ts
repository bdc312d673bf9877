// orders.refundUnconfirmedAt: when a refund through the gateway went unanswered (it may have paid
// the money back all the same), null otherwise. It tells the order's row which refund applies —
// the gateway's while null, only the one recorded by hand once set (schema/orders.ts) — and is
// cleared when the order is refunded. Orders whose last refund attempt was left uncertain before
// this column existed are given that attempt's time.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('refundUnconfirmedAt', 'text').execute();
  await sql`update ${sql.table('orders')} set ${sql.ref('refundUnconfirmedAt')} = (
      select ${sql.ref('last.at')} from ${sql.table('payment_attempts')} as ${sql.ref('last')}
      where ${sql.ref('last.orderId')} = ${sql.ref('orders.id')} and ${sql.ref('last.kind')} in ('refund', 'manualRefund')
      order by ${sql.ref('last.id')} desc limit 1)
    where ${sql.ref('status')} in ('paid', 'refundDue') and (
      select ${sql.ref('last.outcome')} from ${sql.table('payment_attempts')} as ${sql.ref('last')}
      where ${sql.ref('last.orderId')} = ${sql.ref('orders.id')} and ${sql.ref('last.kind')} in ('refund', 'manualRefund')
      order by ${sql.ref('last.id')} desc limit 1) in ('unreachable', 'unreadable')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('refundUnconfirmedAt').execute();
}
