// The database's part of a backup and a restore (server/backup.ts and server/restore.ts add the
// media and the signing key): the database the settings name, checked against the one this data
// dir's server last ran on, copied consistently while the server runs — SQLite with its online
// backup API (a plain file copy of a WAL database can miss committed pages or catch a
// half-written one), PostgreSQL with `pg_dump -Fc` — and loaded back, with the invoice counter
// moved past every number already issued.
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { databaseTarget, type DatabaseTarget } from './db';

/** An operator's mistake a backup or a restore refuses to go on with; its message says what to do. */
export class BackupRefusal extends Error {}

/** A database named without its credentials: the file's path, or `postgresql://host:port/name`. */
export function describeDatabase(target: DatabaseTarget): string {
  if (target.engine === 'sqlite') return path.resolve(target.file);
  const url = new URL(target.url);
  return `postgresql://${url.hostname}:${url.port || '5432'}${url.pathname}`;
}

/** Written into the data dir at every start: which database this site's server runs on. */
const markerName = 'database.json';

export function recordDatabase(dataDir: string, target: DatabaseTarget): void {
  const marker = { engine: target.engine, database: describeDatabase(target) };
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, markerName);
  const written = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (written !== JSON.stringify(marker)) writeFileSync(file, JSON.stringify(marker));
}

function recorded(dataDir: string): { engine: string; database: string } | null {
  const file = path.join(dataDir, markerName);
  if (!existsSync(file)) return null;
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof parsed === 'object' && parsed !== null && 'engine' in parsed && 'database' in parsed && typeof parsed.engine === 'string' && typeof parsed.database === 'string') {
    return { engine: parsed.engine, database: parsed.database };
  }
  return null;
}

const settingsHint = 'run the command with the server\'s own settings (e.g. `set -a; . /etc/academy/academy.env; set +a` first)';

/**
 * The configured database, refused when this data dir's server runs on another one (a backup
 * taken with the settings of a shell that lacks DATABASE_URL would copy an old SQLite file left
 * in the data dir). The notes are for the operator: a stale SQLite file beside a PostgreSQL site.
 */
export function checkedDatabase(config: { dataDir: string; databaseFile?: string; databaseUrl?: string }): { target: DatabaseTarget; notes: string[] } {
  const target = databaseTarget(config);
  const described = describeDatabase(target);
  const marker = recorded(config.dataDir);
  if (marker && marker.database !== described) {
    throw new BackupRefusal(
      `the settings name ${target.engine === 'sqlite' ? `the SQLite file ${described}` : `the PostgreSQL database ${described}`}, but the server of ${config.dataDir} runs on ${marker.engine === 'sqlite' ? `the SQLite file ${marker.database}` : `the PostgreSQL database ${marker.database}`}: ${settingsHint}`,
    );
  }
  const notes: string[] = [];
  const oldFile = path.join(config.dataDir, 'academy.sqlite');
  if (target.engine === 'postgres' && existsSync(oldFile)) notes.push(`${oldFile} is not this site's database (it runs on PostgreSQL) and is not in the backup`);
  return { target, notes };
}

/** pg_dump or pg_restore: on the PATH, else the newest of Debian's installed clients. */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian) ? readdirSync(debian).filter((v) => /^[0-9]+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) if (existsSync(path.join(debian, version, 'bin', name))) return path.join(debian, version, 'bin', name);
  throw new BackupRefusal(`${name} was not found: install the PostgreSQL client of the server's version or newer (Debian: apt-get install postgresql-client)`);
}

/**
 * Runs a PostgreSQL client tool on the URL's database. The password goes in the environment,
 * not on the command line, where every user of the machine could read it.
 */
function runPgTool(name: 'pg_dump' | 'pg_restore', url: string, args: string[]): Promise<string> {
  const bare = new URL(url);
  const password = decodeURIComponent(bare.password);
  bare.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(pgTool(name), [...args, `--dbname=${bare.toString()}`], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${name} failed (exit ${code}): ${output.trim()}`))));
  });
}

function checkSqlite(file: string): void {
  const copy = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const check: unknown = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy failed its integrity check: ${String(check)}`);
  } finally {
    copy.close();
  }
}

