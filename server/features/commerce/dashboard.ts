// The admin dashboard's counters, computed from the data. Sales are enrolments; a verified payment
// that found nothing left to enrol is no sale and is counted apart, with the amount owed back.
import type { FastifyRequest } from 'fastify';
import type { components } from '../../../codegen/openapi.gen';
import { academyDayOf, academyDayStart } from '../../../schema/rules/calendar';
import type { DB } from '../../platform/db';
import { dashboardMoney, moneyQuery, moneyRange } from './dashboardMoney';
import { dashboardToday } from './dashboardToday';
import { currentUser, parse, type Register } from '../../platform/http';
import { allows } from '../../../schema/rules/permissions';

/** The start of the academy's today, as an ISO instant comparable with stored ones. */
function startOfToday(now = new Date()): string {
  return academyDayStart(academyDayOf(now)).toISOString();
}

async function refundsDue(db: DB): Promise<{ refundDueOrders: number; refundDueInTomans: number }> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('refundDueInTomans').as('total')])
    .where('refundDueInTomans', '>', 0)
    .executeTakeFirst();
  return { refundDueOrders: Number(row?.n ?? 0), refundDueInTomans: Number(row?.total ?? 0) };
}

export function registerDashboard(register: Register, db: DB) {
  register('GET /api/User/GetDashboardData', 'admin', getDashboardData, { need: 'panel' });

  async function getDashboardData(request: FastifyRequest): Promise<components['schemas']['DashboardData']> {
    // Checked first, so a bad range answers 400 before any counting.
    const range = moneyRange(parse(moneyQuery, request.query ?? {}, { from: 'تاریخ شروع', to: 'تاریخ پایان' }));
    const today = startOfToday();
    const seesMoney = allows(currentUser(request).panel, { entity: 'orders', can: 'read' });
    const count = async (query: Promise<{ n: number | string | bigint } | undefined>) => Number((await query)?.n ?? 0);
    return {
      totalUsers: await count(
        db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('role', '=', 1).executeTakeFirst(),
      ),
      totalRegisterToday: await count(
        db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('createdAt', '>=', today).executeTakeFirst(),
      ),
      totalCoursesSold: await count(db.selectFrom('enrollments').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'active').executeTakeFirst()),
      totalCoursesSoldToday: await count(
        db.selectFrom('enrollments').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'active').where('enrolledAt', '>=', today).executeTakeFirst(),
      ),
      totalCourses: await count(db.selectFrom('courses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()),
      // Money is for the roles that read orders: the others see the academy's day and counts.
      ...(seesMoney ? { ...(await refundsDue(db)), money: await dashboardMoney(db, range) } : {}),
      today: await dashboardToday(db, currentUser(request).panel),
    };
  }
}
