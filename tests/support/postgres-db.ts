// Per-server PostgreSQL databases for the server suite when it runs with TEST_DATABASE=postgres
// (tests/support/postgres.sh starts the private cluster and exports TEST_DATABASE_URL).
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { migrate, openPostgres } from '../../server/platform/db';

export const usePostgres = process.env.TEST_DATABASE === 'postgres';

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE=postgres needs TEST_DATABASE_URL (run tests/support/postgres.sh start)');
  return url;
}

/** The database name belonging to a data dir, so a restart on the same dir finds the same data. */
const nameFor = (dataDir: string) => `academy_${createHash('sha256').update(dataDir).digest('hex').slice(0, 20)}`;

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function urlOf(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates (when absent) the data dir's database and returns its URL: empty, or a copy of
 * `template`. Copied file by file: the private cluster runs without fsync, where that is about
 * a sixth of the time of the default (WAL-logged) copy.
 */
export async function databaseFor(dataDir: string, template?: string): Promise<string> {
  const name = nameFor(dataDir);
  await withAdmin(async (client) => {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database ${name} ${template ? `template ${template}` : ''} strategy file_copy`);
  });
  return urlOf(name);
}

/**
 * A database with every migration run, for a test run's servers to start from
 * (tests/support/global-setup.ts) instead of running the 30-odd migrations again on each of the
 * suite's 77 fresh databases (a few seconds of the suite's CPU). Migrations on an empty database
 * are still run, here and by the tests that start from one (migration history, the one-file
 * proof). Named by the process, so two runs on one cluster do not share it.
 */
export async function createMigratedTemplate(): Promise<string> {
  const name = `academy_template_${process.pid}`;
  await withAdmin(async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name} strategy file_copy`);
  });
  const db = openPostgres(urlOf(name), 1);
  try {
    await migrate(db);
  } finally {
    await db.destroy();
  }
  return name;
}

export async function dropTemplate(name: string): Promise<void> {
  await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
}

export async function dropDatabaseFor(dataDir: string): Promise<void> {
  await withAdmin((client) => client.query(`drop database if exists ${nameFor(dataDir)} with (force)`));
}

/**
 * One SQL script sent straight to a test server's database, past the server (a trigger, a row the
 * API would refuse): its PostgreSQL database, or `academy.sqlite` in its data dir.
 */
export async function rawSql(dataDir: string, statement: string): Promise<void> {
  if (usePostgres) {
    const client = new pg.Client({ connectionString: await databaseFor(dataDir) });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
    return;
  }
  const sqlite = new Database(path.join(dataDir, 'academy.sqlite'));
  try {
    sqlite.exec(statement);
  } finally {
    sqlite.close();
  }
}
