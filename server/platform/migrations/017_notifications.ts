// The notification queue (server/features/messaging/notifications.ts, presented read-only by
// schema/notifications.ts): one row per message to one recipient on one channel, written in the
// same transaction as the change it tells about, then claimed, sent and recorded by the worker.
// `dedupeKey` (event + subject + recipient + channel) is unique, so an event that happens twice
// (a repeated verify, two sweeps at once, the reminder job run again) queues one message; the
// worker sends it with that key as the provider's idempotency key.
import type { Kysely } from 'kysely';
import { withId } from './001_initial';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('notifications'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('dedupeKey', 'text', (c) => c.notNull().unique())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    // The recipient, without a foreign key: the record of what was sent outlives the account.
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nextAttemptAt', 'text', (c) => c.notNull())
    .addColumn('leaseUntil', 'text')
    .addColumn('claimToken', 'text')
    .addColumn('lastError', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('providerId', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sentAt', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_due').on('notifications').columns(['status', 'nextAttemptAt']).execute();
  await db.schema.createIndex('notifications_userId_idx').on('notifications').column('userId').execute();
}
