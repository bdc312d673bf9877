// @vitest-environment node
// The migration that fills the list price of order lines written without one (the sample data's
// lines read «۰ تومان» on an order's page): a line charged something gets what it was charged plus
// its discounts; a free line and a line that states its list price are left as they are. On SQLite,
// or PostgreSQL with TEST_DATABASE=postgres.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, nowIso, openDatabase, openPostgres, type DB } from '../../../server/platform/db';
import { migrateNewDatabaseTo } from '../../../server/platform/migrations';
import { migrationHistory } from '../../../server/platform/migrations/history.gen';
import { unusablePasswordHash } from '../../../server/features/identity/passwords';
import { databaseFor, dropDatabaseFor, usePostgres } from '../../support/postgres-db';

describe('order lines without a list price', () => {
  it('get what they were charged plus their discounts; free lines and stated ones stay', async () => {
    const index = migrationHistory.findIndex((m) => m.name.endsWith('_order_line_list_prices'));
    const before = migrationHistory[index - 1]?.name;
    if (!before) throw new Error('no migration fills the order lines’ list prices');
    const dir = mkdtempSync(path.join(tmpdir(), 'academy-list-prices-'));
    const db: DB = usePostgres ? openPostgres(await databaseFor(dir), 2) : openDatabase(path.join(dir, 'academy.db'));
    try {
      expect(await migrateNewDatabaseTo(db, before)).toBeUndefined();
      const now = nowIso();
      const user = await db
        .insertInto('users')
        .values({ firstName: 'الهام', lastName: 'جعفری', phoneNumber: '09123333333', emailAddress: '', passwordHash: unusablePasswordHash, role: 1, isLockout: 0, lastLogin: null, createdAt: now, tokenVersion: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const order = await db.insertInto('orders').values({ userId: user.id, status: 'paid', totalInTomans: 900_000, createdAt: now }).returning('id').executeTakeFirstOrThrow();
      const line = { orderId: order.id, childId: 1, courseId: 1, childName: 'پرهام', courseTitle: 'پایتون', earlyBirdDiscountInTomans: 0, siblingDiscountInTomans: 0, couponDiscountInTomans: 0 };
      await db
        .insertInto('order_items')
        .values([
          { ...line, listPriceInTomans: 0, priceInTomans: 500_000, earlyBirdDiscountInTomans: 50_000, siblingDiscountInTomans: 25_000 },
          { ...line, courseId: 2, listPriceInTomans: 0, priceInTomans: 0 },
          { ...line, courseId: 3, listPriceInTomans: 450_000, priceInTomans: 400_000, couponDiscountInTomans: 50_000 },
        ])
        .execute();
      await migrate(db);
      const rows = await db.selectFrom('order_items').select(['courseId', 'listPriceInTomans']).orderBy('courseId').execute();
      expect(rows.map((r) => [r.courseId, Number(r.listPriceInTomans)])).toEqual([
        [1, 575_000],
        [2, 0],
        [3, 450_000],
      ]);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
      if (usePostgres) await dropDatabaseFor(dir);
    }
  });
});
