// `npm run backup -- <target file>`: a consistent copy of the live database, taken with SQLite's
// online backup API while the server keeps running (a plain file copy of a WAL database can
// miss committed pages or catch a half-written one). The copy is checked before it is kept.
import Database from 'better-sqlite3';
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { configFromEnv } from './config';

export async function backupDatabase(source: string, target: string): Promise<{ pages: number }> {
  if (!existsSync(source)) throw new Error(`no database at ${source}`);
  const resolvedTarget = path.resolve(target);
  if (resolvedTarget === path.resolve(source)) throw new Error('the backup target is the database itself');
  // Written under a temporary name and renamed, so the target is never a half-finished copy.
  const partial = `${resolvedTarget}.partial`;
  rmSync(partial, { force: true });
  const db = new Database(source, { fileMustExist: true });
  let pages: number;
  try {
    db.pragma('busy_timeout = 5000');
    const result = await db.backup(partial);
    pages = result.totalPages;
  } finally {
    db.close();
  }
  const copy = new Database(partial, { readonly: true });
  try {
    const check: unknown = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`the backup failed its integrity check: ${String(check)}`);
  } catch (error) {
    copy.close();
    rmSync(partial, { force: true });
    throw error;
  }
  copy.close();
  renameSync(partial, resolvedTarget);
  return { pages };
}

async function main(): Promise<void> {
  const target = process.argv[2];
  if (!target) {
    console.error('usage: npm run backup -- <target file>');
    process.exit(2);
  }
  const config = configFromEnv();
  const source = config.databaseFile ?? path.join(config.dataDir, 'academy.sqlite');
  const { pages } = await backupDatabase(source, target);
  console.log(`Backed up ${source} to ${path.resolve(target)} (${pages} pages, integrity ok)`);
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (invokedDirectly) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
