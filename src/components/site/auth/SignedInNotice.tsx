import { useSeo } from '../../../lib/seo';
import './auth.css';

/**
 * The answer to a sign-in or sign-up posted before the page's scripts arrived: rendered by the
 * server only (not an island), shown for the moment src/handoff.ts needs to store the session the
 * page carries and move on to `destination`; the link serves a browser that runs no script.
 */
export function SignedInNotice({ title, destination }: { title: string; destination: string }) {
  useSeo({ title, description: 'ورود به حساب کاربری آکادمی' });
  const place = destination.startsWith('/admin') ? 'پنل مدیریت' : 'داشبورد';
  return (
    <div className="auth-page panel">
      <h1>{title}</h1>
      <p className="auth-page__lead" role="status">
        به حساب کاربری خود وارد شدید؛ در حال رفتن به {place}…
      </p>
      <a className="button button--primary" href={destination}>
        رفتن به {place}
      </a>
    </div>
  );
}
