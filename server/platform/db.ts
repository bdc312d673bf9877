// The database: Kysely over better-sqlite3 by default, or over PostgreSQL (`pg` pool) when a
// connection URL is configured. Rows keep SQL-portable types (booleans as 0/1, instants as
// ISO-8601 UTC text) so the same migrations and queries run on both.
import SQLite from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresAdapter, type CompiledQuery, PostgresDialect, SqliteDialect, sql, type SqliteDatabase, type Transaction } from 'kysely';
import pg from 'pg';
import { foldedMigrations, migratorsInOrder } from './migrations/index';

import type { Database } from './tables';
import type { DatabaseTarget } from './config';

export * from './tables';

export type DB = Kysely<Database>;

export function openDatabase(file: string): DB {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers go on while one writer commits, and survives crashes without a rollback
  // journal rewrite. With WAL, synchronous=NORMAL is still crash-safe for the database file
  // (only the last commits before a power loss may be lost, never corruption) and saves an
  // fsync per commit, which is what makes many small writes fast.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // Another process (a backup, a second server on the same file) may hold the write lock briefly.
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: keepingStatements(sqlite) }) });
}

/**
 * better-sqlite3 for Kysely, with prepared statements kept by their SQL text (the 256 most
 * recently used): Kysely prepares every query anew, and preparing was a large part of a short
 * request's cost (the token's user and the list cache's change marker, on every list call).
 * Parameters are bound per run, so a kept statement is as safe as a new one; one still being
 * iterated (a streamed select) is never handed out twice.
 */
function keepingStatements(sqlite: SQLite.Database, size = 256): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      const statement = kept.get(text);
      if (statement && !statement.busy) {
        kept.delete(text); // re-inserted below: the Map's order is the recency order
        kept.set(text, statement);
        return statement;
      }
      const fresh = sqlite.prepare(text);
      kept.set(text, fresh);
      if (kept.size > size) {
        const oldest = kept.keys().next();
        if (!oldest.done) kept.delete(oldest.value);
      }
      return fresh;
    },
  };
}

/**
 * PostgreSQL answers bigint columns and count(*) as strings (they may exceed 2^53); every bigint
 * here (prices in tomans, counts) fits a double, and SQLite already answers numbers, so both
 * dialects hand the code the same types.
 */
const pgTypes = new pg.TypeOverrides();
pgTypes.setTypeParser(pg.types.builtins.INT8, 'text', (value: string) => Number(value));

