// The server's own tables that the admin panel now presents through schema files with
// `tableOwner: 'server'` (orders, their items, enrolments, children, sign-in sessions): each
// gets the `version` column every entity row carries, so record actions on them (a refund, a
// cancelled enrolment) have the same optimistic-concurrency check as an edit.
import type { Kysely } from 'kysely';

export const serverOwnedTables = ['orders', 'order_items', 'enrollments', 'children', 'sessions'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of serverOwnedTables) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
}
