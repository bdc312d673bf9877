// The parent's side of the waiting list (x-access learner): join a full course for a child, leave
// it, and read each child's place and the seats offered to them. Every query is scoped to the
// token's user: another learner's child or entry answers 404, as if absent.
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { components } from '../../../codegen/openapi.gen';
import { nowIso, type DB } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import { courseSummaries, enrolmentBlocker } from './cart';
import { ownChild } from '../identity/port';
import { currentUser, parse, type Register } from '../../platform/http';
import { renumber, seatsFor, seatTexts, sweepWaitlist, offerFreedSeats } from './seats';

type Schemas = components['schemas'];

const id = (label: string) =>
  v.pipe(v.number(`${label} باید عدد باشد`), v.integer(`${label} باید عدد صحیح باشد`), v.minValue(1, `${label} نامعتبر است`));
const objectMessage = 'بدنه درخواست باید یک شیء JSON باشد';
const joinBody = v.object({ courseId: id('شناسه دوره'), childId: id('شناسه فرزند') }, objectMessage);
const idBody = v.object({ id: id('شناسه') }, objectMessage);

const shown = ['waiting', 'offered', 'expired'] as const;
const isShown = (status: string): status is (typeof shown)[number] => shown.some((s) => s === status);

/** The learner's entries still of interest (waiting, offered, an offer that ran out), newest first. */
async function entriesOf(db: DB, userId: number): Promise<Schemas['WaitlistItem'][]> {
  const rows = await db
    .selectFrom('waitlist_entries')
    .innerJoin('children', 'children.id', 'waitlist_entries.childId')
    .select([
      'waitlist_entries.id',
      'waitlist_entries.childId',
      'waitlist_entries.courseId',
      'waitlist_entries.status',
      'waitlist_entries.position',
      'waitlist_entries.joinedAt',
      'waitlist_entries.holdUntil',
      'children.firstName',
      'children.lastName',
    ])
    .where('children.userId', '=', userId)
    .where('waitlist_entries.status', 'in', shown)
    .orderBy('waitlist_entries.joinedAt', 'desc')
    .orderBy('waitlist_entries.id', 'desc')
    .execute();
  const courses = await courseSummaries(db, rows.map((r) => r.courseId));
  return rows.flatMap((r) => {
    const course = courses.get(r.courseId);
    if (!course || !isShown(r.status)) return [];
    return [
      {
        id: r.id,
        childId: r.childId,
        childName: `${r.firstName} ${r.lastName}`.trim(),
        course,
        status: r.status,
        position: Number(r.position),
        joinedAt: r.joinedAt,
        holdUntil: r.status === 'offered' ? r.holdUntil : null,
      },
    ];
  });
}

async function myCourseIds(db: DB, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('waitlist_entries')
    .innerJoin('children', 'children.id', 'waitlist_entries.childId')
    .select('waitlist_entries.courseId')
    .where('children.userId', '=', userId)
    .where('waitlist_entries.status', 'in', ['waiting', 'offered'])
    .execute();
  return rows.map((r) => r.courseId);
}

export function registerWaitlist(register: Register, db: DB) {
  register('GET /api/Waitlist', 'learner', listWaitlist);
  register('POST /api/Waitlist/Join', 'learner', joinWaitlist);
  register('DELETE /api/Waitlist/Leave', 'learner', leaveWaitlist);

  async function listWaitlist(request: FastifyRequest) {
    const userId = currentUser(request).id;
    // Offers that ran out pass on before the parent reads their places.
    await sweepWaitlist(db, await myCourseIds(db, userId));
    return entriesOf(db, userId);
  }

  async function joinWaitlist(request: FastifyRequest): Promise<Schemas['WaitlistItem']> {
    const { courseId, childId } = parse(joinBody, request.body, { courseId: 'شناسه دوره', childId: 'شناسه فرزند' });
    const userId = currentUser(request).id;
    await ownChild(db, userId, childId);
    const blocker = await enrolmentBlocker(db, courseId, childId);
    if (blocker) throw blocker;
    await sweepWaitlist(db, [courseId]);
    const entryId = await db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom('waitlist_entries').select(['id', 'status']).where('childId', '=', childId).where('courseId', '=', courseId).executeTakeFirst();
      if (existing && (existing.status === 'waiting' || existing.status === 'offered')) throw new HttpError(409, seatTexts.alreadyWaiting);
      const [seat] = await seatsFor(trx, [{ childId, courseId }], { userId, lines: [{ childId, courseId }] });
      if (seat) throw new HttpError(409, seatTexts.notFull);
      const joinedAt = nowIso();
      let joined: number;
      if (existing) {
        // Back on the list after leaving it or letting an offer run out: at its end.
        await trx
          .updateTable('waitlist_entries')
          .set((eb) => ({ status: 'waiting', joinedAt, offeredAt: null, holdUntil: null, version: eb('version', '+', 1) }))
          .where('id', '=', existing.id)
          .execute();
        joined = existing.id;
      } else {
        const inserted = await trx.insertInto('waitlist_entries').values({ courseId, childId, joinedAt }).returning('id').executeTakeFirstOrThrow();
        joined = inserted.id;
      }
      await renumber(trx, courseId);
      return joined;
    });
    const entry = (await entriesOf(db, userId)).find((e) => e.id === entryId);
    if (!entry) throw new HttpError(404, seatTexts.entryNotFound);
    return entry;
  }

  async function leaveWaitlist(request: FastifyRequest) {
    const { id: entryId } = parse(idBody, request.body, { id: 'شناسه' });
    const userId = currentUser(request).id;
    await db.transaction().execute(async (trx) => {
      const entry = await trx
        .selectFrom('waitlist_entries')
        .innerJoin('children', 'children.id', 'waitlist_entries.childId')
        .select(['waitlist_entries.id', 'waitlist_entries.courseId', 'waitlist_entries.status'])
        .where('waitlist_entries.id', '=', entryId)
        .where('children.userId', '=', userId)
        .executeTakeFirst();
      if (!entry || !isShown(entry.status)) throw new HttpError(404, seatTexts.entryNotFound);
      await trx
        .updateTable('waitlist_entries')
        .set((eb) => ({ status: 'left', holdUntil: null, position: 0, version: eb('version', '+', 1) }))
        .where('id', '=', entry.id)
        .execute();
      // A seat offered to this child passes to the next one waiting.
      await offerFreedSeats(trx, entry.courseId);
    });
    return entriesOf(db, userId);
  }
}
