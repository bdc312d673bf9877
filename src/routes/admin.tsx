import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { AdminShell } from '../components/admin/AdminShell';
import { ensurePanelAccess } from '../components/admin/panelAccess';

export const Route = createFileRoute('/admin')({
  // isAdmin() decodes the stored token; a non-string or malformed one is logged there and
  // counts as not an administrator.
  // A signed-out deep link comes back here after sign-in (the sign-in page checks the address).
  beforeLoad: ({ context, location }) => {
    if (!context.auth.isAdmin()) throw redirect({ to: '/auth', search: { redirect: location.href } });
  },
  // What the caller may do draws the whole panel (its sidebar, columns, fields and buttons): read
  // once as it opens, then again only when the server refuses something (panelAccess.ts).
  loader: () => ensurePanelAccess(),
  component: AdminLayout,
});

function AdminLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}
