import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { validateAuthSearch } from '../../schema/rules/forms/redirect';
import { SecondFactorPage } from '../components/site/auth/SecondFactorPage';

// Outside the panel's layout (admin_): the panel's own calls are what this page unlocks.
export const Route = createFileRoute('/admin_/second-factor')({
  validateSearch: validateAuthSearch,
  beforeLoad: ({ context, location }) => {
    if (!context.auth.isAdmin()) throw redirect({ to: '/auth', search: { redirect: location.href } });
  },
  component: SecondFactorRoute,
});

function SecondFactorRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const destination = search.redirect?.startsWith('/admin') && !search.redirect.startsWith('/admin/second-factor') ? search.redirect : '/admin';
  return <SecondFactorPage onDone={() => void navigate({ to: destination })} />;
}
