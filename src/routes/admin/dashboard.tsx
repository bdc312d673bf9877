// The admin dashboard (spec §2, §3 dashboard data, §7): one GET of the five counters, then the
// chart. This file exports nothing but Route, so the router's code splitting can move the
// screen, and chart.js with it, into this route's own chunk.
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/client';
import {
  DashboardChart,
  dashboardCounts,
  dashboardTexts,
  type DashboardCounts,
} from '../../components/admin/dashboard/DashboardChart';

type LoadState = { status: 'loading' } | { status: 'loaded'; counts: DashboardCounts } | { status: 'failed' };

async function fetchDashboard(): Promise<DashboardCounts> {
  const { data, error, response } = await api.GET('/api/User/GetDashboardData');
  if (!response.ok || data === undefined)
    throw new Error(`GetDashboardData failed (${response.status})`, { cause: error });
  return dashboardCounts(data);
}

function DashboardScreen() {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  // StrictMode mounts twice in development: the ref survives the remount, so the request
  // goes out once (spec §7: sent once when the dashboard opens).
  const requested = useRef(false);

  useEffect(() => {
    document.title = `${dashboardTexts.title} | پنل مدیریت`;
    if (requested.current) return;
    requested.current = true;
    fetchDashboard().then(
      (counts) => setState({ status: 'loaded', counts }),
      (error: unknown) => {
        console.error(dashboardTexts.failed, error);
        setState({ status: 'failed' });
      },
    );
  }, []);

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
      {state.status === 'loaded' && <DashboardChart counts={state.counts} />}
    </section>
  );
}

export const Route = createFileRoute('/admin/dashboard')({
  component: DashboardScreen,
});
