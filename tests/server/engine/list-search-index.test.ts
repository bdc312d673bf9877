// @vitest-environment node
// The SQLite search index of server/engine/listQuery.ts on its own: built once, then kept up to date
// from the change log (only the changed rows re-read), and the log pruned as it grows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../../schema/registry.gen';
import { migrate, openDatabase, type DB } from '../../../server/platform/db';
import { parseListQuery, runListQuery } from '../../../server/engine/listQuery';
import { prepareListSearch } from '../../../server/engine/listSearch';
import { usePostgres } from '../../support/postgres-db';

let dir: string;
let db: DB;
const entity = registry.categories;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'academy-index-'));
  db = openDatabase(path.join(dir, 'index.sqlite'));
  await migrate(db);
  await prepareListSearch(db, [entity]);
});
afterAll(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const search = async (q: string) => {
  const query = parseListQuery(entity, { q, pageSize: '500' });
  if (!query) throw new Error('no query');
  return runListQuery(db, entity, query);
};
const changeCount = async () => Number((await db.selectFrom('list_changes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe.skipIf(usePostgres)('SQLite search index', () => {
  it('logs writes, follows them incrementally and prunes the log', async () => {
    const rows = Array.from({ length: 41_000 }, (_, i) => ({ name: `دسته ${i}`, slug: `c-${i}`, inActive: 0, coverImage: '' }));
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 500) await trx.insertInto('categories').values(rows.slice(i, i + 500)).execute();
    });
    expect(await changeCount()).toBe(41_000);
    expect((await search('دسته 40999')).total).toBe(1);

    await db.updateTable('categories').set({ name: 'ربات‌ها' }).where('slug', '=', 'c-7').execute();
    await db.deleteFrom('categories').where('slug', '=', 'c-8').execute();
    await db.insertInto('categories').values({ name: 'كيهان', slug: 'new', inActive: 0, coverImage: '' }).execute();
    expect((await search('ربات ها')).items.map((row) => row.slug)).toEqual(['c-7']);
    expect((await search('دسته 8')).items.map((row) => row.slug)).not.toContain('c-8');
    expect((await search('کیهان')).total).toBe(1);
    // Past twice the kept length, the log was cut back and the cut noted.
    expect(await changeCount()).toBeLessThanOrEqual(20_001);
    const pruned = await db.selectFrom('list_pruned').selectAll().executeTakeFirstOrThrow();
    expect(pruned.tbl).toBe('categories');
    expect(pruned.below).toBeGreaterThan(0);
  });
});
