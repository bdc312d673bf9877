// The admin dashboard (spec §2, §3 dashboard data, §7): one GET of the five counters and today's
// figures; today first, then the chart. This file exports nothing but Route, so the router's code splitting can move the
// screen, and chart.js with it, into this route's own chunk.
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/client';
import {
  DashboardChart,
  dashboardCounts,
  dashboardTexts,
  type DashboardCounts,
} from '../../components/admin/dashboard/DashboardChart';
import { DashboardMoney, type DashboardMoneyData, type MoneyRange } from '../../components/admin/dashboard/DashboardMoney';
import { DashboardToday, type TodayFigures } from '../../components/admin/dashboard/DashboardToday';

type LoadState =
  | { status: 'loading' }
  | { status: 'loaded'; counts: DashboardCounts; money: DashboardMoneyData | null; today: TodayFigures | null; refreshing: boolean }
  | { status: 'failed' };

type Loaded = { counts: DashboardCounts; money: DashboardMoneyData | null; today: TodayFigures | null };

async function fetchDashboard(range: MoneyRange): Promise<Loaded> {
  const query = { ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) };
  const { data, error, response } = await api.GET('/api/User/GetDashboardData', { params: { query } });
  if (!response.ok || data === undefined)
    throw new Error(`GetDashboardData failed (${response.status})`, { cause: error });
  const today: TodayFigures | null = data.today
    ? { today: data.today, paid: data.money?.today ?? null, refundsDue: data.refundDueOrders === undefined ? null : { orders: data.refundDueOrders, inTomans: data.refundDueInTomans ?? 0 } }
    : null;
  return { counts: dashboardCounts(data), money: data.money ?? null, today };
}

/** The money figures' Jalali range in the address (?from=1405-01-01&to=1405-01-31). */
const jalaliDay = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
function validateDashboardSearch(search: Record<string, unknown>): MoneyRange {
  const out: MoneyRange = {};
  const from = jalaliDay(search.from);
  if (from) out.from = from;
  const to = jalaliDay(search.to);
  if (to) out.to = to;
  return out;
}

function DashboardScreen() {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const { from, to } = Route.useSearch();
  const navigate = useNavigate({ from: '/admin/dashboard' });
  // StrictMode mounts twice in development: the ref survives the remount, so the request
  // goes out once per range (spec §7: sent once when the dashboard opens).
  const requested = useRef<string | null>(null);

  useEffect(() => {
    document.title = `${dashboardTexts.title} | پنل مدیریت`;
    const key = `${from ?? ''}|${to ?? ''}`;
    if (requested.current === key) return;
    requested.current = key;
    setState((old) => (old.status === 'loaded' ? { ...old, refreshing: true } : old));
    fetchDashboard({ from, to }).then(
      (loaded) => {
        if (requested.current === key) setState({ status: 'loaded', ...loaded, refreshing: false });
      },
      (error: unknown) => {
        console.error(dashboardTexts.failed, error);
        if (requested.current === key) setState({ status: 'failed' });
      },
    );
  }, [from, to]);

  return (
    <section className="admin-screen dashboard-screen" aria-labelledby="dashboard-title">
      <div className="admin-screen-header">
        <h2 id="dashboard-title" className="admin-screen-title">
          {dashboardTexts.title}
        </h2>
      </div>
      {state.status === 'loading' && (
        <p className="admin-loading" role="status">
          {dashboardTexts.loading}
        </p>
      )}
      {state.status === 'failed' && (
        <p className="dashboard-failed" role="alert">
          {dashboardTexts.failed}
        </p>
      )}
      {state.status === 'loaded' && state.today && <DashboardToday {...state.today} />}
      {state.status === 'loaded' && <DashboardChart counts={state.counts} />}
      {state.status === 'loaded' && (
        <DashboardMoney
          money={state.money}
          loading={state.refreshing}
          onRange={(range) => void navigate({ search: { from: range.from, to: range.to } })}
        />
      )}
    </section>
  );
}

export const Route = createFileRoute('/admin/dashboard')({
  staticData: { adminNav: { label: 'داشبورد', group: 'home', order: 1 } },
  validateSearch: validateDashboardSearch,
  component: DashboardScreen,
});
