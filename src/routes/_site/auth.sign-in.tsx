import { createFileRoute } from '@tanstack/react-router';
import { validateAuthSearch } from '../../components/site/auth/redirect';
import { SignInForm } from '../../components/site/auth/SignInForm';

export const Route = createFileRoute('/_site/auth/sign-in')({
  validateSearch: validateAuthSearch,
  component: SignInPage,
});

function SignInPage() {
  return <SignInForm search={Route.useSearch()} />;
}
