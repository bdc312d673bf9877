// What an entity's update does besides writing its fields: one hook per entity that needs one,
// run by the generic CRUD (server/crud.ts) inside the update's transaction, after the row is
// written, with the row before and after. Throwing refuses the whole update.
import type { Transaction } from 'kysely';
import type { AnyEntity, RegistryKey } from '../schema/define';
import type { Database } from './db';
import type { Row } from './integrity';
import { offerFreedSeats } from './seats';

export type AfterUpdateHook = (trx: Transaction<Database>, before: Row, after: Row) => Promise<void>;

/** A course's capacity raised (or made unlimited): the new seats go to the children waiting. */
const offerRaisedCapacity: AfterUpdateHook = async (trx, before, after) => {
  const [was, now] = [Number(before.capacity ?? 0), Number(after.capacity ?? 0)];
  if (now === was || (was === 0 && now > 0) || (now > 0 && now < was)) return;
  await offerFreedSeats(trx, Number(after.id));
};

const hooks: { readonly [K in RegistryKey]?: AfterUpdateHook } = {
  courses: offerRaisedCapacity,
};

export const afterUpdateHookOf = (entity: AnyEntity): AfterUpdateHook | undefined => hooks[entity.key];
