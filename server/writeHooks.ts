// What else an entity's write changes on the server: one hook per entity that needs one, run by
// every generic write path (server/crud.ts create/update/delete, record actions, bulk delete,
// CSV import, audit revert) inside the write's own transaction, after the row is written: the
// records it derives change with it or not at all. A hook sees each written row before and
// after (null for a create's before and a delete's after) and answers nothing; it may refuse
// with an HttpError, which rolls the whole write back.
import type { Transaction } from 'kysely';
import type { AnyEntity, RegistryKey } from '../schema/define';
import type { Database } from './db';
import type { Row } from './integrity';
import { syncCourseSessions, syncCoursesAround } from './schedule';
import { offerFreedSeats } from './seats';
import { checkCoupons, checkSiblingRules } from './discounts';

export interface WriteChange {
  before: Row | null;
  after: Row | null;
}

export type WriteHook = (trx: Transaction<Database>, changes: readonly WriteChange[]) => Promise<void>;

const changed = (change: WriteChange, names: readonly string[]) => names.some((name) => change.before?.[name] !== change.after?.[name]);
const ids = (values: readonly unknown[]) => [...new Set(values.map(Number).filter((n) => Number.isInteger(n) && n > 0))];

/** Seats a capacity change frees: raised, or made unlimited (0) from a limit. */
const capacityRaised = ({ before, after }: WriteChange) => {
  if (before === null || after === null) return false;
  const [was, now] = [Number(before.capacity ?? 0), Number(after.capacity ?? 0)];
  return was > 0 && (now === 0 || now > was);
};

// A course's pattern sessions follow its dates, its weekly slots and the holidays
// (server/schedule.ts); other edits of a course (its title, its price) leave them alone. Seats a
// raised capacity frees go to the children waiting (server/seats.ts).
const hooks: { readonly [K in RegistryKey]?: WriteHook } = {
  courses: async (trx, changes) => {
    const affected = changes.filter((c) => c.after !== null && changed(c, ['timeOfHolding', 'lastSessionDate']));
    for (const id of ids(affected.map((c) => c.after?.id))) await syncCourseSessions(trx, id);
    for (const id of ids(changes.filter(capacityRaised).map((c) => c.after?.id))) await offerFreedSeats(trx, id);
  },
  courseSlots: async (trx, changes) => {
    for (const id of ids(changes.flatMap((c) => [c.before?.courseId, c.after?.courseId]))) await syncCourseSessions(trx, id);
  },
  // Issue 15: a coupon's code is unique once folded and its kind and scope are complete; one
  // sibling rule per child rank (server/discounts.ts).
  coupons: async (trx, changes) => {
    await checkCoupons(trx, ids(changes.map((c) => c.after?.id)));
  },
  siblingDiscounts: async (trx) => {
    await checkSiblingRules(trx);
  },
  holidays: async (trx, changes) => {
    const dates = changes.filter((c) => changed(c, ['date'])).flatMap((c) => [c.before?.date, c.after?.date]);
    await syncCoursesAround(trx, dates.map((d) => (typeof d === 'string' ? d : null)));
  },
};

/** Runs the entity's hook, if it has one, for rows just written in `trx`. */
export async function afterWrite(trx: Transaction<Database>, entity: AnyEntity, changes: readonly WriteChange[]): Promise<void> {
  const hook = hooks[entity.key];
  if (hook && changes.length > 0) await hook(trx, changes);
}
