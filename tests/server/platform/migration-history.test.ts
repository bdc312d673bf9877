// @vitest-environment node
// One migration history: hand-written and generated migrations in one order, new names that two
// branches cannot both make, and a fold of unreleased generated steps that is the same change,
// which a database that ran the parts takes without running anything twice.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, type Migration } from 'kysely/migration';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { compactSteps, unreleasedTail } from '../../../codegen/foldMigrations';
import type { MigrationStep } from '../../../codegen/migration-steps';
import { applyToSnapshot } from '../../../codegen/migration-steps';
import { diffTables } from '../../../codegen/schemaMigrations';
import { loadHistory, newMigrationName, type HistoryEntry } from '../../../codegen/migrationHistory';
import { adoptFoldedMigrations, migrate, migrationLockKey, openDatabase, openPostgres, type DB } from '../../../server/platform/db';
import { generatedMigration } from '../../../server/platform/migrations/generated';
import { migrationHistory } from '../../../server/platform/migrations/history.gen';
import { compareMigrationNames, migrationEra } from '../../../codegen/migrationOrder';
import { databaseFor, dropDatabaseFor, usePostgres } from '../../support/postgres-db';

describe('the history’s order and names', () => {
  it('runs the hand-written 00N_ ones, then the generated g00N_ ones, then every later one by its second', () => {
    const names = migrationHistory.map((m) => m.name);
    expect(names.every((name) => migrationEra(name) >= 0)).toBe(true);
    expect([...names].sort(compareMigrationNames)).toEqual(names);
    expect(names.indexOf('021_refund_unconfirmed')).toBeLessThan(names.indexOf('g001_alter_6_tables'));
    const later = ['20261127090000_create_rooms', 'g006_create_coupons_sibling_discounts_alter_courses', '20261126190512_add_room_notes', '021_refund_unconfirmed'];
    expect(later.sort(compareMigrationNames)).toEqual(['021_refund_unconfirmed', 'g006_create_coupons_sibling_discounts_alter_courses', '20261126190512_add_room_notes', '20261127090000_create_rooms']);
    expect(migrationEra('g7_rooms')).toBe(-1);
    expect(migrationEra('20261126_rooms')).toBe(-1);
  });

  it('lists every migration file of the folder, hand-written or generated, in its index', async () => {
    const folder = await loadHistory();
    expect(folder.entries.map((e) => e.name)).toEqual(migrationHistory.map((m) => m.name));
    expect(folder.entries.filter((e) => e.generated).map((e) => e.name)).toEqual(migrationHistory.filter((m) => 'generated' in m).map((m) => m.name));
  });

  it('names a new migration by the second it was made, and never as one already in the history', () => {
    const at = new Date('2026-11-26T19:05:12.345Z');
    const entries: HistoryEntry[] = [{ name: '20261126190512_create_rooms', file: '20261126190512_create_rooms.gen.ts' }];
    expect(newMigrationName([], 'create_rooms', at)).toBe('20261126190512_create_rooms');
    expect(newMigrationName(entries, 'create_rooms', at)).toBe('20261126190513_create_rooms');
    expect(newMigrationName(entries, 'alter_courses', at)).toBe('20261126190512_alter_courses');
  });
});

const tryout: MigrationStep[][] = [
  [{ op: 'createTable', table: 'fold_probe', columns: { title: { type: 'text', notNull: true, default: '' }, version: { type: 'integer', notNull: true, default: 1 } } }],
  [
    { op: 'addColumn', table: 'fold_probe', column: 'courseId', spec: { type: 'integer', notNull: true, default: 0, index: 'fold_probe_courseId_idx' } },
    { op: 'createIndex', table: 'fold_probe', column: 'courseId', name: 'fold_probe_courseId_idx' },
    { op: 'addColumn', table: 'fold_probe', column: 'draft', spec: { type: 'text', notNull: true, default: '' } },
    { op: 'addColumn', table: 'articles_probe', column: 'note', spec: { type: 'text', notNull: true, default: '' } },
  ],
  [
    { op: 'dropColumn', table: 'fold_probe', column: 'draft', spec: { type: 'text', notNull: true, default: '' } },
    { op: 'renameColumn', table: 'fold_probe', from: 'title', to: 'name' },
    { op: 'dropColumn', table: 'articles_probe', column: 'note', spec: { type: 'text', notNull: true, default: '' } },
    { op: 'addColumn', table: 'articles_probe', column: 'summary', spec: { type: 'text', notNull: true, default: '' } },
  ],
];
const existing = { tables: { articles_probe: { body: { type: 'text' as const, notNull: true, default: '' } } } };

