import { createFileRoute } from '@tanstack/react-router';
import { validateAuthSearch } from '../../components/site/auth/redirect';
import { SignUpForm } from '../../components/site/auth/SignUpForm';
import { Island } from '../../islands/Island';

export const Route = createFileRoute('/_site/auth/sign-up')({
  validateSearch: validateAuthSearch,
  component: SignUpPage,
});

function SignUpPage() {
  return <Island name="SignUpForm" component={SignUpForm} props={Route.useSearch()} />;
}
