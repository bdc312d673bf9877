// Money and records.
// - orders.refundDueInTomans: the part of a verified payment that bought nothing (its courses were
//   already enrolled by another order), owed back to the payer.
// - One open order per learner: a partial unique index on orders(userId) where status is
//   'pending', so two checkouts at the same moment cannot both open one (server/features/commerce/learner.ts).
// - Financial records outlive an account: triggers refuse deleting a user who has a paid or
//   refund-due order or an enrolment, and deleting such an order, whoever sends the delete
//   (the admin CRUD, a bulk delete, a revert, or a hand-written SQL statement).
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** The text the triggers raise; server/engine/integrity.ts recognises it and answers 409. */
export const financialRecordsError = 'financial records are kept';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('orders')
    .addColumn('refundDueInTomans', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  // Before this migration a learner could hold several pending orders: all but the newest are
  // set aside as `expired` (a late payment of one is still verified; see learner.ts).
  await sql`update ${sql.table('orders')} set ${sql.ref('status')} = 'expired'
    where ${sql.ref('status')} = 'pending' and ${sql.ref('id')} not in (
      select max(${sql.ref('id')}) from ${sql.table('orders')} where ${sql.ref('status')} = 'pending' group by ${sql.ref('userId')})`.execute(db);
  await db.schema
    .createIndex('orders_one_open_per_user')
    .on('orders')
    .column('userId')
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  const userHasRecords = (id: string) => sql`exists (select 1 from ${sql.table('orders')} where ${sql.ref('userId')} = ${sql.raw(id)}
      and ${sql.ref('status')} in ('paid', 'refundDue'))
    or exists (select 1 from ${sql.table('enrollments')} e join ${sql.table('children')} c on c.${sql.ref('id')} = e.${sql.ref('childId')}
      where c.${sql.ref('userId')} = ${sql.raw(id)})`;
  if (pg) {
    await sql`create function users_keep_financial_records() returns trigger language plpgsql as $$
      begin
        if ${userHasRecords('old.id')} then
          raise exception '${sql.raw(financialRecordsError)}';
        end if;
        return old;
      end $$`.execute(db);
    await sql`create trigger users_keep_financial_records before delete on ${sql.table('users')}
      for each row execute procedure users_keep_financial_records()`.execute(db);
    await sql`create function orders_keep_financial_records() returns trigger language plpgsql as $$
      begin
        if old.${sql.ref('status')} in ('paid', 'refundDue') then
          raise exception '${sql.raw(financialRecordsError)}';
        end if;
        return old;
      end $$`.execute(db);
    await sql`create trigger orders_keep_financial_records before delete on ${sql.table('orders')}
      for each row execute procedure orders_keep_financial_records()`.execute(db);
  } else {
    await sql`create trigger users_keep_financial_records before delete on ${sql.table('users')}
      when ${userHasRecords('old.id')}
      begin select raise(abort, '${sql.raw(financialRecordsError)}'); end`.execute(db);
    await sql`create trigger orders_keep_financial_records before delete on ${sql.table('orders')}
      when old.${sql.ref('status')} in ('paid', 'refundDue')
      begin select raise(abort, '${sql.raw(financialRecordsError)}'); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`drop trigger if exists orders_keep_financial_records${sql.raw(pg ? ' on orders' : '')}`.execute(db);
  await sql`drop trigger if exists users_keep_financial_records${sql.raw(pg ? ' on users' : '')}`.execute(db);
  if (pg) {
    await sql`drop function if exists orders_keep_financial_records()`.execute(db);
    await sql`drop function if exists users_keep_financial_records()`.execute(db);
  }
  await db.schema.dropIndex('orders_one_open_per_user').execute();
  await db.schema.alterTable('orders').dropColumn('refundDueInTomans').execute();
}