describe('folding unreleased generated migrations', () => {
  it('is the same change in fewer steps', () => {
    const all = tryout.flat();
    const folded = compactSteps(all);
    expect(folded.length).toBeLessThan(all.length);
    const replay = (steps: readonly MigrationStep[]) => steps.reduce(applyToSnapshot, existing);
    expect(replay(folded)).toEqual(replay(all));
    expect(folded.filter((s) => s.op === 'createTable')).toHaveLength(1);
    expect(JSON.stringify(folded)).not.toContain('draft');
    expect(JSON.stringify(folded)).not.toContain('"note"');
  });

  it('folds only the generated tail the base branch does not have', () => {
    const entry = (name: string, generated: boolean): HistoryEntry => ({ name, file: `${name}${generated ? '.gen' : ''}.ts`, ...(generated ? { generated: { steps: [] } } : {}) });
    const entries = [entry('021_refund_unconfirmed', false), entry('20261120100000_create_rooms', true), entry('20261126100000_alter_rooms', true), entry('20261126110000_alter_rooms', true)];
    const released = new Set(['021_refund_unconfirmed.ts', '20261120100000_create_rooms.gen.ts']);
    expect(unreleasedTail(entries, released).map((e) => e.name)).toEqual(['20261126100000_alter_rooms', '20261126110000_alter_rooms']);
    const withHand = [...entries.slice(0, 3), entry('20261126103000_fill_rooms', false), entries[3] ?? entry('x', true)];
    expect(() => unreleasedTail(withHand, released)).toThrow(/20261126103000_fill_rooms\.ts is hand-written/);
  });

  const opened: Array<{ db: Kysely<unknown> | DB; dir: string }> = [];
  afterEach(async () => {
    for (const { db, dir } of opened.splice(0)) {
      await db.destroy();
      if (usePostgres) await dropDatabaseFor(dir);
      rmSync(dir, { recursive: true, force: true });
    }
  });
  async function emptyDatabase(): Promise<DB> {
    const dir = mkdtempSync(path.join(tmpdir(), 'academy-fold-'));
    const db = usePostgres ? openPostgres(await databaseFor(dir), 2) : openDatabase(path.join(dir, 'academy.db'));
    opened.push({ db, dir });
    await sql`create table ${sql.table('articles_probe')} (${sql.ref('id')} integer primary key, ${sql.ref('body')} text not null default '')`.execute(db);
    return db;
  }
  const parts = ['20261126100000_create_fold_probe', '20261126110000_alter_fold_probe', '20261126120000_alter_fold_probe_articles_probe'];
  const provider = (migrations: Record<string, Migration>) => ({ getMigrations: () => Promise.resolve(migrations) });
  const partsProvider = (count: number) => provider(Object.fromEntries(parts.slice(0, count).map((name, i) => [name, generatedMigration({ steps: tryout[i] ?? [] })])));
  const foldedName = '20261126130000_create_fold_probe_alter_articles_probe';
  const foldedProvider = provider({ [foldedName]: generatedMigration({ replaces: parts, steps: compactSteps(tryout.flat()) }) });
  const columns = async (db: DB) =>
    (await db.introspection.getTables()).filter((t) => t.name.endsWith('_probe')).map((t) => ({ table: t.name, columns: t.columns.map((c) => `${c.name}:${c.dataType}:${c.isNullable}`).sort() }));
  const ran = async (db: DB) => (await sql<{ name: string }>`select ${sql.ref('name')} from ${sql.table('kysely_migration')} order by ${sql.ref('name')}`.execute(db)).rows.map((r) => r.name);

  it(`makes the same tables as its parts (${usePostgres ? 'PostgreSQL' : 'SQLite'}), and a database that ran the parts runs nothing more`, async () => {
    const stepByStep = await emptyDatabase();
    expect((await new Migrator({ db: stepByStep, provider: partsProvider(3) }).migrateToLatest()).error).toBeUndefined();
    const inOne = await emptyDatabase();
    expect((await new Migrator({ db: inOne, provider: foldedProvider }).migrateToLatest()).error).toBeUndefined();
    expect(await columns(inOne)).toEqual(await columns(stepByStep));
    await sql`insert into ${sql.table('fold_probe')} (${sql.ref('name')}) values (${'کلاس'})`.execute(stepByStep);

    await adoptFoldedMigrations(stepByStep, [{ name: foldedName, replaces: parts }]);
    expect(await ran(stepByStep)).toEqual([foldedName]);
    const again = await new Migrator({ db: stepByStep, provider: foldedProvider }).migrateToLatest();
    expect(again.error).toBeUndefined();
    expect(again.results).toEqual([]);
    expect((await sql<{ name: string }>`select ${sql.ref('name')} from ${sql.table('fold_probe')}`.execute(stepByStep)).rows).toEqual([{ name: 'کلاس' }]);
  });

  it('refuses, in plain words, a database that ran only some of the folded parts', async () => {
    const halfway = await emptyDatabase();
    expect((await new Migrator({ db: halfway, provider: partsProvider(2) }).migrateToLatest()).error).toBeUndefined();
    await expect(adoptFoldedMigrations(halfway, [{ name: foldedName, replaces: parts }])).rejects.toThrow(
      `${foldedName} was folded from ${parts.join(', ')}, but this database ran only ${parts.slice(0, 2).join(', ')}`,
    );
    expect(await ran(halfway)).toEqual(parts.slice(0, 2));
  });
});

