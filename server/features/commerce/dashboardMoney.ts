// The dashboard's money: revenue in tomans per Jalali month and per course,
// paid orders today, and refunds, over a Jalali date range; every figure computed here.
//
// Days are Tehran days whatever the server's zone. Instants are stored as ISO text in UTC, so
// the database groups paid orders by UTC half hour (plain text functions both SQLite and
// PostgreSQL have), and each half hour is then placed in its Tehran day here: Tehran's offset has
// always been a whole number of half hours (+03:30, +04:30 in its former summer time), so no
// half hour straddles a Tehran midnight, and a month boundary falls where the calendar puts it.
import { sql } from 'kysely';
import * as v from 'valibot';
import type { components } from '../../../codegen/openapi.gen';
import { academyDayOf, academyDayStart, nextDay, readJalaliDay, type JalaliDate } from '../../../schema/rules/calendar';
import type { DB } from '../../platform/db';
import { HttpError } from '../../platform/errors';

type Money = components['schemas']['DashboardMoney'];

export const moneyTexts = {
  badDate: (label: string, problem: string) => `${label}: ${problem}`,
  fromAfterTo: 'تاریخ شروع نمی‌تواند بعد از تاریخ پایان باشد',
  tooLong: 'بازه گزارش نمی‌تواند بیش از ده سال باشد',
} as const;

const monthIndex = (jy: number, jm: number) => jy * 12 + (jm - 1);
const pad = (n: number) => String(n).padStart(2, '0');
const dayText = ({ jy, jm, jd }: JalaliDate) => `${jy}-${pad(jm)}-${pad(jd)}`;

/** A Jalali day typed with any digits and `-` or `/` (۱۴۰۵/۰۱/۱۵, 1405-1-15); null when absent. */
function parseDay(value: string | undefined, label: string): JalaliDate | null {
  const reading = readJalaliDay(value ?? '');
  if (reading === null) return null;
  if (reading.error !== undefined) throw new HttpError(400, moneyTexts.badDate(label, reading.error));
  return reading.day;
}

export const moneyQuery = v.object({ from: v.optional(v.string()), to: v.optional(v.string()) });

/** The range asked for, or by default the last twelve Jalali months up to today (Tehran). */
export function moneyRange(query: v.InferOutput<typeof moneyQuery>, now = Date.now()): { from: JalaliDate; to: JalaliDate } {
  const today = academyDayOf(now);
  const to = parseDay(query.to, 'تاریخ پایان') ?? today;
  const back = monthIndex(to.jy, to.jm) - 11;
  const from = parseDay(query.from, 'تاریخ شروع') ?? { jy: Math.floor(back / 12), jm: (back % 12) + 1, jd: 1 };
  if (dayText(from) > dayText(to)) throw new HttpError(400, moneyTexts.fromAfterTo);
  if (monthIndex(to.jy, to.jm) - monthIndex(from.jy, from.jm) >= 120) throw new HttpError(400, moneyTexts.tooLong);
  return { from, to };
}

const num = (value: unknown): number => Number(value ?? 0) || 0;

