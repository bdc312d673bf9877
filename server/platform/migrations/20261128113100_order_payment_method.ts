// orders.paymentMethod: how the order was paid — 'online' (checkout on the site, through the
// gateway or free) or recorded by hand by an admin with the enrolment it paid for ('cash',
// 'cardToCard', 'free'; schema/orders.ts). A refund of an order recorded by hand is recorded by
// hand too, never asked of the gateway. Every order before this column was bought on the site.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('paymentMethod', 'text', (c) => c.notNull().defaultTo('online')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('paymentMethod').execute();
}