describe('composite unique indexes', () => {
  it('are added and dropped by the generated steps, and replayed with the tables', () => {
    const tables = { rooms: { name: { type: 'text' as const, notNull: true, default: '' }, floor: { type: 'integer' as const, notNull: true, default: 0 } } };
    const without = { tables };
    const withUnique = { tables, uniques: { rooms_name_floor_unique: { table: 'rooms', columns: ['name', 'floor'] } } };
    const added = diffTables(without, withUnique, []);
    expect(added).toEqual([{ op: 'createUnique', table: 'rooms', columns: ['name', 'floor'], name: 'rooms_name_floor_unique' }]);
    expect(added.reduce(applyToSnapshot, without)).toEqual(withUnique);
    const dropped = diffTables(withUnique, without, []);
    expect(dropped).toEqual([{ op: 'dropUnique', table: 'rooms', name: 'rooms_name_floor_unique' }]);
    expect(dropped.reduce(applyToSnapshot, withUnique)).toEqual(without);
    // Folded with the table that made it, nothing is left of either.
    expect(compactSteps([{ op: 'createTable', table: 'rooms', columns: tables.rooms }, ...added, { op: 'dropTable', table: 'rooms' }])).toEqual([]);
  });
});

describe.skipIf(!usePostgres)('two servers starting together on a new PostgreSQL database', () => {
  // Kysely locks each era's run, not the eras in turn: a server that read the history before
  // another ran its later eras found them "missing". One lock from before the read to the end.
  it('migrate it one after the other: the second waits, before reading the history, until the first is done', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'academy-migrate-twice-'));
    const url = await databaseFor(dir);
    const [first, second, watcher] = [openPostgres(url, 2), openPostgres(url, 2), openPostgres(url, 2)];
    try {
      await watcher.connection().execute(async (held) => {
        await sql`select pg_advisory_lock(${migrationLockKey})`.execute(held);
        let settled = false;
        const migrating = Promise.all([migrate(first), migrate(second)]).finally(() => (settled = true));
        const waiting = async () =>
          (await sql<{ n: number }>`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = ${migrationLockKey} and not granted`.execute(watcher)).rows[0]?.n ?? 0;
        await expect.poll(async () => (settled ? 'finished while the lock was held' : await waiting())).toBe(2);
        const tables = await watcher.introspection.getTables({ withInternalKyselyTables: true });
        expect(tables.map((t) => t.name)).not.toContain('kysely_migration');
        await sql`select pg_advisory_unlock(${migrationLockKey})`.execute(held);
        await migrating;
      });
      const ran = await sql<{ name: string }>`select name from kysely_migration`.execute(watcher);
      expect(ran.rows.map((row) => row.name).sort(compareMigrationNames)).toEqual(migrationHistory.map((m) => m.name));
    } finally {
      await Promise.all([first.destroy(), second.destroy(), watcher.destroy()]);
      await dropDatabaseFor(dir);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
