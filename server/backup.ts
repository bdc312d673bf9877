// `npm run backup -- <folder>`: everything a restore needs, into a new folder, while the server
// keeps running: the database the settings name (server/platform/backup.ts: refused when this
// data dir's server runs on another), the key that signs sessions when it is kept in the data
// dir (`jwt-secret`), the media from whichever store the settings choose (laid out as the local
// store; `--no-media` leaves them to server/features/media/mediaBackup.ts, which copies only
// what is new), and manifest.json saying what is there. Written as `<folder>.partial` and
// renamed when whole. `npm run restore` (server/restore.ts) puts it back.
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { configuredMediaStore, copyMedia, LocalMediaStore } from './features/media/port';
import { BackupRefusal, checkedDatabase, describeDatabase, dumpDatabase, invoiceHighWater } from './platform/backup';
import type { DatabaseTarget } from './platform/db';
import { configFromEnv, type AppConfig } from './platform/config';

export const manifestSchema = v.object({
  format: v.literal(1),
  engine: v.picklist(['sqlite', 'postgres']),
  /** The database copied, without credentials. */
  database: v.string(),
  /** When the copy began: anything written later is not in it. */
  takenAt: v.string(),
  /** The highest invoice number issued when the copy was taken (a restore never issues it again). */
  invoiceNumber: v.number(),
  jwtSecret: v.boolean(),
  media: v.boolean(),
});
export type BackupManifest = v.InferOutput<typeof manifestSchema>;

export const databaseFileOf = (engine: DatabaseTarget['engine']) => (engine === 'sqlite' ? 'database.sqlite' : 'database.pgdump');
export const jwtSecretFile = (dataDir: string) => path.join(dataDir, 'jwt-secret');

export function readManifest(folder: string): BackupManifest {
  const file = path.join(folder, 'manifest.json');
  if (!existsSync(file)) throw new BackupRefusal(`${folder} is not a backup (no manifest.json): give the folder \`npm run backup\` wrote`);
  const parsed = v.safeParse(manifestSchema, JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new BackupRefusal(`${file} is not a manifest this version reads`);
  return parsed.output;
}

type BackupConfig = Pick<AppConfig, 'dataDir' | 'databaseFile' | 'databaseUrl' | 'jwtSecret' | 's3' | 'mediaDir'>;

export async function takeBackup(config: BackupConfig, folder: string, options: { media: boolean }): Promise<string[]> {
  const target = path.resolve(folder);
  if (existsSync(target)) throw new BackupRefusal(`${target} already exists: a backup is written into a new folder`);
  const { target: database, notes } = checkedDatabase(config);
  const partial = `${target}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  try {
    const takenAt = new Date().toISOString();
    const file = path.join(partial, databaseFileOf(database.engine));
    const detail = await dumpDatabase(database, file);
    // SQLite: read from the copy itself. PostgreSQL: read just after the dump, so it is at least
    // the dump's own (the counter only rises).
    const invoiceNumber = (await invoiceHighWater(database.engine === 'sqlite' ? { engine: 'sqlite', file } : database)) ?? 0;
    const lines = [`Database: ${describeDatabase(database)} (${detail}), invoices up to ${invoiceNumber}`];
    const secret = jwtSecretFile(config.dataDir);
    const jwtSecret = existsSync(secret);
    if (jwtSecret) {
      copyFileSync(secret, path.join(partial, 'jwt-secret'));
      lines.push(`Session signing key: ${secret}`);
    }
    if (config.jwtSecret) lines.push('Session signing key: the JWT_SECRET setting, which is not in this backup: keep the settings file (/etc/academy/academy.env) safe beside it');
    if (options.media) {
      const store = configuredMediaStore(config);
      const { copied } = await copyMedia(store, new LocalMediaStore(path.join(partial, 'media')));
      lines.push(`Media: ${copied} files from ${store.description}`);
    }
    const manifest: BackupManifest = { format: 1, engine: database.engine, database: describeDatabase(database), takenAt, invoiceNumber, jwtSecret, media: options.media };
    writeFileSync(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    renameSync(partial, target);
    return [`Backed up to ${target}`, ...lines, ...notes.map((note) => `Note: ${note}`)];
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/** Runs a command's body: a refusal or failure is printed as one line and exits 1. */
export function runCommand(body: () => Promise<string[]>): void {
  body().then(
    (lines) => {
      for (const line of lines) console.log(line);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (invokedDirectly) {
  const args = process.argv.slice(2);
  const folder = args.find((arg) => !arg.startsWith('--'));
  if (!folder || args.some((arg) => arg.startsWith('--') && arg !== '--no-media')) {
    console.error('usage: npm run backup -- <new folder> [--no-media]');
    process.exit(2);
  }
  runCommand(() => takeBackup(configFromEnv(), folder, { media: !args.includes('--no-media') }));
}
