import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { AdminShell } from '../components/admin/AdminShell';

export const Route = createFileRoute('/admin')({
  // isAdmin() decodes the stored token; a non-string or malformed one is logged there and
  // counts as not an administrator.
  // A signed-out deep link comes back here after sign-in (the sign-in page checks the address).
  beforeLoad: ({ context, location }) => {
    if (!context.auth.isAdmin()) throw redirect({ to: '/auth', search: { redirect: location.href } });
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
