import { createFileRoute, Link, Outlet, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { api } from '../api/client';
import { signOut } from '../api/signOut';
import { dashboardTexts } from '../components/dashboard/texts';
import { familyTexts } from '../components/dashboard/familyTexts';
import { SiteShell } from '../components/site/SiteShell';
import { useAuthState } from '../components/site/useAuthState';
import { useSeo } from '../lib/seo';
import '../components/dashboard/dashboard.css';

export const Route = createFileRoute('/dashboard')({
  beforeLoad: ({ context, location }) => {
    if (!context.auth.isSignedIn()) {
      throw redirect({ to: '/auth', search: { redirect: location.href } });
    }
  },
  component: DashboardLayout,
});

const sections = [
  { to: '/dashboard', label: dashboardTexts.nav.children, exact: true },
  { to: '/dashboard/cart', label: dashboardTexts.nav.cart, exact: false },
  { to: '/dashboard/courses', label: dashboardTexts.nav.courses, exact: false },
  { to: '/dashboard/classes', label: familyTexts.nav.classes, exact: false },
  { to: '/dashboard/profile', label: familyTexts.nav.profile, exact: false },
  { to: '/dashboard/security', label: dashboardTexts.nav.security, exact: false },
] as const;

function useFirstName(signedIn: boolean): string {
  const [name, setName] = useState('');
  useEffect(() => {
    if (!signedIn) return undefined;
    let active = true;
    void api.GET('/api/Me').then(({ data }) => {
      if (active && data) setName(data.firstName);
    });
    return () => {
      active = false;
    };
  }, [signedIn]);
  return name;
}

function DashboardLayout() {
  const auth = useAuthState();
  const navigate = useNavigate();
  const firstName = useFirstName(auth.kind !== 'guest');
  useSeo({ title: dashboardTexts.title, description: 'داشبورد کاربری آکادمی' });

  // Signing out in another tab (the `storage` event) or a 401 must close this dashboard too.
  useEffect(() => {
    if (auth.kind === 'guest') void navigate({ to: '/auth', replace: true });
  }, [auth.kind, navigate]);

  const [leaving, setLeaving] = useState(false);
  const exit = async () => {
    setLeaving(true);
    await signOut();
    void navigate({ to: '/auth' });
  };

  return (
    <SiteShell>
      <div className="page dashboard">
        <header className="page-head">
          <h1>{dashboardTexts.title}</h1>
          <p>{dashboardTexts.greeting(firstName)}</p>
        </header>
        <div className="dashboard__layout">
          <nav className="dashboard-nav" aria-label="بخش‌های داشبورد">
            {sections.map((section) => (
              <Link
                key={section.to}
                to={section.to}
                className="dashboard-nav__link"
                activeOptions={{ exact: section.exact, includeSearch: false }}
                activeProps={{ className: 'is-active', 'aria-current': 'page' }}
              >
                {section.label}
              </Link>
            ))}
            <button type="button" className="dashboard-nav__link dashboard-nav__exit" disabled={leaving} onClick={() => void exit()}>
              {dashboardTexts.nav.exit}
            </button>
          </nav>
          <section className="dashboard__content">
            <Outlet />
          </section>
        </div>
      </div>
    </SiteShell>
  );
}
