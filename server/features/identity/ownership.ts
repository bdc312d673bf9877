// What is whose: the one check that a record named in a learner's call is the caller's own.
// Another family's record answers 404, as if absent, so ids cannot be probed.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db';
import { HttpError } from '../../platform/errors';

export const ownershipTexts = {
  childNotFound: 'فرزند مورد نظر یافت نشد',
} as const;

/** Throws the 404 of an unknown child unless `childId` is one of `userId`'s children. */
export async function ownChild(db: Kysely<Database> | Transaction<Database>, userId: number, childId: number): Promise<void> {
  const child = await db.selectFrom('children').select('id').where('id', '=', childId).where('userId', '=', userId).executeTakeFirst();
  if (!child) throw new HttpError(404, ownershipTexts.childNotFound);
}
