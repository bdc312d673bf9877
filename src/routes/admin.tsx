import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { AdminShell } from '../components/admin/AdminShell';

export const Route = createFileRoute('/admin')({
  // isAdmin() decodes the stored token; a non-string or malformed one is logged there and
  // counts as not an administrator.
  beforeLoad: ({ context }) => {
    if (!context.auth.isAdmin()) throw redirect({ to: '/auth' });
  },
  component: AdminLayout,
});

function AdminLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}
