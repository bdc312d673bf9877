// @vitest-environment node
// Replying to a contact message, against the real server on SQLite, or PostgreSQL with
// TEST_DATABASE=postgres: the reply is a declared record action (channel, text) that queues one
// outbox message in the transaction that marks the message answered and audits it; the message's
// page lists it with its delivery status, which the worker's round makes «ارسال شد» once; a reply
// with no address for its channel, or no text, or too much, is refused in Persian and queues
// nothing. «بایگانی» archives in one call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso, type DB } from '../../../server/platform/db';
import { contactReplyTexts } from '../../../server/features/messaging/contactReplies';
import { replyMaxLength } from '../../../schema/messages';
import { openDb } from '../../support/families';
import { adminPassword, adminPhone, startServer, type TestServer } from '../../support/server';

let server: TestServer;
let db: DB;
let admin: string;

beforeAll(async () => {
  server = await startServer();
  db = await openDb(server);
  admin = await server.signIn(adminPhone, adminPassword);
});
afterAll(async () => {
  await db.destroy();
  await server.close();
});

async function message(phoneNumber: string, emailAddress: string, createdAt = nowIso()): Promise<number> {
  const row = await db
    .insertInto('contact_messages')
    .values({ fullName: 'نگار پرسشی', phoneNumber, emailAddress, message: 'کلاس رباتیک برای ۸ ساله‌ها دارید؟', createdAt, status: 'new', note: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const reply = (id: number, channel: string, text: string) =>
  server.call<{ record: { status: string } }>('POST', '/api/Contact/Reply', { token: admin, body: { id, channel, text } });

interface Related {
  entity: string;
  title: string;
  items: Array<Record<string, unknown>>;
}
async function repliesOn(id: number) {
  const page = await server.call<{ related: Related[] }>('GET', '/api/Admin/{entity}/{id}', { token: admin, params: { entity: 'messages', id: String(id) } });
  expect(page.status, page.text).toBe(200);
  return page.body.related.find((group) => group.entity === 'notifications')?.items ?? [];
}
const outboxOf = (id: number) => db.selectFrom('notifications').selectAll().where('contactMessageId', '=', id).orderBy('id').execute();

describe('replying to a contact message', () => {
  it('queues the reply in the outbox, keeps it with the message (newest first), audits it, and the worker sends it once', async () => {
    const id = await message('09121110000', 'negar@example.com');
    const sms = await reply(id, 'sms', '  بله، از مهر شروع می‌شود.  ');
    expect(sms.status, sms.text).toBe(200);
    expect(sms.body.record.status).toBe('answered');
    expect((await reply(id, 'email', 'برنامه کلاس‌ها پیوست شد.')).status).toBe(200);

    const queued = await outboxOf(id);
    expect(queued.map((n) => [n.channel, n.address, n.body, n.status, n.event])).toEqual([
      ['sms', '09121110000', 'بله، از مهر شروع می‌شود.', 'queued', 'contactReply'],
      ['email', 'negar@example.com', 'برنامه کلاس‌ها پیوست شد.', 'queued', 'contactReply'],
    ]);
    const adminId = (await db.selectFrom('users').select('id').where('phoneNumber', '=', adminPhone).executeTakeFirstOrThrow()).id;
    expect(queued.every((n) => n.sentBy === adminId)).toBe(true);

    const shown = await repliesOn(id);
    expect(shown.map((r) => [r.channel, r.status, r.sentBy])).toEqual([
      ['email', 'queued', adminId],
      ['sms', 'queued', adminId],
    ]);
    const audit = await db.selectFrom('audit_log').select(['via']).where('entity', '=', 'messages').where('recordId', '=', id).orderBy('id').execute();
    expect(audit.map((a) => JSON.parse(a.via ?? '{}').action)).toContain('reply');

    await server.app.jobs.round('sendNotifications');
    await server.app.jobs.round('sendNotifications');
    const sent = await outboxOf(id);
    expect(sent.map((n) => [n.status, n.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
    expect((await repliesOn(id)).map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('refuses a reply the message cannot take, in Persian, and queues nothing', async () => {
    const phoneOnly = await message('09121110001', '');
    const mailOnly = await message('', 'only@example.com');
    const refusals = [
      [await reply(phoneOnly, 'email', 'سلام'), contactReplyTexts.noEmail],
      [await reply(mailOnly, 'sms', 'سلام'), contactReplyTexts.noPhone],
      [await reply(phoneOnly, 'sms', '   '), 'متن پاسخ الزامی است'],
    ] as const;
    for (const [answer, text] of refusals) {
      expect(answer.status, answer.text).toBe(400);
      expect(answer.text).toContain(text);
    }
    const long = await reply(phoneOnly, 'sms', 'ا'.repeat(replyMaxLength + 1));
    expect(long.status).toBe(400);
    expect(long.text).toMatch(/متن پاسخ/);
    const noChannel = await reply(phoneOnly, 'fax', 'سلام');
    expect(noChannel.status).toBe(400);
    expect(await outboxOf(phoneOnly)).toEqual([]);
    expect(await outboxOf(mailOnly)).toEqual([]);
    const row = await db.selectFrom('contact_messages').select('status').where('id', '=', phoneOnly).executeTakeFirstOrThrow();
    expect(row.status).toBe('new');
  });

  it('lists the inbox newest first by when it was sent (its declared default order), not by id', async () => {
    const later = await message('09121110003', '', '2026-01-02T08:00:00.000Z');
    const earlier = await message('09121110004', '', '2026-01-01T08:00:00.000Z');
    const list = await server.call<{ items: Array<{ id: number }> }>('GET', '/api/Contact/GetSelectList', { token: admin, query: { page: '1', pageSize: '100' } });
    expect(list.status, list.text).toBe(200);
    const ids = list.body.items.map((row) => row.id);
    expect(ids.indexOf(later)).toBeLessThan(ids.indexOf(earlier));
    // The newest message (sent now) above both.
    expect(ids.indexOf(later)).toBeGreaterThan(0);
  });

  it('archives a message in one call, and refuses to archive it twice', async () => {
    const id = await message('09121110002', '');
    const archived = await server.call<{ record: { status: string } }>('POST', '/api/Contact/Archive', { token: admin, body: { id } });
    expect(archived.status, archived.text).toBe(200);
    expect(archived.body.record.status).toBe('archived');
    const again = await server.call('POST', '/api/Contact/Archive', { token: admin, body: { id } });
    expect(again.status).toBe(409);
    expect(again.text).toContain('بایگانی شده');
  });
});
