// Seats and the waiting list. One rule decides how many seats of a course are
// spoken for (takenSeats); the public pages, the cart, checkout and settlement all ask it, so
// they never disagree. When a seat frees up, offerFreedSeats offers it to the first child
// waiting, held for them for WAITLIST_HOLD_HOURS; the offer that runs out passes to the next.
import { sql, type Selectable, type Transaction } from 'kysely';
import { isPostgres, nowIso, type Database, type DB, type WaitlistStatus } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import { queueSeatOffered, type SeatLine } from '../messaging/port';
import { waitlistHoldMs } from '../../platform/config';
import { idsOf, plugIn, type WriteChange } from '../../engine/behaviours';
import { repeatRounds, type JobClock } from '../../platform/jobClock';

/** Whether a course still takes registrations: until its deadline passes (none: always). */
export function registrationOpen(course: Pick<Selectable<Database['courses']>, 'registrationDeadline'>, now = Date.now()): boolean {
  if (!course.registrationDeadline) return true;
  const deadline = Date.parse(course.registrationDeadline);
  return Number.isNaN(deadline) || deadline > now;
}

export { waitlistHoldMs };

type Executor = DB | Transaction<Database>;

/**
 * How long a checkout's order holds its seats (and its gateway authority is offered again to a
 * checkout of the same cart): Zarinpal's payment page is good for a short while only. A late
 * payment of an order past its hold is still verified, and enrolled only if a seat is left.
 */
export const authorityReuseMs = 10 * 60_000;

export const seatTexts = {
  full: (title: string) => `ظرفیت دوره «${title}» تکمیل است؛ می‌توانید فرزندتان را در فهرست انتظار آن ثبت کنید`,
  notFull: 'این دوره هنوز صندلی خالی دارد؛ به جای فهرست انتظار، آن را به سبد خرید اضافه کنید',
  alreadyWaiting: 'این فرزند پیش‌تر در فهرست انتظار این دوره ثبت شده است',
  entryNotFound: 'این مورد در فهرست انتظار شما نیست',
  noSeat: 'این دوره صندلی خالی ندارد؛ نخست ظرفیت را افزایش دهید یا ثبت‌نامی را لغو کنید',
} as const;

/** A (child, course) pair: an order line, a cart item. */
const pairKey = (line: SeatLine) => `${line.childId}:${line.courseId}`;

export interface SeatOptions {
  /**
   * Asked for this learner's own lines (their cart at checkout, their paid order at settlement):
   * the learner's pending order is not counted (checkout replaces or reuses it), nor the waiting
   * or offered entries of these children in these courses (the seat they wait for is theirs).
   */
  except?: { userId?: number; orderId?: number; lines: readonly SeatLine[] };
  /**
   * Count the children still waiting (default true): a seat is not open to a newcomer while a
   * child waits for it. Off when deciding how many seats to offer to those waiting.
   */
  waiting?: boolean;
}

/**
 * Seats spoken for in each course now: active enrolments, the lines of pending orders still
 * within their hold (authorityReuseMs from the order's creation), waiting-list offers not yet
 * expired, and children waiting (see SeatOptions.waiting). A child counts once however many of
 * these name them. Courses nothing holds are absent (0).
 */
export async function takenSeats(db: Executor, courseIds: readonly number[], options: SeatOptions = {}): Promise<Map<number, number>> {
  const ids = [...new Set(courseIds)];
  if (ids.length === 0) return new Map();
  const now = Date.now();
  const holdFrom = new Date(now - authorityReuseMs).toISOString();
  const except = options.except;
  const exceptPairs = new Set((except?.lines ?? []).map(pairKey));
  const enrolments = await db
    .selectFrom('enrollments')
    .select(['courseId', (eb) => eb.fn.countAll<number>().as('taken')])
    .where('courseId', 'in', ids)
    .where('status', '=', 'active')
    .groupBy('courseId')
    .execute();
  const pending = await db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.orderId')
    .select(['order_items.childId', 'order_items.courseId', 'orders.userId', 'orders.id as orderId'])
    .where('order_items.courseId', 'in', ids)
    .where('orders.status', '=', 'pending')
    .where('orders.createdAt', '>=', holdFrom)
    .execute();
  const entries = await db
    .selectFrom('waitlist_entries')
    .select(['childId', 'courseId', 'status', 'holdUntil'])
    .where('courseId', 'in', ids)
    .where('status', 'in', ['waiting', 'offered'])
    .execute();

  const taken = new Map<number, number>();
  const add = (courseId: number) => taken.set(courseId, (taken.get(courseId) ?? 0) + 1);
  for (const row of enrolments) taken.set(row.courseId, Number(row.taken));
  const counted = new Set<string>();
  for (const line of pending) {
    if (except && (line.userId === except.userId || line.orderId === except.orderId)) continue;
    if (counted.has(pairKey(line))) continue;
    counted.add(pairKey(line));
    add(line.courseId);
  }
  for (const entry of entries) {
    if (exceptPairs.has(pairKey(entry)) || counted.has(pairKey(entry))) continue;
    const holds = entry.status === 'offered' ? entry.holdUntil !== null && Date.parse(entry.holdUntil) > now : options.waiting !== false;
    if (holds) add(entry.courseId);
  }
  return taken;
}

