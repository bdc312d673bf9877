// The admin dashboard's five counters, computed from the data.
import type { components } from '../codegen/openapi.gen';
import type { DB } from './db';
import type { Register } from './routes';

/** The start of today on the server's clock, as an ISO instant comparable with stored ones. */
function startOfToday(now = new Date()): string {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString();
}

export function registerDashboard(register: Register, db: DB) {
  register('GET /api/User/GetDashboardData', async (): Promise<components['schemas']['DashboardData']> => {
    const today = startOfToday();
    const count = async (query: Promise<{ n: number | string | bigint } | undefined>) => Number((await query)?.n ?? 0);
    return {
      totalUsers: await count(
        db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('role', '=', 1).executeTakeFirst(),
      ),
      totalRegisterToday: await count(
        db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('createdAt', '>=', today).executeTakeFirst(),
      ),
      totalCoursesSold: await count(db.selectFrom('enrollments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()),
      totalCoursesSoldToday: await count(
        db.selectFrom('enrollments').select((eb) => eb.fn.countAll<number>().as('n')).where('enrolledAt', '>=', today).executeTakeFirst(),
      ),
      totalCourses: await count(db.selectFrom('courses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()),
    };
  });
}
