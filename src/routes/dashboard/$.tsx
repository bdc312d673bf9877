import { createFileRoute, redirect } from '@tanstack/react-router';

// Unknown dashboard sections go back to the dashboard itself (spec §2).
export const Route = createFileRoute('/dashboard/$')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard', replace: true });
  },
});
