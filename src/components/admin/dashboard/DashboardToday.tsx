// The dashboard's first panel: what today asks of the office. The academy day's class sessions,
// each a link to its register, then the day's figures, each a link to the records it counts.
// Computed on the server (server/features/commerce/dashboardToday.ts and the money figures).
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { components } from '../../../../codegen/openapi.gen';
import { formatHoursRange } from '../../../../schema/rules/schedule';
import { formatPersianNumber, formatToman } from '../../../../schema/rules/text';
import './DashboardToday.css';

export type DashboardTodayData = components['schemas']['DashboardToday'];

export const todayTexts = {
  title: 'امروز',
  sessions: 'جلسه‌های امروز',
  noSessions: 'امروز جلسه‌ای برگزار نمی‌شود',
  cancelled: 'لغو شده',
  register: 'حضور و غیاب',
  paid: 'پرداخت‌های امروز',
  paidSub: (amount: number) => formatToman(amount),
  messages: 'پیام‌های تازه',
  offered: 'صندلی‌های پیشنهادشده',
  refunds: 'بازگشت وجه بدهکار',
  refundsSub: (amount: number) => formatToman(amount),
} as const;

export interface TodayFigures {
  today: DashboardTodayData;
  paid: { paidOrders: number; revenueInTomans: number } | null;
  /** Null for a role that does not read orders: the server tells it no money. */
  refundsDue: { orders: number; inTomans: number } | null;
}

function Figure({ title, value, sub, children }: { title: string; value: number; sub?: string; children?: ReactNode }) {
  return (
    <div className="dashboard-today-figure">
      <dt>{title}</dt>
      <dd className="dashboard-today-value">{children ?? formatPersianNumber(value)}</dd>
      {sub !== undefined && <dd className="dashboard-today-sub">{sub}</dd>}
    </div>
  );
}

export function DashboardToday({ today, paid, refundsDue }: TodayFigures) {
  const day = `${today.day}..${today.day}`;
  return (
    <section className="dashboard-today" aria-labelledby="dashboard-today-title">
      <h3 id="dashboard-today-title" className="dashboard-today-title">
        {todayTexts.title}
      </h3>
      <dl className="dashboard-today-figures">
        {paid && (
          <Figure title={todayTexts.paid} value={paid.paidOrders} sub={todayTexts.paidSub(paid.revenueInTomans)}>
            <Link to="/admin/$entity" params={{ entity: 'orders' }} search={{ 'f.paidAt': day, 'f.status': 'paid' }}>
              {formatPersianNumber(paid.paidOrders)}
            </Link>
          </Figure>
        )}
        <Figure title={todayTexts.messages} value={today.newMessages}>
          <Link to="/admin/$entity" params={{ entity: 'messages' }} search={{ 'f.status': 'new' }}>
            {formatPersianNumber(today.newMessages)}
          </Link>
        </Figure>
        <Figure title={todayTexts.offered} value={today.seatsOffered}>
          <Link to="/admin/$entity" params={{ entity: 'waitlist' }} search={{ 'f.status': 'offered' }}>
            {formatPersianNumber(today.seatsOffered)}
          </Link>
        </Figure>
        {refundsDue && <Figure title={todayTexts.refunds} value={refundsDue.orders} sub={todayTexts.refundsSub(refundsDue.inTomans)} />}
      </dl>
      <h4 className="dashboard-today-subtitle">{todayTexts.sessions}</h4>
      {today.sessions.length === 0 ? (
        <p className="dashboard-today-empty">{todayTexts.noSessions}</p>
      ) : (
        <ul className="dashboard-today-sessions">
          {today.sessions.map((session) => (
            <li key={session.id} className={session.cancelled ? 'dashboard-today-cancelled' : undefined}>
              <span className="dashboard-today-hours">{formatHoursRange(session.startTime, session.endTime)}</span>
              <span className="dashboard-today-course">{session.courseTitle}</span>
              {session.cancelled ? (
                <span className="dashboard-today-note">{todayTexts.cancelled}</span>
              ) : (
                <Link to="/admin/$entity/$id" params={{ entity: 'classSessions', id: session.id }} aria-label={`${todayTexts.register}: ${session.courseTitle}`}>
                  {todayTexts.register}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
