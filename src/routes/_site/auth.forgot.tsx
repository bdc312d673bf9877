import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordForm } from '../../components/site/auth/ForgotPasswordForm';
import { validateAuthSearch } from '../../../schema/rules/forms/redirect';
import { usePostedForm } from '../../components/site/usePostedForm';
import { Island } from '../../islands/Island';

export const Route = createFileRoute('/_site/auth/forgot')({
  validateSearch: validateAuthSearch,
  component: ForgotPage,
});

function ForgotPage() {
  const search = Route.useSearch();
  const posted = usePostedForm('Forgot');
  return <Island name="ForgotPasswordForm" component={ForgotPasswordForm} props={posted?.kind === 'form' ? { ...search, posted: posted.state } : search} />;
}
