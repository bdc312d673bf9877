import type { ReactNode } from 'react';
import { ScrollTopButton } from './ScrollTopButton';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import './site.css';

export function SiteShell({ children }: { children: ReactNode }) {
  return (
    <div className="site">
      <a className="skip-link" href="#content">
        پرش به محتوای اصلی
      </a>
      <SiteHeader />
      <main id="content" className="site-main">
        {children}
      </main>
      <SiteFooter />
      <ScrollTopButton />
    </div>
  );
}