export function openPostgres(url: string, poolSize = Number(process.env.DATABASE_POOL_SIZE ?? 10)): DB {
  // At least two: migrating holds one connection for its lock while the migrations run on another.
  const pool = new pg.Pool({ connectionString: url, max: Math.max(2, poolSize), types: pgTypes });
  // A connection the server ends (a restart, a failover, an administrator or a pooler ending
  // it) emits 'error'; unheard, that error ends the whole process. The pool hears its idle
  // connections only: one checked out by a request emits on the client itself, so every client
  // is heard from its start. The query under way fails (answered 503: isDatabaseUnavailable),
  // the pool drops the connection when it is released, and the next query opens a new one.
  const lost = (error: Error) => console.error(`PostgreSQL connection lost: ${error.message}`);
  pool.on('connect', (client) => client.on('error', lost));
  // The pool passes an idle client's error on as its own: the same error, already logged above.
  pool.on('error', () => undefined);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** PostgreSQL when a URL is given, else the SQLite file. */
export function openConfiguredDatabase(target: { databaseUrl?: string; databaseFile: string }): DB {
  return target.databaseUrl ? openPostgres(target.databaseUrl) : openDatabase(target.databaseFile);
}

export { databaseTarget, type DatabaseTarget } from './config';

export const openDatabaseTarget = (target: DatabaseTarget): DB => (target.engine === 'postgres' ? openPostgres(target.url) : openDatabase(target.file));

export const isPostgres = (db: DB | Transaction<Database>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Holds, until the transaction ends, a lock that orders first-start seeding across processes:
 * under PostgreSQL's read-committed isolation two servers starting together would both see an
 * empty users table. SQLite's single writer already serialises them.
 */
export async function lockForSeeding(trx: Transaction<Database>): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${0x5eed})`.execute(trx);
}

/**
 * A marker that moves whenever the SQLite database changes: total_changes() counts this
 * connection's writes, data_version moves on commits by any other connection or process. Null on
 * PostgreSQL, where other processes write and no such cheap marker exists.
 */
export async function changeMarker(db: DB): Promise<string | null> {
  if (isPostgres(db)) return null;
  let query = markerQueries.get(db);
  if (!query) {
    // Compiled once per database: it is read on every list call and every access check.
    query = sql<{ c: number; v: number }>`select total_changes() as c, (select data_version from pragma_data_version) as v`.compile(db);
    markerQueries.set(db, query);
  }
  const row = (await db.executeQuery(query)).rows[0];
  return row ? `${row.c}:${row.v}` : null;
}

const markerQueries = new WeakMap<DB, CompiledQuery<{ c: number; v: number }>>();

/**
 * The change marker as one request sees it, read once however many steps of its handling ask
 * (the access check, then the list cache). Reading it early and using it later is safe: what
 * is kept under a marker is read after that marker, so it is never older than the marker says.
 */
export function requestChangeMarker(db: DB, request: object): Promise<string | null> {
  let marker = requestMarkers.get(request);
  if (!marker) {
    marker = changeMarker(db);
    requestMarkers.set(request, marker);
  }
  return marker;
}

const requestMarkers = new WeakMap<object, Promise<string | null>>();

/**
 * Brings the database to the latest migration. On PostgreSQL the whole sequence runs under one
 * session lock: Kysely locks each era's run, not the eras in turn, so a second server starting
 * with the first would read the history before the first's later eras ran and then find them
 * "missing" from the migrator it built (two machines on a new database). SQLite's database is one
 * server's own file.
 */
export async function migrate(db: DB): Promise<void> {
  if (!isPostgres(db)) return migrateInTurn(db);
  await db.connection().execute(async (held) => {
    await sql`select pg_advisory_lock(${migrationLockKey})`.execute(held);
    try {
      await migrateInTurn(db);
    } finally {
      await sql`select pg_advisory_unlock(${migrationLockKey})`.execute(held);
    }
  });
}

/** The PostgreSQL advisory lock `migrate` holds from before it reads the history to its end. */
export const migrationLockKey = 0x4d16a7e;

async function migrateInTurn(db: DB): Promise<void> {
  await adoptFoldedMigrations(db);
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const ran = tables.some((t) => t.name === 'kysely_migration')
    ? new Set((await sql<{ name: string }>`select ${sql.ref('name')} from ${sql.table('kysely_migration')}`.execute(db)).rows.map((r) => r.name))
    : new Set<string>();
  for (const migrator of migratorsInOrder(db, ran)) {
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) {
      throw new Error(`database migration failed${failed ? ` in ${failed.migrationName}` : ''}`, { cause: error });
    }
  }
}

/**
 * A database that ran every migration a folded one replaces has its tables already: it records
 * the folded name instead, so the fold runs nothing twice. One that ran only some of them cannot
 * be carried forward safely, and says so rather than half-applying the rest.
 */
export async function adoptFoldedMigrations<Tables>(db: Kysely<Tables>, folded: typeof foldedMigrations = foldedMigrations): Promise<void> {
  if (folded.length === 0) return;
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === 'kysely_migration')) return;
  const recorded = await sql<{ name: string }>`select ${sql.ref('name')} from ${sql.table('kysely_migration')}`.execute(db);
  const applied = new Set(recorded.rows.map((row) => row.name));
  for (const { name, replaces } of folded) {
    const ran = replaces.filter((part) => applied.has(part));
    if (applied.has(name) || ran.length === 0) continue;
    if (ran.length < replaces.length) {
      throw new Error(`database migration failed: ${name} was folded from ${replaces.join(', ')}, but this database ran only ${ran.join(', ')}; start from a backup taken before them or from an empty database`);
    }
    await db.transaction().execute(async (trx) => {
      await sql`delete from ${sql.table('kysely_migration')} where ${sql.ref('name')} in (${sql.join(replaces)})`.execute(trx);
      await sql`insert into ${sql.table('kysely_migration')} (${sql.ref('name')}, ${sql.ref('timestamp')}) values (${name}, ${nowIso()})`.execute(trx);
    });
  }
}

export const nowIso = (): string => new Date().toISOString();

/** A row as the generic engine handles it: column names to stored values. */
export type Row = Record<string, unknown>;
/** The database or a transaction in it: what a query runs on. */
export type Executor = Kysely<Database> | Transaction<Database>;
