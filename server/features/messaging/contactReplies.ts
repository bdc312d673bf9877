// An admin's reply to a contact message (schema/messages.ts «پاسخ», «بایگانی»): queued in the
// notification outbox in the transaction that marks the message answered, so the reply, the
// message's status and the audit entry commit together; the worker sends it like every other
// message. The reply row carries the message's id and the admin's, so the message's page lists
// its replies with their delivery status.
import { randomUUID } from 'node:crypto';
import { plugIn, type ActionHandler } from '../../engine/behaviours';
import { nowIso } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import { notificationTexts } from './notifications';

export const contactReplyTexts = {
  noPhone: 'فرستنده این پیام شماره تماسی نداده است؛ پاسخ را با ایمیل بفرستید',
  noEmail: 'فرستنده این پیام ایمیلی نداده است؛ پاسخ را با پیامک بفرستید',
} as const;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

const reply: ActionHandler = async ({ trx, record, input, actor }) => {
  // The declared inputs have been checked already (a channel of the two, a text neither empty
  // nor too long); what is left is whether the sender gave an address for that channel.
  const channel = input.channel === 'email' ? 'email' : 'sms';
  const body = text(input.text);
  const address = text(channel === 'sms' ? record.phoneNumber : record.emailAddress);
  if (address === '') throw new HttpError(400, channel === 'sms' ? contactReplyTexts.noPhone : contactReplyTexts.noEmail);
  // The sender's account when one has this number or address (the outbox names its recipient);
  // 0 for a visitor without one.
  const account = await trx
    .selectFrom('users')
    .select('id')
    .where(channel === 'sms' ? 'phoneNumber' : 'emailAddress', '=', address)
    .orderBy('id')
    .executeTakeFirst();
  const now = nowIso();
  const messageId = Number(record.id);
  await trx
    .insertInto('notifications')
    .values({
      event: 'contactReply',
      // Each reply is its own message: two replies with the same words are both sent.
      dedupeKey: `contactReply:m${messageId}:${randomUUID()}:${channel}`,
      channel,
      userId: account?.id ?? 0,
      address,
      subject: channel === 'email' ? notificationTexts.subjects.contactReply : '',
      body,
      nextAttemptAt: now,
      createdAt: now,
      contactMessageId: messageId,
      sentBy: actor.id,
    })
    .execute();
  return { set: { status: 'answered' } };
};

const archive: ActionHandler = async () => ({ set: { status: 'archived' } });

export function plugInContactReplies(): void {
  plugIn('messages', { actions: { reply, archive } });
}
