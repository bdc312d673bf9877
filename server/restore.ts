// `npm run restore -- <backup folder> [--invoice-floor N] [--no-media]`, with the server stopped:
// puts a backup of `npm run backup` (server/backup.ts) back into the database, data dir and media
// store the settings name, refusing a backup of the other engine.
//
// Invoice numbers never repeat. Invoices issued after the backup are lost with the restore, but
// their numbers reached the payers, so the restored counter is raised past the highest number
// ever issued: read from the database being replaced when it is the backup's continuation (its
// highest number is at least the backup's), else given by the operator with --invoice-floor (the
// newest invoice the academy sent, or the accounting's). With neither, the restore refuses: a
// guess could hand out a number twice. The payments of the lost window are the operator's to
// reconcile with the gateway, and the restore says so (with `npm run payments:unmatched`).
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { databaseFileOf, jwtSecretFile, readManifest, runCommand } from './backup';
import { configuredMediaStore, copyMedia, LocalMediaStore } from './features/media/port';
import { BackupRefusal, checkedDatabase, describeDatabase, invoiceHighWater, loadDatabase, otherSessions } from './platform/backup';
import { configFromEnv, type AppConfig } from './platform/config';

type RestoreConfig = Pick<AppConfig, 'dataDir' | 'databaseFile' | 'databaseUrl' | 's3' | 'mediaDir'>;

export async function restoreBackup(config: RestoreConfig, folder: string, options: { invoiceFloor?: number; media: boolean }): Promise<string[]> {
  const source = path.resolve(folder);
  const manifest = readManifest(source);
  const { target } = checkedDatabase(config);
  if (manifest.engine !== target.engine) {
    const name = (engine: string) => (engine === 'sqlite' ? 'SQLite' : 'PostgreSQL');
    throw new BackupRefusal(
      `this backup is of a ${name(manifest.engine)} database (${manifest.database}), but the settings name ${name(target.engine)} (${describeDatabase(target)}): restore it with the settings of a ${name(manifest.engine)} site`,
    );
  }
  const file = path.join(source, databaseFileOf(manifest.engine));
  if (!existsSync(file)) throw new BackupRefusal(`${file} is missing: the backup is incomplete`);

  const sessions = await otherSessions(target);
  if (sessions > 0) {
    throw new BackupRefusal(`${sessions} other sessions are connected to ${describeDatabase(target)}: stop every server process (and any other client) before a restore`);
  }
  const replaced = await invoiceHighWater(target);
  const continues = replaced !== null && replaced >= manifest.invoiceNumber;
  if (!continues && options.invoiceFloor === undefined) {
    const why = replaced === null ? 'cannot be read' : `has issued fewer invoices (up to ${replaced}) than the backup (up to ${manifest.invoiceNumber}), so it is not what the backup was taken of`;
    throw new BackupRefusal(
      `the database being replaced (${describeDatabase(target)}) ${why}: the last invoice number issued after the backup (taken ${manifest.takenAt}) is unknown. ` +
        'Give it with --invoice-floor N (the newest invoice the academy sent, or the accounting\'s last): the next invoice will be N + 1',
    );
  }
  const floor = Math.max(manifest.invoiceNumber, continues ? replaced : 0, options.invoiceFloor ?? 0);
  await loadDatabase(target, file, floor);
  const lines = [`Restored ${describeDatabase(target)} from the backup taken ${manifest.takenAt}; the next invoice number is ${floor + 1}`];

  if (manifest.jwtSecret) {
    mkdirSync(config.dataDir, { recursive: true });
    copyFileSync(path.join(source, 'jwt-secret'), jwtSecretFile(config.dataDir));
    lines.push(`Session signing key restored to ${jwtSecretFile(config.dataDir)}`);
  }
  if (manifest.media && options.media) {
    const store = configuredMediaStore(config);
    const { copied, unchanged } = await copyMedia(new LocalMediaStore(path.join(source, 'media')), store);
    lines.push(`Media: ${copied} files copied into ${store.description}, ${unchanged} already there`);
  }
  lines.push(
    `Reconcile with the payment gateway: orders, payments, refunds and invoices made after ${manifest.takenAt} are not in the restored database. ` +
      '`npm run payments:unmatched` lists the payments the gateway holds unverified that no order here knows; ' +
      `the gateway's panel lists the verified ones since ${manifest.takenAt}: settle each with its payer (enrol by hand, or refund) before reopening.`,
  );
  return lines;
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (invokedDirectly) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--invoice-floor');
  const floorText = at >= 0 ? args[at + 1] : undefined;
  const rest = args.filter((_, index) => at < 0 || (index !== at && index !== at + 1));
  const folder = rest.find((arg) => !arg.startsWith('--'));
  const badFloor = at >= 0 && !(floorText !== undefined && /^[0-9]+$/.test(floorText));
  if (!folder || badFloor || rest.some((arg) => arg.startsWith('--') && arg !== '--no-media')) {
    console.error('usage: npm run restore -- <backup folder> [--invoice-floor <last invoice number issued>] [--no-media]');
    process.exit(2);
  }
  runCommand(() => restoreBackup(configFromEnv(), folder, { invoiceFloor: floorText === undefined ? undefined : Number(floorText), media: !rest.includes('--no-media') }));
}
