// A reply to a contact message goes through the notification outbox (schema/messages.ts
// «پاسخ»): the outbox row keeps the message it answers and the admin who wrote it, so the
// message's page lists its replies with their delivery status. Null for the academy's own events.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('contactMessageId', 'integer').execute();
  await db.schema.alterTable('notifications').addColumn('sentBy', 'integer').execute();
  await db.schema.createIndex('notifications_contactMessageId_idx').on('notifications').column('contactMessageId').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notifications_contactMessageId_idx').execute();
  await db.schema.alterTable('notifications').dropColumn('sentBy').execute();
  await db.schema.alterTable('notifications').dropColumn('contactMessageId').execute();
}
