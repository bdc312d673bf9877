// The waiting list's record actions (schema/waitlist.ts): an admin offers a free seat to a child
// now (ahead of those waiting before them), or takes a child off the list, which frees the seat
// an offer held for them. Both write the entry's status first, so the list's places and the
// seat offered next are decided on the changed list.
import { plugIn, type ActionHandler } from '../../engine/behaviours';
import { nowIso, type WaitlistStatus } from '../../platform/db';
import { queueSeatOffered } from '../messaging/port';
import { assertSeatForAdmin, offerFreedSeats, renumber, waitlistHoldMs } from './seats';

const offer: ActionHandler = async ({ trx, record }) => {
  const courseId = Number(record.courseId);
  await assertSeatForAdmin(trx, courseId);
  const status: WaitlistStatus = 'offered';
  const set = { status, offeredAt: nowIso(), holdUntil: new Date(Date.now() + waitlistHoldMs()).toISOString(), position: 0 };
  await trx.updateTable('waitlist_entries').set(set).where('id', '=', Number(record.id)).execute();
  await renumber(trx, courseId);
  // The offer is told in the same transaction (server/features/messaging/notifications.ts).
  await queueSeatOffered(trx, Number(record.id));
  return { set };
};

const leave: ActionHandler = async ({ trx, record }) => {
  const status: WaitlistStatus = 'left';
  const set = { status, holdUntil: null, position: 0 };
  await trx.updateTable('waitlist_entries').set(set).where('id', '=', Number(record.id)).execute();
  // An offer given up passes to the next child; otherwise this only renumbers the list.
  await offerFreedSeats(trx, Number(record.courseId));
  return { set };
};

export function plugInWaitlistActions(): void {
  plugIn('waitlist', { actions: { offer, leave } });
}
