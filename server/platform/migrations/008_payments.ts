// Orders and payments in the panel.
// - orders: the discount (0 until coupons exist), the payer's masked card as the gateway's verify
//   answered it, and what was paid back (refundedInTomans, refundedAt) — a refund may be of one
//   cancelled enrolment (the order stays `paid`) or of the whole order (`refunded`).
// - payment_attempts: every call to the gateway about an order (request, verify, refund) and a
//   manual refund, with its outcome, so the order's detail view shows how the payment went.
// - enrollments: a status; a cancelled enrolment is kept (it is the record of what was paid for),
//   and a learner buying the course again reactivates it.
// - The triggers of 006 keep refunded orders too: they are financial records.
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { financialRecordsError } from './006_money';

/** Statuses of an order that the triggers keep from deletion (and its learner with it). */
const keptStatuses = sql.raw(`('paid', 'refundDue', 'refunded')`);
const previousKept = sql.raw(`('paid', 'refundDue')`);

async function keepFinancialRecords(db: Kysely<unknown>, statuses: ReturnType<typeof sql.raw>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const userHasRecords = (id: string) => sql`exists (select 1 from ${sql.table('orders')} where ${sql.ref('userId')} = ${sql.raw(id)}
      and ${sql.ref('status')} in ${statuses})
    or exists (select 1 from ${sql.table('enrollments')} e join ${sql.table('children')} c on c.${sql.ref('id')} = e.${sql.ref('childId')}
      where c.${sql.ref('userId')} = ${sql.raw(id)})`;
  if (pg) {
    // Replacing the functions keeps the triggers that call them.
    await sql`create or replace function users_keep_financial_records() returns trigger language plpgsql as $$
      begin
        if ${userHasRecords('old.id')} then
          raise exception '${sql.raw(financialRecordsError)}';
        end if;
        return old;
      end $$`.execute(db);
    await sql`create or replace function orders_keep_financial_records() returns trigger language plpgsql as $$
      begin
        if old.${sql.ref('status')} in ${statuses} then
          raise exception '${sql.raw(financialRecordsError)}';
        end if;
        return old;
      end $$`.execute(db);
    return;
  }
  await sql`drop trigger if exists users_keep_financial_records`.execute(db);
  await sql`drop trigger if exists orders_keep_financial_records`.execute(db);
  await sql`create trigger users_keep_financial_records before delete on ${sql.table('users')}
    when ${userHasRecords('old.id')}
    begin select raise(abort, '${sql.raw(financialRecordsError)}'); end`.execute(db);
  await sql`create trigger orders_keep_financial_records before delete on ${sql.table('orders')}
    when old.${sql.ref('status')} in ${statuses}
    begin select raise(abort, '${sql.raw(financialRecordsError)}'); end`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('orders').addColumn('discountInTomans', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('orders').addColumn('cardPan', 'text').execute();
  await db.schema.alterTable('orders').addColumn('refundedInTomans', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('orders').addColumn('refundedAt', 'text').execute();
  await db.schema.createIndex('orders_created').on('orders').column('createdAt').execute();

  await db.schema
    .createTable('payment_attempts')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('orderId', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // 'request', 'verify', 'refund' (through the gateway), 'manualRefund' (recorded by an admin).
    .addColumn('kind', 'text', (c) => c.notNull())
    // 'ok', 'unpaid', 'refused', 'unreachable'.
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('amountInTomans', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('authority', 'text')
    .addColumn('refId', 'text')
    .addColumn('cardPan', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_attempts_order').on('payment_attempts').column('orderId').execute();

  await db.schema.alterTable('enrollments').addColumn('status', 'text', (c) => c.notNull().defaultTo('active')).execute();
  await db.schema.alterTable('enrollments').addColumn('cancelledAt', 'text').execute();
  await db.schema.createIndex('enrollments_course').on('enrollments').column('courseId').execute();

  await keepFinancialRecords(db, keptStatuses);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await keepFinancialRecords(db, previousKept);
  await db.schema.dropIndex('enrollments_course').execute();
  await db.schema.alterTable('enrollments').dropColumn('cancelledAt').execute();
  await db.schema.alterTable('enrollments').dropColumn('status').execute();
  await db.schema.dropTable('payment_attempts').execute();
  await db.schema.dropIndex('orders_created').execute();
  for (const column of ['refundedAt', 'refundedInTomans', 'cardPan', 'discountInTomans']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
