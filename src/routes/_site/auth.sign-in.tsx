import { createFileRoute } from '@tanstack/react-router';
import { validateAuthSearch } from '../../components/site/auth/redirect';
import { SignInForm } from '../../components/site/auth/SignInForm';
import { Island } from '../../islands/Island';

export const Route = createFileRoute('/_site/auth/sign-in')({
  validateSearch: validateAuthSearch,
  component: SignInPage,
});

function SignInPage() {
  return <Island name="SignInForm" component={SignInForm} props={Route.useSearch()} />;
}
