// orders.refundRefusedAt: when the gateway last refused a refund of the order (it paid nothing
// back), null otherwise. It lets the refund be recorded as paid back by hand («ثبت بازگشت دستی»,
// schema/orders.ts) as well as tried through the gateway again, and is cleared when the order is
// refunded. Refusals before this column existed were never kept, so every order starts null.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('refundRefusedAt', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('refundRefusedAt').execute();
}
