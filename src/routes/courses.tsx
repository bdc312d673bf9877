import { createFileRoute, redirect } from '@tanstack/react-router';

// The course list lives under its categories (spec §2).
export const Route = createFileRoute('/courses')({
  beforeLoad: () => {
    throw redirect({ to: '/categories', replace: true });
  },
});
