// The schedule's record actions: a course's «ساخت دوباره جلسات» (the sync of server/features/classes/schedule.ts,
// answered with its counts) and a session's exceptions to the weekly pattern — moved (the
// planned date kept in movedFrom the first time), cancelled with a reason, held again. The
// action runner (server/engine/actions.ts) locks, version-checks, writes and audits; these say what.
import { plugIn, type ActionHandler } from '../../engine/behaviours';
import { HttpError } from '../../platform/errors';
import { dayOf, scheduleTexts, syncCourseSessions } from './schedule';
import { academyDayOf, academyDayStart, dayKey } from '../../../schema/rules/calendar';
import { queueSessionChange } from '../messaging/port';

const resyncSessions: ActionHandler = async ({ trx, record }) => {
  const counts = await syncCourseSessions(trx, Number(record.id));
  return { set: {}, notice: scheduleTexts.synced(counts) };
};


const text = (value: unknown) => (typeof value === 'string' ? value : '');

const move: ActionHandler = async ({ trx, record, input }) => {
  // The buttons hide it for a past session, but the clock may have passed midnight since.
  const today = dayKey(academyDayOf(Date.now()));
  const current = dayOf(text(record.date));
  if (current && dayKey(current) < today) throw new HttpError(409, scheduleTexts.pastSession);
  const day = dayOf(text(input.date));
  if (!day) throw new HttpError(400, scheduleTexts.noDate);
  if (dayKey(day) < today) throw new HttpError(409, scheduleTexts.newDatePast);
  const startTime = text(input.startTime);
  const endTime = text(input.endTime);
  if (startTime >= endTime) throw new HttpError(400, scheduleTexts.timesOrder);
  // The parents are told in the action's transaction (server/features/messaging/notifications.ts).
  await queueSessionChange(trx, record, { kind: 'moved', date: academyDayStart(day).toISOString(), startTime });
  return {
    set: {
      date: academyDayStart(day).toISOString(),
      startTime,
      endTime,
      note: text(input.note),
      // The day the pattern planned, kept through later moves.
      movedFrom: record.movedFrom ?? record.date ?? null,
    },
  };
};

const cancel: ActionHandler = async ({ trx, record, input }) => {
  // The parents are told in the action's transaction (server/features/messaging/notifications.ts).
  await queueSessionChange(trx, record, { kind: 'cancelled' });
  return { set: { status: 'cancelled', note: text(input.note) } };
};

const reinstate: ActionHandler = async () => ({ set: { status: 'scheduled' } });

/** A course's «ساخت دوباره جلسات», and a session's exceptions to the weekly pattern. */
export function plugInSessionActions(): void {
  plugIn('courses', { actions: { resyncSessions } });
  plugIn('classSessions', { actions: { move, cancel, reinstate } });
}
