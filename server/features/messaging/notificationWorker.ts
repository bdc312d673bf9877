// The notification outbox's worker: claims the messages that are due (a lease, so two processes
// never send one twice), sends each through its channel, and backs off the failures.
import { randomUUID } from 'node:crypto';
import { isPostgres, nowIso, type DB } from '../../platform/db';
import { type NotificationSettings } from '../../platform/config';
import { DeliveryError, type Messaging } from '../../platform/outside';
import { notificationTexts, queueClassReminders } from './notifications';
import { repeatRounds, type JobClock } from '../../platform/jobClock';

/** The back-off after the given number of failed attempts: base, 2×base, 4×base … at most 6 h. */
export const retryDelayMs = (settings: Pick<NotificationSettings, 'retryBaseMs'>, attempts: number): number =>
  Math.min(settings.retryBaseMs * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);

/**
 * Claims the due messages (queued and due, or `sending` with a lease that ran out), marking them
 * `sending` under a fresh claim token and lease; each claim counts as an attempt. Messages whose
 * lease ran out with no attempt left are failed instead of claimed.
 */
async function claim(db: DB, settings: NotificationSettings, now: number) {
  const at = new Date(now).toISOString();
  const token = randomUUID();
  const leaseUntil = new Date(now + settings.leaseMs).toISOString();
  await db
    .updateTable('notifications')
    .set((eb) => ({ status: 'failed', leaseUntil: null, claimToken: null, lastError: notificationTexts.workerDied, version: eb('version', '+', 1) }))
    .where('status', '=', 'sending')
    .where('leaseUntil', '<=', at)
    .where('attempts', '>=', settings.maxAttempts)
    .execute();
  let due = db
    .selectFrom('notifications')
    .select('id')
    .where((eb) => eb.or([eb.and([eb('status', '=', 'queued'), eb('nextAttemptAt', '<=', at)]), eb.and([eb('status', '=', 'sending'), eb('leaseUntil', '<=', at)])]))
    .orderBy('id')
    .limit(settings.batchSize);
  // Rows another process is claiming are skipped, not waited for (and never claimed twice):
  // several servers share the queue. SQLite runs the one statement under its single writer lock.
  if (isPostgres(db)) due = due.forUpdate().skipLocked();
  // One statement: the choice and the claim cannot be split by another worker.
  const rows = await db
    .updateTable('notifications')
    .set((eb) => ({ status: 'sending', attempts: eb('attempts', '+', 1), leaseUntil, claimToken: token, version: eb('version', '+', 1) }))
    .where('id', 'in', due)
    .returning(['id', 'dedupeKey', 'channel', 'address', 'subject', 'body', 'attempts'])
    .execute();
  return { token, rows: rows.sort((a, b) => a.id - b.id) };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * One round of the worker: claims what is due and sends it, one message after another. Answers
 * how many messages it sent. Exported for the tests, which drive the clock.
 */
export async function deliverDue(db: DB, messaging: Messaging, settings: NotificationSettings, now = Date.now()): Promise<number> {
  const { token, rows } = await claim(db, settings, now);
  let sent = 0;
  for (const row of rows) {
    // Written only while the claim is still this round's: a worker whose lease was taken over
    // (it hung past the lease) cannot record over the worker that took the message.
    const update = () => db.updateTable('notifications');
    const mine = (q: ReturnType<typeof update>) => q.where('id', '=', row.id).where('claimToken', '=', token).where('status', '=', 'sending');
    try {
      const { providerId } =
        row.channel === 'sms'
          ? await messaging.sms.send({ to: row.address, text: row.body, idempotencyKey: row.dedupeKey })
          : await messaging.mail.send({ to: row.address, subject: row.subject, text: row.body, idempotencyKey: row.dedupeKey });
      await mine(update().set((eb) => ({ status: 'sent', providerId, sentAt: nowIso(), leaseUntil: null, claimToken: null, lastError: '', version: eb('version', '+', 1) }))).execute();
      sent++;
    } catch (error) {
      // Anything but a DeliveryError marked permanent (a bug, a refused connection) may pass.
      const permanent = error instanceof DeliveryError && error.permanent;
      const attempts = Number(row.attempts);
      const giveUp = permanent || attempts >= settings.maxAttempts;
      const next = new Date(now + retryDelayMs(settings, attempts)).toISOString();
      await mine(
        update().set((eb) => ({
          status: giveUp ? 'failed' : 'queued',
          nextAttemptAt: giveUp ? nowIso() : next,
          leaseUntil: null,
          claimToken: null,
          lastError: errorText(error),
          version: eb('version', '+', 1),
        })),
      ).execute();
    }
  }
  return sent;
}

/**
 * One round of the worker: tomorrow's class reminders (unless `reminders` is false), then what is
 * due, batch after batch while full ones come back (a backlog drains without waiting a poll each
 * time) and until `stopped` says so. The worker's timer runs it; a test server whose background
 * jobs are off runs it when the test says (app.jobs.round('sendNotifications')).
 */
export async function notificationRound(
  db: DB,
  messaging: Messaging,
  settings: NotificationSettings,
  options: { reminders?: boolean; stopped?: () => boolean } = {},
): Promise<void> {
  if (options.reminders !== false) await queueClassReminders(db);
  while (!options.stopped?.() && (await deliverDue(db, messaging, settings)) >= settings.batchSize);
}

/**
 * Starts the worker of this process on `clock`: every `pollMs` it queues tomorrow's class
 * reminders (once a minute) and delivers what is due. The returned function stops it and waits
 * for a round under way, so the database is not closed under it.
 */
export function startNotificationWorker(db: DB, messaging: Messaging, settings: NotificationSettings, clock: JobClock): () => Promise<void> {
  let lastReminders = 0;
  const round = (stopped: () => boolean) => {
    const now = clock.now();
    const reminders = now - lastReminders >= 60_000;
    if (reminders) lastReminders = now;
    return notificationRound(db, messaging, settings, { reminders, stopped });
  };
  // A message queued before a restart (or a kill) goes out now, not after the first poll.
  return repeatRounds(clock, settings.pollMs, round, (error) => console.error(`notification worker failed: ${errorText(error)}`), { immediately: true });
}

/** The admin's «ارسال دوباره» of a failed message: queued again, its attempts from zero. */
