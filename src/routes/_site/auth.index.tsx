import { createFileRoute, Link } from '@tanstack/react-router';
import { validateAuthSearch } from '../../../schema/rules/forms/redirect';
import { useSeo } from '../../lib/seo';
import '../../components/site/auth/auth.css';

export const Route = createFileRoute('/_site/auth/')({
  validateSearch: validateAuthSearch,
  component: AuthChoicePage,
});

function AuthChoicePage() {
  const search = Route.useSearch();
  useSeo({ title: 'ورود/عضویت', description: 'ورود به حساب کاربری یا عضویت در آکادمی برای ثبت‌نام در دوره‌ها' });
  return (
    <div className="auth-page panel">
      <h1>ورود/عضویت</h1>
      <p className="auth-page__lead">برای ثبت‌نام فرزندتان در دوره‌ها وارد حساب کاربری خود شوید یا حساب تازه بسازید.</p>
      <div className="auth-choices">
        <Link to="/auth/sign-in" search={search} className="auth-choice">
          <strong>ورود</strong>
          <span>قبلاً عضو شده‌اید؟ با رمز عبور یا کدی که پیامک می‌شود وارد شوید.</span>
        </Link>
        <Link to="/auth/sign-up" search={search} className="auth-choice">
          <strong>عضویت</strong>
          <span>اولین بار است؟ در کمتر از یک دقیقه حساب بسازید.</span>
        </Link>
      </div>
    </div>
  );
}
