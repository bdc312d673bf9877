import { createFileRoute } from '@tanstack/react-router';
import { validateAuthSearch } from '../../../schema/rules/forms/redirect';
import { SignedInNotice } from '../../components/site/auth/SignedInNotice';
import { SignUpForm } from '../../components/site/auth/SignUpForm';
import { usePostedForm } from '../../components/site/usePostedForm';
import { Island } from '../../islands/Island';

export const Route = createFileRoute('/_site/auth/sign-up')({
  validateSearch: validateAuthSearch,
  component: SignUpPage,
});

function SignUpPage() {
  const search = Route.useSearch();
  const posted = usePostedForm('SignUp');
  if (posted?.kind === 'signedIn') return <SignedInNotice title="عضویت انجام شد" destination={posted.destination} />;
  return <Island name="SignUpForm" component={SignUpForm} props={posted ? { ...search, posted: posted.state } : search} />;
}
