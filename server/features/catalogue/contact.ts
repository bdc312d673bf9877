// The public contact form, limited per address. Admins read and delete the messages through
// the generic CRUD (schema/messages.ts).
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { components } from '../../../codegen/openapi.gen';
import { ContactBodySchema } from '../../../schema/rules/forms/contactRules';
import { Attempts } from '../../platform/slidingCounters';
import { nowIso, type DB } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import { addressKey } from '../../platform/limits';
import { parse, type Register } from '../../platform/http';

type Schemas = components['schemas'];

export const contactTexts = {
  tooMany: 'تعداد پیام‌های ارسالی زیاد است؛ کمی بعد دوباره تلاش کنید',
} as const;

const windowMs = 10 * 60_000;
export const maxPerAddress = 5;

// The contact form's own rule (the island's and the plain post's): the API refuses what the form
// refuses, with the same words. A client may leave the e-mail out.
const contactBody = v.object(ContactBodySchema.entries, 'بدنه درخواست باید یک شیء JSON باشد');

export function registerContact(register: Register, db: DB) {
  const attempts = new Attempts(db);

  register('POST /api/Contact', 'public', sendContactMessage);

  async function sendContactMessage(request: FastifyRequest): Promise<Schemas['Created']> {
    const body = parse(contactBody, request.body, { fullName: 'نام و نام خانوادگی', phoneNumber: 'شماره تماس', message: 'متن پیام' });
    const bucket = `contact:${addressKey(request.ip)}`;
    if ((await attempts.count(bucket, windowMs)) >= maxPerAddress) throw new HttpError(429, contactTexts.tooMany);
    await attempts.record(bucket);
    const row = await db.insertInto('contact_messages').values({ ...body, createdAt: nowIso(), status: 'new', note: '' }).returning('id').executeTakeFirstOrThrow();
    return { id: row.id };
  }
}
