import { useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Island } from '../../islands/Island';
import { ScrollTopButton } from './ScrollTopButton';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { SkipLink } from './SkipLink';
import './site.css';

export function SiteShell({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <div className="site">
      <SkipLink target="content" />
      <Island name="SiteHeader" component={SiteHeader} props={{ pathname }} />
      <main id="content" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <Island name="ScrollTopButton" component={ScrollTopButton} props={{}} />
    </div>
  );
}
