import { useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Island } from '../../islands/Island';
import { ScrollTopButton } from './ScrollTopButton';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import './site.css';

export function SiteShell({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <div className="site">
      <a className="skip-link" href="#content">
        پرش به محتوای اصلی
      </a>
      <Island name="SiteHeader" component={SiteHeader} props={{ pathname }} />
      <main id="content" className="site-main">
        {children}
      </main>
      <SiteFooter />
      <Island name="ScrollTopButton" component={ScrollTopButton} props={{}} />
    </div>
  );
}