/**
 * A seat an admin gives a child now (an offer from the waiting list, a cancelled enrolment made
 * active again): the course is locked and refused with a 409 unless a seat is free of active
 * enrolments, pending orders within their hold and offers. The children still waiting do not
 * hold it: the admin's decision goes ahead of them.
 */
export async function assertSeatForAdmin(trx: Transaction<Database>, courseId: number): Promise<void> {
  await lockCourses(trx, [courseId]);
  const course = await trx.selectFrom('courses').select('capacity').where('id', '=', courseId).executeTakeFirst();
  const capacity = Number(course?.capacity ?? 0);
  const held = (await takenSeats(trx, [courseId], { waiting: false })).get(courseId) ?? 0;
  if (capacity > 0 && held >= capacity) throw new HttpError(409, seatTexts.noSeat);
}

/** Locks the courses' rows until the transaction ends (PostgreSQL; SQLite runs one writer at a time). */
export async function lockCourses(trx: Transaction<Database>, courseIds: readonly number[]): Promise<void> {
  const ids = [...new Set(courseIds)].sort((a, b) => a - b);
  if (ids.length === 0 || !isPostgres(trx)) return;
  // In id order, so two transactions locking overlapping courses cannot deadlock.
  await sql`select ${sql.ref('id')} from ${sql.table('courses')} where ${sql.ref('id')} in (${sql.join(ids)}) order by ${sql.ref('id')} for update`.execute(trx);
}

/**
 * For each of these lines, whether a seat is left for it: capacity less what others hold, shared
 * out among the lines of the same course in order. Unlimited courses (capacity 0) always have one.
 */
export async function seatsFor(trx: Executor, lines: readonly SeatLine[], except: NonNullable<SeatOptions['except']>): Promise<boolean[]> {
  const courseIds = [...new Set(lines.map((l) => l.courseId))];
  if (courseIds.length === 0) return [];
  const capacities = new Map(
    (await trx.selectFrom('courses').select(['id', 'capacity']).where('id', 'in', courseIds).execute()).map((c) => [c.id, Number(c.capacity)]),
  );
  // A child holding an offer takes the seat held for them: those still waiting behind them do
  // not stand in their way, as they do in a newcomer's.
  const now = nowIso();
  const offers = new Set(
    (
      await trx
        .selectFrom('waitlist_entries')
        .select(['childId', 'courseId'])
        .where('courseId', 'in', courseIds)
        .where('childId', 'in', [...new Set(lines.map((l) => l.childId))])
        .where('status', '=', 'offered')
        .where('holdUntil', '>', now)
        .execute()
    ).map(pairKey),
  );
  const taken = await takenSeats(trx, courseIds, { except });
  const takenByHeld = offers.size > 0 ? await takenSeats(trx, courseIds, { except, waiting: false }) : taken;
  const used = new Map<number, number>();
  return lines.map((line) => {
    const capacity = capacities.get(line.courseId) ?? 0;
    if (capacity <= 0) return true;
    const mine = (used.get(line.courseId) ?? 0) + 1;
    used.set(line.courseId, mine);
    const others = (offers.has(pairKey(line)) ? takenByHeld : taken).get(line.courseId) ?? 0;
    return others + mine <= capacity;
  });
}

/**
 * Offers the seats of the course that nobody holds to the children waiting, first come first
 * served: status `offered`, held until now + WAITLIST_HOLD_HOURS. Offers whose hold ran out are
 * closed first (`expired`), so their seats pass on. Called wherever a seat may free up (an
 * enrolment cancelled or refunded, an order that held seats ended, the capacity raised) and by the
 * periodic sweep. Answers how many it offered.
 */
