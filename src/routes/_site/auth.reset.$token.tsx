import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordForm } from '../../components/site/auth/ResetPasswordForm';
import { Island } from '../../islands/Island';

export const Route = createFileRoute('/_site/auth/reset/$token')({
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useParams();
  return <Island name="ResetPasswordForm" component={ResetPasswordForm} props={{ token }} />;
}
