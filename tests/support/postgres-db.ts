// Per-server PostgreSQL databases for the server suite when it runs with TEST_DATABASE=postgres
// (tests/support/postgres.sh starts the private cluster and exports TEST_DATABASE_URL).
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';

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

/** Creates (when absent) the data dir's database and returns its URL. */
export async function databaseFor(dataDir: string): Promise<string> {
  const name = nameFor(dataDir);
  await withAdmin(async (client) => {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database ${name}`);
  });
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
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
