import { Link } from '@tanstack/react-router';
import { useSeo } from '../../lib/seo';
import { SiteShell } from './SiteShell';

export const notFoundTitle = 'صفحه‌ای که دنبالش بودید پیدا نشد';

/** Unknown paths and unknown slugs alike; wrapped in the site shell so the visitor can go on. */
export function NotFoundPage() {
  useSeo({ title: 'صفحه پیدا نشد', description: notFoundTitle });
  return (
    <SiteShell>
      <section className="not-found">
        <p className="not-found__code" aria-hidden="true">
          ۴۰۴
        </p>
        <h1>{notFoundTitle}</h1>
        <p>ممکن است نشانی اشتباه باشد یا این صفحه حذف شده باشد.</p>
        <div className="not-found__actions">
          <Link to="/" className="button button--primary">
            بازگشت به صفحه اصلی
          </Link>
          <Link to="/categories" className="button button--ghost">
            دیدن دوره‌ها
          </Link>
        </div>
      </section>
    </SiteShell>
  );
}