/** A consistent copy of the database in `file` (written whole or not at all); what it holds, in words. */
export async function dumpDatabase(target: DatabaseTarget, file: string): Promise<string> {
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  try {
    let detail: string;
    if (target.engine === 'sqlite') {
      if (!existsSync(target.file)) throw new BackupRefusal(`no database at ${target.file}: if this site runs on PostgreSQL, set DATABASE_URL; ${settingsHint}`);
      const db = new Database(target.file, { fileMustExist: true });
      try {
        db.pragma('busy_timeout = 5000');
        detail = `${(await db.backup(partial)).totalPages} pages`;
      } finally {
        db.close();
      }
      checkSqlite(partial);
      detail += ', integrity ok';
    } else {
      await runPgTool('pg_dump', target.url, ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`]);
      // The archive's table of contents reads back whole: the dump is complete.
      const contents = await new Promise<string>((resolve, reject) => {
        const child = spawn(pgTool('pg_restore'), ['--list', partial], { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('error', reject);
        child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`the dump does not read back: ${output.trim()}`))));
      });
      detail = `${contents.split('\n').filter((line) => / TABLE DATA /.test(line)).length} tables, the archive reads back whole`;
    }
    renameSync(partial, file);
    return detail;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * The highest invoice number the database has issued: the counter's, or a paid order's if
 * higher. Null when there is no such database to read (absent, unreachable, or never migrated).
 */
export async function invoiceHighWater(target: DatabaseTarget): Promise<number | null> {
  const query = 'select (select max("last") from invoice_sequence) as counter, (select max("invoiceNumber") from orders) as issued';
  const highest = (row: { counter: unknown; issued: unknown } | undefined) => Math.max(Number(row?.counter ?? 0), Number(row?.issued ?? 0));
  try {
    if (target.engine === 'sqlite') {
      if (!existsSync(target.file)) return null;
      const db = new Database(target.file, { readonly: true, fileMustExist: true });
      try {
        return highest(db.prepare<[], { counter: unknown; issued: unknown }>(query).get());
      } finally {
        db.close();
      }
    }
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      return highest((await client.query<{ counter: unknown; issued: unknown }>(query)).rows[0]);
    } finally {
      await client.end();
    }
  } catch {
    return null;
  }
}

/**
 * Sessions other than this one on the PostgreSQL database: a server process still running would
 * keep writing beside the restore (0 for SQLite, where nothing tells a running server apart).
 */
export async function otherSessions(target: DatabaseTarget): Promise<number> {
  if (target.engine === 'sqlite') return 0;
  const client = new pg.Client({ connectionString: target.url });
  try {
    await client.connect();
  } catch {
    return 0; // nothing to restore over yet: pg_restore will say why it cannot connect
  }
  try {
    const found = await client.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return Number(found.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** The counter raised to a floor, never lowered (one statement per driver's placeholder). */
const raiseCounter = {
  sqlite: 'update invoice_sequence set "last" = @floor where id = 1 and "last" < @floor',
  postgres: 'update invoice_sequence set "last" = $1 where id = 1 and "last" < $1',
};

/**
 * Replaces the database with the dump in `file`, its invoice counter moved up to `floor` (the
 * next invoice is floor + 1). SQLite: the copy is checked and given its floor before it takes
 * the database's place in one rename, its old journal files removed. PostgreSQL: pg_restore
 * drops and re-creates the dump's objects in one transaction, then the counter is raised.
 */
export async function loadDatabase(target: DatabaseTarget, file: string, floor: number): Promise<void> {
  if (target.engine === 'sqlite') {
    const incoming = `${target.file}.restoring`;
    rmSync(incoming, { force: true });
    copyFileSync(file, incoming);
    try {
      checkSqlite(incoming);
      const db = new Database(incoming, { fileMustExist: true });
      try {
        // Written in place, with no journal file beside it to carry over the rename.
        db.pragma('journal_mode = DELETE');
        db.prepare(raiseCounter.sqlite).run({ floor });
      } finally {
        db.close();
      }
      for (const journal of ['-wal', '-shm']) rmSync(`${target.file}${journal}`, { force: true });
      renameSync(incoming, target.file);
    } catch (error) {
      rmSync(incoming, { force: true });
      throw error;
    }
    return;
  }
  await runPgTool('pg_restore', target.url, ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', file]);
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    await client.query(raiseCounter.postgres, [floor]);
  } finally {
    await client.end();
  }
}
