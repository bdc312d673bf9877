// The dashboard's today: the academy day's class sessions (each opens its register), the messages
// not yet read and the seats offered to the waiting list and not yet taken. Paid today and refunds
// owed are the money figures' (dashboardMoney, refundsDue), not counted a second time here.
import type { components } from '../../../codegen/openapi.gen';
import { academyDayOf, academyDayStart, dayKey, nextDay } from '../../../schema/rules/calendar';
import { sql } from 'kysely';
import type { DB } from '../../platform/db';
import { registry } from '../../../schema/registry.gen';
import type { PanelAccess } from '../../../schema/rules/permissions';
import { readsEntity, scopeClause } from '../../engine/staffView';

type Today = components['schemas']['DashboardToday'];

/**
 * A staff role is told the day of what it reads: a teacher its own courses' sessions, and no count
 * of messages or offered seats it cannot open.
 */
export async function dashboardToday(db: DB, panel: PanelAccess, now = Date.now()): Promise<Today> {
  const day = academyDayOf(now);
  const within = scopeClause(registry.classSessions, panel);
  // A session's date is its Tehran day's midnight as an instant: the day is the half-open range.
  const sessions = !readsEntity(panel, 'classSessions') ? [] : await db
    .selectFrom('class_sessions as s')
    .innerJoin('courses as c', 'c.id', 's.courseId')
    .select(['s.id', 's.courseId', 'c.title as courseTitle', 's.startTime', 's.endTime', 's.status'])
    .where('s.date', '>=', academyDayStart(day).toISOString())
    .where('s.date', '<', academyDayStart(nextDay(day)).toISOString())
    .$if(within !== null, (query) =>
      query.where(sql<boolean>`${sql.ref('s.id')} in (select ${sql.ref('class_sessions.id')} from ${sql.table('class_sessions')} where ${within ?? sql`1 = 1`})`),
    )
    .orderBy('s.startTime')
    .orderBy('s.id')
    .execute();
  const count = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);
  const newMessages = !readsEntity(panel, 'messages') ? 0 : count(
    await db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'new').executeTakeFirst(),
  );
  const seatsOffered = !readsEntity(panel, 'waitlist') ? 0 : count(
    await db.selectFrom('waitlist_entries').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'offered').executeTakeFirst(),
  );
  return {
    day: dayKey(day),
    sessions: sessions.map((s) => ({
      id: Number(s.id),
      courseId: Number(s.courseId),
      courseTitle: s.courseTitle,
      startTime: s.startTime,
      endTime: s.endTime,
      cancelled: s.status === 'cancelled',
    })),
    newMessages,
    seatsOffered,
  };
}
