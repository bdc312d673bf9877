// Discounts and invoices, on the server's own tables.
// - order_items: what each line cost before its discounts (listPriceInTomans) and each discount
//   taken off it (early-bird, sibling, coupon); priceInTomans stays what was charged for the line,
//   so a refund of a line that enrolled nothing pays back what was paid for it.
// - orders: the coupon used (couponId, without a foreign key: coupons is made by a generated
//   migration that runs after this one; couponCode as the learner typed it) and the invoice
//   number, given to each paid order in order, unique.
// - invoice_sequence: one row holding the last invoice number given. Settlement takes the next
//   one by updating that row in the transaction that marks the order paid: the row lock makes a
//   second settlement wait (PostgreSQL; SQLite has one writer), and a rollback gives the number
//   back, so numbers have neither gaps nor duplicates.
// - cart_coupons: the coupon a learner entered in their cart, until checkout or removal.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_items').addColumn('listPriceInTomans', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  for (const column of ['earlyBirdDiscountInTomans', 'siblingDiscountInTomans', 'couponDiscountInTomans']) {
    await db.schema.alterTable('order_items').addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  }
  await sql`update ${sql.table('order_items')} set ${sql.ref('listPriceInTomans')} = ${sql.ref('priceInTomans')}`.execute(db);

  await db.schema.alterTable('orders').addColumn('couponId', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('orders').addColumn('couponCode', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('orders').addColumn('invoiceNumber', 'integer').execute();
  await db.schema.createIndex('orders_invoice_number').on('orders').column('invoiceNumber').unique().execute();
  await db.schema.createIndex('orders_coupon').on('orders').column('couponId').execute();

  await db.schema
    .createTable('invoice_sequence')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Orders paid before invoices existed get theirs now, in the order they were paid.
  const paid = await sql<{ id: number }>`select ${sql.ref('id')} from ${sql.table('orders')}
    where ${sql.ref('status')} = 'paid' order by ${sql.ref('paidAt')}, ${sql.ref('id')}`.execute(db);
  let last = 0;
  for (const row of paid.rows) {
    last++;
    await sql`update ${sql.table('orders')} set ${sql.ref('invoiceNumber')} = ${last} where ${sql.ref('id')} = ${row.id}`.execute(db);
  }
  await sql`insert into ${sql.table('invoice_sequence')} (${sql.ref('id')}, ${sql.ref('last')}) values (1, ${last})`.execute(db);

  await db.schema
    .createTable('cart_coupons')
    .addColumn('userId', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('appliedAt', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cart_coupons').execute();
  await db.schema.dropTable('invoice_sequence').execute();
  await db.schema.dropIndex('orders_coupon').execute();
  await db.schema.dropIndex('orders_invoice_number').execute();
  for (const column of ['invoiceNumber', 'couponCode', 'couponId']) await db.schema.alterTable('orders').dropColumn(column).execute();
  for (const column of ['couponDiscountInTomans', 'siblingDiscountInTomans', 'earlyBirdDiscountInTomans', 'listPriceInTomans']) {
    await db.schema.alterTable('order_items').dropColumn(column).execute();
  }
}