export async function offerFreedSeats(trx: Transaction<Database>, courseId: number): Promise<number> {
  await lockCourses(trx, [courseId]);
  const now = nowIso();
  await trx
    .updateTable('waitlist_entries')
    .set((eb) => ({ status: 'expired', version: eb('version', '+', 1) }))
    .where('courseId', '=', courseId)
    .where('status', '=', 'offered')
    .where('holdUntil', '<=', now)
    .execute();
  const course = await trx.selectFrom('courses').select(['capacity']).where('id', '=', courseId).executeTakeFirst();
  if (!course) return 0;
  const waiting = await trx
    .selectFrom('waitlist_entries')
    .select(['id', 'childId'])
    .where('courseId', '=', courseId)
    .where('status', '=', 'waiting')
    .orderBy('joinedAt')
    .orderBy('id')
    .execute();
  if (waiting.length === 0) {
    await renumber(trx, courseId);
    return 0;
  }
  const capacity = Number(course.capacity);
  let free = capacity <= 0 ? waiting.length : capacity - ((await takenSeats(trx, [courseId], { waiting: false })).get(courseId) ?? 0);
  const holdUntil = new Date(Date.now() + waitlistHoldMs()).toISOString();
  let offered = 0;
  for (const entry of waiting) {
    if (free <= 0) break;
    // A child enrolled since (by an admin, or another order) waits no more.
    const enrolled = await trx
      .selectFrom('enrollments')
      .select('id')
      .where('childId', '=', entry.childId)
      .where('courseId', '=', courseId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    const status: WaitlistStatus = enrolled ? 'enrolled' : 'offered';
    await trx
      .updateTable('waitlist_entries')
      .set((eb) => ({ status, version: eb('version', '+', 1), ...(enrolled ? {} : { offeredAt: now, holdUntil }) }))
      .where('id', '=', entry.id)
      .execute();
    if (!enrolled) {
      free--;
      offered++;
      // The offer is told in the same transaction (server/features/messaging/notifications.ts).
      await queueSeatOffered(trx, entry.id);
    }
  }
  await renumber(trx, courseId);
  return offered;
}

/** Gives the children still waiting in the course their places 1, 2, …; everyone else 0. */
export async function renumber(trx: Transaction<Database>, courseId: number): Promise<void> {
  const entries = await trx
    .selectFrom('waitlist_entries')
    .select(['id', 'status', 'position'])
    .where('courseId', '=', courseId)
    .orderBy('joinedAt')
    .orderBy('id')
    .execute();
  let place = 0;
  for (const entry of entries) {
    const position = entry.status === 'waiting' ? ++place : 0;
    if (Number(entry.position) !== position) await trx.updateTable('waitlist_entries').set({ position }).where('id', '=', entry.id).execute();
  }
}

/** The courses of these order lines, each offered to those waiting (an order that held seats ended). */
export async function offerSeatsOfOrder(trx: Transaction<Database>, orderId: number): Promise<void> {
  const courses = await trx.selectFrom('order_items').select('courseId').where('orderId', '=', orderId).execute();
  for (const courseId of [...new Set(courses.map((c) => c.courseId))].sort((a, b) => a - b)) await offerFreedSeats(trx, courseId);
}

/** Marks the waiting-list entries of these children in these courses enrolled (they paid). */
export async function markEnrolled(trx: Transaction<Database>, lines: readonly SeatLine[]): Promise<void> {
  for (const line of lines) {
    const moved = await trx
      .updateTable('waitlist_entries')
      .set((eb) => ({ status: 'enrolled', holdUntil: null, position: 0, version: eb('version', '+', 1) }))
      .where('childId', '=', line.childId)
      .where('courseId', '=', line.courseId)
      .where('status', 'in', ['waiting', 'offered', 'expired'])
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) > 0) await renumber(trx, line.courseId);
  }
}

/**
 * Every course with someone waiting or an offer running out is looked at again: offers past their
 * hold pass on, seats freed by time (an order's hold ended) are offered. Run by the server every
 * minute and before the reads that show the list.
 */
export async function sweepWaitlist(db: DB, courseIds?: readonly number[]): Promise<void> {
  let query = db.selectFrom('waitlist_entries').select('courseId').distinct().where('status', 'in', ['waiting', 'offered']);
  if (courseIds) {
    if (courseIds.length === 0) return;
    query = query.where('courseId', 'in', [...new Set(courseIds)]);
  }
  const courses = await query.execute();
  for (const { courseId } of courses) {
    await db.transaction().execute((trx) => offerFreedSeats(trx, courseId));
  }
}

/** Starts the periodic sweep on `clock`; the returned function stops it (the server's close). */
export function startWaitlistSweep(db: DB, clock: JobClock, everyMs = 60_000): () => Promise<void> {
  return repeatRounds(clock, everyMs, () => sweepWaitlist(db), (error) =>
    console.error(`waiting-list sweep failed: ${error instanceof Error ? error.message : String(error)}`),
  );
}

/** A 409 that offers the waiting list (the course has no seat for this child). */
export const courseFull = (title: string) => new HttpError(409, seatTexts.full(title));

/** Seats a capacity change frees: raised, or made unlimited (0) from a limit. */
const capacityRaised = ({ before, after }: WriteChange) => {
  if (before === null || after === null) return false;
  const [was, now] = [Number(before.capacity ?? 0), Number(after.capacity ?? 0)];
  return was > 0 && (now === 0 || now > was);
};

/** Seats a raised capacity frees go to the children waiting, in the same write. */
export function plugInSeats(): void {
  plugIn('courses', {
    afterWrite: async (trx, changes) => {
      for (const id of idsOf(changes.filter(capacityRaised).map((c) => c.after?.id))) await offerFreedSeats(trx, id);
    },
  });
}