export async function dashboardMoney(db: DB, range: { from: JalaliDate; to: JalaliDate }, now = Date.now()): Promise<Money> {
  const lo = academyDayStart(range.from).toISOString();
  const hi = academyDayStart(nextDay(range.to)).toISOString();
  const paidAt = sql.ref('o.paidAt');
  const inRange = sql`${paidAt} >= ${lo} and ${paidAt} < ${hi}`;
  // What a paid order kept: its total less what is owed back and what was already paid back
  // (an enrolment cancelled with its price refunded leaves the order paid).
  const net = sql`${sql.ref('o.totalInTomans')} - ${sql.ref('o.refundDueInTomans')} - ${sql.ref('o.refundedInTomans')}`;

  // Months: every month of the range, empty ones included, so the chart's axis has no gaps.
  const months = new Map<number, Money['byMonth'][number]>();
  for (let m = monthIndex(range.from.jy, range.from.jm); m <= monthIndex(range.to.jy, range.to.jm); m++) {
    months.set(m, { year: Math.floor(m / 12), month: (m % 12) + 1, revenueInTomans: 0, paidOrders: 0 });
  }
  const halfHours = await sql<{ hour: string; half: number; n: unknown; amount: unknown }>`
    select substr(${paidAt}, 1, 13) as ${sql.ref('hour')},
      case when substr(${paidAt}, 15, 2) < '30' then 0 else 1 end as ${sql.ref('half')},
      count(*) as ${sql.ref('n')}, sum(${net}) as ${sql.ref('amount')}
    from ${sql.table('orders')} as ${sql.ref('o')}
    where ${sql.ref('o.status')} = 'paid' and ${inRange}
    group by 1, 2`.execute(db);
  let revenueInTomans = 0;
  let paidOrders = 0;
  for (const row of halfHours.rows) {
    const start = Date.parse(`${row.hour}:${Number(row.half) === 1 ? '30' : '00'}:00.000Z`);
    if (Number.isNaN(start)) continue;
    const day = academyDayOf(start);
    const month = months.get(monthIndex(day.jy, day.jm));
    if (!month) continue;
    month.revenueInTomans += num(row.amount);
    month.paidOrders += num(row.n);
    revenueInTomans += num(row.amount);
    paidOrders += num(row.n);
  }

  // A line counts when its order is paid and the line was neither owed nor paid back: every line
  // of an order with nothing owed or refunded, else the lines whose enrolment is still active.
  // The course's title now (joined, not looked up by a list of ids, which grows with the
  // catalogue); the one written on the order when the course is gone.
  const courses = await sql<{ courseId: unknown; title: string; current: string | null; sold: unknown; amount: unknown }>`
    select ${sql.ref('i.courseId')} as ${sql.ref('courseId')}, max(${sql.ref('i.courseTitle')}) as ${sql.ref('title')},
      max(${sql.ref('c.title')}) as ${sql.ref('current')},
      count(*) as ${sql.ref('sold')}, sum(${sql.ref('i.priceInTomans')}) as ${sql.ref('amount')}
    from ${sql.table('order_items')} as ${sql.ref('i')}
    join ${sql.table('orders')} as ${sql.ref('o')} on ${sql.ref('o.id')} = ${sql.ref('i.orderId')}
    left join ${sql.table('courses')} as ${sql.ref('c')} on ${sql.ref('c.id')} = ${sql.ref('i.courseId')}
    where ${sql.ref('o.status')} = 'paid' and ${inRange}
      and ((${sql.ref('o.refundDueInTomans')} = 0 and ${sql.ref('o.refundedInTomans')} = 0)
        or exists (select 1 from ${sql.table('enrollments')} as ${sql.ref('e')}
        where ${sql.ref('e.orderId')} = ${sql.ref('o.id')} and ${sql.ref('e.childId')} = ${sql.ref('i.childId')}
          and ${sql.ref('e.courseId')} = ${sql.ref('i.courseId')} and ${sql.ref('e.status')} = 'active'))
    group by ${sql.ref('i.courseId')}`.execute(db);
  const byCourse = courses.rows
    .map((row) => ({
      courseId: num(row.courseId),
      title: row.current ?? row.title,
      revenueInTomans: num(row.amount),
      sold: num(row.sold),
    }))
    .sort((a, b) => b.revenueInTomans - a.revenueInTomans || a.courseId - b.courseId);

  const today = academyDayOf(now);
  const todayRow = await sql<{ n: unknown; amount: unknown }>`
    select count(*) as ${sql.ref('n')}, sum(${net}) as ${sql.ref('amount')}
    from ${sql.table('orders')} as ${sql.ref('o')}
    where ${sql.ref('o.status')} = 'paid' and ${paidAt} >= ${academyDayStart(today).toISOString()} and ${paidAt} < ${academyDayStart(nextDay(today)).toISOString()}`.execute(db);

  // Refunds: what is owed back (a payment that bought nothing), and what was paid back (a refunded
  // order, or an enrolment cancelled with its price refunded), by the order's payment day.
  const refundRows = await sql<{ dueN: unknown; due: unknown; refundedN: unknown; refunded: unknown }>`
    select
      sum(case when ${sql.ref('o.status')} in ('paid', 'refundDue') and ${sql.ref('o.refundDueInTomans')} > 0 then 1 else 0 end) as ${sql.ref('dueN')},
      sum(case when ${sql.ref('o.status')} in ('paid', 'refundDue') and ${sql.ref('o.refundDueInTomans')} > 0 then ${sql.ref('o.refundDueInTomans')} else 0 end) as ${sql.ref('due')},
      sum(case when ${sql.ref('o.refundedInTomans')} > 0 or ${sql.ref('o.status')} = 'refunded' then 1 else 0 end) as ${sql.ref('refundedN')},
      sum(case when ${sql.ref('o.refundedInTomans')} > 0 then ${sql.ref('o.refundedInTomans')}
        when ${sql.ref('o.status')} = 'refunded' then ${sql.ref('o.totalInTomans')} else 0 end) as ${sql.ref('refunded')}
    from ${sql.table('orders')} as ${sql.ref('o')}
    where ${inRange}`.execute(db);
  const r = refundRows.rows[0];
  const dueCount = num(r?.dueN);
  const dueInTomans = num(r?.due);
  const refundedCount = num(r?.refundedN);
  const refundedInTomans = num(r?.refunded);

  return {
    from: dayText(range.from),
    to: dayText(range.to),
    revenueInTomans,
    paidOrders,
    byMonth: [...months.values()],
    byCourse,
    today: { paidOrders: num(todayRow.rows[0]?.n), revenueInTomans: num(todayRow.rows[0]?.amount) },
    refunds: {
      count: dueCount + refundedCount,
      amountInTomans: dueInTomans + refundedInTomans,
      dueCount,
      dueInTomans,
      refundedCount,
      refundedInTomans,
    },
  };
}
