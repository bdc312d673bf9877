import { createFileRoute } from '@tanstack/react-router';
import { validateAuthSearch } from '../../../schema/rules/forms/redirect';
import { SignedInNotice } from '../../components/site/auth/SignedInNotice';
import { SignInForm } from '../../components/site/auth/SignInForm';
import { usePostedForm } from '../../components/site/usePostedForm';
import { Island } from '../../islands/Island';

export const Route = createFileRoute('/_site/auth/sign-in')({
  validateSearch: validateAuthSearch,
  component: SignInPage,
});

function SignInPage() {
  const search = Route.useSearch();
  const posted = usePostedForm('SignIn');
  if (posted?.kind === 'signedIn') return <SignedInNotice title="ورود انجام شد" destination={posted.destination} />;
  return <Island name="SignInForm" component={SignInForm} props={posted ? { ...search, posted: posted.state } : search} />;
}
